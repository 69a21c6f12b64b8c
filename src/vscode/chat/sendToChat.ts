// Send to Chat: put the picked files into the chat input as attachments. Feature-detected:
// chat.open with attachFiles (VS Code 1.103+), else chat.attachFile per file, else no chat at
// all → Copy as Context to the clipboard, and the message says so. Many files (above the
// confirmation threshold): the user is asked first (sendPlanModel.ts) and they go as one
// read-only bundle file in the extension's own storage, never in the knowledge folder. Without
// a chat model the message says that nothing in the chat can answer and offers what works.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { loadItems, plural, renderBundle, type Config, type ResultItem } from '../../core';
import { CHAT_SUMMARY_COMMAND } from '../shared/commandIds';
import { refusalMessage } from '../shared/containment';
import type { FileActions } from '../shared/fileActions';
import type { Log } from '../shared/log';
import { hasChatModel } from './chatModels';
import { ATTACH_FILE, chooseChatRoute, OPEN_CHAT, type ChatRoute } from './chatRoute';
import {
  batches,
  bundleFileName,
  bundlesToDelete,
  staleBundles,
  DEFAULT_CONFIRM_ABOVE_FILES,
  isInside,
  sendPlan,
} from './sendPlanModel';
import { formatTokens, sizeReport } from './tokenEstimate';

let bundleFolder: string | undefined;
/** Where bundles are written: the extension's global storage (set once at activation). */
export function setBundleFolder(folder: string): void {
  bundleFolder = folder;
  // Bundles from earlier sessions do not pile up: those older than a week go at startup.
  setTimeout(() => {
    try {
      const dir = path.join(folder, 'tmp');
      for (const old of staleBundles(fs.readdirSync(dir), new Date())) fs.rmSync(path.join(dir, old), { force: true });
    } catch {
      // no bundle folder yet
    }
  }, 0);
}

export async function chatRoute(): Promise<ChatRoute> {
  const aiDisabled = vscode.workspace.getConfiguration('chat').get<boolean>('disableAIFeatures') === true;
  return chooseChatRoute(new Set(await vscode.commands.getCommands(true)), vscode.version, aiDisabled);
}

/**
 * Writes the bundle (every byte through the reader), read-only (0400), in the extension's
 * storage; deletes older bundles beyond the few kept. Refuses a storage folder inside the
 * knowledge folder, which is never written to.
 */
function writeBundle(
  config: Config,
  items: readonly ResultItem[],
  label: string,
): { file: string; loaded: number; refused: number } {
  if (!bundleFolder) throw new Error('no storage folder for the bundle');
  const folder = path.join(bundleFolder, 'tmp');
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  const real = fs.realpathSync(folder);
  if (isInside(real, fs.realpathSync(config.knowledgeFolder)))
    throw new Error('the extension storage is inside the knowledge folder, which is never written to');
  for (const old of bundlesToDelete(fs.readdirSync(real))) fs.rmSync(path.join(real, old), { force: true });
  const load = loadItems(config, items);
  const file = path.join(real, bundleFileName(label, new Date()));
  fs.writeFileSync(file, renderBundle(load), { mode: 0o400, flag: 'wx' });
  fs.chmodSync(file, 0o400);
  return { file, loaded: load.loaded.length, refused: load.refused.length };
}

export async function sendToChat(
  items: readonly ResultItem[],
  actions: FileActions,
  log: Log,
  refusedPaths = '',
  query?: string,
): Promise<number> {
  const { ok, refused } = actions.check(items); // the reader's verdict, from the configuration
  const refusedText = `${refusalMessage(refused, 'sent')} ${refusedPaths}`.trim();
  if (ok.length === 0) {
    vscode.window.showWarningMessage(`Nothing was sent to the chat. ${refusedText}`.trim());
    return 0;
  }

  const route = await chatRoute();
  if (route === 'none') {
    log.info('Send to Chat: no chat in this editor, copying instead');
    await actions.copyAsContext(
      ok.map((o) => o.item),
      'This editor has no AI chat, so the files were copied to the clipboard instead: paste them where you need them.',
      refusedText,
    );
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

  const started = performance.now();
  const config = actions.config();
  const uris = ok.map((o) => vscode.Uri.file(o.realPath));
  let sent = 0;
  let bundled = '';
  try {
    if (plan.bundle && config) {
      const bundle = writeBundle(
        config,
        ok.map((o) => o.item),
        query ?? `${ok.length}-files`,
      );
      await attach(route, [vscode.Uri.file(bundle.file)]);
      sent = bundle.loaded;
      bundled = ` as one bundle (${path.basename(bundle.file)}, read-only)`;
      log.info(
        `Send to Chat (${route}): bundle ${bundle.file}: ${plural(bundle.loaded, 'file')}${bundle.refused ? `, ${bundle.refused} refused` : ''}, attached in ${Math.round(performance.now() - started)} ms`,
      );
    } else if (route === 'openWithAttachments') {
      // One command for all: the workbench's cost per call grows with what the input holds.
      await vscode.commands.executeCommand(OPEN_CHAT, { query: '', isPartialQuery: true, attachFiles: uris });
      sent = uris.length;
    } else {
      for (const part of batches(uris)) {
        for (const uri of part) await vscode.commands.executeCommand(ATTACH_FILE, uri);
        sent += part.length;
      }
    }
  } catch (err) {
    log.info(`Send to Chat failed (${route}) after ${sent} files: ${(err as Error).message}; copying instead`);
    await actions.copyAsContext(
      ok.slice(sent).map((o) => o.item),
      `The chat did not accept ${sent ? 'the rest of ' : ''}the files, so ${sent ? 'they' : 'the files'} were copied to the clipboard instead.`,
    );
    return sent;
  }
  if (!bundled)
    log.info(`Send to Chat (${route}): ${lines.join(', ')}; attached in ${Math.round(performance.now() - started)} ms`);
  const message = `Attached ${plural(sent, 'file')} to the chat input${bundled} (${formatTokens(total)}).`;
  if (!(await hasChatModel())) {
    void offerWithoutModel(
      `${message} No language model is available in this editor, so nothing in the chat can answer. ${refusedText}`.trim(),
      ok.map((o) => o.item),
      actions,
      query,
    );
  } else if (refusedText) vscode.window.showWarningMessage(`${message} ${refusedText}`);
  else vscode.window.showInformationMessage(message);
  return sent;
}

async function attach(route: ChatRoute, uris: vscode.Uri[]): Promise<void> {
  if (route === 'openWithAttachments')
    await vscode.commands.executeCommand(OPEN_CHAT, { query: '', isPartialQuery: true, attachFiles: uris });
  else for (const uri of uris) await vscode.commands.executeCommand(ATTACH_FILE, uri);
}

/** The message when no model can answer, with what works instead. */
async function offerWithoutModel(
  message: string,
  items: readonly ResultItem[],
  actions: FileActions,
  query?: string,
): Promise<void> {
  const choices = ['Copy as Context', ...(query ? ['Show Query Summary'] : [])];
  const choice = await vscode.window.showWarningMessage(message, ...choices);
  if (choice === 'Copy as Context') await actions.copyAsContext(items);
  else if (choice === 'Show Query Summary') await vscode.commands.executeCommand(CHAT_SUMMARY_COMMAND, query);
}
