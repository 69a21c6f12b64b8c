// `aria-context doctor [--json]`: what a new user asks when an agent stays silent (SPEC §13.2).
// The config file found (or every place looked) and what it says, the knowledge folder, the
// index (files, last rebuilt, health), and for Claude Code, Codex and Cursor: whether the server
// and the hooks are registered, the Node (and its version) and cli.js each runs. Each problem is
// a finding with one fix. Exit 1 when an agent would get nothing or a registered command cannot
// start, 0 otherwise (2: usage). It only reads (and asks each registered Node its version).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  escapeControls,
  hookCommand,
  hookCommands,
  hookTarget,
  jsonServer,
  keepOutOf,
  loadConfig,
  localDate,
  shellQuote,
  SERVER_NAME,
  tomlTable,
} from '../../core';
import { cliSources, parseCommandArgs, type CheckIo, type CliIo } from '../command';
import { knowledgeReport, type Finding, type KnowledgeReport } from '../doctor/knowledge';
import { compileCacheProblem, nodeProblem } from '../doctor/runtime';
import { processSetupIo } from './setup';
import { readClientFile } from '../setup/files';
import { readRecord, recordFile } from '../setup/record';
import { clientFiles } from '../setup/paths';

/** One command line a client runs: its program and script, and what is wrong with them. */
interface Runs {
  command: string;
  node: string;
  cli: string | null;
  problem: string | null;
  /** Whether it runs with NODE_COMPILE_CACHE cleared, as setup registers it now (SPEC §13.3). */
  clearsCompileCache: boolean;
}

type DoctorClient = 'claude-code' | 'codex' | 'cursor';

interface ClientReport {
  client: DoctorClient;
  /** Cursor has no hooks file setup writes: `hooks` is null. */
  files: { server: string; hooks: string | null };
  server: Runs | null;
  /** `setups`: in setup's record (setup replaces and removes it); otherwise only shaped like one. */
  hooks: (Runs & { events: string[]; setups: boolean })[];
  /** Files that could not be read, and why. */
  unreadable: string[];
}

export interface DoctorIo extends CheckIo {
  node: string;
  cli: string;
}

export function runDoctor(args: readonly string[], io: DoctorIo): number {
  const parsed = parseCommandArgs('doctor', args);
  if (!parsed.ok) {
    io.out(`${parsed.message}\n`);
    return 2;
  }
  const options = parsed.options;
  const home = io.env.HOME || os.homedir();
  const sources = cliSources(home, io.env, options);
  const knowledge = knowledgeReport(sources, options.today ?? localDate(io.now()), options.folder !== undefined);
  const versions = new Map<string, string | { problem: string }>();
  const { record } = readRecord(recordFile(io.env, home));
  const clients = (['claude-code', 'codex', 'cursor'] as const).map((client) => {
    // Cursor: the user-level mcp.json setup prints for it (pasted by hand)
    const files =
      client === 'cursor'
        ? { server: path.join(home, '.cursor', 'mcp.json'), hooks: null }
        : clientFiles(client, io.env, home);
    if (typeof files === 'string') return null;
    const current = (c: string) => [io.node, io.cli, 'hook', c].map(shellQuote).join(' ');
    const recorded = new Set([...(files.hooks ? (record.hooks[files.hooks] ?? []) : []), current(client)]);
    if (client !== 'cursor')
      for (const legacy of [false, true]) recorded.add(hookCommand(io.node, io.cli, client, [], legacy));
    return clientReport(client, files, (command) => recorded.has(command), { ...io, versions });
  });
  const reports = clients.filter((c): c is ClientReport => c !== null);
  const findings = [...knowledge.findings, ...compileCacheFindings(io.env, home, sources, reports)];
  const broken =
    findings.some((f) => f.level === 'broken') ||
    reports.some((c) => c.server?.problem || c.hooks.some((h) => h.problem));
  if (options.json)
    io.out(
      `${JSON.stringify({ ok: !broken, installation: { node: io.node, cli: io.cli }, ...knowledge, findings, clients: reports }, null, 2)}\n`,
    );
  else io.out(textReport(knowledge, findings, reports, io, broken));
  return broken ? 1 : 0;
}

/** A compile cache the environment chooses, judged by the launcher's rule (SPEC §13.3). */
function compileCacheFindings(
  env: Record<string, string | undefined>,
  home: string,
  sources: ReturnType<typeof cliSources>,
  reports: readonly ClientReport[],
): Finding[] {
  const dir = env.NODE_COMPILE_CACHE;
  if (!dir || env.NODE_DISABLE_COMPILE_CACHE) return [];
  const config = loadConfig(sources);
  const why = compileCacheProblem(dir, home, config.ok ? keepOutOf(config.config) : []);
  if (why === null) return [];
  // registered before setup cleared it: they would use that folder too, if the client passes it on
  const exposed = reports.filter(
    (c) => (c.server && !c.server.clearsCompileCache) || c.hooks.some((h) => !h.clearsCompileCache),
  );
  return [
    ...exposed.map((c) => ({
      level: 'warning' as const,
      area: 'compile-cache',
      message: `${c.client}'s aria-context entries were registered without clearing NODE_COMPILE_CACHE: started from this environment, they would run code from ${dir}.`,
      fix:
        c.client === 'cursor'
          ? `paste what aria-context setup cursor prints into ${c.files.server}, over the old entry.`
          : `aria-context setup ${c.client}${c.hooks.length ? ' --hooks' : ''} (it rewrites its entries with the variable cleared).`,
    })),
    {
      level: 'warning',
      area: 'compile-cache',
      message: `NODE_COMPILE_CACHE=${dir} fails aria-context's rule for a folder that holds code: ${why}. Node runs what it finds there in every aria-context started from this environment (the commands setup registers clear it).`,
      fix: 'unset NODE_COMPILE_CACHE (aria-context keeps its own compile cache in ~/.cache/aria-context), or point it at a folder under your home that only you can write.',
    },
  ];
}

function clientReport(
  client: DoctorClient,
  files: { server: string; hooks: string | null },
  /** Setup's own (recorded, or this installation's): setup replaces and removes these; a look-alike it does not. */
  isOurs: (command: string) => boolean,
  io: DoctorIo & { versions: Map<string, string | { problem: string }> },
): ClientReport {
  const report: ClientReport = { client, files, server: null, hooks: [], unreadable: [] };
  const read = (file: string) => {
    const r = readClientFile(file);
    if (!r.ok) report.unreadable.push(r.message);
    return r.ok && r.exists ? r.text : null;
  };
  const serverText = read(files.server);
  try {
    const entry =
      serverText === null
        ? null
        : client === 'codex'
          ? tomlTable(serverText, ['mcp_servers', SERVER_NAME])
          : jsonServer(serverText);
    if (entry) {
      const command = typeof entry.command === 'string' ? entry.command : '';
      const args = Array.isArray(entry.args) ? entry.args.filter((a): a is string => typeof a === 'string') : [];
      const script = args.find((a) => a.endsWith('.js')) ?? null;
      const env = entry.env && typeof entry.env === 'object' ? (entry.env as Record<string, string>) : {};
      report.server = {
        ...runs([command, ...args].map(shellQuote).join(' '), command, script, { ...io.env, ...env }, io),
        clearsCompileCache: env.NODE_COMPILE_CACHE === '',
      };
    }
  } catch (err) {
    report.unreadable.push(`${files.server} could not be read (${(err as Error).message})`);
  }
  const hooksText = files.hooks === null ? null : read(files.hooks);
  try {
    const byCommand = new Map<string, string[]>();
    for (const { event, command } of hooksText === null ? [] : hookCommands(hooksText))
      if (isOurs(command) || hookTarget(command)) byCommand.set(command, [...(byCommand.get(command) ?? []), event]);
    for (const [command, events] of byCommand) {
      const target = hookTarget(command) ?? { node: io.node, cli: io.cli };
      report.hooks.push({
        ...runs(command, target.node, target.cli, io.env, io),
        clearsCompileCache: command.includes('NODE_COMPILE_CACHE= exec '),
        events,
        setups: isOurs(command),
      });
    }
  } catch (err) {
    report.unreadable.push(`${files.hooks} could not be read (${(err as Error).message})`);
  }
  return report;
}

/** What is wrong with a program and its script: missing, not executable, not found on PATH, a Node too old. */
function runs(
  command: string,
  node: string,
  cli: string | null,
  env: Record<string, string | undefined>,
  io: { versions: Map<string, string | { problem: string }> },
): Omit<Runs, 'clearsCompileCache'> {
  const program = path.isAbsolute(node) ? node : onPath(node, env.PATH ?? '');
  let problem: string | null = null;
  if (!program) problem = `${node} is not on PATH`;
  else if (!executable(program)) problem = `${program} does not exist (or is not executable)`;
  else if (cli !== null && !isFile(cli)) problem = `${cli} does not exist`;
  else problem = nodeProblem(program, env, io.versions);
  return { command, node: program ?? node, cli, problem };
}

const isFile = (p: string) => {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
};

const executable = (p: string) => {
  try {
    fs.accessSync(p, fs.constants.X_OK);
    return isFile(p);
  } catch {
    return false;
  }
};

function onPath(name: string, pathVar: string): string | null {
  if (name === '' || name.includes('/')) return null;
  for (const dir of pathVar.split(path.delimiter))
    if (dir && executable(path.join(dir, name))) return path.join(dir, name);
  return null;
}

function textReport(
  knowledge: KnowledgeReport,
  findings: Finding[],
  clients: ClientReport[],
  io: DoctorIo,
  broken: boolean,
): string {
  const e = escapeControls;
  const out: string[] = [];
  const { config, index } = knowledge;
  if (config.file) out.push(`Configuration: ${e(config.file)}`);
  else if (config.problem) {
    out.push(`Configuration: none. ${e(config.problem)}`);
  } else out.push('Configuration: none (the knowledge folder comes from --folder)');
  if (knowledge.knowledgeFolder) out.push(`Knowledge folder: ${e(knowledge.knowledgeFolder)}`);
  if (index && 'files' in index)
    out.push(
      `Index: ${e(index.path)}: ${index.files} ${index.files === 1 ? 'file' : 'files'}, ${index.knownTags} known ${index.knownTags === 1 ? 'tag' : 'tags'}; last rebuilt ${index.lastRebuilt ? e(index.lastRebuilt) : 'unknown'}`,
      ...(index.health ? [`  ${e(index.health)}`] : []),
    );
  else if (index) out.push(`Index: none. ${e(index.problem ?? '')}`);
  out.push(`This aria-context: ${e(io.node)} ${e(io.cli)}`);
  for (const c of clients) {
    const name = { codex: 'Codex', 'claude-code': 'Claude Code', cursor: 'Cursor' }[c.client];
    out.push(
      '',
      `${name} (${[c.files.server, c.files.hooks]
        .filter((f) => f !== null)
        .map(e)
        .join(', ')}):`,
    );
    for (const u of c.unreadable) out.push(`  cannot tell: ${e(u)}`);
    out.push(
      c.server
        ? `  server: ${e(c.server.command)}: ${c.server.problem ? `BROKEN, ${e(c.server.problem)}` : 'ok'}`
        : `  server: not registered (aria-context setup ${c.client})`,
    );
    if (c.hooks.length === 0 && c.files.hooks !== null)
      out.push(`  hooks: none (aria-context setup ${c.client} --hooks)`);
    for (const h of c.hooks)
      out.push(
        `  hook on ${h.events.join(', ')}: ${e(h.node)} ${e(h.cli ?? '')}: ${h.problem ? `BROKEN (silent), ${e(h.problem)}` : 'ok'}${h.setups ? '' : " (not in setup's record)"}`,
      );
    if (c.client === 'cursor' && c.server?.problem)
      out.push(`  Fix: paste what aria-context setup cursor prints into ${e(c.files.server)}, over the old entry.`);
    else if (c.hooks.some((h) => !h.setups))
      out.push(
        `  Hooks marked "not in setup's record" were not written by this setup (or its record, ${e(recordFile(io.env, io.env.HOME || os.homedir()))}, is gone): setup leaves them alone; remove them from ${e(c.files.hooks ?? '')} by hand.`,
      );
    if (c.client !== 'cursor' && (c.server?.problem || c.hooks.some((h) => h.problem && h.setups)))
      out.push(
        `  Fix: run aria-context setup ${c.client}${c.hooks.length ? ' --hooks' : ''} from the installation you use (it replaces these entries), or aria-context setup ${c.client} --remove.`,
      );
  }
  if (findings.length > 0) out.push('', 'Problems:');
  for (const f of findings)
    out.push(`  ${f.level === 'broken' ? 'BROKEN' : 'Warning'} (${f.area}): ${e(f.message)}`, `    Fix: ${e(f.fix)}`);
  out.push(
    '',
    broken
      ? 'An agent would get nothing, or a registered command cannot start (see BROKEN above).'
      : clients.every((c) => c.server === null)
        ? 'Nothing is broken, but no agent is set up yet: aria-context setup claude-code (or codex, cursor).'
        : findings.length > 0
          ? 'Nothing is broken; see the warnings above.'
          : 'Nothing is broken: the agents set up get the knowledge above.',
  );
  return `${out.join('\n')}\n`;
}

/** The launcher's entry: dist/commands/doctor.js. It checks the launcher (dist/cli.js) the clients run, not this bundle. */
export const run = (argv: string[], io: CliIo): number => {
  const { node, cli } = processSetupIo(io.out, io.env, io.cliFile ?? __filename);
  return runDoctor(argv.slice(1), { ...io, node, cli });
};
