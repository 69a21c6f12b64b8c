// Registers the @context chat participant, when this editor has a chat.
import * as vscode from 'vscode';
import type { Log } from '../shared/log';
import type { RetrievalService } from '../shared/retrievalService';
import { hasChatModel, NO_MODEL_LOG } from './chatModels';
import { followupsFor, handleChatRequest, type ActiveFileQuery, type ChatModelPort } from './participantHandler';

export const PARTICIPANT_ID = 'ariaContext.context';

/** The query of the most recent @context answer in this chat, for `/load`. */
function lastQueryFrom(history: vscode.ChatContext['history']): string | null {
  for (let i = history.length - 1; i >= 0; i--) {
    const turn = history[i];
    if (turn instanceof vscode.ChatResponseTurn && turn.participant === PARTICIPANT_ID) {
      const query = (turn.result.metadata as { query?: unknown } | undefined)?.query;
      if (typeof query === 'string' && query) return query;
    }
  }
  return null;
}

function modelPort(
  model: vscode.LanguageModelChat | undefined,
  token: vscode.CancellationToken,
): ChatModelPort | undefined {
  if (!model) return undefined;
  return {
    async *send(prompt: string) {
      const response = await model.sendRequest([vscode.LanguageModelChatMessage.User(prompt)], {}, token);
      for await (const fragment of response.text) yield fragment;
    },
  };
}

/** The participant's request handler, built on the service (also what the in-host tests call). */
export function participantHandler(
  service: RetrievalService,
  log: Log,
  activeFile?: () => ActiveFileQuery | undefined,
): vscode.ChatRequestHandler {
  return async (request, context, stream, token) => {
    log.info(`@context ${request.command ? `/${request.command} ` : ''}${request.prompt}`);
    // A request can arrive with a model the editor cannot serve (none installed or signed in):
    // the list the editor gives extensions decides.
    const model = request.model && (await hasChatModel()) ? request.model : undefined;
    if (!model) log.info(NO_MODEL_LOG);
    return handleChatRequest(
      { prompt: request.prompt, command: request.command, activeFileQuery: activeFile },
      { lastQuery: lastQueryFrom(context.history) },
      service,
      {
        markdown: (text) => stream.markdown(new vscode.MarkdownString(text, false)),
        reference: (absPath) => stream.reference(vscode.Uri.file(absPath)),
        button: (command) => stream.button(command),
        progress: (text) => stream.progress(text),
      },
      modelPort(model, token),
      (absPath) => vscode.Uri.file(absPath).toString(),
      () => token.isCancellationRequested,
    );
  };
}

export function registerParticipant(
  service: RetrievalService,
  log: Log,
  activeFile?: () => ActiveFileQuery | undefined,
): vscode.ChatParticipant | undefined {
  if (typeof vscode.chat?.createChatParticipant !== 'function') return undefined;
  const participant = vscode.chat.createChatParticipant(PARTICIPANT_ID, participantHandler(service, log, activeFile));
  participant.iconPath = new vscode.ThemeIcon('book');
  participant.followupProvider = {
    provideFollowups: (result) => followupsFor(result as Parameters<typeof followupsFor>[0], service),
  };
  return participant;
}
