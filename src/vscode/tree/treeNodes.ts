// Tag tree nodes and the pieces every node kind is made of: the node shape (shared/treeRows.ts:
// plain data, so it can be compared, printed and passed as a command argument), the tag sort, and the row makers
// of tags, files and messages. A file row carries a core ResultItem and shows, for one the
// reader would not load, why not; its tooltip is worked out on hover (treeModel.ts tooltip).
import { describeCounts, itemView, noteCount, type ResultItem, type TagCounts } from '../../core';
import { fileTooltip, type TreeNode } from '../shared/treeRows';

/** Whether a node has children, without building them: their number is known when the node is made. */
export function hasChildren(node: TreeNode): boolean {
  return (node.childCount ?? node.children?.length ?? 0) > 0;
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

/** A tag or project key: its count and rows are its query's; `extra` follows the count. */
export function tagNode(id: string, tag: string, counts: TagCounts, childCount: number, extra?: string): TreeNode {
  const text = describeCounts(counts);
  const count = noteCount(counts);
  return {
    id,
    kind: 'tag',
    label: tag,
    description: extra ? `${text} · ${extra}` : text,
    tooltip: `Querying ${tag} returns ${text}${extra ? ` (${extra})` : ''}`,
    contextValue: count ? 'ariaContext.tag' : 'ariaContext.emptyTag',
    icon: 'tag',
    query: tag,
    count,
    childCount,
  };
}

/** A file row; its label is the core's item view (the summary's annotation parts). */
export function fileNode(parentId: string, item: ResultItem): TreeNode {
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
  return {
    id: `${parentId}/file:${item.path}`,
    kind: 'file',
    label: view.title,
    description: unavailable ? `${item.problem!.kind === 'missing' ? 'missing' : 'refused'} · ${item.path}` : item.path,
    contextValue: unavailable ? 'ariaContext.unavailableFile' : 'ariaContext.file',
    icon,
    file: item,
  };
}

/**
 * A file row's tooltip. One file can sit in several places: it lists the union of the tags every
 * place knows (`everywhere`, by real path), so it reads the same wherever it is hovered.
 */
export function fileRowTooltip(item: ResultItem, everywhere: ReadonlyMap<string, ReadonlySet<string>>): string {
  const all = [...(everywhere.get(item.absPath) ?? item.tags)].sort();
  return fileTooltip(itemView(all.length === item.tags.length ? item : { ...item, tags: all }));
}

export function messageNode(id: string, label: string, tooltip?: string, icon = 'info'): TreeNode {
  return { id, kind: 'message', label, tooltip: tooltip ?? label, contextValue: 'ariaContext.message', icon };
}
