// Finding nodes in the tag tree: every tag node for Go to Tag…, every node holding a file for
// Reveal Active File, and a node by id. Pure: unit-tested. `childrenOf` gives a node's rows
// (TagTreeModel.children builds them on the way; a plain tree's are its `children`).
import type { TreeNode } from '../shared/treeRows';

export interface TagNodePlace {
  node: TreeNode;
  /** Where it sits: `Known Tags`, `Projects › proj-a`. */
  where: string;
}

export type ChildrenOf = (node: TreeNode) => readonly TreeNode[];

const ownChildren: ChildrenOf = (n) => n.children ?? [];

function walk(
  nodes: readonly TreeNode[],
  trail: string[],
  childrenOf: ChildrenOf,
  visit: (n: TreeNode, trail: string[]) => void,
  into: (n: TreeNode) => boolean = () => true,
): void {
  for (const n of nodes) {
    visit(n, trail);
    if (into(n)) walk(childrenOf(n), [...trail, n.label], childrenOf, visit, into);
  }
}

/** Tag and project nodes, each with its place, in tree order. */
export function tagEntries(roots: readonly TreeNode[], childrenOf: ChildrenOf = ownChildren): TagNodePlace[] {
  const out: TagNodePlace[] = [];
  walk(
    roots,
    [],
    childrenOf,
    (n, trail) => {
      if (n.kind === 'tag' || n.kind === 'project') out.push({ node: n, where: trail.join(' › ') });
    },
    (n) => n.kind !== 'tag',
  ); // a tag holds files only: its rows are not built for this
  return out;
}

/** The file nodes of a real path, wherever they sit (a note is under each of its tags). */
export function fileNodesFor(
  roots: readonly TreeNode[],
  absPath: string,
  childrenOf: ChildrenOf = ownChildren,
): TagNodePlace[] {
  const out: TagNodePlace[] = [];
  walk(roots, [], childrenOf, (n, trail) => {
    if (n.file && n.file.absPath === absPath) out.push({ node: n, where: trail.join(' › ') });
  });
  return out;
}

/** The node of an id (a command's argument is found again in the current tree, its own fields not trusted). */
export function nodeById(
  roots: readonly TreeNode[],
  id: string,
  childrenOf: ChildrenOf = ownChildren,
): TreeNode | undefined {
  for (const n of roots) {
    if (n.id === id) return n;
    const inner = nodeById(childrenOf(n), id, childrenOf);
    if (inner) return inner;
  }
  return undefined;
}
