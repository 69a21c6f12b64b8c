// How VS Code starts the bundled MCP server: the editor's own Node (process.execPath, run as
// plain Node inside Electron) on dist/mcp.js, with the user's machine-scoped path settings as
// arguments. Pure: no vscode import, unit-tested.

export const MCP_PROVIDER_ID = 'ariaContext.mcp';
export const MCP_SERVER_LABEL = 'aria-context';

export interface McpLaunch {
  label: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  version: string;
}

export interface McpLaunchInput {
  execPath: string;
  serverJs: string;
  version: string;
  /** The machine-scoped settings (user values only), as readPathSettings returns them. */
  settings: { knowledgeFolder?: string; configFile?: string; projectsRoot?: string };
  /** ariaContext.mcp.logLevel: `info` adds the server's own activity to its output (warnings and errors otherwise). */
  logLevel?: string;
  /**
   * Whether the configFile setting names an existing file. The extension falls through to the
   * next config location when it does not; the server's `--config` must exist, so it is passed
   * only when it does, and both read the same config.
   */
  configFileExists: (p: string) => boolean;
}

export function mcpLaunch(input: McpLaunchInput): McpLaunch {
  const args = [input.serverJs];
  const { knowledgeFolder, configFile, projectsRoot } = input.settings;
  if (configFile && input.configFileExists(configFile)) args.push('--config', configFile);
  if (knowledgeFolder) args.push('--folder', knowledgeFolder);
  if (projectsRoot) args.push('--projects-root', projectsRoot);
  if (input.logLevel === 'info') args.push('--log-level', 'info');
  return {
    label: MCP_SERVER_LABEL,
    command: input.execPath,
    args,
    // Desktop VS Code's execPath is Electron: this makes it run the script as Node. Plain Node ignores it.
    env: { ELECTRON_RUN_AS_NODE: '1' },
    version: input.version,
  };
}
