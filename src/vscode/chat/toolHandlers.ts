// Language-model tools for agent mode: the MCP server's two tools (src/mcp/definitions.ts holds
// their texts and schemas, src/mcp/tools.ts their handlers, checked against those schemas) under
// the editor's names, over the retrieval service. tools.ts registers them with vscode.lm;
// package.json's languageModelTools are generated from the same definitions (a test compares).
import { describeLoad, plural, type QueryResult, type Snapshot } from '../../core';
import { toolDefinitions, type ToolNames } from '../../mcp/definitions';
import {
  runLoadTool as loadTool,
  runQueryTool as queryTool,
  type ToolResult,
  type ToolSource as SharedSource,
} from '../../mcp/tools';

export const QUERY_TOOL = 'aria-context_query';
export const LOAD_TOOL = 'aria-context_load';
export const EDITOR_NAMES: ToolNames = { query: QUERY_TOOL, load: LOAD_TOOL };
/** The definitions under the editor's names: what package.json's languageModelTools declare. */
export const EDITOR_TOOLS = toolDefinitions(EDITOR_NAMES);

export interface QueryToolInput {
  query: string;
  /** A previous answer's cursor, to continue a result cut into pages (with the same query). */
  cursor?: string;
}

export interface LoadToolInput {
  /** Paths exactly as a query result shows them. */
  paths?: string[];
  /** Or: a query plus picks (`all`, or result numbers). */
  query?: string;
  picks?: 'all' | number[];
  maxChars?: number;
  reload?: boolean;
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

function shared(source: ToolSource): SharedSource {
  return {
    query: (text) => {
      const outcome = source.query(text);
      return outcome.ok ? { ok: true, value: outcome.result } : { ok: false, message: outcome.message, invalid: true };
    },
    snapshot: () => {
      const snapshot = source.snapshot();
      return snapshot
        ? { ok: true, value: snapshot }
        : { ok: false, message: source.unavailableReason(), invalid: false };
    },
    today: () => source.today(),
  };
}

const textOf = (result: ToolResult) => result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');

export function runQueryTool(input: QueryToolInput, source: ToolSource): string {
  let args: unknown = input;
  let preface = '';
  const query = (input as { query?: unknown } | undefined)?.query;
  if (input && typeof input === 'object' && (query === undefined || (typeof query === 'string' && !query.trim()))) {
    const fromFile = source.activeFileQuery?.();
    if (fromFile) {
      args = { ...input, query: fromFile.query };
      preface = `No query given: used the query derived from the user's active file (${fromFile.relPath}): "${fromFile.query}".\n\n`;
    }
  }
  return textOf(queryTool(shared(source), args, { names: EDITOR_NAMES, preface }));
}

/** No ledger in the editor: a chat keeps its own history of tool results. */
export function runLoadTool(input: LoadToolInput, source: ToolSource): string {
  return textOf(loadTool(shared(source), input, {}, EDITOR_NAMES));
}

export function loadInvocationMessage(input: LoadToolInput): string {
  if (Array.isArray(input?.paths) && input.paths.length)
    return `Reading ${plural(input.paths.length, 'knowledge file')}`;
  return `Reading knowledge files for "${input?.query ?? ''}"`;
}

export { describeLoad };
