// Entry point of the VS Code extension: builds the few shared services (the retrieval service, the
// log, the watchers, the file actions, the background work), then lets each feature of src/vscode
// register itself, handing it what it needs of the others. From activation the index is read on
// the index worker (the Tags view shows its loading row meanwhile). What the tree's rows do not
// need (the status bar's counts, the index health check, the menus' file list) is background
// work: it waits for that read and for the rows, or for a short while after activation when the
// view is hidden (backgroundWorkModel.ts).
import * as vscode from 'vscode';
import { IndexWorker } from './indexWorker/client';
import * as activeFile from './vscode/activeFile/register';
import * as chat from './vscode/chat/register';
import * as connect from './vscode/connect/register';
import * as diagnosticsLog from './vscode/diagnostics/register';
import * as files from './vscode/files/register';
import * as health from './vscode/health/register';
import * as mcpServer from './vscode/mcpServer/register';
import * as query from './vscode/query/register';
import * as rebuild from './vscode/rebuild/register';
import * as setup from './vscode/setup/register';
import { createApi, type AriaContextApi } from './vscode/shared/api';
import { BackgroundWork } from './vscode/shared/backgroundWorkModel';
import { FileActions } from './vscode/shared/fileActions';
import { createLog } from './vscode/shared/log';
import { LoopDelayProbe } from './vscode/shared/loopDelay';
import { RetrievalService } from './vscode/shared/retrievalService';
import { KnowledgeWatchers } from './vscode/shared/watchers';
import { reloadOnWorkspaceChanges } from './vscode/shared/workspaceChanges';
import * as tree from './vscode/tree/register';

/** Background work waits for the tag tree to be quiet this long after its last request (the workbench is still painting the rows)… */
const BACKGROUND_QUIET_MS = 1_000;
/** …and, after activation, this long for a click on the (hidden) view that activation often precedes… */
const BACKGROUND_START_DELAY_MS = 2_000;
/** …but never longer than this for a visible tree's rows. */
const BACKGROUND_MAX_WAIT_MS = 5_000;

export function activate(context: vscode.ExtensionContext): AriaContextApi {
  const started = performance.now();
  const loopDelay = new LoopDelayProbe();
  const channel = vscode.window.createOutputChannel('aria-context');
  const log = createLog(channel);
  const work = new BackgroundWork({
    quietMs: BACKGROUND_QUIET_MS,
    startDelayMs: BACKGROUND_START_DELAY_MS,
    maxWaitMs: BACKGROUND_MAX_WAIT_MS,
    onError: (key, err) => log.info(`Background work "${key}" failed: ${(err as Error).stack ?? String(err)}`),
  });
  // index.md is re-read, and checked, on a worker thread after a change on disk: a large index never blocks the editor.
  const worker = new IndexWorker(vscode.Uri.joinPath(context.extensionUri, 'dist', 'indexWorker.js').fsPath);
  const service = new RetrievalService(log, work, worker.loader);
  // The first read of index.md runs on the worker from now on; work that reads the state waits for it.
  work.waitFor(service.prepare());
  const watchers = new KnowledgeWatchers(log);
  const actions = new FileActions(log, () => service.snapshot()?.config);
  context.subscriptions.push(
    { dispose: () => work.dispose() },
    loopDelay,
    worker,
    channel,
    service,
    watchers,
    service.connect(watchers),
  );
  const services = { service, log, work, actions, watchers, loopDelay, activatedAt: started };

  // The features, each registering its own commands, views and listeners, given what it needs of the others.
  const diagnostics = health.register(context, services, worker);
  const activeFileView = activeFile.register(context, services, diagnostics);
  const derivedQuery = () => activeFileView.derivedNow();
  const chatFeature = chat.register(context, services, derivedQuery, mcpServer.register(context, services));
  const runQuery = query.register(context, services, chatFeature.sendToChat);
  const tagTree = tree.register(context, services, activeFileView, runQuery);
  files.register(context, services, tagTree.selection, chatFeature.sendToChat);
  setup.register(context, services);
  rebuild.register(context, services, worker);
  connect.register(context);
  diagnosticsLog.register(context, services);
  context.subscriptions.push(...reloadOnWorkspaceChanges(service, log));

  log.info(`Activated in ${Math.round(performance.now() - started)} ms`);
  return createApi(service, tagTree.nodes, watchers, chatFeature.requestHandler, loopDelay);
}

export function deactivate(): void {}
