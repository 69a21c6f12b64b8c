// The bundled MCP server, offered to agent mode (VS Code 1.101+).
import type * as vscode from 'vscode';
import type { Services } from '../shared/services';
import { editorHasMcp, registerMcpServer } from './mcpServer';

/** Whether this editor runs the bundled MCP server (chat then offers its tools only there). */
export function register(context: vscode.ExtensionContext, { log }: Services): boolean {
  context.subscriptions.push(...registerMcpServer(context, log));
  return editorHasMcp();
}
