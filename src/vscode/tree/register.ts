// The Tags view (`ariaContext.tags`): its provider, the view, its commands (Go to Tag, Reveal,
// the sort, Query This Tag) and the first read of the index on the worker, from activation.
import * as vscode from 'vscode';
import { registerCommand, type CommandHandler } from '../shared/registerCommand';
import type { Services } from '../shared/services';
import { isTreeNode, type TreeNode } from '../shared/treeRows';
import { TagTreeProvider, type TopSection } from './tagTree';
import { registerTreeCommands } from './treeCommands';

/** What the tree gives the other features: its rows (for the extension's API) and the selection the file commands act on. */
export interface TagTree {
  nodes(): TreeNode[];
  selection(): readonly TreeNode[];
}

export function register(
  context: vscode.ExtensionContext,
  { service, log, work, activatedAt }: Services,
  top: TopSection,
  runQuery: (text?: string) => Promise<void>,
): TagTree {
  const tree = new TagTreeProvider(service, log, context.globalState, { work, activatedAt }, context.workspaceState);
  const treeView = vscode.window.createTreeView('ariaContext.tags', {
    treeDataProvider: tree,
    showCollapseAll: true,
    canSelectMany: true,
  });
  work.treeVisible(treeView.visible);
  context.subscriptions.push(
    treeView.onDidChangeVisibility((e) => work.treeVisible(e.visible)),
    tree,
    treeView,
    ...tree.track(treeView),
  );
  tree.setTopSection(top);
  const command = (id: string, fn: CommandHandler) => context.subscriptions.push(registerCommand(log, id, fn));
  registerTreeCommands(command, tree, treeView);
  command('ariaContext.queryTag', async (arg) => {
    const node = isTreeNode(arg) ? arg : treeView.selection[0];
    if (!node?.query) return runQuery();
    await runQuery(node.query);
  });
  // The index read on the worker from activation on: a view opening now shows the loading row
  // meanwhile (never a blank pane), and a later click finds the index read.
  tree.loadFirst();
  return { nodes: () => tree.nodes(), selection: () => treeView.selection };
}
