// Context: Show Query Summary — the §5 text form of the last query, as an untitled
// markdown document.
import * as vscode from 'vscode';
import { renderSummary } from '../core';
import type { RetrievalService } from './retrievalService';

export async function showQuerySummary(service: RetrievalService): Promise<void> {
  const last = service.lastQuery();
  if (!last) {
    const choice = await vscode.window.showInformationMessage('No query yet: run Context: Query first.', 'Context: Query');
    if (choice) await vscode.commands.executeCommand('ariaContext.query');
    return;
  }
  const content = `# Context: ${last.text}\n\n${renderSummary(last.result)}`;
  const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content });
  await vscode.window.showTextDocument(doc, { preview: false });
}
