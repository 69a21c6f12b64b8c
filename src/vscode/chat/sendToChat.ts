// Send to Chat: put the picked files into the chat input as attachments. Feature-detected:
// chat.open with attachFiles (VS Code 1.103+), else chat.attachFile per file, else no chat at
// all → Copy as Context to the clipboard, and the message says so. Many files: the user is
// asked first (sendPlanModel.ts), the attachments go in batches under a cancellable progress
// notification, and one message at the end says what was attached.
import * as vscode from 'vscode';
import { plural, type ResultItem } from '../../core';
import { refusalMessage } from '../shared/containment';
import type { FileActions } from '../shared/fileActions';
import type { Log } from '../shared/log';
import { ATTACH_FILE, chooseChatRoute, OPEN_CHAT, type ChatRoute } from './chatRoute';
import { batches, DEFAULT_CONFIRM_ABOVE_FILES, sendPlan } from './sendPlanModel';
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
  const settings = vscode.workspace.getConfiguration('ariaContext');
  const plan = sendPlan({
    files: ok.length,
    tokens: total,
    maxFiles: settings.get<number>('chat.confirmAboveFiles', DEFAULT_CONFIRM_ABOVE_FILES),
    maxTokens: settings.get<number>('chat.confirmAboveTokens', 20000),
  });
  if (plan.ask) {
    const shown = lines.slice(0, 15);
    const more = lines.length > shown.length ? `\n… and ${lines.length - shown.length} more` : '';
    const choice = await vscode.window.showWarningMessage(
      `Send ${plural(ok.length, 'knowledge file')} (${formatTokens(total)}) to the chat?`,
      { modal: true, detail: `${plan.ask}\n\n${shown.join('\n')}${more}` },
      'Send',
    );
    if (choice !== 'Send') return 0;
  }

  const uris = ok.map((o) => vscode.Uri.file(o.realPath));
  let sent = 0;
  let cancelled = false;
  try {
    await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: 'Attaching knowledge files to the chat', cancellable: true },
      async (progress, token) => {
        const parts = route === 'openWithAttachments' ? batches(uris) : uris.map((u) => [u]);
        for (const part of parts) {
          if (token.isCancellationRequested) {
            cancelled = true;
            return;
          }
          if (route === 'openWithAttachments') await vscode.commands.executeCommand(OPEN_CHAT, { query: '', isPartialQuery: true, attachFiles: part });
          else await vscode.commands.executeCommand(ATTACH_FILE, part[0]);
          sent += part.length;
          progress.report({ message: `${sent} of ${uris.length}`, increment: (100 * part.length) / uris.length });
        }
      },
    );
  } catch (err) {
    log.info(`Send to Chat failed (${route}) after ${sent} files: ${(err as Error).message}; copying instead`);
    await actions.copyAsContext(ok.slice(sent).map((o) => o.item), `The chat did not accept ${sent ? 'the rest of ' : ''}the files, so ${sent ? 'they' : 'the files'} were copied to the clipboard instead.`);
    return sent;
  }
  log.info(`Send to Chat (${route}): ${cancelled ? `cancelled after ${sent} of ${uris.length}: ` : ''}${lines.slice(0, sent).join(', ')}`);
  const message = cancelled
    ? `Cancelled: attached ${sent} of ${plural(ok.length, 'file')} to the chat input.`
    : `Attached ${plural(ok.length, 'file')} to the chat input (${formatTokens(total)}).`;
  if (refusedText) void vscode.window.showWarningMessage(`${message} ${refusedText}`);
  else void vscode.window.showInformationMessage(message);
  return sent;
}
