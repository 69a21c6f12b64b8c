// `aria-context setup <client> [--print] [--hooks] [--yes]`: the MCP config (or Claude Code's
// and Codex's hooks) for this installation, with absolute paths: this Node and this dist/cli.js, so a GUI
// client started without the shell's PATH finds both. Without --print it applies the config
// through the client's own command where one exists, after showing it; JSON files (Cursor,
// VS Code) are printed with their path to paste into, never written.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CLIENTS, clientConfig, serverCommand, shellQuote, type Client } from './core';

export interface SetupIo {
  out: (s: string) => void;
  env: Record<string, string | undefined>;
  /** Absolute paths of the Node running and of dist/cli.js (its real path). */
  node: string;
  cli: string;
  /** Runs a client's own command; status null when it could not be started (not on PATH). */
  run: (command: string, args: string[]) => { status: number | null; output: string };
  /** Asks a yes/no question on the terminal; false when there is none. */
  confirm: (question: string) => boolean;
}

export const SETUP_USAGE =
  'Usage: aria-context setup <claude-code|codex|cursor|vscode> [--print] [--hooks] [--yes] [--folder DIR] [--config FILE] [--projects-root DIR]';

interface SetupOptions {
  client: Client;
  print: boolean;
  hooks: boolean;
  yes: boolean;
  /** Passed on to `aria-context mcp` (absolute paths only). */
  serverArgs: string[];
}

function parseSetup(args: string[]): SetupOptions | string {
  const [client, ...rest] = args;
  if (!client || !(CLIENTS as readonly string[]).includes(client))
    return client ? `Unknown client "${client}". ${SETUP_USAGE}` : SETUP_USAGE;
  const options: SetupOptions = { client: client as Client, print: false, hooks: false, yes: false, serverArgs: [] };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (arg === '--print') options.print = true;
    else if (arg === '--hooks') options.hooks = true;
    else if (arg === '--yes' || arg === '-y') options.yes = true;
    else if (arg === '--folder' || arg === '--config' || arg === '--projects-root') {
      const value = rest[++i];
      if (!value) return `${arg} needs a value.`;
      // the client starts the server from a folder of its own choosing: relative paths would move
      if (!path.isAbsolute(value)) return `${arg} must be an absolute path (got "${value}").`;
      options.serverArgs.push(arg, value);
    } else return `Unknown option ${arg}. ${SETUP_USAGE}`;
  }
  if (options.hooks && options.client !== 'claude-code' && options.client !== 'codex')
    return '--hooks is for claude-code and codex (VS Code reads the same hooks from ~/.claude/settings.json with chat.useClaudeHooks; the extension contributes its own).';
  return options;
}

export function runSetup(args: string[], io: SetupIo): number {
  const options = parseSetup(args);
  if (typeof options === 'string') {
    io.out(`${options}\n`);
    return 2;
  }
  if (options.hooks) return setupHooks(options, io);
  const config = clientConfig(options.client, serverCommand(io, options.serverArgs));
  if (options.print || !config.apply) {
    if (!options.print && config.file)
      io.out(`Paste this into ${config.file}, merging with what is there (aria-context never writes it):\n\n`);
    io.out(config.text);
    if (!options.print && options.client === 'vscode')
      io.out(
        '\nNot needed with the aria-context extension installed in VS Code 1.101 or later: it registers the server itself.\n',
      );
    return 0;
  }
  const apply = config.apply;
  const shown = [apply.command, ...apply.args].map(shellQuote).join(' ');
  io.out(`Running: ${shown}\n`);
  const result = io.run(apply.command, apply.args);
  if (result.output) io.out(result.output.endsWith('\n') ? result.output : `${result.output}\n`);
  if (result.status === null) {
    io.out(
      `${apply.command} could not be run (is it installed and on PATH?). Run the line above yourself${config.file ? `, or add this to ${config.file}:\n\n${config.text}` : '.\n'}`,
    );
    return 1;
  }
  if (result.status !== 0) {
    io.out(
      `${apply.command} exited with ${result.status}. If aria-context is registered already, remove it first (${apply.command} mcp remove ${options.client === 'claude-code' ? '--scope user ' : ''}aria-context) and run setup again.\n`,
    );
    return 1;
  }
  return 0;
}

// --- Claude Code's and Codex's hooks --------------------------------------------------------
// Codex reads hooks in Claude Code's shape (the same events, stdin JSON and hookSpecificOutput)
// from $CODEX_HOME/hooks.json; Claude Code from the "hooks" key of ~/.claude/settings.json.

export const HOOK_EVENTS = ['UserPromptSubmit', 'SessionStart'] as const;

interface HookEntry {
  matcher?: string;
  hooks?: { type?: string; command?: string; timeout?: number }[];
}

/** Ours: a command that runs `… hook claude-code` or `… hook codex` (any install of aria-context, old or new). */
const isOurs = (command: unknown) =>
  typeof command === 'string' &&
  /\shook (claude-code|codex)(\s|$)/.test(command) &&
  /aria-context|cli\.js/.test(command);

/** settings.json with our hook on both events: earlier aria-context hooks replaced, others kept. */
export function withHooks(settings: Record<string, unknown>, hookCommand: string): Record<string, unknown> {
  const hooks = (
    settings.hooks && typeof settings.hooks === 'object' && !Array.isArray(settings.hooks) ? settings.hooks : {}
  ) as Record<string, unknown>;
  const next: Record<string, unknown> = { ...hooks };
  for (const event of HOOK_EVENTS) {
    const entries = Array.isArray(hooks[event]) ? (hooks[event] as HookEntry[]) : [];
    const kept = entries
      .map((e) => (e && Array.isArray(e.hooks) ? { ...e, hooks: e.hooks.filter((h) => !isOurs(h?.command)) } : e))
      .filter((e) => !(e && Array.isArray(e.hooks) && e.hooks.length === 0));
    next[event] = [...kept, { hooks: [{ type: 'command', command: hookCommand, timeout: 10 }] }];
  }
  return { ...settings, hooks: next };
}

/** Where the client reads hooks from, and what to tell the user once they are written. */
function hookFile(client: Client, env: Record<string, string | undefined>): { file: string; after: string } {
  const home = env.HOME || os.homedir();
  if (client === 'codex')
    return {
      file: path.join(env.CODEX_HOME || path.join(home, '.codex'), 'hooks.json'),
      after:
        'Codex runs a new hook only once you trust it: open /hooks in Codex and trust the two aria-context hooks. ARIA_CONTEXT_HOOK=0 turns them off.',
    };
  return {
    file: path.join(home, '.claude', 'settings.json'),
    after: 'The hook runs from the next Claude Code session; ARIA_CONTEXT_HOOK=0 turns it off.',
  };
}

function setupHooks(options: SetupOptions, io: SetupIo): number {
  const hookCommand = [io.node, io.cli, 'hook', options.client, ...options.serverArgs].map(shellQuote).join(' ');
  const { file, after } = hookFile(options.client, io.env);
  const added = withHooks({}, hookCommand);
  if (options.print) {
    io.out(`${JSON.stringify(added, null, 2)}\n`);
    return 0;
  }
  // A relative HOME or CODEX_HOME would put the file under whatever folder setup runs in.
  if (!path.isAbsolute(file)) {
    io.out(
      `${options.client === 'codex' ? 'CODEX_HOME and HOME' : 'HOME'} must be absolute paths (the hooks file would be ${file}); nothing was changed.\n`,
    );
    return 1;
  }
  let current: Record<string, unknown> = {};
  try {
    const text = fs.readFileSync(file, 'utf8');
    const parsed: unknown = text.trim() === '' ? {} : JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not a JSON object');
    current = parsed as Record<string, unknown>;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      io.out(
        `${file} could not be read as JSON (${(err as Error).message}); nothing was changed. Add this under "hooks" yourself:\n${JSON.stringify(added.hooks, null, 2)}\n`,
      );
      return 1;
    }
  }
  const next = withHooks(current, hookCommand);
  if (JSON.stringify(next) === JSON.stringify(current)) {
    io.out(`${file} already runs this hook; nothing to change.\n`);
    return 0;
  }
  io.out(
    `This adds to ${file} (earlier aria-context hooks are replaced, other hooks kept):\n${JSON.stringify(added.hooks, null, 2)}\n`,
  );
  if (!options.yes && !io.confirm(`Write ${file}? [y/N] `)) {
    io.out('Nothing was changed (pass --yes to write without asking).\n');
    return 1;
  }
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const temp = `${file}.aria-context-${process.pid}.tmp`;
    const mode = fs.existsSync(file) ? fs.statSync(file).mode & 0o777 : 0o600;
    fs.writeFileSync(temp, `${JSON.stringify(next, null, 2)}\n`, { mode, flag: 'wx' });
    fs.renameSync(temp, file); // whole or not at all: the client may read it meanwhile
  } catch (err) {
    io.out(`Could not write ${file}: ${(err as Error).message}\n`);
    return 1;
  }
  io.out(`Wrote ${file}. ${after}\n`);
  return 0;
}

/** The real side of SetupIo: this process's Node and bundle, the client's command, the terminal. */
export function processSetupIo(
  out: (s: string) => void,
  env: Record<string, string | undefined>,
  cliFile: string,
): SetupIo {
  let cli = cliFile;
  try {
    cli = fs.realpathSync(cliFile); // npm's bin link → the package's own dist/cli.js
  } catch {
    // keep the path as given
  }
  return {
    out,
    env,
    node: process.execPath,
    cli,
    run: (command, args) => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use: `query` never needs child_process
      const { spawnSync } = require('node:child_process') as typeof import('node:child_process');
      const r = spawnSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
      if (r.error) return { status: null, output: '' };
      return { status: r.status ?? 1, output: `${r.stdout ?? ''}${r.stderr ?? ''}` };
    },
    confirm: (question) => {
      out(question);
      const buf = Buffer.alloc(256);
      let answer = '';
      try {
        // one line from stdin (a terminal or a pipe); end of input counts as no
        for (
          let n = fs.readSync(0, buf, 0, buf.length, null);
          n > 0 && !answer.includes('\n') && answer.length < 256;
          n = fs.readSync(0, buf, 0, buf.length, null)
        )
          answer += buf.toString('utf8', 0, n);
      } catch {
        return false;
      }
      return /^\s*y(es)?\s*$/i.test(answer.split('\n')[0]);
    },
  };
}
