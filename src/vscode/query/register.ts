// Context: Query (the two-step pick), Show Query Summary and the summary document, which a chat
// answer's Show Query Summary button opens too.
import * as vscode from 'vscode';
import { CHAT_SUMMARY_COMMAND } from '../shared/commandIds';
import type { SendToChat } from '../shared/fileActions';
import { registerCommand } from '../shared/registerCommand';
import type { Services } from '../shared/services';
import { QueryCommand } from './queryCommand';
import { QuerySummaryProvider, showQuerySummary, SUMMARY_SCHEME } from './summaryCommand';

/** Runs Context: Query, with a text or an argument naming one (the tree's Query This Tag). */
export type RunQuery = (arg?: unknown) => Promise<void>;

export function register(
  context: vscode.ExtensionContext,
  { service, actions, log }: Services,
  sendToChat: SendToChat,
): RunQuery {
  const query = new QueryCommand(service, actions, context.globalState, log, sendToChat);
  const summary = new QuerySummaryProvider(() => query.lastQuery());
  context.subscriptions.push(
    query,
    summary,
    vscode.workspace.registerTextDocumentContentProvider(SUMMARY_SCHEME, summary),
    query.onDidRecord(() => summary.refresh()),
    registerCommand(log, 'ariaContext.query', (arg) => query.run(arg)),
    registerCommand(log, 'ariaContext.showSummary', () => showQuerySummary(query.lastQuery(), summary)),
    vscode.commands.registerCommand(CHAT_SUMMARY_COMMAND, async (text: unknown) => {
      if (typeof text !== 'string') return;
      const outcome = service.query(text);
      if (!outcome.ok) return void vscode.window.showWarningMessage(outcome.message);
      await summary.showForChat({ text, result: outcome.result });
    }),
  );
  return (arg) => query.run(arg);
}
