// Registers the agent-mode tools, when this editor has the language-model API.
import * as vscode from 'vscode';
import type { RetrievalService } from '../retrievalService';
import { LOAD_TOOL, loadInvocationMessage, QUERY_TOOL, runLoadTool, runQueryTool, type LoadToolInput, type QueryToolInput, type ToolSource } from './toolHandlers';

export function toolSource(service: RetrievalService): ToolSource {
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
  };
}

const textResult = (text: string) => new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);

export function registerTools(service: RetrievalService): vscode.Disposable[] {
  if (typeof vscode.lm?.registerTool !== 'function') return [];
  const source = toolSource(service);
  return [
    vscode.lm.registerTool<QueryToolInput>(QUERY_TOOL, {
      prepareInvocation: (options) => ({ invocationMessage: `Searching the knowledge index for "${options.input?.query ?? ''}"` }),
      invoke: (options) => textResult(runQueryTool(options.input, source)),
    }),
    vscode.lm.registerTool<LoadToolInput>(LOAD_TOOL, {
      prepareInvocation: (options) => ({ invocationMessage: loadInvocationMessage(options.input) }),
      invoke: (options) => textResult(runLoadTool(options.input, source)),
    }),
  ];
}
