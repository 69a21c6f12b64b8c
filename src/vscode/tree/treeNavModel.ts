// Finding nodes in the tag tree: every tag node for Go to Tag…, and every node holding a file
// for Reveal Active File. Pure: unit-tested.
import type { TreeNode } from './treeModel';

export interface TagEntry {
  node: TreeNode;
  /** Where it sits: `Known Tags`, `Projects › proj-a`. */
  where: string;
}

function walk(
  nodes: readonly TreeNode[],
  trail: string[],
  visit: (n: TreeNode, trail: string[]) => void,
  into: (n: TreeNode) => boolean = () => true,
): void {
  for (const n of nodes) {
    visit(n, trail);
    if (into(n) && n.children) walk(n.children, [...trail, n.label], visit, into);
  }
}

/** Tag and project nodes, each with its place, in tree order. */
export function tagEntries(roots: readonly TreeNode[]): TagEntry[] {
  const out: TagEntry[] = [];
  walk(
    roots,
    [],
    (n, trail) => {
      if (n.kind === 'tag' || n.kind === 'project') out.push({ node: n, where: trail.join(' › ') });
    },
    (n) => n.kind !== 'tag',
  ); // a tag holds files only: its rows are not built for this
  return out;
}

/** The file nodes of a real path, wherever they sit (a note is under each of its tags). */
export function fileNodesFor(roots: readonly TreeNode[], absPath: string): TagEntry[] {
  const out: TagEntry[] = [];
  walk(roots, [], (n, trail) => {
    if (n.file && n.file.absPath === absPath) out.push({ node: n, where: trail.join(' › ') });
  });
  return out;
}
