// The bundled MCP server, offered to agent mode (VS Code 1.101+).
import type * as vscode from 'vscode';
import type { Log } from '../shared/log';
import { editorHasMcp, registerMcpServer } from './mcpServer';

/** Whether this editor runs the bundled MCP server (chat then offers its tools only there). */
export function register(context: vscode.ExtensionContext, log: Log): boolean {
  context.subscriptions.push(...registerMcpServer(context, log));
  return editorHasMcp();
}
