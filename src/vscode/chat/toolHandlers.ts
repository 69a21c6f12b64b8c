// Language-model tools for agent mode, as plain functions over the core: query the knowledge
// index, and load files from a result. tools.ts registers them with vscode.lm.
import { describeLoad, itemsForPaths, loadItems, MAX_TOOL_LOAD_BYTES, pickItems, plural, renderBundle, renderSummary, type QueryResult, type Snapshot } from '../../core';

export const QUERY_TOOL = 'aria-context_query';
export const LOAD_TOOL = 'aria-context_load';
/** Per-file cap for tool results: an agent's context is precious. */
export const TOOL_FILE_BYTES = 64 * 1024;

export interface QueryToolInput {
  query: string;
}

export interface LoadToolInput {
  /** Paths exactly as a query result shows them. */
  paths?: string[];
  /** Or: a query plus picks (`all`, `1,3`, names). */
  query?: string;
  picks?: string;
}

export interface ToolSource {
  query(text: string): { ok: true; result: QueryResult } | { ok: false; message: string };
  snapshot(): Snapshot | undefined;
  today(): string;
  /** Why there is no snapshot (not configured, no index), for the tool's answer. */
  unavailableReason(): string;
  /** The query derived from the active editor's file, used when the agent gives an empty query. */
  activeFileQuery?(): { query: string; relPath: string } | undefined;
}

export function runQueryTool(input: QueryToolInput, source: ToolSource): string {
  let text = typeof input?.query === 'string' ? input.query : '';
  let note = '';
  if (!text.trim()) {
    const fromFile = source.activeFileQuery?.();
    if (fromFile) {
      text = fromFile.query;
      note = `No query given: used the query derived from the user's active file (${fromFile.relPath}): "${text}".\n\n`;
    }
  }
  const outcome = source.query(text);
  if (!outcome.ok) return outcome.message;
  const summary = note + renderSummary(outcome.result);
  if (!outcome.result.items.some((i) => i.selectable)) return summary;
  return `${summary}\nTo read files, call ${LOAD_TOOL} with "paths" copied from the numbered lines above (or with this "query" and "picks": "all" or numbers).\n`;
}

export function runLoadTool(input: LoadToolInput, source: ToolSource): string {
  const snapshot = source.snapshot();
  if (!snapshot) return source.unavailableReason();
  const paths = Array.isArray(input?.paths) ? input.paths : [];
  let items;
  const refusedNotes: string[] = [];
  if (paths.length > 0) {
    const found = itemsForPaths(snapshot, paths, source.today()); // capped at MAX_LOAD_PATHS
    if (found.error) return found.error;
    items = found.items;
    for (const r of found.refused) refusedNotes.push(`Refused ${r.path}: ${r.reason} (not read).`);
  } else if (typeof input?.query === 'string' && input.query.trim()) {
    const outcome = source.query(input.query);
    if (!outcome.ok) return outcome.message;
    const picked = pickItems(outcome.result, typeof input.picks === 'string' ? input.picks : 'all');
    if (!picked.ok) return picked.message;
    items = picked.items;
  } else {
    return `Give "paths" (from a ${QUERY_TOOL} result) or a "query" with optional "picks".`;
  }
  const load = loadItems(snapshot.config, items, { maxBytes: TOOL_FILE_BYTES, totalBytes: MAX_TOOL_LOAD_BYTES });
  const bundle = renderBundle(load);
  return refusedNotes.length ? `${refusedNotes.join('\n')}\n\n${bundle}` : bundle;
}

export function loadInvocationMessage(input: LoadToolInput): string {
  if (Array.isArray(input?.paths) && input.paths.length) return `Reading ${plural(input.paths.length, 'knowledge file')}`;
  return `Reading knowledge files for "${input?.query ?? ''}"`;
}

export { describeLoad };
