// The rows of the Tags view as plain data: the tree builds most of them, the active file its top
// rows and the knowledge state its welcome line, so the row shape lives here. Pure.
import { namedParts, type ItemView, type ResultItem } from '../../core';

export type NodeKind = 'group' | 'project' | 'tag' | 'file' | 'message';

export interface TreeNode {
  /** Stable across refreshes: derived from names and paths only. */
  id: string;
  kind: NodeKind;
  label: string;
  description?: string;
  /** Absent on a tag tree's file rows: TagTreeModel.tooltip works it out when it is hovered. */
  tooltip?: string;
  /** `ariaContext.<kind>` for menus' `when` clauses. */
  contextValue: string;
  /** Codicon id. */
  icon: string;
  /** Rows known when the node is made (the Warnings and For the Active File groups); others are built by TagTreeModel.children. */
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
}

/** `path — description`, then one line per annotation part (`project: p, scope: s`, `tags: …`). */
export function fileTooltip(row: ItemView): string {
  const problem = row.problem !== null ? ['Cannot be opened, copied or sent: it is not counted.'] : [];
  return [`${row.path}${row.summary !== null ? ` — ${row.summary}` : ''}`, ...namedParts(row), ...problem].join('\n');
}

/** A command's argument that is a row (a menu on the tree passes the row clicked). */
export function isTreeNode(value: unknown): value is TreeNode {
  return (
    !!value &&
    typeof value === 'object' &&
    typeof (value as TreeNode).id === 'string' &&
    typeof (value as TreeNode).kind === 'string'
  );
}
