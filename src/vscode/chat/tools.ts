// Registers the agent-mode tools, when this editor has the language-model API.
import * as vscode from 'vscode';
import { escapeOutput } from '../../core';
import type { RetrievalService } from '../shared/retrievalService';
import {
  LOAD_TOOL,
  loadInvocationMessage,
  QUERY_TOOL,
  runLoadTool,
  runQueryTool,
  type LoadToolInput,
  type QueryToolInput,
  type ToolSource,
} from './toolHandlers';

export function toolSource(service: RetrievalService, activeFile?: ToolSource['activeFileQuery']): ToolSource {
  return {
    query: (text) => {
      const outcome = service.query(text);
      return outcome.ok ? { ok: true, result: outcome.result } : { ok: false, message: outcome.message };
    },
    snapshot: () => service.snapshot(),
    today: () => service.today(),
    unavailableReason: () => {
      const state = service.state();
      return state.kind === 'ready' ? '' : state.message;
    },
    activeFileQuery: activeFile,
  };
}

// §9 the output boundary: what the model reads holds no control or bidi character from others' text
const textResult = (text: string) =>
  new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(escapeOutput(text))]);

export function registerTools(
  service: RetrievalService,
  activeFile?: ToolSource['activeFileQuery'],
): vscode.Disposable[] {
  if (typeof vscode.lm?.registerTool !== 'function') return [];
  const source = toolSource(service, activeFile);
  return [
    vscode.lm.registerTool<QueryToolInput>(QUERY_TOOL, {
      prepareInvocation: (options) => ({
        invocationMessage: options.input?.query?.trim()
          ? `Searching the knowledge index for "${options.input.query}"`
          : 'Searching the knowledge index for the active file',
      }),
      invoke: (options) => textResult(runQueryTool(options.input, source)),
    }),
    vscode.lm.registerTool<LoadToolInput>(LOAD_TOOL, {
      prepareInvocation: (options) => ({ invocationMessage: loadInvocationMessage(options.input) }),
      invoke: (options) => textResult(runLoadTool(options.input, source)),
    }),
  ];
}
