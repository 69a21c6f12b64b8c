// §6: read the picked files (only now), after the real-path containment check.
import { loadedLine } from './messages';
import { checkRealPath, describeFsError, readFileHead } from './paths';
import { plural } from './summary';
import type { QueryResult, ResultItem } from './types';

/** Files larger than this are cut, with a notice, so one huge note cannot flood a chat. */
export const DEFAULT_MAX_LOAD_BYTES = 1024 * 1024;

export interface LoadedFile {
  item: ResultItem;
  /** The path actually read, after symlinks. */
  realPath: string;
  content: string;
  bytes: number;
  truncated: boolean;
}

export interface RefusedFile {
  item: ResultItem;
  reason: string;
}

export interface LoadResult {
  loaded: LoadedFile[];
  refused: RefusedFile[];
}

export type PickOutcome = { ok: true; items: ResultItem[] } | { ok: false; message: string };

/**
 * `all`, numbers (`1,3`, `1 3`, `2-4`) or names (a path or a file name from the result).
 * Numbers follow the summary's numbering; unselectable lines cannot be picked.
 */
export function pickItems(result: QueryResult, spec: string | readonly string[]): PickOutcome {
  const selectable = result.items.filter((i) => i.selectable);
  const words = (typeof spec === 'string' ? spec : spec.join(' ')).split(/[\s,]+/).filter(Boolean);
  if (words.length === 0) return { ok: false, message: 'Nothing picked: give `all`, numbers like `1,3`, or file names.' };
  if (words.some((w) => w.toLowerCase() === 'all')) return { ok: true, items: selectable };
  const picked: ResultItem[] = [];
  const add = (item: ResultItem) => {
    if (!picked.includes(item)) picked.push(item);
  };
  const max = selectable.length;
  for (const word of words) {
    const range = /^(\d+)(?:-(\d+))?$/.exec(word);
    if (range) {
      const from = Number(range[1]);
      const to = range[2] ? Number(range[2]) : from;
      if (from < 1 || to > max || from > to) {
        return { ok: false, message: `No item ${word} in this result: pick from 1 to ${max}.` };
      }
      for (let n = from; n <= to; n++) add(selectable[n - 1]);
      continue;
    }
    const needle = word.toLowerCase();
    const byName = selectable.filter((i) => {
      const p = i.path.toLowerCase();
      const base = p.slice(p.lastIndexOf('/') + 1);
      return p === needle || base === needle || base === `${needle}.md` || p.endsWith(`/${needle}`);
    });
    if (byName.length === 0) return { ok: false, message: `No file named \`${word}\` in this result.` };
    byName.forEach(add);
  }
  return { ok: true, items: picked };
}

export interface CheckedItems {
  ok: Array<{ item: ResultItem; realPath: string }>;
  refused: RefusedFile[];
}

/**
 * Which items may be read, opened, copied or sent: selectable ones whose real path (after
 * symlinks) stays inside their allowed folders. Every way content leaves the folder goes
 * through here.
 */
export function checkItems(items: readonly ResultItem[]): CheckedItems {
  const checked: CheckedItems = { ok: [], refused: [] };
  for (const item of items) {
    if (!item.selectable) {
      checked.refused.push({ item, reason: 'it is not a loadable file' });
      continue;
    }
    const check = checkRealPath(item.absPath, item.allowedRoots);
    if (check.ok) checked.ok.push({ item, realPath: check.realPath });
    else checked.refused.push({ item, reason: check.reason });
  }
  return checked;
}

export function loadItems(items: readonly ResultItem[], maxBytes = DEFAULT_MAX_LOAD_BYTES): LoadResult {
  const { ok, refused } = checkItems(items);
  const result: LoadResult = { loaded: [], refused };
  for (const { item, realPath } of ok) {
    try {
      result.loaded.push(readCapped(item, realPath, maxBytes));
    } catch (err) {
      result.refused.push({ item, reason: describeFsError(err, 'it cannot be read') });
    }
  }
  return result;
}

function readCapped(item: ResultItem, realPath: string, maxBytes: number): LoadedFile {
  // Opened non-blocking and only if regular: the file may have been swapped since the check.
  const { text, size } = readFileHead(realPath, maxBytes);
  return { item, realPath, content: text, bytes: size, truncated: size > maxBytes };
}

/** A fence longer than any backtick run in the content, so the content cannot close it. */
export function fenceFor(content: string): string {
  let longest = 0;
  for (const run of content.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return '`'.repeat(Math.max(3, longest + 1));
}

export function refusedLine(r: RefusedFile, verb = 'read'): string {
  return `Refused ${r.item.path}: ${r.reason} (not ${verb}).`;
}

export function truncationNotice(file: LoadedFile, maxBytes: number): string {
  return `(Truncated: showing the first ${Math.round(maxBytes / 1024)} KB of ${Math.round(file.bytes / 1024)} KB.)`;
}

/** The markdown bundle: one section per file headed by its path, then the refusals and the count. */
export function renderBundle(load: LoadResult, maxBytes = DEFAULT_MAX_LOAD_BYTES): string {
  const out: string[] = [];
  for (const file of load.loaded) {
    const fence = fenceFor(file.content);
    out.push(`## ${file.item.path}`, '', `${fence}markdown`, file.content.replace(/\n$/, ''), fence, '');
    if (file.truncated) out.push(truncationNotice(file, maxBytes), '');
  }
  for (const r of load.refused) out.push(refusedLine(r));
  if (load.refused.length) out.push('');
  out.push(loadedLine(load.loaded.length));
  return `${out.join('\n')}\n`;
}

export function describeLoad(load: LoadResult): string {
  const refused = load.refused.length ? `; ${plural(load.refused.length, 'file')} refused` : '';
  return `${loadedLine(load.loaded.length)}${refused}`;
}
