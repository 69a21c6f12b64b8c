// Tag tree nodes and the pieces every node kind is made of (split from treeModel.ts): the node
// shape, lazily built children and tooltips with their parent links, the tag sort, and file
// rows, which carry a core ResultItem and show, for one the reader would not load, why not.
import { itemView, namedParts, type ItemView, type ResultItem } from '../../core';

export type NodeKind = 'group' | 'project' | 'tag' | 'file' | 'message';

export interface TreeNode {
  /** Stable across refreshes: derived from names and paths only. */
  id: string;
  kind: NodeKind;
  label: string;
  description?: string;
  tooltip?: string;
  /** `ariaContext.<kind>` for menus' `when` clauses. */
  contextValue: string;
  /** Codicon id. */
  icon: string;
  children?: TreeNode[];
  file?: ResultItem;
  /** What "Query This Tag" runs for tag and project nodes. */
  query?: string;
  /** What a click runs (with `args`), for rows that are not files: the index row, a warning. */
  command?: { id: string; args?: unknown[] };
  /** Initially expanded (groups only). */
  expanded?: boolean;
  /** How many children there are, known before they are built (tags, groups). */
  childCount?: number;
  /** Tags and projects: the notes querying it returns that can be loaded (the core's count; sorting uses it). */
  count?: number;
  /** The one node whose children hold this one (none for a root): set by adopt(). */
  readonly parent?: TreeNode;
}

/** Whether a node has children, without building them when their number is already known. */
export function hasChildren(node: TreeNode): boolean {
  return (node.childCount ?? node.children?.length ?? 0) > 0;
}

/** The node whose children hold this one (undefined for a root), for TreeView.reveal. */
export function parentOf(node: TreeNode): TreeNode | undefined {
  return node.parent;
}

/**
 * Links each child to its parent, once, as its children are built. Not enumerable: a node stays
 * a plain tree to compare, print and pass as a command argument.
 */
export function adopt<T extends TreeNode>(parent: T, children: readonly TreeNode[]): T {
  for (const c of children)
    Object.defineProperty(c, 'parent', { value: parent, enumerable: false, configurable: true });
  return parent;
}

/** Sets `children`, built on first read and then kept; each child remembers its parent. */
export function withChildren<T extends TreeNode>(node: T, build: () => TreeNode[], count?: number): T {
  let built: TreeNode[] | undefined;
  Object.defineProperty(node, 'children', {
    enumerable: true,
    configurable: true,
    get: () => {
      if (!built) adopt(node, (built = build()));
      return built;
    },
  });
  if (count !== undefined) node.childCount = count;
  return node;
}

/** Sets `tooltip`, worked out on first read (a file's lists the tags it has anywhere in the tree). */
export function withTooltip<T extends TreeNode>(node: T, build: () => string): T {
  let built: string | undefined;
  Object.defineProperty(node, 'tooltip', {
    enumerable: true,
    configurable: true,
    get: () => (built ??= build()),
    set: (v: string) => (built = v),
  });
  return node;
}

export type TagSort = 'name' | 'count';

let collator: Intl.Collator | undefined;

/** Tag nodes in the user's order; ties and the name order are case-insensitive. */
export function sortTags(nodes: TreeNode[], sort: TagSort): TreeNode[] {
  // One collator for every comparison: the same order as localeCompare with these options.
  const compare = (collator ??= new Intl.Collator(undefined, { sensitivity: 'base' })).compare;
  const byName = (a: TreeNode, b: TreeNode) => compare(a.label, b.label);
  if (sort === 'name') return [...nodes].sort(byName);
  // The core's count of what querying the tag returns (tagCounts.ts), never its rows.
  const count = (n: TreeNode) => n.count ?? 0;
  return [...nodes].sort((a, b) => count(b) - count(a) || byName(a, b));
}

/** Every tag a real path has anywhere in the tree (under tags, in a project tier, team-shared). */
export type TagsEverywhere = () => Map<string, Set<string>>;

/**
 * A file row; its label and tooltip are the core's item view (the summary's annotation parts).
 * One file can sit in several places: its tooltip lists the union of the tags every place knows,
 * so it reads the same wherever it is hovered.
 */
export function fileNode(parentId: string, item: ResultItem, everywhere: TagsEverywhere): TreeNode {
  const view = itemView(item);
  // §9 A note the reader would not load is shown, marked, and offers no action.
  const unavailable = item.problem !== null;
  const icon = unavailable
    ? item.problem!.kind === 'missing'
      ? 'warning'
      : 'error'
    : item.category === 'team-shared'
      ? 'organization'
      : item.category === 'project-specific'
        ? 'project'
        : 'file';
  return withTooltip(
    {
      id: `${parentId}/file:${item.path}`,
      kind: 'file',
      label: view.title,
      description: unavailable
        ? `${item.problem!.kind === 'missing' ? 'missing' : 'refused'} · ${item.path}`
        : item.path,
      contextValue: unavailable ? 'ariaContext.unavailableFile' : 'ariaContext.file',
      icon,
      file: item,
    },
    () => {
      const all = [...(everywhere().get(item.absPath) ?? item.tags)].sort();
      return fileTooltip(all.length === item.tags.length ? view : itemView({ ...item, tags: all }));
    },
  );
}

/** `path — description`, then one line per annotation part (`project: p, scope: s`, `tags: …`). */
export function fileTooltip(row: ItemView): string {
  const problem = row.problem !== null ? ['Cannot be opened, copied or sent: it is not counted.'] : [];
  return [`${row.path}${row.summary !== null ? ` — ${row.summary}` : ''}`, ...namedParts(row), ...problem].join('\n');
}

export function messageNode(id: string, label: string, tooltip?: string, icon = 'info'): TreeNode {
  return { id, kind: 'message', label, tooltip: tooltip ?? label, contextValue: 'ariaContext.message', icon };
}

export function once<T>(fn: () => T): () => T {
  let done = false;
  let value: T;
  return () => {
    if (!done) {
      value = fn();
      done = true;
    }
    return value;
  };
}
