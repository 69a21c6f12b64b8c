// Context: Connect Agents…, the pure part: the launcher script the command writes (after the user
// confirms) into the extension's global storage, and each client's config pointing at it. The
// launcher finds the newest installed aria-context extension beside the one that wrote it, so a
// config made once keeps working after the extension updates (each version has its own folder).
import { clientConfig, NODE_FLOOR, NODE_FLOOR_TEXT, shellQuote, type Client, type ServerLine } from '../../core';

export const LAUNCHER_NAME = 'aria-context-mcp.js';

export const CLIENT_LABELS: ReadonlyArray<{ client: Client; label: string; detail: string }> = [
  { client: 'claude-code', label: 'Claude Code', detail: 'claude mcp add --scope user …' },
  { client: 'codex', label: 'Codex', detail: 'codex mcp add … (~/.codex/config.toml)' },
  { client: 'cursor', label: 'Cursor', detail: '~/.cursor/mcp.json' },
  { client: 'vscode', label: 'VS Code (another profile on this machine)', detail: 'mcp.json' },
];

/** The pick for another machine: the launcher is this machine's, so that machine needs its own aria-context. */
export const ANOTHER_MACHINE = {
  label: 'Another machine',
  detail: 'install the aria-context CLI there; its setup writes that machine’s paths',
};

/**
 * What Connect Agents shows for another machine: no path of this one (the launcher, this
 * extension's storage and Node are all local), but how to get that machine's own config.
 */
export function anotherMachineText(version: string): string {
  const template = clientConfig('vscode', { command: 'aria-context', args: ['mcp'] }).text;
  return `# aria-context on another machine

The launcher Connect Agents writes lives in this editor's storage on this machine, so a config
pointing at it cannot work elsewhere. On the other machine:

1. Install the aria-context CLI there (the same release as this extension, ${version}):
   \`npm install -g ./aria-context-${version}.tgz\`
2. Run \`aria-context setup <claude-code|codex|cursor|vscode>\` there: it shows that machine's
   config with its own absolute paths and applies it after asking (\`--print\` only prints it).

With the CLI on that machine's PATH, VS Code's mcp.json there can also say:

\`\`\`json
${template.trimEnd()}
\`\`\`
`;
}

/**
 * The launcher: run by Node, it picks the highest version among `<extensionsDir>/<id>-<x.y.z>…`
 * folders that hold dist/cli.js and runs its `mcp` command with the launcher's own arguments,
 * stdio passed through. Plain CommonJS with no dependencies; the paths are baked in as JSON. On
 * a Node older than the CLI's floor it says so in one line, with what to install, and exits 2.
 */
export function launcherScript(extensionsDir: string, extensionId: string): string {
  return `#!/usr/bin/env node
// Written by aria-context's Context: Connect Agents… (after you confirmed). Runs the MCP server of
// the newest aria-context extension installed in ${JSON.stringify(extensionsDir).slice(1, -1)}, so agent configs that
// point here keep working after extension updates. Delete it to disconnect those agents.
'use strict';
const fs = require('fs');
const path = require('path');
const { spawn } = require('child_process');
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < ${NODE_FLOOR.major} || (major === ${NODE_FLOOR.major} && minor < ${NODE_FLOOR.minor})) {
  process.stderr.write('aria-context needs Node.js ${NODE_FLOOR_TEXT} or later (this agent started it with ' + process.versions.node + ', ' + process.execPath + '): install Node.js ${NODE_FLOOR_TEXT} or later from https://nodejs.org, then run Context: Connect Agents… again in the editor.\\n');
  process.exit(2);
}
const dir = ${JSON.stringify(extensionsDir)};
const prefix = ${JSON.stringify(`${extensionId.toLowerCase()}-`)};
let best = null;
for (const name of fs.readdirSync(dir)) {
  if (!name.toLowerCase().startsWith(prefix)) continue;
  const m = /^(\\d+)\\.(\\d+)\\.(\\d+)/.exec(name.slice(prefix.length));
  const cli = path.join(dir, name, 'dist', 'cli.js');
  if (!m || !fs.existsSync(cli)) continue;
  const v = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!best || (v[0] - best.v[0] || v[1] - best.v[1] || v[2] - best.v[2]) > 0) best = { v, cli };
}
if (!best) {
  process.stderr.write('aria-context: no installed aria-context extension found in ' + dir + '; reinstall it, then run Context: Connect Agents… again.\\n');
  process.exit(1);
}
const child = spawn(process.execPath, [best.cli, 'mcp', ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
child.on('error', (err) => {
  process.stderr.write('aria-context: ' + err.message + '\\n');
  process.exit(1);
});
`;
}

/** The server line for the launcher: the Node chosen (agentNodeModel.ts); the editor's Electron runs as Node by an env var. */
export function launcherServer(launcher: string, node: { path: string; electron: boolean }): ServerLine {
  return { command: node.path, args: [launcher], ...(node.electron ? { env: { ELECTRON_RUN_AS_NODE: '1' } } : {}) };
}

/** What the command shows for a client: the config text and how to apply it. */
export function connectText(
  client: Client,
  server: ServerLine,
): { text: string; language: string; run?: string; file?: string } {
  const config = clientConfig(client, server);
  const run = config.apply ? [config.apply.command, ...config.apply.args].map(shellQuote).join(' ') : undefined;
  const language = client === 'codex' ? 'toml' : client === 'claude-code' ? 'shellscript' : 'json';
  return { text: config.text, language, run, file: config.file };
}
