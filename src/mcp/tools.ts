// The two MCP tools as plain functions over the core: knowledge_query (the numbered summary,
// plus the CLI's --json contract as structuredContent) and knowledge_load (the markdown bundle).
// Every failure is a tool result with isError and the core's fixed message, never a throw.
import { itemsForPaths, pickItems, renderSummary, runQuery, toJson, USAGE, type QueryResult, type Snapshot } from '../core';
import { loadWithinBudget, renderLoad, type PathRefusal } from './bundle';
import { MAX_PATH_CHARS, MAX_PATHS_PER_CALL, MAX_QUERY_CHARS } from './limits';
import type { KnowledgeSource } from './source';

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

type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

function queryText(raw: unknown, name = 'query'): Checked<string> {
  if (raw === undefined || raw === null) return { ok: true, value: '' };
  if (typeof raw !== 'string') return { ok: false, message: `"${name}" must be a string. ${USAGE}` };
  if (raw.length > MAX_QUERY_CHARS) return { ok: false, message: `"${name}" is too long (${raw.length} characters; at most ${MAX_QUERY_CHARS}). ${USAGE}` };
  return { ok: true, value: raw };
}

function snapshotOf(source: KnowledgeSource): Checked<Snapshot> {
  const outcome = source.current();
  return outcome.ok ? { ok: true, value: outcome.snapshot } : { ok: false, message: outcome.message };
}

/** One query against the current snapshot, or the message to show instead. */
export function queryKnowledge(source: KnowledgeSource, rawQuery: unknown): Checked<QueryResult> {
  const q = queryText(rawQuery);
  if (!q.ok) return q;
  // Usage before configuration, as the CLI does: an empty query is wrong wherever it runs.
  if (!q.value.trim()) return { ok: false, message: USAGE };
  const snapshot = snapshotOf(source);
  if (!snapshot.ok) return snapshot;
  const outcome = runQuery(snapshot.value, q.value, { today: source.today(), cache: source.cache });
  return outcome.ok ? { ok: true, value: outcome.result } : { ok: false, message: outcome.message };
}

export function summaryWithHint(result: QueryResult): string {
  const summary = renderSummary(result);
  return result.items.some((i) => i.selectable) ? `${summary}\n${LOAD_HINT}\n` : summary;
}

export function runQueryTool(source: KnowledgeSource, args: Record<string, unknown>): ToolResult {
  const outcome = queryKnowledge(source, args.query);
  if (!outcome.ok) return toolError(outcome.message);
  return { ...text(summaryWithHint(outcome.value)), structuredContent: toJson(outcome.value) as unknown as Record<string, unknown> };
}

function picksSpec(raw: unknown): Checked<string> {
  if (raw === undefined || raw === null) return { ok: true, value: 'all' };
  if (typeof raw === 'string' && raw.length <= MAX_PATH_CHARS) return { ok: true, value: raw };
  if (Array.isArray(raw) && raw.length <= 1000 && raw.every((n) => Number.isInteger(n))) return { ok: true, value: raw.join(' ') };
  return { ok: false, message: '"picks" must be "all" or an array of result numbers such as [1, 3].' };
}

function pathList(raw: unknown): Checked<string[]> {
  if (raw === undefined || raw === null) return { ok: true, value: [] };
  if (!Array.isArray(raw) || !raw.every((p) => typeof p === 'string')) return { ok: false, message: '"paths" must be an array of strings.' };
  if (raw.length > MAX_PATHS_PER_CALL) {
    return { ok: false, message: `Too many paths: ${raw.length} (at most ${MAX_PATHS_PER_CALL} per call). Split them over several ${LOAD_TOOL} calls.` };
  }
  const long = raw.find((p: string) => p.length > MAX_PATH_CHARS);
  if (long !== undefined) return { ok: false, message: `A path is too long (${long.length} characters; at most ${MAX_PATH_CHARS}).` };
  return { ok: true, value: raw as string[] };
}

export function runLoadTool(source: KnowledgeSource, args: Record<string, unknown>): ToolResult {
  const paths = pathList(args.paths);
  if (!paths.ok) return toolError(paths.message);
  const q = queryText(args.query);
  if (!q.ok) return toolError(q.message);
  if (paths.value.length === 0 && !q.value.trim()) {
    return toolError(`Give "paths" (copied from a ${QUERY_TOOL} result) or a "query" with optional "picks". ${USAGE}`);
  }
  let refusals: PathRefusal[] = [];
  let items;
  if (paths.value.length > 0) {
    const snapshot = snapshotOf(source);
    if (!snapshot.ok) return toolError(snapshot.message);
    const found = itemsForPaths(snapshot.value, paths.value, source.today());
    items = found.items;
    refusals = found.refused;
  } else {
    const outcome = queryKnowledge(source, q.value);
    if (!outcome.ok) return toolError(outcome.message);
    const spec = picksSpec(args.picks);
    if (!spec.ok) return toolError(spec.message);
    const picked = pickItems(outcome.value, spec.value);
    if (!picked.ok) return toolError(picked.message);
    items = picked.items;
  }
  return text(renderLoad(loadWithinBudget(items), refusals));
}
