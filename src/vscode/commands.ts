// Registers the commands of the extension. Each command is a thin wrapper around the service,
// the file actions and the flows; argument shapes (tree nodes, multi-selection, plain strings)
// are normalised here.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ResultItem } from '../core';
import { sendToChat } from './chat/sendToChat';
import type { FileActions } from './fileActions';
import type { Log } from './log';
import type { QueryCommand } from './queryCommand';
import type { RetrievalService } from './retrievalService';
import { writeKnowledgeFolder } from './settings';
import { showQuerySummary } from './summaryCommand';
import type { TagTreeProvider } from './tagTree';
import { filesBelow, type TreeNode } from './treeModel';

export interface CommandDeps {
  service: RetrievalService;
  actions: FileActions;
  query: QueryCommand;
  tree: TagTreeProvider;
  treeView: vscode.TreeView<TreeNode>;
  log: Log;
}

function isTreeNode(value: unknown): value is TreeNode {
  return !!value && typeof value === 'object' && typeof (value as TreeNode).id === 'string' && typeof (value as TreeNode).kind === 'string';
}

/**
 * The files a command should act on: the clicked node (plus the rest of a multi-selection in
 * the tree), or the tree's selection when invoked from a keybinding.
 */
export function itemsFromArgs(arg: unknown, multi: unknown, treeSelection: readonly TreeNode[]): ResultItem[] {
  const nodes: TreeNode[] = [];
  if (Array.isArray(multi) && multi.length > 0 && isTreeNode(arg) && multi.some((m) => isTreeNode(m) && m.id === arg.id)) {
    nodes.push(...multi.filter(isTreeNode));
  } else if (isTreeNode(arg)) {
    nodes.push(arg);
  } else if (arg === undefined) {
    nodes.push(...treeSelection);
  }
  const seen = new Map<string, ResultItem>();
  for (const node of nodes) for (const item of filesBelow(node)) if (!seen.has(item.absPath)) seen.set(item.absPath, item);
  return [...seen.values()];
}

export function registerCommands(context: vscode.ExtensionContext, deps: CommandDeps): void {
  const { service, actions, query, treeView, log } = deps;
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
  const files = (arg: unknown, multi: unknown) => {
    const items = itemsFromArgs(arg, multi, treeView.selection);
    if (items.length === 0) void vscode.window.showInformationMessage('No knowledge file selected.');
    return items;
  };

  register('ariaContext.query', (arg) => query.run(arg));
  register('ariaContext.showSummary', () => showQuerySummary(query.lastQuery()));
  register('ariaContext.refresh', () => {
    service.reload('Refresh command');
    service.state();
  });
  register('ariaContext.openIndex', () => openIndex(service));
  register('ariaContext.chooseKnowledgeFolder', () => chooseKnowledgeFolder(service));
  register('ariaContext.openSettings', () => vscode.commands.executeCommand('workbench.action.openSettings', 'ariaContext'));
  register('ariaContext.open', async (arg, multi) => {
    const items = files(arg, multi);
    // A single click in the tree opens quietly; the menu's Open on several files reports.
    if (items.length) await actions.open(items, { quiet: items.length === 1 });
  });
  register('ariaContext.openToSide', async (arg, multi) => {
    const items = files(arg, multi);
    if (items.length) await actions.open(items, { side: true, quiet: items.length === 1 });
  });
  register('ariaContext.copyAsContext', async (arg, multi) => {
    const items = files(arg, multi);
    if (items.length) await actions.copyAsContext(items);
  });
  register('ariaContext.sendToChat', async (arg, multi) => {
    const items = files(arg, multi);
    if (items.length) await sendToChat(items, actions, log);
  });
  register('ariaContext.queryTag', async (arg) => {
    const node = isTreeNode(arg) ? arg : treeView.selection[0];
    if (!node?.query) return query.run();
    await query.run(node.query);
  });
}

async function openIndex(service: RetrievalService): Promise<void> {
  const s = service.state();
  const folder = s.kind === 'ready' ? s.snapshot.config.knowledgeFolder : s.kind === 'noIndex' ? s.config.knowledgeFolder : null;
  if (!folder) {
    void vscode.window.showWarningMessage(s.kind === 'ready' ? '' : s.message, 'Choose Knowledge Folder').then((c) => {
      if (c) void vscode.commands.executeCommand('ariaContext.chooseKnowledgeFolder');
    });
    return;
  }
  const index = path.join(folder, 'index.md');
  if (!fs.existsSync(index)) {
    void vscode.window.showWarningMessage(`No knowledge index found at ${index}. Run /index to build it.`);
    return;
  }
  await vscode.window.showTextDocument(vscode.Uri.file(index), { preview: false });
}

/** Folder dialog → the *user* setting ariaContext.knowledgeFolder (never a workspace one). */
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
    void vscode.window.showErrorMessage(`The knowledge folder must be on this machine's file system (got ${uri.toString()}).`);
    return;
  }
  await writeKnowledgeFolder(uri.fsPath);
  service.reload(`knowledge folder chosen: ${uri.fsPath}`);
  const s = service.state();
  if (s.kind === 'ready') {
    void vscode.window.showInformationMessage(`Knowledge folder set to ${uri.fsPath}.`);
  } else {
    void vscode.window.showWarningMessage(`Knowledge folder set to ${uri.fsPath}. ${s.message}`);
  }
}
