// Registers the agent-mode tools, when this editor has the language-model API.
import * as vscode from 'vscode';
import { escapeOutput } from '../../core';
import type { LoadToolInput, QueryToolInput } from '../../agent/definitions';
import type { RetrievalService } from '../shared/retrievalService';
import type { ActiveFileQuery } from './participantHandler';
import { LOAD_TOOL, loadInvocationMessage, QUERY_TOOL, runLoadTool, runQueryTool } from './toolHandlers';

// §9 the output boundary: what the model reads holds no control or bidi character from others' text
const textResult = (text: string) =>
  new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(escapeOutput(text))]);

export function registerTools(
  service: RetrievalService,
  activeFile?: () => ActiveFileQuery | undefined,
): vscode.Disposable[] {
  if (typeof vscode.lm?.registerTool !== 'function') return [];
  return [
    vscode.lm.registerTool<QueryToolInput>(QUERY_TOOL, {
      prepareInvocation: (options) => ({
        invocationMessage: options.input?.query?.trim()
          ? `Searching the knowledge index for "${options.input.query}"`
          : 'Searching the knowledge index for the active file',
      }),
      invoke: (options) => textResult(runQueryTool(options.input, service, activeFile)),
    }),
    vscode.lm.registerTool<LoadToolInput>(LOAD_TOOL, {
      prepareInvocation: (options) => ({ invocationMessage: loadInvocationMessage(options.input) }),
      invoke: (options) => textResult(runLoadTool(options.input, service)),
    }),
  ];
}
