// Commands that navigate the tag tree: Go to Tag… (a quick pick over every tag node, then
// TreeView.reveal), Reveal Active File (the nodes of the note in the active editor), Reveal in
// Explorer and Copy Path on file nodes, and the tag sort order (remembered per user).
import * as vscode from 'vscode';
import type { TagTreeProvider } from './tagTree';
import type { TreeNode } from '../shared/treeRows';
import { fileNodesFor, nodeById, tagEntries, type TagNodePlace } from './treeNavModel';

type EntryPick = vscode.QuickPickItem & { entry: TagNodePlace };

function pickOf(entry: TagNodePlace): EntryPick {
  return {
    label: `$(${entry.node.icon}) ${entry.node.label}`,
    description: entry.node.description,
    detail: entry.where,
    entry,
  };
}

async function reveal(view: vscode.TreeView<TreeNode>, node: TreeNode): Promise<void> {
  await view.reveal(node, { select: true, focus: true, expand: node.kind !== 'file' });
}

export function registerTreeCommands(
  register: (id: string, fn: (...args: unknown[]) => unknown) => void,
  tree: TagTreeProvider,
  view: vscode.TreeView<TreeNode>,
): void {
  // Rows are built on the way (and their parents recorded, which reveal walks up).
  const childrenOf = (node: TreeNode) => tree.childrenOf(node);
  register('ariaContext.goToTag', async () => {
    const entries = tagEntries(tree.rows(), childrenOf);
    if (entries.length === 0) {
      vscode.window.showInformationMessage('The tag tree has no tags yet.');
      return;
    }
    const choice = await vscode.window.showQuickPick(entries.map(pickOf), {
      title: 'Context: Go to Tag',
      placeHolder: `Type to find one of ${entries.length} tags and projects`,
      matchOnDescription: false,
      matchOnDetail: false,
    });
    if (choice) await reveal(view, choice.entry.node);
  });

  register('ariaContext.revealActiveFile', async () => {
    const uri = vscode.window.activeTextEditor?.document.uri;
    if (!uri || uri.scheme !== 'file') {
      vscode.window.showInformationMessage('Open a knowledge file in the editor first.');
      return;
    }
    const found = fileNodesFor(tree.rows(), uri.fsPath, childrenOf);
    if (found.length === 0) {
      vscode.window.showInformationMessage(
        `${vscode.workspace.asRelativePath(uri)} is not in the tag tree: index.md does not list it under a tag.`,
      );
      return;
    }
    const choice =
      found.length === 1
        ? found[0]
        : (
            await vscode.window.showQuickPick(found.map(pickOf), {
              title: 'Context: Reveal Active File — it sits under these tags',
            })
          )?.entry;
    if (choice) await reveal(view, choice.node);
  });

  const fileOf = (arg: unknown): TreeNode | undefined => {
    const node = arg && typeof arg === 'object' && 'id' in arg ? (arg as TreeNode) : view.selection[0];
    // Re-found by id in the current tree: an argument's own fields are not trusted.
    return node ? nodeById(tree.rows(), node.id, childrenOf) : undefined;
  };
  register('ariaContext.revealInExplorer', async (arg) => {
    const node = fileOf(arg);
    if (node?.file) await vscode.commands.executeCommand('revealInExplorer', vscode.Uri.file(node.file.absPath));
  });
  register('ariaContext.copyPath', async (arg) => {
    const node = fileOf(arg);
    if (!node?.file) return;
    await vscode.env.clipboard.writeText(node.file.absPath);
    vscode.window.setStatusBarMessage(`Copied ${node.file.absPath}`, 3000);
  });
  register('ariaContext.sortByName', () => tree.setSort('name'));
  register('ariaContext.sortByCount', () => tree.setSort('count'));
  // The checked menu items (the sort in force, shown with a ✓): choosing one keeps it.
  // VS Code 1.139 takes no `toggled` from an extension's commands, so each order has a checked twin.
  register('ariaContext.sortByNameChecked', () => tree.setSort('name'));
  register('ariaContext.sortByCountChecked', () => tree.setSort('count'));
}
