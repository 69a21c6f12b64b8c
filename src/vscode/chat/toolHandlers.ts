// Language-model tools for agent mode: the agent tools of src/agent/ (definitions.ts holds their
// texts and schemas, tools.ts their handlers, checked against those schemas) under the editor's
// names, over the retrieval service. tools.ts registers them with vscode.lm; package.json's
// languageModelTools are generated from the same definitions (a test compares).
import { plural } from '../../core';
import { toolDefinitions, type LoadToolInput, type QueryToolInput, type ToolNames } from '../../agent/definitions';
import type { AgentSource } from '../../agent/source';
import { runLoadTool as loadTool, runQueryTool as queryTool, type ToolResult } from '../../agent/tools';
import type { ActiveFileQuery } from './participantHandler';

export const QUERY_TOOL = 'aria-context_query';
export const LOAD_TOOL = 'aria-context_load';
export const EDITOR_NAMES: ToolNames = { query: QUERY_TOOL, load: LOAD_TOOL };
/** The definitions under the editor's names: what package.json's languageModelTools declare. */
export const EDITOR_TOOLS = toolDefinitions(EDITOR_NAMES);

const textOf = (result: ToolResult) => result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');

/** `activeFile`: the query derived from the active editor's file, used when the agent gives an empty query. */
export function runQueryTool(
  input: QueryToolInput,
  source: AgentSource,
  activeFile?: () => ActiveFileQuery | undefined,
): string {
  let args: unknown = input;
  let preface = '';
  const query = (input as { query?: unknown } | undefined)?.query;
  if (input && typeof input === 'object' && (query === undefined || (typeof query === 'string' && !query.trim()))) {
    const fromFile = activeFile?.();
    if (fromFile) {
      args = { ...input, query: fromFile.query };
      preface = `No query given: used the query derived from the user's active file (${fromFile.relPath}): "${fromFile.query}".\n\n`;
    }
  }
  return textOf(queryTool(source, args, { names: EDITOR_NAMES, preface }));
}

/** No ledger in the editor: a chat keeps its own history of tool results. */
export function runLoadTool(input: LoadToolInput, source: AgentSource): string {
  return textOf(loadTool(source, input, {}, EDITOR_NAMES));
}

export function loadInvocationMessage(input: LoadToolInput): string {
  if (Array.isArray(input?.paths) && input.paths.length)
    return `Reading ${plural(input.paths.length, 'knowledge file')}`;
  return `Reading knowledge files for "${input?.query ?? ''}"`;
}
