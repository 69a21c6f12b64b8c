// The active file's knowledge: the status bar item, the tag tree's top rows and Query for the Active File.
import * as vscode from 'vscode';
import type { Services } from '../shared/services';
import { ActiveFileKnowledgeView, QUERY_ACTIVE_FILE_COMMAND, type IndexHealthSource } from './activeFile';

/** The view, which the tree shows at its top and chat asks for the active file's query. */
export function register(
  context: vscode.ExtensionContext,
  { service, log, work }: Services,
  health: IndexHealthSource,
): ActiveFileKnowledgeView {
  const activeFile = new ActiveFileKnowledgeView(service, health, log, work);
  context.subscriptions.push(
    activeFile,
    vscode.commands.registerCommand(QUERY_ACTIVE_FILE_COMMAND, () => activeFile.runQuery()),
  );
  return activeFile;
}
