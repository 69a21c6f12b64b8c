// Entry point of the VS Code extension. Activation only wires objects together: nothing is
// read from disk until a view, a command, the chat, a tool or the status bar item asks the
// retrieval service (the item asks once startup has finished, unless
// ariaContext.activeFile.enabled is off).
import * as vscode from 'vscode';
import { workerIndexChecker, workerIndexLoader } from './indexWorker/client';
import { ActiveFileKnowledgeView, QUERY_ACTIVE_FILE_COMMAND } from './vscode/activeFile';
import { createApi, type AriaContextApi } from './vscode/api';
import { participantHandler } from './vscode/chat/participant';
import { registerChat } from './vscode/chat/registerChat';
import { registerCommands } from './vscode/commands';
import { FileActions } from './vscode/fileActions';
import { IndexDiagnostics } from './vscode/indexDiagnostics';
import { createLog } from './vscode/log';
import { QueryCommand } from './vscode/queryCommand';
import { RetrievalService } from './vscode/retrievalService';
import { QuerySummaryProvider, SUMMARY_SCHEME } from './vscode/summaryCommand';
import { affectsPathSettings, SECTION } from './vscode/settings';
import { TagTreeProvider } from './vscode/tagTree';
import { KnowledgeWatchers } from './vscode/watchers';
import { registerMcpServer } from './vscode/mcpServer';

export function activate(context: vscode.ExtensionContext): AriaContextApi {
  const started = performance.now();
  const channel = vscode.window.createOutputChannel('aria-context');
  const log = createLog(channel);
  // index.md is re-read, and checked, on a worker thread after a change on disk: a large index never blocks the editor.
  const indexWorker = vscode.Uri.joinPath(context.extensionUri, 'dist', 'indexWorker.js').fsPath;
  const service = new RetrievalService(log, workerIndexLoader(indexWorker));
  const watchers = new KnowledgeWatchers(log);
  const actions = new FileActions(log, () => service.snapshot()?.config);
  const query = new QueryCommand(service, actions, context.globalState, log);
  const tree = new TagTreeProvider(service, log, context.globalState);
  const treeView = vscode.window.createTreeView('ariaContext.tags', { treeDataProvider: tree, showCollapseAll: true, canSelectMany: true });
  const summary = new QuerySummaryProvider(() => query.lastQuery());
  context.subscriptions.push(channel, service, watchers, service.connect(watchers), query, tree, treeView, summary, ...tree.track(treeView));
  context.subscriptions.push(
    vscode.workspace.registerTextDocumentContentProvider(SUMMARY_SCHEME, summary),
    query.onDidRecord(() => summary.refresh()),
  );

  // Knowledge for the active file and the index's health: one status bar item, the tree's top rows.
  const diagnostics = new IndexDiagnostics(service, log, workerIndexChecker(indexWorker));
  const activeFile = new ActiveFileKnowledgeView(service, diagnostics, log);
  tree.setTopSection(activeFile);
  const derivedQuery = () => activeFile.derivedNow();
  context.subscriptions.push(
    diagnostics,
    activeFile,
    vscode.commands.registerCommand(QUERY_ACTIVE_FILE_COMMAND, () => activeFile.runQuery()),
    vscode.commands.registerCommand('ariaContext.checkIndex', async () => {
      try {
        await diagnostics.run();
      } catch (err) {
        log.info(`Check Index failed: ${(err as Error).stack ?? String(err)}`);
        void vscode.window.showErrorMessage(`aria-context: ${(err as Error).message}`);
      }
    }),
  );

  registerCommands(context, { service, actions, query, tree, treeView, summary, log });
  registerChat(context, service, actions, log, derivedQuery);
  context.subscriptions.push(...registerMcpServer(context, log));

  const reloadAndFollow = (reason: string) => {
    const wasLoaded = service.isLoaded;
    service.reload(reason);
    // Re-read at once only if something already used the data: that also re-creates the watchers.
    if (wasLoaded) service.state();
  };
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (affectsPathSettings(e)) reloadAndFollow('settings changed');
      else if (e.affectsConfiguration(SECTION)) log.info('Settings changed');
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(() => reloadAndFollow('workspace trusted')),
    vscode.workspace.onDidChangeWorkspaceFolders(() => reloadAndFollow('workspace folders changed')),
  );

  log.info(`Activated in ${Math.round(performance.now() - started)} ms`);
  return createApi(service, tree, watchers, participantHandler(service, log, derivedQuery));
}

export function deactivate(): void {}
