// Whether this editor has a chat model at all (vscode.lm.selectChatModels() → [] when none is
// installed or signed in). Without one, VS Code itself answers a chat request with "Language
// model unavailable" before any participant runs, so the extension says so where it can: a
// notification once per stretch without a model, the log, the @context answer, and Send to
// Chat's message.
import * as vscode from 'vscode';
import type { Log } from '../shared/log';
import {
  NO_MODEL_ACTIONS,
  NO_MODEL_NOTICE,
  NO_MODEL_DETAIL,
  NO_MODEL_TYPED,
  NOT_AGAIN_ACTION,
  noticeStep,
  QUERY_ACTION,
  TAGS_ACTION,
  typedContextQuery,
  type NoticeState,
} from './chatModelNoticeModel';

const NOTICE_KEY = 'ariaContext.noModelNotice';

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

/**
 * Logs the model situation now and whenever the editor's model list changes (only when it flips),
 * and tells the user once per stretch without a model (state kept in `memento`).
 */
export function watchChatModels(log: Log, memento?: vscode.Memento): vscode.Disposable[] {
  if (typeof vscode.lm?.selectChatModels !== 'function') return [];
  let last: boolean | undefined;
  const check = async () => {
    const has = await hasChatModel();
    if (memento) {
      const step = noticeStep(has, memento.get<NoticeState>(NOTICE_KEY) ?? { told: false, muted: false });
      memento.update(NOTICE_KEY, step.state);
      if (step.tell) void tell(memento, step.state);
    }
    if (has === last) return;
    last = has;
    log.info(has ? 'Chat: a language model is available.' : NO_MODEL_LOG);
  };
  const timer = setTimeout(() => void check(), 3_000); // after startup: models register late
  const disposables: vscode.Disposable[] = [{ dispose: () => clearTimeout(timer) }];
  if (typeof vscode.lm.onDidChangeChatModels === 'function')
    disposables.push(vscode.lm.onDidChangeChatModels(() => void check()));
  // Where the chat input reaches the extension host as a document (VS Code 1.139 does), a
  // `@context` request sent with no model (the input cleared) is told there and then, once per
  // window: modal, since a toast is held back while the chat input has the focus. Its button
  // runs the query that was typed.
  let toldInChat = false;
  let typed: string | undefined;
  let armed = false;
  disposables.push(
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (last !== false || !isChatInput(e.document)) return;
      const text = e.document.getText();
      if (/^\s*@context\b/.test(text)) {
        armed = true;
        typed = typedContextQuery(text) ?? typed;
        return;
      }
      if (!armed || text.trim() !== '') return;
      armed = false;
      if (toldInChat || memento?.get<NoticeState>(NOTICE_KEY)?.muted) return;
      toldInChat = true;
      log.info(`Chat: @context sent from the chat input (${e.document.uri.scheme}) with no model: told the user`);
      const query = typed;
      vscode.window
        .showWarningMessage(NO_MODEL_TYPED, { modal: true, detail: NO_MODEL_DETAIL }, QUERY_ACTION, NOT_AGAIN_ACTION)
        .then(async (choice) => {
          if (choice === QUERY_ACTION) await vscode.commands.executeCommand('ariaContext.query', query);
          else if (choice === NOT_AGAIN_ACTION)
            await memento?.update(NOTICE_KEY, { told: true, muted: true } satisfies NoticeState);
        });
    }),
  );
  return disposables;
}

function isChatInput(document: vscode.TextDocument): boolean {
  return /chat/i.test(document.uri.scheme) && document.lineCount < 50;
}

async function tell(memento: vscode.Memento, state: NoticeState): Promise<void> {
  const choice = await vscode.window.showWarningMessage(NO_MODEL_NOTICE, ...NO_MODEL_ACTIONS);
  if (choice === QUERY_ACTION) await vscode.commands.executeCommand('ariaContext.query');
  else if (choice === TAGS_ACTION) await vscode.commands.executeCommand('ariaContext.tags.focus');
  else if (choice === NOT_AGAIN_ACTION) await memento.update(NOTICE_KEY, { ...state, muted: true });
}
