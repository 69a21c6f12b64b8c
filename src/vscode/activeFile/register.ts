// The active file's knowledge: the status bar item, the tag tree's top rows and Query for the Active File.
import * as vscode from 'vscode';
import type { BackgroundWork } from '../shared/backgroundWorkModel';
import type { Log } from '../shared/log';
import type { RetrievalService } from '../shared/retrievalService';
import { ActiveFileKnowledgeView, QUERY_ACTIVE_FILE_COMMAND, type IndexHealthSource } from './activeFile';

/** The view, which the tree shows at its top and chat asks for the active file's query. */
export function register(
  context: vscode.ExtensionContext,
  service: RetrievalService,
  log: Log,
  work: BackgroundWork,
  health: IndexHealthSource,
): ActiveFileKnowledgeView {
  const activeFile = new ActiveFileKnowledgeView(service, health, log, work);
  context.subscriptions.push(
    activeFile,
    vscode.commands.registerCommand(QUERY_ACTIVE_FILE_COMMAND, () => activeFile.runQuery()),
  );
  return activeFile;
}
