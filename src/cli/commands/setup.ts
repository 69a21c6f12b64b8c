// `aria-context setup <client> [--hooks] [--remove] [--print] [--yes]`: the agent's MCP server
// (and with --hooks, Claude Code's or Codex's hooks) for this installation, with absolute paths:
// this Node and this dist/cli.js, so a GUI client started without the shell's PATH finds both.
// Claude Code's and Codex's own files are edited in place, only where setup's entries are
// (core/setupText/agentFiles.ts), after the whole change is shown; Cursor's and VS Code's JSON is printed
// with the file to paste it into, never written.
import * as fs from 'node:fs';
import * as os from 'node:os';
import {
  CLIENTS,
  clientConfig,
  editHooks,
  editJsonServer,
  editTomlServer,
  hasHooks,
  hookCommand,
  lineDiff,
  loadSnapshot,
  REGISTERED_ENV,
  serverCommand,
  shellQuote,
  type Client,
  type FileEdit,
} from '../../core';
import { cliMessage, cliSources, type CliIo } from '../command';
import { readClientFile, writeClientFile } from '../setup/files';
import { readRecord, recordFile, writeRecord } from '../setup/record';
import { readCommandLine, SETUP_USAGE } from '../options';
import { clientFiles } from '../setup/paths';

export interface SetupIo {
  out: (s: string) => void;
  env: Record<string, string | undefined>;
  /** Absolute paths of the Node running and of dist/cli.js (its real path). */
  node: string;
  cli: string;
  /** Asks a yes/no question on the terminal; false when there is none. */
  confirm: (question: string) => boolean;
}

interface SetupOptions {
  client: Client;
  print: boolean;
  hooks: boolean;
  remove: boolean;
  yes: boolean;
  /** Passed on to `aria-context mcp` and the hook (absolute paths only). */
  serverArgs: string[];
}

function parseSetup(args: string[]): SetupOptions | string {
  const [client, ...rest] = args;
  if (!client || !(CLIENTS as readonly string[]).includes(client))
    return client ? `Unknown client "${client}". ${SETUP_USAGE}` : SETUP_USAGE;
  const read = readCommandLine('setup', rest);
  if (read.kind !== 'run') return read.kind === 'error' ? read.message : SETUP_USAGE;
  const { switches, given } = read.line;
  const options: SetupOptions = {
    client: client as Client,
    print: switches.has('--print'),
    hooks: switches.has('--hooks'),
    remove: switches.has('--remove'),
    yes: switches.has('--yes'),
    serverArgs: given,
  };
  const edits = options.client === 'claude-code' || options.client === 'codex';
  if (options.hooks && !edits)
    return '--hooks is for claude-code and codex (VS Code reads the same hooks from ~/.claude/settings.json with chat.useClaudeHooks; the extension contributes its own).';
  if (options.remove && !edits)
    return `setup never writes ${options.client === 'cursor' ? "Cursor's" : "VS Code's"} files: remove the "aria-context" entry from ${clientConfig(options.client, { command: '', args: [] }).file} yourself.`;
  if (options.remove && options.print) return '--remove and --print do not go together.';
  return options;
}

export function runSetup(args: string[], io: SetupIo): number {
  const options = parseSetup(args);
  if (typeof options === 'string') {
    io.out(`${options}\n`);
    return 2;
  }
  const home = io.env.HOME || os.homedir();
  // §13.3 every command setup registers runs with Node's compile cache from the environment off
  const server = { ...serverCommand(io, options.serverArgs), env: { ...REGISTERED_ENV } };
  const config = clientConfig(options.client, server, { codexHome: io.env.CODEX_HOME });
  if (options.client !== 'claude-code' && options.client !== 'codex') {
    if (!options.print)
      io.out(`Paste this into ${config.file}, merging with what is there (aria-context never writes it):\n\n`);
    io.out(config.text);
    if (!options.print && options.client === 'vscode')
      io.out(
        '\nNot needed with the aria-context extension installed in VS Code 1.101 or later: it registers the server itself.\n',
      );
    return 0;
  }
  const client = options.client;
  const hook = hookCommand(io.node, io.cli, client, options.serverArgs);
  if (options.print) {
    io.out(config.text);
    if (options.hooks) {
      const group = { hooks: [{ type: 'command', command: hook, timeout: 10 }] };
      io.out(`\n${JSON.stringify({ hooks: { UserPromptSubmit: [group], SessionStart: [group] } }, null, 2)}\n`);
    }
    return 0;
  }
  const files = clientFiles(client, io.env, home);
  if (typeof files === 'string') {
    io.out(`${files}; nothing was changed.\n`);
    return 1;
  }
  if (!options.remove) io.out(servingNote(home, io.env, options.serverArgs));

  // what setup itself wrote: the exact hook command lines, any earlier installation's included
  const ledger = recordFile(io.env, home);
  const { record, distrusted } = readRecord(ledger);
  if (distrusted)
    io.out(
      `Not using setup's record ${ledger}: ${distrusted}. Setup knows only this installation's own hook lines, and keeps no record there.\n`,
    );
  // this installation's exact lines, as earlier versions wrote them too (never a pattern)
  const legacy = [
    [io.node, io.cli, 'hook', client, ...options.serverArgs].map(shellQuote).join(' '),
    hookCommand(io.node, io.cli, client, options.serverArgs, true),
  ];
  const recorded = new Set(record.hooks[files.hooks] ?? []);
  const isOurs = (command: string) => command === hook || legacy.includes(command) || recorded.has(command);

  const plans: { file: string; edit: (text: string) => FileEdit; hooks: boolean }[] = [
    {
      file: files.server,
      hooks: false,
      edit:
        client === 'codex'
          ? (text) => editTomlServer(text, options.remove ? null : config.text)
          : (text) => editJsonServer(text, options.remove ? null : { type: 'stdio', ...server }),
    },
    {
      file: files.hooks,
      hooks: true,
      // without --hooks, hooks of ours already there follow this installation; none are added
      edit: (text) => {
        if (options.remove || options.hooks) return editHooks(text, isOurs, options.remove ? null : hook);
        return hasHooks(text, isOurs) ? editHooks(text, isOurs, hook) : { text };
      },
    },
  ];
  const changes = [];
  for (const plan of plans) {
    const before = readClientFile(plan.file);
    if (!before.ok) {
      io.out(`${before.message}; nothing was changed.\n`);
      return 1;
    }
    let edit: FileEdit;
    try {
      edit = plan.edit(before.text);
    } catch (err) {
      edit = { text: before.text, refused: `it could not be read (${(err as Error).message})` };
    }
    if (edit.refused) {
      io.out(`${plan.file}: ${edit.refused}; nothing was changed. The entry setup would write:\n\n`);
      io.out(plan.hooks ? `${hook}\n` : config.text);
      return 1;
    }
    if (edit.text === before.text) continue;
    const emptied =
      options.remove && record.created.includes(plan.file) && /^\s*(\{\s*\})?\s*$/.test(edit.text) ? null : edit.text;
    changes.push({ ...plan, before, after: emptied });
  }
  if (changes.length === 0) {
    io.out(
      options.remove
        ? `aria-context is not set up in ${files.server} or ${files.hooks}; nothing to remove.\n`
        : `${files.server} already starts this installation's server${options.hooks ? `, and ${files.hooks} its hooks` : ''}; nothing to change.\n`,
    );
    return 0;
  }
  for (const c of changes) {
    if (c.after === null) io.out(`\n${c.file} is removed (setup created it and nothing else is in it).\n`);
    else io.out(`\n${c.file}${c.before.exists ? '' : ' (a new file)'}:\n${lineDiff(c.before.text, c.after)}`);
  }
  if (!options.yes && !io.confirm(`\nWrite ${changes.map((c) => c.file).join(' and ')}? [y/N] `)) {
    io.out('Nothing was changed (pass --yes to write without asking).\n');
    return 1;
  }
  // the hook is recorded before it is written, so no crash leaves a hook setup would not know
  if (!options.remove && !distrusted && changes.some((c) => c.hooks)) {
    const before = record.hooks[files.hooks] ?? [];
    const problem = writeRecord(ledger, { ...record, hooks: { ...record.hooks, [files.hooks]: [...before, hook] } });
    if (problem) {
      io.out(`${problem} (setup's record of the hooks it writes); nothing was changed.\n`);
      return 1;
    }
  }
  for (const c of changes) {
    const problem = writeClientFile(c.file, c.before, c.after);
    if (problem) {
      io.out(`${problem}\n`);
      return 1;
    }
    if (c.hooks) record.hooks[c.file] = options.remove ? [] : [hook];
    if (!c.before.exists) record.created.push(c.file);
    if (c.after === null) record.created = record.created.filter((f) => f !== c.file);
  }
  const recordProblem = distrusted ? null : writeRecord(ledger, record);
  if (recordProblem) io.out(`${recordProblem} (setup's record of its hooks; --remove may not find them)\n`);
  const removed = changes.filter((c) => c.after === null).map((c) => c.file);
  const written = changes.filter((c) => c.after !== null).map((c) => c.file);
  const done = [
    ...(removed.length ? [`Removed ${removed.join(' and ')}.`] : []),
    ...(written.length ? [`Wrote ${written.join(' and ')}.`] : []),
  ];
  io.out(
    `${done.join(' ')} ${afterWords(
      client,
      options,
      changes.some((c) => c.hooks),
    )}\n`,
  );
  return 0;
}

function afterWords(client: 'claude-code' | 'codex', options: SetupOptions, hooks: boolean): string {
  if (options.remove) return 'aria-context is no longer set up there.';
  const name = client === 'codex' ? 'Codex' : 'Claude Code';
  const list = client === 'codex' ? 'codex mcp list' : 'claude mcp list';
  const hookWords = !hooks
    ? ''
    : client === 'codex'
      ? ' Codex runs a new hook only once you trust it: open /hooks in Codex and trust the two aria-context hooks. ARIA_CONTEXT_HOOK=0 turns them off.'
      : ' The hook runs from the next Claude Code session; ARIA_CONTEXT_HOOK=0 turns it off.';
  return `${name} starts the server from its next session (\`${list}\` shows it; \`aria-context doctor\` checks it).${hookWords}`;
}

/** Which knowledge folder the server will answer from, or why it will not yet. */
function servingNote(home: string, env: Record<string, string | undefined>, serverArgs: string[]): string {
  const flag = (name: string) => {
    const at = serverArgs.indexOf(name);
    return at >= 0 ? serverArgs[at + 1] : undefined;
  };
  const options = { config: flag('--config'), folder: flag('--folder'), projectsRoot: flag('--projects-root') };
  const sources = cliSources(home, env, options);
  const outcome = loadSnapshot(sources);
  if (outcome.ok) {
    const { knowledgeFolder, configFile } = outcome.snapshot.config;
    return `The server will serve the knowledge folder ${knowledgeFolder}${configFile ? ` (from ${configFile})` : ''}.\n`;
  }
  const why = cliMessage(outcome, sources);
  if (outcome.config)
    return `The server will serve the knowledge folder ${outcome.config.knowledgeFolder}, but: ${why}\n`;
  return `Warning: ${why}\nSetup goes on; the server will say so until then (or run setup again with --config FILE or --folder DIR).\n`;
}

/** The real side of SetupIo: this process's Node and bundle, the terminal. */
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

/** The launcher's entry: dist/commands/setup.js. It registers the launcher (dist/cli.js), not this bundle. */
export const run = (argv: string[], io: CliIo): number =>
  runSetup(argv.slice(1), processSetupIo(io.out, io.env, io.cliFile ?? __filename));
