// Everything chat-related in one registration: the @context participant, the agent tools,
// and the commands that the participant's buttons and the editor menus call (the summary
// button's document is the query feature's).
import * as vscode from 'vscode';
import { itemsForPaths } from '../../core';
import type { SendToChat } from '../shared/fileActions';
import type { Services } from '../shared/services';
import { participantHandler, registerParticipant } from './participant';
import { SECTION } from '../shared/settings';
import { watchChatModels } from './chatModels';
import { languageModelToolsOn, LM_TOOLS_CONTEXT, LM_TOOLS_SETTING } from './chatRoute';
import { ATTACH_ALL_COMMAND, COPY_ALL_COMMAND, OPEN_ALL_COMMAND, type ActiveFileQuery } from './participantHandler';
import { sendToChat, setBundleFolder } from './sendToChat';
import { registerTools } from './tools';

/** What the chat gives the other features: Send to Chat, and the participant's handler (for the extension's API). */
export interface Chat {
  sendToChat: SendToChat;
  requestHandler: vscode.ChatRequestHandler;
}

/** `mcpServer`: whether the editor runs the bundled MCP server, whose tools then stand for the language-model tools. */
export function register(
  context: vscode.ExtensionContext,
  { service, actions, log }: Services,
  activeFile: () => ActiveFileQuery | undefined,
  mcpServer: boolean,
): Chat {
  setBundleFolder(context.globalStorageUri.fsPath);
  const participant = registerParticipant(service, log, activeFile);
  const tools = registerTools(service, activeFile);
  if (participant) context.subscriptions.push(participant);
  context.subscriptions.push(...tools, ...watchChatModels(log, context.globalState));
  log.info(`Chat: participant ${participant ? 'registered' : 'unavailable'}, ${tools.length} tools registered`);
  // The tools' `when` clause (package.json) reads this key: one agent surface where MCP exists.
  const showTools = () => {
    const on = languageModelToolsOn(
      mcpServer,
      vscode.workspace.getConfiguration(SECTION).get<boolean>(LM_TOOLS_SETTING, false) === true,
    );
    vscode.commands.executeCommand('setContext', LM_TOOLS_CONTEXT, on);
    log.info(
      `Agent tools: ${on ? 'the language-model tools are offered' : 'the MCP server’s tools only (the language-model tools are off: ariaContext.chat.languageModelTools)'}`,
    );
  };
  showTools();
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(`${SECTION}.${LM_TOOLS_SETTING}`)) showTools();
    }),
  );

  /** Buttons carry only the query text; the files are found again, so no path is trusted from outside. */
  const selectableOf = (query: unknown) => {
    if (typeof query !== 'string') return [];
    const outcome = service.query(query);
    if (!outcome.ok) {
      vscode.window.showWarningMessage(outcome.message);
      return [];
    }
    return outcome.result.items.filter((i) => i.selectable);
  };
  context.subscriptions.push(
    vscode.commands.registerCommand(OPEN_ALL_COMMAND, async (query: unknown) => {
      const items = selectableOf(query);
      if (items.length) await actions.open(items);
    }),
    vscode.commands.registerCommand(ATTACH_ALL_COMMAND, async (query: unknown) => {
      const items = selectableOf(query);
      if (items.length) await sendToChat(items, actions, log, '', query as string);
    }),
    vscode.commands.registerCommand(COPY_ALL_COMMAND, async (query: unknown) => {
      const items = selectableOf(query);
      if (items.length) await actions.copyAsContext(items);
    }),
    vscode.commands.registerCommand('ariaContext.sendFileToChat', async (uri?: unknown, selected?: unknown) => {
      const uris = (
        Array.isArray(selected) && selected.length ? selected : [uri ?? vscode.window.activeTextEditor?.document.uri]
      ).filter((u): u is vscode.Uri => u instanceof vscode.Uri && u.scheme === 'file');
      const snapshot = service.snapshot();
      if (!snapshot || uris.length === 0) {
        vscode.window.showWarningMessage(
          snapshot ? 'No file to send.' : 'aria-context has no knowledge folder loaded.',
        );
        return;
      }
      const found = itemsForPaths(
        snapshot,
        uris.map((u) => u.fsPath),
        service.today(),
      );
      if (found.error) {
        vscode.window.showWarningMessage(found.error);
        return;
      }
      if (found.refused.length) {
        vscode.window.showWarningMessage(
          `Only knowledge files can be sent: ${found.refused.map((r) => `${r.path} (${r.reason})`).join('; ')}.`,
        );
      }
      if (found.items.length) await sendToChat(found.items, actions, log);
    }),
  );
  return {
    sendToChat: (items, refusedPaths, query) => sendToChat(items, actions, log, refusedPaths, query),
    requestHandler: participantHandler(service, log, activeFile),
  };
}
