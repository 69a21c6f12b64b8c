// Context: Connect Agents…: pick a client, get its MCP config pointing at a stable launcher in the
// extension's global storage (connectAgentsModel.ts). The launcher is written only after the user
// confirms; nothing else is ever written: the config is shown in an editor, copied on request, and
// a client's own command (claude/codex mcp add) is typed into a terminal for the user to run. The
// config is shown as a read-only document (nothing to save or discard when it is closed).
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { nodeForAgents } from './agentNode';
import {
  ANOTHER_MACHINE,
  anotherMachineText,
  CLIENT_LABELS,
  connectText,
  LAUNCHER_NAME,
  launcherScript,
  launcherServer,
} from './connectAgentsModel';

export const CONNECT_AGENTS_COMMAND = 'ariaContext.connectAgents';

const SCHEME = 'aria-context-connect';
const shownTexts = new Map<string, string>();
let provider: vscode.Disposable | undefined;

/** Shows `text` in a read-only editor (a virtual document: never dirty, never asks to be saved). */
async function showReadOnly(name: string, text: string, language: string): Promise<void> {
  provider ??= vscode.workspace.registerTextDocumentContentProvider(SCHEME, {
    provideTextDocumentContent: (uri) => shownTexts.get(uri.path) ?? '',
  });
  const uri = vscode.Uri.from({ scheme: SCHEME, path: `/${name}` });
  shownTexts.set(uri.path, text);
  const doc = await vscode.languages.setTextDocumentLanguage(await vscode.workspace.openTextDocument(uri), language);
  await vscode.window.showTextDocument(doc, { preview: true });
}

export async function connectAgents(context: vscode.ExtensionContext): Promise<void> {
  const picked = await vscode.window.showQuickPick(
    [
      ...CLIENT_LABELS.map((c) => ({ label: c.label, detail: c.detail, client: c.client })),
      { label: ANOTHER_MACHINE.label, detail: ANOTHER_MACHINE.detail, client: undefined },
    ],
    {
      title: 'Connect Agents: which client?',
      placeHolder: 'The MCP config for this client, pointing at this editor’s aria-context',
    },
  );
  if (!picked) return;
  if (!picked.client) {
    context.subscriptions.push({ dispose: () => provider?.dispose() });
    return showReadOnly('Another machine.md', anotherMachineText(context.extension.packageJSON.version), 'markdown');
  }

  // Before anything is written: a config naming a Node older than the CLI's floor cannot start.
  const node = await nodeForAgents(process.env);
  if (!node.ok) {
    await vscode.window.showErrorMessage(`Cannot connect ${picked.label} to aria-context yet.`, {
      modal: true,
      detail: node.message,
    });
    return;
  }

  const storage = context.globalStorageUri.fsPath;
  const launcher = path.join(storage, LAUNCHER_NAME);
  const script = launcherScript(path.dirname(context.extensionUri.fsPath), context.extension.id);
  let current: string | null = null;
  try {
    current = fs.readFileSync(launcher, 'utf8');
  } catch {
    // not written yet
  }
  if (current !== script) {
    const write = 'Write Launcher';
    const answer = await vscode.window.showInformationMessage(
      `Connect ${picked.label} to aria-context?`,
      {
        modal: true,
        detail: `This writes a small launcher script to ${launcher}. It runs the MCP server of the newest installed aria-context extension, so the config keeps working after updates. Nothing else is written: the config is shown for you to apply.`,
      },
      write,
    );
    if (answer !== write) return;
    try {
      fs.mkdirSync(storage, { recursive: true, mode: 0o700 });
      fs.writeFileSync(launcher, script, { mode: 0o600 });
    } catch (err) {
      vscode.window.showErrorMessage(`Could not write ${launcher}: ${(err as Error).message}`);
      return;
    }
  }

  const shown = connectText(picked.client, launcherServer(launcher, node));
  const intro =
    shown.run !== undefined
      ? `Run this in a terminal to add aria-context to ${picked.label}${shown.file ? ` (or paste the table below into ${shown.file})` : ''}:`
      : `Paste this into ${shown.file}, merging with what is there:`;
  context.subscriptions.push({ dispose: () => provider?.dispose() });
  const extension = shown.language === 'toml' ? 'toml' : shown.language === 'json' ? 'json' : 'sh';
  await showReadOnly(`${picked.label.replace(/[^\w-]+/g, ' ').trim()}.${extension}`, shown.text, shown.language);
  const actions = shown.run !== undefined ? ['Type in Terminal', 'Copy'] : ['Copy'];
  const choice = await vscode.window.showInformationMessage(`${intro} ${shown.run ?? ''}`.trim(), ...actions);
  if (choice === 'Copy') await vscode.env.clipboard.writeText(shown.run ?? shown.text);
  if (choice === 'Type in Terminal' && shown.run) {
    const terminal = vscode.window.createTerminal({ name: `Connect ${picked.label}` });
    terminal.show();
    terminal.sendText(shown.run, false); // typed, not run: the user presses Enter
  }
}
