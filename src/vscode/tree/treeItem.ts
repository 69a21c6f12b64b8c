// A tree node as the TreeItem the view shows (tagTree.ts's getTreeItem): its label, counts,
// tooltip, icon and the command a click runs.
import * as vscode from 'vscode';
import { type TreeNode } from '../shared/treeRows';

/** `open`: shown open (true), closed (false), or a row without rows (undefined). */
export function treeItem(node: TreeNode, open: boolean | undefined): vscode.TreeItem {
  const collapsible =
    open === undefined
      ? vscode.TreeItemCollapsibleState.None
      : open
        ? vscode.TreeItemCollapsibleState.Expanded
        : vscode.TreeItemCollapsibleState.Collapsed;
  const item = new vscode.TreeItem(node.label, collapsible);
  item.id = node.id;
  item.description = node.description;
  // A file's tooltip (the tags it has anywhere in the tree) is worked out on hover: resolveTreeItem.
  if (!node.file) item.tooltip = node.tooltip;
  item.contextValue = node.contextValue;
  item.iconPath = new vscode.ThemeIcon(node.icon);
  if (node.command) item.command = { command: node.command.id, title: node.label, arguments: node.command.args };
  // A file the reader would not load keeps its warning or error icon and opens nothing (§9).
  if (node.file && node.file.problem === null) {
    item.resourceUri = vscode.Uri.file(node.file.absPath);
    item.iconPath = vscode.ThemeIcon.File;
    item.command = { command: 'ariaContext.open', title: 'Open', arguments: [node] };
  }
  return item;
}
