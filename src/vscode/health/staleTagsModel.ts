// A note's front-matter tags saved unlike its index.md entries: the Tags view is built from
// index.md, so it keeps the old tags until index.md lists the new ones. Said once per note and
// tag set, with actions other features can add to (a rebuild of index.md). Pure.
import type { NoteFacts } from '../../core';

export interface ListedFiles {
  files: ReadonlyMap<string, { tags: ReadonlySet<string> }>;
}

/** The hint for a saved note, or null when index.md already lists it with these tags (or it has none). */
export function staleTagsHint(index: ListedFiles, note: NoteFacts): { key: string; message: string } | null {
  const listed = index.files.get(note.rel);
  const key = `${note.rel}\u0000${note.tags.join(',')}`;
  if (!listed) {
    if (note.tags.length === 0) return null;
    return {
      key,
      message: `${note.rel} is tagged ${note.tags.join(', ')} but index.md does not list it: the Tags view, built from index.md, shows it once index.md does.`,
    };
  }
  const added = note.tags.filter((t) => !listed.tags.has(t));
  const removed = [...listed.tags].filter((t) => !note.tags.includes(t)).sort();
  if (added.length === 0 && removed.length === 0) return null;
  const change = [
    added.length ? `adds ${added.join(', ')}` : '',
    removed.length ? `no longer has ${removed.join(', ')}` : '',
  ].filter(Boolean);
  return {
    key,
    message: `${note.rel}: its front matter ${change.join(' and ')}. The Tags view is built from index.md, so it shows the old tags until index.md is updated.`,
  };
}

export interface HintAction {
  label: string;
  command: string;
}

/** The hint's buttons: Check Index (its quick fix updates the entry), then what other features add. */
export const STALE_TAGS_ACTIONS: HintAction[] = [{ label: 'Check Index', command: 'ariaContext.checkIndex' }];

/** Adds a button to the hint (the index generator's Rebuild Index…); added once. */
export function addStaleTagsAction(action: HintAction): void {
  if (!STALE_TAGS_ACTIONS.some((a) => a.command === action.command)) STALE_TAGS_ACTIONS.push(action);
}
