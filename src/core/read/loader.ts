// §6: pick files from a result, then read them (only now) through the reader (§9), and
// render what was read as a markdown bundle.
import { MAX_PICKS, tooManyPicks } from '../limits';
import { loadedLine } from '../present/messages';
import { escapeControls } from '../present/outputText';
import { type LoadedFile, type LoadResult, type RefusedFile } from './reader';
import { plural } from '../present/plural';
import type { QueryResult, ResultItem } from '../types';

export type PickOutcome = { ok: true; items: ResultItem[] } | { ok: false; message: string };

/**
 * `all`, numbers (`1,3`, `1 3`, `2-4`) or names (a path or a file name from the result).
 * Numbers follow the summary's numbering; unselectable lines cannot be picked.
 */
export function pickItems(result: QueryResult, spec: string | readonly string[]): PickOutcome {
  const selectable = result.items.filter((i) => i.selectable);
  const words = (typeof spec === 'string' ? spec : spec.join(' ')).split(/[\s,]+/).filter(Boolean);
  if (words.length === 0)
    return { ok: false, message: 'Nothing picked: give `all`, numbers like `1,3`, or file names.' };
  if (words.length > MAX_PICKS) return { ok: false, message: tooManyPicks(words.length) };
  // `all` also names the notes the reader would not load (§9), so the load refuses each with its
  // reason; they are never opened. A missing or refused artifact is not offered.
  if (words.some((w) => w.toLowerCase() === 'all')) {
    return {
      ok: true,
      items: result.items.filter((i) => i.selectable || (i.problem !== null && i.category !== 'tracked-artifact')),
    };
  }
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

/** A fence longer than any backtick run in the content, so the content cannot close it. */
export function fenceFor(content: string): string {
  let longest = 0;
  for (const run of content.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return '`'.repeat(Math.max(3, longest + 1));
}

export function refusedLine(r: RefusedFile, verb = 'read'): string {
  return `Refused ${escapeControls(r.item.path)}: ${r.reason} (not ${verb}).`;
}

/**
 * §9 One file's section of a bundle (CLI, editor, agent tools alike): the heading is built here
 * from the item's path with control characters escaped, so no file name can start a line of its
 * own (a forged `## …` heading outside the fence); the content goes inside a fence it cannot close.
 */
export function fileSection(file: LoadedFile): string[] {
  const fence = fenceFor(file.content);
  return [`## ${escapeControls(file.item.path)}`, '', `${fence}markdown`, file.content.replace(/\n$/, ''), fence, ''];
}

export function truncationNotice(file: LoadedFile): string {
  return `(Truncated: showing the first ${Math.round(Buffer.byteLength(file.content) / 1024)} KB of ${Math.round(file.bytes / 1024)} KB.)`;
}

/** The markdown bundle: one section per file headed by its path, then the refusals and the count. */
export function renderBundle(load: LoadResult): string {
  const out: string[] = [];
  for (const file of load.loaded) {
    out.push(...fileSection(file));
    if (file.truncated) out.push(truncationNotice(file), '');
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
