// What the menus do to picked knowledge files: Open, Open to the Side, Copy as Context and Send to
// Chat. The arguments (tree rows, a multi-selection, URIs, strings) only name paths, which
// commandItemsModel.ts looks up again in the current snapshot (§9).
import * as vscode from 'vscode';
import { commandItems, pathRefusals, queryPaths, requestedPaths } from '../shared/commandItemsModel';
import type { SendToChat } from '../shared/fileActions';
import { registerCommand } from '../shared/registerCommand';
import type { Services } from '../shared/services';
import { isTreeNode, type TreeNode } from '../shared/treeRows';

/** `selection`: the Tags view's selected rows, which a command run from the palette acts on. */
export function register(
  context: vscode.ExtensionContext,
  { service, actions, log }: Services,
  selection: () => readonly TreeNode[],
  sendToChat: SendToChat,
): void {
  const files = (arg: unknown, multi: unknown, verb: string) => {
    const paths = requestedPaths(arg, multi, selection(), queryPaths(service.counter()));
    const { items, refused } = commandItems(service.snapshot(), paths, service.today());
    const refusedPaths = pathRefusals(refused, verb);
    if (refusedPaths) log.info(refusedPaths);
    if (items.length === 0) {
      if (refusedPaths) vscode.window.showWarningMessage(refusedPaths);
      else vscode.window.showInformationMessage('No knowledge file selected.');
    }
    return { items, refusedPaths };
  };
  context.subscriptions.push(
    registerCommand(log, 'ariaContext.open', async (arg, multi) => {
      const { items, refusedPaths } = files(arg, multi, 'opened');
      // A single click in the tree opens quietly; the menu's Open on several files reports.
      if (items.length) await actions.open(items, { quiet: items.length === 1, refusedPaths });
    }),
    registerCommand(log, 'ariaContext.openToSide', async (arg, multi) => {
      const { items, refusedPaths } = files(arg, multi, 'opened');
      // The files open beside the editor: the result is in view, so no "Opened N files" message.
      if (items.length) await actions.open(items, { side: true, quiet: true, refusedPaths });
    }),
    registerCommand(log, 'ariaContext.copyAsContext', async (arg, multi) => {
      const { items, refusedPaths } = files(arg, multi, 'read');
      if (items.length) await actions.copyAsContext(items, undefined, refusedPaths);
    }),
    registerCommand(log, 'ariaContext.sendToChat', async (arg, multi) => {
      const { items, refusedPaths } = files(arg, multi, 'sent');
      if (items.length) await sendToChat(items, refusedPaths, isTreeNode(arg) ? arg.query : undefined);
    }),
  );
}
