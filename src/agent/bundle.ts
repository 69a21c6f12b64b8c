// The markdown bundle a knowledge_load call returns, read through the core's loader within a
// budget of characters for the whole answer (what agents measure): each file is read with the
// room left after reserving the lines that name what did not fit, so the answer never passes
// the budget and always says what to load next. A per-connection ledger keeps a file that was
// already sent, unchanged, from being sent again.
import { createHash } from 'node:crypto';
import {
  countText,
  escapeControls,
  fileSection,
  loadedLine,
  loadItems,
  refusedLine,
  truncationNotice,
  type Config,
  type LoadResult,
  type RefusedFile,
  type ResultItem,
} from '../core';
import type { Ledger } from './ledger';
import { DEFAULT_LOAD_CHARS, FILE_BYTES, MAX_NAMED_SKIPPED } from './limits';

/** Path refusals from itemsForPaths (never looked up), before the bundle. */
export interface PathRefusal {
  path: string;
  reason: string;
}

export interface LoadOptions {
  maxChars?: number;
  perFile?: number;
  ledger?: Ledger;
  reload?: boolean;
  pathRefusals?: readonly PathRefusal[];
  /**
   * Characters the answer spends on a file besides its section (its resource link), counted
   * against the budget for every file loaded or named as already loaded.
   */
  extraPerFile?: (item: ResultItem) => number;
  /**
   * How many characters a piece of the text costs as the agent receives it (default: its length).
   * The MCP server's: the text as a JSON string after the output escaping (answerSize.ts).
   */
  sentLength?: (text: string) => number;
  /** Characters the answer's envelope spends beyond its parts (the content array's framing). */
  envelope?: number;
}

export interface BudgetedLoad {
  text: string;
  /** Files whose content is in the text. */
  loaded: LoadedFile[];
  /** Files sent earlier on this connection and unchanged since: named, not sent. */
  already: LoadedFile[];
  refused: RefusedFile[];
  /** Items not read because the budget was spent. */
  skipped: ResultItem[];
}

/** Below this many characters of room a file is not started: it is named for the next call. */
const MIN_ROOM = 256;

type LoadedFile = LoadResult['loaded'][number];

const hashOf = (content: string) => createHash('sha256').update(content).digest('base64url');

function skippedBlock(items: readonly ResultItem[], maxChars: number): string[] {
  if (items.length === 0) return [];
  const named = items.slice(0, MAX_NAMED_SKIPPED);
  const numbers = items.map((i) => i.n).filter((n): n is number => n !== null);
  const lines = [
    `(Not loaded: this call's ${countText(maxChars)}-character budget was reached before ${items.length === 1 ? 'this file' : `these ${items.length} files`}. ` +
      'Load them with another call (a larger "maxChars" fits more), passing these paths:)',
    ...named.map((i) => `- ${escapeControls(i.path)}`),
  ];
  if (items.length > named.length)
    lines.push(
      `- … and ${items.length - named.length} more${numbers.length ? `; with the same query, picks ${JSON.stringify(numbers.slice(named.length, named.length + 50))}${numbers.length > named.length + 50 ? ' and on' : ''}` : ''}.`,
    );
  lines.push('');
  return lines;
}

function alreadyBlock(files: readonly LoadedFile[]): string[] {
  if (files.length === 0) return [];
  return [
    `(Already loaded in this session and unchanged since, so not sent again; pass "reload": true to get ${files.length === 1 ? 'it' : 'them'} again:)`,
    ...files.map((f) => `- ${escapeControls(f.item.path)}`),
    '',
  ];
}

function tail(r: LoadParts, pathRefusals: readonly PathRefusal[], maxChars: number): string[] {
  const out: string[] = [];
  for (const p of pathRefusals) out.push(`Refused ${escapeControls(p.path)}: ${p.reason} (not read).`);
  for (const x of r.refused) out.push(refusedLine(x));
  if (out.length) out.push('');
  out.push(...alreadyBlock(r.already), ...skippedBlock(r.skipped, maxChars), loadedLine(r.loaded.length));
  return out;
}

/** The lines' cost, each with its newline, as `sent` measures text. */
const size = (lines: readonly string[], sent: (t: string) => number = (t) => t.length) =>
  lines.reduce((n, l) => n + sent(l) + sent('\n'), 0);

function section(file: LoadedFile, budgetCut: boolean, maxChars: number): string[] {
  const out = fileSection(file);
  if (file.truncated) {
    const why = budgetCut
      ? ` This call's ${countText(maxChars)}-character budget was reached; load this file alone, or with a larger "maxChars", to read more of it.`
      : '';
    out.push(`${truncationNotice(file)}${why}`, '');
  }
  return out;
}

type LoadParts = Omit<BudgetedLoad, 'text'>;

/** The answer: a section per loaded file (`budgetCut`: cut short by the budget, not the file cap), then the tail. */
export function renderLoad(
  r: LoadParts,
  pathRefusals: readonly PathRefusal[] = [],
  maxChars = DEFAULT_LOAD_CHARS,
  budgetCut: ReadonlySet<LoadedFile> = new Set(),
): string {
  const sections = r.loaded.flatMap((f) => section(f, budgetCut.has(f), maxChars));
  return `${[...sections, ...tail(r, pathRefusals, maxChars)].join('\n')}\n`;
}

export function loadWithinBudget(
  config: Config,
  items: readonly ResultItem[],
  options: LoadOptions = {},
): BudgetedLoad {
  const maxChars = options.maxChars ?? DEFAULT_LOAD_CHARS;
  const perFile = options.perFile ?? FILE_BYTES;
  const pathRefusals = options.pathRefusals ?? [];
  const r: LoadParts = { loaded: [], already: [], refused: [], skipped: [] };
  const cut = new Set<LoadedFile>();
  const extra = options.extraPerFile ?? (() => 0);
  const sent = options.sentLength ?? ((t: string) => t.length);
  // the budget for the parts: maxChars less what framing them costs (messages still say maxChars)
  const limit = maxChars - (options.envelope ?? 0);
  let used = 0;
  /** Set once no room is left: every later file is named without being looked at. */
  let full = false;
  /** Reads `item` into the answer if it fits (cut to the room left only when `mayCut`); false if not. */
  const place = (item: ResultItem, later: readonly ResultItem[], mayCut: boolean): boolean => {
    // What the answer must still hold if this and every later file were left out.
    const reserve = size(tail({ ...r, skipped: [...r.skipped, item, ...later] }, pathRefusals, maxChars), sent);
    let room = limit - used - reserve;
    if (room < MIN_ROOM) full = true;
    // A cap in bytes is a cap in characters too; the heading, fences and notice come on top,
    // so the content gets what is left after them (tried again if a long fence ate more).
    for (let attempt = 0; attempt < 3 && room >= MIN_ROOM; attempt++) {
      const cap = Math.min(perFile, room - 200 - 2 * item.path.length);
      if (cap < 1) return false;
      const one = loadItems(config, [item], { maxBytes: cap });
      if (one.refused.length) {
        r.refused.push(...one.refused);
        return true;
      }
      const file = one.loaded[0];
      const budgetCut = file.truncated && cap < perFile;
      if (budgetCut && !mayCut) return false; // whole files first: this one is named for the next call
      if (
        options.ledger &&
        !options.reload &&
        !file.truncated &&
        options.ledger.has(file.realPath, hashOf(file.content))
      ) {
        if (extra(item) > limit - used - reserve) return false;
        used += extra(item);
        r.already.push(file);
        return true;
      }
      const chars = size(section(file, budgetCut, maxChars), sent) + extra(item);
      if (chars > limit - used - reserve) {
        // in proportion: text that costs more as sent (escaped characters) shrinks the cap as much
        room = Math.floor((room * (limit - used - reserve)) / chars) - 64;
        continue;
      }
      if (budgetCut) cut.add(file);
      used += chars;
      r.loaded.push(file);
      if (options.ledger && !file.truncated) options.ledger.add(file.realPath, hashOf(file.content));
      return true;
    }
    return false;
  };
  for (let i = 0; i < items.length; i++)
    if (full || !place(items[i], items.slice(i + 1), false)) r.skipped.push(items[i]);
  // Nothing fitted whole: the first file left out is sent cut to the budget rather than nothing.
  if (r.loaded.length === 0 && r.already.length === 0 && r.skipped.length > 0) {
    const first = r.skipped.shift()!;
    const rest = r.skipped.splice(0);
    if (!place(first, rest, true)) r.skipped.push(first);
    r.skipped.push(...rest);
  }
  // A refusal line is longer than the line that named the file as skipped: should the refusals
  // found late push the answer over, the last files go back to the list of what did not fit.
  const extras = () => [...r.loaded, ...r.already].reduce((n, f) => n + extra(f.item), 0);
  let text = renderLoad(r, pathRefusals, maxChars, cut);
  while (sent(text) + extras() > limit && r.loaded.length) {
    const file = r.loaded.pop()!;
    options.ledger?.delete(file.realPath);
    r.skipped.unshift(file.item);
    text = renderLoad(r, pathRefusals, maxChars, cut);
  }
  return { ...r, text };
}
