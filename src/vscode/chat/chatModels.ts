// Whether this editor has a chat model at all (vscode.lm.selectChatModels() → [] when none is
// installed or signed in). Without one, VS Code itself answers a chat request with "Language
// model unavailable" before any participant runs, so the extension says so where it can: the
// log, the @context answer, and Send to Chat's message.
import * as vscode from 'vscode';
import type { Log } from '../shared/log';

/** True when at least one chat model is available; false when none (or no language-model API). */
export async function hasChatModel(): Promise<boolean> {
  if (typeof vscode.lm?.selectChatModels !== 'function') return false;
  try {
    return (await vscode.lm.selectChatModels()).length > 0;
  } catch {
    return false;
  }
}

export const NO_MODEL_LOG =
  'Chat: no language model is available in this editor, so nothing in the chat can answer (VS Code replies "Language model unavailable" to @context). Context: Query, Copy as Context and Show Query Summary work without one.';

/** Logs the model situation now and whenever the editor's model list changes (only when it flips). */
export function watchChatModels(log: Log): vscode.Disposable[] {
  if (typeof vscode.lm?.selectChatModels !== 'function') return [];
  let last: boolean | undefined;
  const check = async () => {
    const has = await hasChatModel();
    if (has === last) return;
    last = has;
    log.info(has ? 'Chat: a language model is available.' : NO_MODEL_LOG);
  };
  const timer = setTimeout(() => void check(), 3_000); // after startup: models register late
  const disposables: vscode.Disposable[] = [{ dispose: () => clearTimeout(timer) }];
  if (typeof vscode.lm.onDidChangeChatModels === 'function')
    disposables.push(vscode.lm.onDidChangeChatModels(() => void check()));
  return disposables;
}
