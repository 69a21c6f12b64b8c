// Context: Show Query Summary — the §5 text form of the user's last Context: Query, as a
// read-only markdown document served by a content provider with its own scheme: one document,
// reused and refreshed for each query, never a dirty Untitled buffer. Only the query command
// records the query: a chat or an agent's tool call never replaces what the user asked.
import * as vscode from 'vscode';
import type { QueryResult } from '../../core';
import { summaryMarkdown } from './summaryModel';

export const SUMMARY_SCHEME = 'aria-context-summary';
/** The `.md` ending gives the document the markdown language, so the markdown preview opens it. */
export function summaryUri(): vscode.Uri {
  return vscode.Uri.from({ scheme: SUMMARY_SCHEME, path: '/Query Summary.md' });
}

/** The summary of a query asked in the chat: its own document, so the user's last query stays. */
export function chatSummaryUri(): vscode.Uri {
  return vscode.Uri.from({ scheme: SUMMARY_SCHEME, path: '/Chat Query Summary.md' });
}

export type LastQuery = { text: string; result: QueryResult } | undefined;
export { summaryMarkdown };

export class QuerySummaryProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  private chat: LastQuery;

  constructor(private readonly last: () => LastQuery) {}

  dispose(): void {
    this.changed.dispose();
  }

  provideTextDocumentContent(uri?: vscode.Uri): string {
    const last = uri?.path === chatSummaryUri().path ? this.chat : this.last();
    return last
      ? summaryMarkdown(last)
      : '# Context: no query yet\n\nRun **Context: Query** first; its summary shows here.\n';
  }

  /** Re-renders an open summary document (a new query, or a reload that made it stale). */
  refresh(): void {
    this.changed.fire(summaryUri());
  }

  /** Shows a chat answer's query in the chat summary document. */
  async showForChat(last: NonNullable<LastQuery>): Promise<void> {
    this.chat = last;
    this.changed.fire(chatSummaryUri());
    await openMarkdown(chatSummaryUri());
  }
}

async function openMarkdown(uri: vscode.Uri): Promise<void> {
  const doc = await vscode.workspace.openTextDocument(uri);
  if (doc.languageId !== 'markdown') await vscode.languages.setTextDocumentLanguage(doc, 'markdown');
  await vscode.window.showTextDocument(doc, { preview: false });
}

export async function showQuerySummary(last: LastQuery, provider: QuerySummaryProvider): Promise<void> {
  if (!last) {
    const choice = await vscode.window.showInformationMessage(
      'No query yet: run Context: Query first.',
      'Context: Query',
    );
    if (choice) await vscode.commands.executeCommand('ariaContext.query');
    return;
  }
  provider.refresh();
  await openMarkdown(summaryUri());
}
