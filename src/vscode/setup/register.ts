// The knowledge folder and its settings: Choose Knowledge Folder, Open index.md, Open Config File,
// Open Settings and Refresh (the buttons of a state that is not ready run these too).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { configToOpen, notReadyActions } from '../shared/knowledgeStateModel';
import type { Log } from '../shared/log';
import { registerCommand } from '../shared/registerCommand';
import type { RetrievalService } from '../shared/retrievalService';
import type { Services } from '../shared/services';
import { writeKnowledgeFolder } from '../shared/settings';
import { settingsTarget } from '../shared/settingsTargetModel';
import { runStateAction } from '../shared/stateActions';

export function register(context: vscode.ExtensionContext, { service, log }: Services): void {
  context.subscriptions.push(
    registerCommand(log, 'ariaContext.refresh', () => {
      service.reload('Refresh command');
      service.state();
    }),
    registerCommand(log, 'ariaContext.openIndex', () => openIndex(service, log)),
    registerCommand(log, 'ariaContext.chooseKnowledgeFolder', () => chooseKnowledgeFolder(service)),
    registerCommand(log, 'ariaContext.openSettings', () => openExtensionSettings()),
    registerCommand(log, 'ariaContext.openConfigFile', () => openConfigFile(service)),
  );
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
    vscode.window.showWarningMessage(`${index} is gone; the view refreshes when it is back.`);
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
    vscode.window.showErrorMessage(
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
  if (s.kind === 'ready') vscode.window.showInformationMessage(stored);
  else vscode.window.showWarningMessage(`${stored} ${s.message}`);
}
