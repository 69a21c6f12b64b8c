// Entry point of the VS Code extension. Activation only wires objects together; just after it,
// the index is read and the tag tree's root rows are built (the workbench is still opening the
// view, which usually brought the activation). What those rows do not need (the status bar's
// counts, the index health check, the menus' file list) is background work: it waits for the
// rows, or for a short while after activation when the view is hidden (backgroundWorkModel.ts).
import * as vscode from 'vscode';
import { IndexWorker } from './indexWorker/client';
import { BackgroundWork } from './vscode/shared/backgroundWorkModel';
import { ActiveFileKnowledgeView, QUERY_ACTIVE_FILE_COMMAND } from './vscode/activeFile/activeFile';
import { createApi, type AriaContextApi } from './vscode/shared/api';
import { participantHandler } from './vscode/chat/participant';
import { registerChat } from './vscode/chat/registerChat';
import { registerCommands } from './vscode/shared/commands';
import { CONNECT_AGENTS_COMMAND, connectAgents } from './vscode/connect/connectAgents';
import { FileActions } from './vscode/shared/fileActions';
import { IndexDiagnostics } from './vscode/health/indexDiagnostics';
import { watchStaleTags } from './vscode/health/staleTagsHint';
import { IndexQuickFixes } from './vscode/health/quickFixes';
import { registerHealthCommands } from './vscode/health/healthCommands';
import { registerRebuildCommands } from './vscode/rebuild/rebuildCommand';
import { createLog } from './vscode/shared/log';
import { QueryCommand } from './vscode/query/queryCommand';
import { RetrievalService } from './vscode/shared/retrievalService';
import { QuerySummaryProvider, SUMMARY_SCHEME } from './vscode/query/summaryCommand';
import { affectsPathSettings, SECTION } from './vscode/shared/settings';
import { TagTreeProvider } from './vscode/tree/tagTree';
import { KnowledgeWatchers } from './vscode/shared/watchers';
import { registerMcpServer } from './vscode/mcp/mcpServer';

/** Background work waits for the tag tree to be quiet this long after its last request (the workbench is still painting the rows)… */
const BACKGROUND_QUIET_MS = 1_000;
/** …and, after activation, this long for a click on the (hidden) view that activation often precedes… */
const BACKGROUND_START_DELAY_MS = 2_000;
/** …but never longer than this for a visible tree's rows. */
const BACKGROUND_MAX_WAIT_MS = 5_000;

export function activate(context: vscode.ExtensionContext): AriaContextApi {
  const started = performance.now();
  const channel = vscode.window.createOutputChannel('aria-context');
  const log = createLog(channel);
  const work = new BackgroundWork({
    quietMs: BACKGROUND_QUIET_MS,
    startDelayMs: BACKGROUND_START_DELAY_MS,
    maxWaitMs: BACKGROUND_MAX_WAIT_MS,
    onError: (key, err) => log.info(`Background work "${key}" failed: ${(err as Error).stack ?? String(err)}`),
  });
  context.subscriptions.push({ dispose: () => work.dispose() });
  // index.md is re-read, and checked, on a worker thread after a change on disk: a large index never blocks the editor.
  const indexWorker = new IndexWorker(vscode.Uri.joinPath(context.extensionUri, 'dist', 'indexWorker.js').fsPath);
  context.subscriptions.push(indexWorker);
  const service = new RetrievalService(log, work, indexWorker.loader);
  const watchers = new KnowledgeWatchers(log);
  const actions = new FileActions(log, () => service.snapshot()?.config);
  const query = new QueryCommand(service, actions, context.globalState, log);
  const tree = new TagTreeProvider(
    service,
    log,
    context.globalState,
    { work, activatedAt: started },
    context.workspaceState,
  );
  const treeView = vscode.window.createTreeView('ariaContext.tags', {
    treeDataProvider: tree,
    showCollapseAll: true,
    canSelectMany: true,
  });
  work.treeVisible(treeView.visible);
  context.subscriptions.push(treeView.onDidChangeVisibility((e) => work.treeVisible(e.visible)));
  const summary = new QuerySummaryProvider(() => query.lastQuery());
  context.subscriptions.push(
    channel,
    service,
    watchers,
    service.connect(watchers),
    query,
    tree,
    treeView,
    summary,
    ...tree.track(treeView),
  );
  context.subscriptions.push(
    vscode.workspace.registerTextDocumentContentProvider(SUMMARY_SCHEME, summary),
    query.onDidRecord(() => summary.refresh()),
  );

  // Knowledge for the active file and the index's health: one status bar item, the tree's top rows.
  const diagnostics = new IndexDiagnostics(
    service,
    log,
    watchers.onDidEditNote,
    work,
    indexWorker.check,
    indexWorker.checkText,
    context.workspaceState,
  );
  const activeFile = new ActiveFileKnowledgeView(service, diagnostics, log, work);
  tree.setTopSection(activeFile);
  const derivedQuery = () => activeFile.derivedNow();
  context.subscriptions.push(
    diagnostics,
    activeFile,
    ...registerHealthCommands(service),
    ...registerRebuildCommands(service, log),
    vscode.languages.registerCodeActionsProvider(
      { scheme: 'file', pattern: '**/index.md' },
      new IndexQuickFixes(service, (line) => diagnostics.checkedLine(line)),
      IndexQuickFixes.metadata,
    ),
    vscode.commands.registerCommand(QUERY_ACTIVE_FILE_COMMAND, () => activeFile.runQuery()),
    watchStaleTags(service, watchers.onDidEditNote, log),
    vscode.commands.registerCommand(CONNECT_AGENTS_COMMAND, () => connectAgents(context)),
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
  registerChat(context, service, actions, log, summary, derivedQuery);
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

  // The index and the tree's rows, read and built before the view is opened; a view opening now
  // asks first and shows a loading row meanwhile (never a blank pane).
  tree.prepareSoon();

  log.info(`Activated in ${Math.round(performance.now() - started)} ms`);
  return createApi(service, tree, watchers, participantHandler(service, log, derivedQuery));
}

export function deactivate(): void {}
