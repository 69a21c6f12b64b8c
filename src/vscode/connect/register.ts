// Context: Connect Agents…: writes the MCP server's entry into the agents' config files.
import * as vscode from 'vscode';
import { CONNECT_AGENTS_COMMAND, connectAgents } from './connectAgents';

export function register(context: vscode.ExtensionContext): void {
  context.subscriptions.push(vscode.commands.registerCommand(CONNECT_AGENTS_COMMAND, () => connectAgents(context)));
}
