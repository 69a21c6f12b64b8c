// The two MCP tools as plain functions over the core: knowledge_query (the numbered summary,
// plus the CLI's --json contract as structuredContent) and knowledge_load (the markdown bundle).
// Every failure is a tool result with isError and the core's fixed message, never a throw.
import { itemsForPaths, pickItems, queryTooLarge, renderSummary, toJson, USAGE, type KnowledgeBase, type QueryResult, type Snapshot } from '../core';
import { loadWithinBudget, renderLoad, type PathRefusal } from './bundle';
import { MAX_PATH_CHARS, MAX_PATHS_PER_CALL, MAX_PICKS } from './limits';

export const QUERY_TOOL = 'knowledge_query';
export const LOAD_TOOL = 'knowledge_load';

export interface ToolResult {
  [key: string]: unknown;
  content: Array<{ type: 'text'; text: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

export const toolError = (message: string): ToolResult => ({ content: [{ type: 'text', text: message }], isError: true });
const text = (t: string): ToolResult => ({ content: [{ type: 'text', text: t }] });

export const LOAD_HINT = `To read files, call ${LOAD_TOOL} with "paths" copied from the numbered lines above (or with this "query" and "picks": "all" or numbers).`;

/** A value, or the message to show instead; `invalid` when the caller's input is at fault. */
type Checked<T> = { ok: true; value: T } | { ok: false; message: string; invalid: boolean };

/**
 * The query text within the core's caps (§9), checked before anything is read: a pasted or
 * injected wall of words is refused at once with the core's message.
 */
function queryText(raw: unknown, name = 'query'): Checked<string> {
  if (raw === undefined || raw === null) return { ok: true, value: '' };
  if (typeof raw !== 'string') return { ok: false, message: `"${name}" must be a string. ${USAGE}`, invalid: true };
  const tooLarge = queryTooLarge(raw);
  if (tooLarge) return { ok: false, message: tooLarge, invalid: true };
  return { ok: true, value: raw };
}

export function snapshotOf(kb: KnowledgeBase): Checked<Snapshot> {
  const state = kb.state();
  return state.kind === 'ready' ? { ok: true, value: state.snapshot } : { ok: false, message: state.message, invalid: false };
}

/** One query against the knowledge base as it is on disk now, or the message to show instead. */
export function queryKnowledge(kb: KnowledgeBase, rawQuery: unknown): Checked<QueryResult> {
  const q = queryText(rawQuery);
  if (!q.ok) return q;
  // Usage before configuration, as the CLI does: an empty query is wrong wherever it runs.
  if (!q.value.trim()) return { ok: false, message: USAGE, invalid: true };
  const outcome = kb.query(q.value);
  return outcome.ok ? { ok: true, value: outcome.result } : { ok: false, message: outcome.message, invalid: outcome.kind === 'usage' };
}

export function summaryWithHint(result: QueryResult): string {
  const summary = renderSummary(result);
  return result.items.some((i) => i.selectable) ? `${summary}\n${LOAD_HINT}\n` : summary;
}

export function runQueryTool(kb: KnowledgeBase, args: Record<string, unknown>): ToolResult {
  const outcome = queryKnowledge(kb, args.query);
  if (!outcome.ok) return toolError(outcome.message);
  return { ...text(summaryWithHint(outcome.value)), structuredContent: toJson(outcome.value) as unknown as Record<string, unknown> };
}

function picksSpec(raw: unknown): Checked<string> {
  if (raw === undefined || raw === null) return { ok: true, value: 'all' };
  if (typeof raw === 'string' && raw.length <= MAX_PATH_CHARS) return { ok: true, value: raw };
  if (Array.isArray(raw) && raw.length <= MAX_PICKS && raw.every((n) => Number.isInteger(n))) return { ok: true, value: raw.join(' ') };
  return { ok: false, message: `"picks" must be "all" or an array of at most ${MAX_PICKS} result numbers such as [1, 3].`, invalid: true };
}

function pathList(raw: unknown): Checked<string[]> {
  if (raw === undefined || raw === null) return { ok: true, value: [] };
  if (!Array.isArray(raw) || !raw.every((p) => typeof p === 'string')) return { ok: false, message: '"paths" must be an array of strings.', invalid: true };
  if (raw.length > MAX_PATHS_PER_CALL) {
    return { ok: false, message: `Too many paths: ${raw.length} (at most ${MAX_PATHS_PER_CALL} per call). Split them over several ${LOAD_TOOL} calls.`, invalid: true };
  }
  const long = raw.find((p: string) => p.length > MAX_PATH_CHARS);
  if (long !== undefined) return { ok: false, message: `A path is too long (${long.length} characters; at most ${MAX_PATH_CHARS}).`, invalid: true };
  return { ok: true, value: raw as string[] };
}

export function runLoadTool(kb: KnowledgeBase, args: Record<string, unknown>): ToolResult {
  const paths = pathList(args.paths);
  if (!paths.ok) return toolError(paths.message);
  const q = queryText(args.query);
  if (!q.ok) return toolError(q.message);
  if (paths.value.length === 0 && !q.value.trim()) {
    return toolError(`Give "paths" (copied from a ${QUERY_TOOL} result) or a "query" with optional "picks". ${USAGE}`);
  }
  const snapshot = snapshotOf(kb);
  if (!snapshot.ok) return toolError(snapshot.message);
  let refusals: PathRefusal[] = [];
  let items;
  if (paths.value.length > 0) {
    const found = itemsForPaths(snapshot.value, paths.value, kb.today(), { maxPaths: MAX_PATHS_PER_CALL });
    if (found.error) return toolError(found.error);
    items = found.items;
    refusals = found.refused;
  } else {
    const outcome = queryKnowledge(kb, q.value);
    if (!outcome.ok) return toolError(outcome.message);
    const spec = picksSpec(args.picks);
    if (!spec.ok) return toolError(spec.message);
    const picked = pickItems(outcome.value, spec.value);
    if (!picked.ok) return toolError(picked.message);
    items = picked.items;
  }
  return text(renderLoad(loadWithinBudget(snapshot.value.config, items), refusals));
}
