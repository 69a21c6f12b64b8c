// Registers the commands of the extension. Each command is a thin wrapper around the service,
// the file actions and the flows; arguments (tree nodes, multi-selection, URIs, strings) only
// name paths, which commandItemsModel.ts looks up again in the current snapshot.
import { configToOpen, notReadyActions } from './knowledgeStateModel';
import { runStateAction } from './stateActions';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { sendToChat } from '../chat/sendToChat';
import { commandItems, pathRefusals, queryPaths, requestedPaths } from './commandItemsModel';
import type { FileActions } from './fileActions';
import type { Log } from './log';
import type { QueryCommand } from '../query/queryCommand';
import type { RetrievalService } from './retrievalService';
import { writeKnowledgeFolder } from './settings';
import { settingsTarget } from './settingsTargetModel';
import { showQuerySummary, type QuerySummaryProvider } from '../query/summaryCommand';
import type { TagTreeProvider } from '../tree/tagTree';
import { registerTreeCommands } from '../tree/treeCommands';
import type { TreeNode } from '../tree/treeModel';

export interface CommandDeps {
  service: RetrievalService;
  actions: FileActions;
  query: QueryCommand;
  tree: TagTreeProvider;
  treeView: vscode.TreeView<TreeNode>;
  summary: QuerySummaryProvider;
  log: Log;
}

function isTreeNode(value: unknown): value is TreeNode {
  return (
    !!value &&
    typeof value === 'object' &&
    typeof (value as TreeNode).id === 'string' &&
    typeof (value as TreeNode).kind === 'string'
  );
}

export function registerCommands(context: vscode.ExtensionContext, deps: CommandDeps): void {
  const { service, actions, query, tree, treeView, summary, log } = deps;
  const register = (id: string, fn: (...args: unknown[]) => unknown) =>
    context.subscriptions.push(
      vscode.commands.registerCommand(id, async (...args: unknown[]) => {
        try {
          await fn(...args);
        } catch (err) {
          log.info(`${id} failed: ${(err as Error).stack ?? String(err)}`);
          void vscode.window.showErrorMessage(`aria-context: ${(err as Error).message}`);
        }
      }),
    );
  /** §9 The arguments only name paths; the items are found again in the current snapshot. */
  const files = (arg: unknown, multi: unknown, verb: string) => {
    const paths = requestedPaths(arg, multi, treeView.selection, queryPaths(service.counter()));
    const { items, refused } = commandItems(service.snapshot(), paths, service.today());
    const refusedPaths = pathRefusals(refused, verb);
    if (refusedPaths) log.info(refusedPaths);
    if (items.length === 0) {
      if (refusedPaths) void vscode.window.showWarningMessage(refusedPaths);
      else void vscode.window.showInformationMessage('No knowledge file selected.');
    }
    return { items, refusedPaths };
  };

  registerTreeCommands(register, tree, treeView);
  register('ariaContext.query', (arg) => query.run(arg));
  register('ariaContext.showSummary', () => showQuerySummary(query.lastQuery(), summary));
  register('ariaContext.refresh', () => {
    service.reload('Refresh command');
    service.state();
  });
  register('ariaContext.openIndex', () => openIndex(service, log));
  register('ariaContext.chooseKnowledgeFolder', () => chooseKnowledgeFolder(service));
  register('ariaContext.openSettings', () => openExtensionSettings());
  register('ariaContext.openConfigFile', () => openConfigFile(service));
  register('ariaContext.open', async (arg, multi) => {
    const { items, refusedPaths } = files(arg, multi, 'opened');
    // A single click in the tree opens quietly; the menu's Open on several files reports.
    if (items.length) await actions.open(items, { quiet: items.length === 1, refusedPaths });
  });
  register('ariaContext.openToSide', async (arg, multi) => {
    const { items, refusedPaths } = files(arg, multi, 'opened');
    // The files open beside the editor: the result is in view, so no "Opened N files" message.
    if (items.length) await actions.open(items, { side: true, quiet: true, refusedPaths });
  });
  register('ariaContext.copyAsContext', async (arg, multi) => {
    const { items, refusedPaths } = files(arg, multi, 'read');
    if (items.length) await actions.copyAsContext(items, undefined, refusedPaths);
  });
  register('ariaContext.sendToChat', async (arg, multi) => {
    const { items, refusedPaths } = files(arg, multi, 'sent');
    if (items.length) await sendToChat(items, actions, log, refusedPaths, isTreeNode(arg) ? arg.query : undefined);
  });
  register('ariaContext.queryTag', async (arg) => {
    const node = isTreeNode(arg) ? arg : treeView.selection[0];
    if (!node?.query) return query.run();
    await query.run(node.query);
  });
}

async function openIndex(service: RetrievalService, log: Log): Promise<void> {
  const s = service.state();
  if (s.kind !== 'ready') {
    // No folder, no index.md or an unreadable one: the core's message names which, with its fixes.
    const choice = await vscode.window.showWarningMessage(s.message, ...notReadyActions(s));
    if (choice) await runStateAction(choice, log);
    return;
  }
  const index = path.join(s.snapshot.config.knowledgeFolder, 'index.md');
  if (!fs.existsSync(index)) {
    void vscode.window.showWarningMessage(`${index} is gone; the view refreshes when it is back.`);
    return;
  }
  await vscode.window.showTextDocument(vscode.Uri.file(index), { preview: false });
}

/** The config file that named the knowledge folder (or the settings, when a setting named it). */
async function openConfigFile(service: RetrievalService): Promise<void> {
  const s = service.state();
  const config = s.kind === 'ready' ? s.snapshot.config : s.kind === 'noIndex' ? s.config : undefined;
  const file = config ? configToOpen(config) : null;
  if (!file) return openExtensionSettings();
  await vscode.window.showTextDocument(vscode.Uri.file(file), { preview: false });
}

async function openExtensionSettings(): Promise<void> {
  const target = settingsTarget(vscode.env.remoteName);
  await vscode.commands.executeCommand(target.command, { query: target.query });
}

/** Folder dialog → the *user* (or, in a remote window, the remote machine) setting, never a workspace one. */
async function chooseKnowledgeFolder(service: RetrievalService): Promise<void> {
  const home = process.env.HOME || os.homedir();
  const picked = await vscode.window.showOpenDialog({
    canSelectFiles: false,
    canSelectFolders: true,
    canSelectMany: false,
    openLabel: 'Use as Knowledge Folder',
    title: 'Choose your aria-knowledge folder (the one holding index.md)',
    defaultUri: vscode.Uri.file(home),
  });
  const uri = picked?.[0];
  if (!uri) return;
  if (uri.scheme !== 'file') {
    void vscode.window.showErrorMessage(
      `The knowledge folder must be on this machine's file system (got ${uri.toString()}).`,
    );
    return;
  }
  const hasIndex = fs.existsSync(path.join(uri.fsPath, 'index.md'));
  if (!hasIndex) {
    const choice = await vscode.window.showWarningMessage(
      `${uri.fsPath} has no index.md.`,
      {
        modal: true,
        detail:
          'aria-context lists what index.md catalogues. Use this folder anyway (run /index in your aria-knowledge agent to write index.md there), or choose the folder that holds index.md.',
      },
      'Use Anyway',
      'Choose Another Folder',
    );
    if (choice === 'Choose Another Folder') return chooseKnowledgeFolder(service);
    if (choice !== 'Use Anyway') return;
  }
  await writeKnowledgeFolder(uri.fsPath);
  service.reload(`knowledge folder chosen: ${uri.fsPath}`);
  const s = service.state();
  const stored = `Knowledge folder set to ${uri.fsPath} (stored in ${settingsTarget(vscode.env.remoteName).where}).`;
  if (s.kind === 'ready') void vscode.window.showInformationMessage(stored);
  else void vscode.window.showWarningMessage(`${stored} ${s.message}`);
}
