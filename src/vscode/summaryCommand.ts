// Context: Show Query Summary — the §5 text form of the user's last Context: Query, as an
// untitled markdown document. Only the query command records it: a chat or an agent's tool call
// never replaces what the user asked.
import * as vscode from 'vscode';
import { renderSummary, type QueryResult } from '../core';

export async function showQuerySummary(last: { text: string; result: QueryResult } | undefined): Promise<void> {
  if (!last) {
    const choice = await vscode.window.showInformationMessage('No query yet: run Context: Query first.', 'Context: Query');
    if (choice) await vscode.commands.executeCommand('ariaContext.query');
    return;
  }
  const content = `# Context: ${last.text}\n\n${renderSummary(last.result)}`;
  const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content });
  await vscode.window.showTextDocument(doc, { preview: false });
}
