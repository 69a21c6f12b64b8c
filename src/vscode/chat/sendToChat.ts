// Send to Chat: put the picked files into the chat input as attachments. Feature-detected:
// chat.open with attachFiles (VS Code 1.103+), else chat.attachFile per file, else no chat at
// all → Copy as Context to the clipboard, and the message says so.
import * as vscode from 'vscode';
import { loadedLine, plural, type ResultItem } from '../../core';
import { refusalMessage } from '../containment';
import type { FileActions } from '../fileActions';
import type { Log } from '../log';
import { ATTACH_FILE, chooseChatRoute, OPEN_CHAT, type ChatRoute } from './chatRoute';
import { formatTokens, sizeReport } from './tokenEstimate';

export async function chatRoute(): Promise<ChatRoute> {
  const aiDisabled = vscode.workspace.getConfiguration('chat').get<boolean>('disableAIFeatures') === true;
  return chooseChatRoute(new Set(await vscode.commands.getCommands(true)), vscode.version, aiDisabled);
}

export async function sendToChat(items: readonly ResultItem[], actions: FileActions, log: Log, refusedPaths = ''): Promise<number> {
  const { ok, refused } = actions.check(items); // the reader's verdict, from the configuration
  const refusedText = `${refusalMessage(refused, 'sent')} ${refusedPaths}`.trim();
  if (ok.length === 0) {
    void vscode.window.showWarningMessage(`Nothing was sent to the chat. ${refusedText}`.trim());
    return 0;
  }

  const route = await chatRoute();
  if (route === 'none') {
    log.info('Send to Chat: no chat in this editor, copying instead');
    await actions.copyAsContext(ok.map((o) => o.item), 'This editor has no AI chat, so the files were copied to the clipboard instead: paste them where you need them.', refusedText);
    return 0;
  }

  const sized = ok.map(({ item, bytes }) => ({ path: item.path, bytes }));
  const { total, lines } = sizeReport(sized);
  const threshold = vscode.workspace.getConfiguration('ariaContext').get<number>('chat.confirmAboveTokens', 20000);
  if (threshold > 0 && total > threshold) {
    const choice = await vscode.window.showWarningMessage(
      `Send ${plural(ok.length, 'knowledge file')} (${formatTokens(total)}) to the chat?`,
      { modal: true, detail: `${lines.join('\n')}\n\nThe limit for sending without asking is set by ariaContext.chat.confirmAboveTokens.` },
      'Send',
    );
    if (choice !== 'Send') return 0;
  }

  const uris = ok.map((o) => vscode.Uri.file(o.realPath));
  try {
    if (route === 'openWithAttachments') {
      await vscode.commands.executeCommand(OPEN_CHAT, { query: '', isPartialQuery: true, attachFiles: uris });
    } else {
      for (const uri of uris) await vscode.commands.executeCommand(ATTACH_FILE, uri);
    }
  } catch (err) {
    log.info(`Send to Chat failed (${route}): ${(err as Error).message}; copying instead`);
    await actions.copyAsContext(ok.map((o) => o.item), 'The chat did not accept the files, so they were copied to the clipboard instead.');
    return 0;
  }
  log.info(`Send to Chat (${route}): ${lines.join(', ')}`);
  const message = `Attached ${plural(ok.length, 'file')} to the chat input (${formatTokens(total)}). ${loadedLine(ok.length)}`;
  if (refusedText) void vscode.window.showWarningMessage(`${message} ${refusedText}`);
  else void vscode.window.showInformationMessage(message);
  return ok.length;
}
