// knowledge_query's answer within a budget of characters for everything the agent receives (the
// text, and the structured content where the front end sends it), as knowledge_load's is. The
// result's lines, in rank order (items, then pending ideas, then warnings), are cut into pages:
// each page is the §5 summary of its lines, then how to get the rest, with an opaque cursor that
// continues exactly where the page stopped. The cursor is signed with this process's key and
// carries the query and a fingerprint of the whole result, so another query's, a forged one, or
// one cut from a result the knowledge has since changed is refused with a message, never used.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { countText, escapeControls, parseQueryText, type QueryResult, type ResultItem } from '../core';
import { MCP_NAMES, type ToolNames } from './definitions';
import { MAX_CURSOR_CHARS } from './limits';

/** One page: its part of the result and the cursor for the rest (null on the last page). */
export interface QueryPage {
  result: QueryResult;
  from: number;
  to: number;
  total: number;
  nextCursor: string | null;
}

const KEY = randomBytes(32);
/** Characters a shown string keeps when one line alone would not fit the budget (§9: bounded results). */
const CLIPPED_CHARS = 500;

export const lineCount = (r: QueryResult) => r.items.length + r.ideas.length + r.warnings.length;

/** Lines `from` to `to` of the result; the query's own notes only on the first page. */
export function sliceResult(r: QueryResult, from: number, to: number): QueryResult {
  const part = <T>(list: readonly T[], base: number) => list.slice(Math.max(0, from - base), Math.max(0, to - base));
  const ideasAt = r.items.length;
  const warningsAt = ideasAt + r.ideas.length;
  return {
    ...r,
    items: part(r.items, 0),
    ideas: part(r.ideas, ideasAt),
    warnings: part(r.warnings, warningsAt),
    emptyProjectNotes: from === 0 ? r.emptyProjectNotes : [],
    legacyNote: from === 0 ? r.legacyNote : null,
  };
}

const clip = (s: string, max = CLIPPED_CHARS) => (s.length <= max ? s : `${s.slice(0, max - 1)}…`);

/** Every string of the page's lines cut short: for a line that would not fit the budget on its own. */
export function clippedResult(r: QueryResult): QueryResult {
  const clipTags = (tags: readonly string[]) => {
    const kept: string[] = [];
    let chars = 0;
    for (const t of tags) {
      if ((chars += t.length) > CLIPPED_CHARS) break;
      kept.push(clip(t));
    }
    return kept.length < tags.length ? [...kept, `… ${countText(tags.length - kept.length)} more`] : kept;
  };
  const item = (i: ResultItem): ResultItem => ({
    ...i,
    path: clip(i.path, 2 * CLIPPED_CHARS),
    absPath: clip(i.absPath, 2 * CLIPPED_CHARS),
    description: i.description === null ? null : clip(i.description),
    hint: i.hint === null ? null : clip(i.hint),
    project: i.project === null ? null : clip(i.project),
    scope: i.scope === null ? null : clip(i.scope),
    status: i.status === null ? null : clip(i.status),
    tags: clipTags(i.tags),
  });
  return {
    ...r,
    items: r.items.map(item),
    ideas: r.ideas.map((i) => ({ ...i, title: clip(i.title), type: i.type && clip(i.type), path: clip(i.path) })),
    warnings: r.warnings.map((w) => clip(w)),
    emptyProjectNotes: r.emptyProjectNotes.map((n) => clip(n)),
  };
}

/** The result's header (tokens, aliases, expansions) cut short, for a query whose terms alone would not fit. */
export function clippedQuery(r: QueryResult, keep: number): QueryResult {
  const q = r.query;
  return {
    ...r,
    query: {
      ...q,
      tokens: q.tokens.slice(0, keep).map((t) => clip(t, 100)),
      resolved: q.resolved
        .slice(0, keep)
        .map((a) => ({ alias: clip(a.alias, 100), canonical: clip(a.canonical, 100) })),
      expanded: q.expanded
        .slice(0, keep)
        .map((e) => ({ project: clip(e.project, 100), tags: e.tags.slice(0, keep).map((t) => clip(t, 100)) })),
    },
    knownTags: r.knownTags.slice(0, keep),
  };
}

/** What a cursor is bound to besides the query: every line of its result, in order. */
export function fingerprint(r: QueryResult): string {
  const hash = createHash('sha256');
  for (const i of r.items) hash.update(`${i.n}\u0000${i.category}\u0000${i.path}\u0001`);
  for (const i of r.ideas) hash.update(`${i.path}\u0001`);
  for (const w of r.warnings) hash.update(`${w}\u0001`);
  // a match past a group's cap changes no listed line, only its group's count
  for (const [category, count] of Object.entries(r.unlisted ?? {})) hash.update(`${category}=${count}\u0001`);
  return hash.digest('base64url').slice(0, 22);
}

/** The query as its words and mode: spacing, commas and `OR` do not make another query. */
function queryKey(query: string): string {
  const { tokens, mode } = parseQueryText(query);
  return createHash('sha256')
    .update(`${mode}\u0000${tokens.join('\u0000')}`)
    .digest('base64url')
    .slice(0, 16);
}
const sign = (payload: string) => createHmac('sha256', KEY).update(payload).digest('base64url').slice(0, 22);

/** A cursor at line `offset` of the result whose fingerprint is `print`. */
export function encodeCursor(query: string, print: string, offset: number): string {
  const payload = Buffer.from(JSON.stringify({ o: offset, q: queryKey(query), f: print })).toString('base64url');
  return `${payload}.${sign(payload)}`;
}

const INVALID =
  'Invalid "cursor": pass the "nextCursor" of the previous answer for this same query, unchanged (a cursor lasts as long as this server or editor session), or leave "cursor" out to start from the first result.';

/** Where `cursor` continues `result` of `query`, or the message saying why it cannot. */
export function decodeCursor(
  cursor: string,
  query: string,
  result: QueryResult,
): { ok: true; offset: number } | { ok: false; message: string } {
  const [payload, mac, extra] = cursor.split('.');
  if (cursor.length > MAX_CURSOR_CHARS || !payload || !mac || extra !== undefined)
    return { ok: false, message: INVALID };
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, message: INVALID };
  let parsed: { o?: unknown; q?: unknown; f?: unknown };
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof parsed;
  } catch {
    return { ok: false, message: INVALID };
  }
  if (parsed.q !== queryKey(query))
    return {
      ok: false,
      message:
        'This "cursor" belongs to another query: pass it with the same "query" as the call that gave it, or leave "cursor" out to start this query from its first result.',
    };
  if (parsed.f !== fingerprint(result))
    return {
      ok: false,
      message:
        'The knowledge changed since this "cursor" was given, so the result it continues is not there any more: run the query again without "cursor".',
    };
  const offset = parsed.o;
  if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 1 || offset >= lineCount(result))
    return { ok: false, message: INVALID };
  return { ok: true, offset };
}

/** The JSON keys and punctuation every item of structuredContent carries, at the least. */
const ITEM_JSON_CHARS = 150;

/**
 * What line `i` costs an answer at the least: its row's text (and, when `structured`, its JSON),
 * counting only the strings it must show; escaping and annotations only add to it.
 */
export function leastCost(r: QueryResult, i: number, structured: boolean): number {
  if (i < r.items.length) {
    const item = r.items[i];
    const text = item.path.length + (item.description?.length ?? 0) + 4;
    const tags = item.tags.reduce((n, t) => n + t.length, 0);
    return structured
      ? text + item.path.length + item.absPath.length + (item.description?.length ?? 0) + tags + ITEM_JSON_CHARS
      : text;
  }
  i -= r.items.length;
  if (i < r.ideas.length) {
    const idea = r.ideas[i];
    return structured ? 2 * idea.title.length + idea.path.length : idea.title.length;
  }
  const warning = r.warnings[i - r.ideas.length] ?? '';
  return structured ? 2 * warning.length : warning.length;
}

/**
 * The largest page from `from` whose answer (`measure` of the page) fits `budget`, at least one
 * line (clipped if it alone would not fit) and the query's header cut short if even that would
 * not: every answer is within the budget and every call makes progress.
 */
export function cutPage(
  query: string,
  result: QueryResult,
  from: number,
  budget: number,
  measure: (page: QueryPage) => number,
  structured = false,
): QueryPage {
  const total = lineCount(result);
  const print = fingerprint(result);
  const page = (r: QueryResult, to: number): QueryPage => ({
    result: sliceResult(r, from, to),
    from,
    to,
    total,
    nextCursor: to < total ? encodeCursor(query, print, to) : null,
  });
  const fits = (p: QueryPage) => measure(p) <= budget;
  /** The query's header cut short until the page fits (a hostile index's terms can be long). */
  const shrink = (p: QueryPage): QueryPage => {
    for (let keep = 64; keep > 1 && !fits(p); keep >>= 1) p = { ...p, result: clippedQuery(p.result, keep) };
    return fits(p) ? p : { ...p, result: clippedQuery(p.result, 1) };
  };
  if (total === from) return shrink(page(result, from));
  // No page can hold more lines than their least costs allow: this bounds the search (and the
  // sizes looked up for it) to about the lines that fit, however long the result.
  let lo = 0;
  let hi = 0;
  for (let spent = 0; from + hi < total && (spent += leastCost(result, from + hi, structured)) <= budget;) hi++;
  hi = Math.max(1, hi);
  if (fits(page(result, from + hi))) return page(result, from + hi);
  while (lo + 1 < hi) {
    const mid = (lo + hi) >> 1;
    if (fits(page(result, from + mid))) lo = mid;
    else hi = mid;
  }
  if (lo > 0) return page(result, from + lo);
  const one = page(result, from + 1);
  return fits(one) ? one : shrink({ ...one, result: clippedResult(one.result) });
}

/** How to get the rest of a result cut into pages; empty when the page is the whole result. */
export function restLines(page: QueryPage, names: ToolNames = MCP_NAMES): string {
  if (page.from === 0 && page.nextCursor === null) return '';
  const lines =
    page.to - page.from === 1
      ? `Line ${countText(page.to)}`
      : `Lines ${countText(page.from + 1)}–${countText(page.to)}`;
  const shown = `${lines} of ${countText(page.total)} shown (results in rank order, then pending ideas, then warnings).`;
  if (page.nextCursor === null) return `\n${shown} This is the last page.\n`;
  const tokens = page.result.query.tokens;
  const example = tokens.length >= 2 ? `${tokens[0]} AND ${tokens[1]}` : `${tokens[0] ?? 'api'} AND pagination`;
  return (
    `\n${shown} ${countText(page.total - page.to)} more: narrow the query with AND (e.g. "${escapeControls(example.slice(0, 200))}"), ` +
    `or call ${names.query} again with the same "query" and "cursor": "${page.nextCursor}" to continue.\n`
  );
}
