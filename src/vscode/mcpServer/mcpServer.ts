// Registers the bundled MCP server with VS Code 1.101+ (vscode.lm.registerMcpServerDefinitionProvider),
// so agent mode lists its tools with no configuration. Older editors keep the LM tools only.
// @types/vscode stays at the oldest supported version, so the few types needed are declared here.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { expandHome } from '../../core';
import type { Log } from '../shared/log';
import { MCP_PROVIDER_ID, mcpLaunch, type McpLaunch } from './mcpLaunchModel';
import { affectsPathSettings, readPathSettings } from '../shared/settings';

interface McpStdioServerDefinitionCtor {
  new (
    label: string,
    command: string,
    args?: string[],
    env?: Record<string, string | number | null>,
    version?: string,
  ): object;
}

interface McpServerDefinitionProvider {
  onDidChangeMcpServerDefinitions?: vscode.Event<void>;
  provideMcpServerDefinitions(token: vscode.CancellationToken): vscode.ProviderResult<object[]>;
  resolveMcpServerDefinition?(server: object, token: vscode.CancellationToken): vscode.ProviderResult<object>;
}

interface McpLmApi {
  registerMcpServerDefinitionProvider?(id: string, provider: McpServerDefinitionProvider): vscode.Disposable;
}

function isFile(p: string): boolean {
  try {
    return fs.statSync(expandHome(p, process.env.HOME || os.homedir())).isFile();
  } catch {
    return false;
  }
}

export function currentLaunch(context: vscode.ExtensionContext): McpLaunch {
  const settings = readPathSettings();
  return mcpLaunch({
    execPath: process.execPath,
    serverJs: path.join(context.extensionUri.fsPath, 'dist', 'mcp.js'),
    version: String((context.extension?.packageJSON as { version?: string } | undefined)?.version ?? '0.0.0'),
    settings,
    logLevel: vscode.workspace.getConfiguration('ariaContext').get<string>('mcp.logLevel'),
    configFileExists: isFile,
  });
}

/** Whether this editor can run the bundled MCP server for agent mode (VS Code 1.101+). */
export function editorHasMcp(): boolean {
  const lm = vscode.lm as unknown as McpLmApi | undefined;
  const Definition = (vscode as unknown as { McpStdioServerDefinition?: McpStdioServerDefinitionCtor })
    .McpStdioServerDefinition;
  return typeof lm?.registerMcpServerDefinitionProvider === 'function' && typeof Definition === 'function';
}

/** The provider's registration and its settings listener, or nothing on editors without the API. */
export function registerMcpServer(context: vscode.ExtensionContext, log: Log): vscode.Disposable[] {
  const lm = vscode.lm as unknown as McpLmApi | undefined;
  const Definition = (vscode as unknown as { McpStdioServerDefinition?: McpStdioServerDefinitionCtor })
    .McpStdioServerDefinition;
  if (!editorHasMcp() || !lm?.registerMcpServerDefinitionProvider || !Definition) {
    log.info(
      'This editor has no MCP server API (VS Code 1.101+): agent mode uses the aria-context language-model tools.',
    );
    return [];
  }
  const changed = new vscode.EventEmitter<void>();
  const definition = () => {
    const launch = currentLaunch(context);
    return new Definition(launch.label, launch.command, launch.args, launch.env, launch.version);
  };
  const registration = lm.registerMcpServerDefinitionProvider(MCP_PROVIDER_ID, {
    onDidChangeMcpServerDefinitions: changed.event,
    provideMcpServerDefinitions: () => [definition()],
    // Settings may have changed since the list was provided: start with the current ones.
    resolveMcpServerDefinition: (server) => {
      const launch = currentLaunch(context);
      return Object.assign(server, { command: launch.command, args: launch.args, env: launch.env });
    },
  });
  log.info('Registered the aria-context MCP server definition for agent mode.');
  return [
    changed,
    registration,
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (affectsPathSettings(e) || e.affectsConfiguration('ariaContext.mcp.logLevel')) changed.fire();
    }),
  ];
}
