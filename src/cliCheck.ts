// `aria-context check [--json] [--drift]`: the index health the editor shows in Problems, for
// scripts and CI (a pre-commit hook or a CI job on a shared index). Exit 1 when a problem is an
// error, 0 otherwise; 2 for a usage error and 3 when not configured or without an index, as
// for `query`. The index is always parsed whole: the cache serves one-query runs only.
import * as os from 'node:os';
import {
  type ConfigSources,
  checkIndex,
  checkSummary,
  DriftScan,
  errorJson,
  hasErrors,
  indexLines,
  indexPath,
  isIsoDate,
  loadSnapshot,
  localDate,
  problemRecord,
  readIndexText,
  withDrift,
  type IndexHealth,
  type ProblemRecord,
  type Snapshot,
} from './core';

export interface CheckOptions {
  json: boolean;
  drift: boolean;
  config?: string;
  folder?: string;
  projectsRoot?: string;
  today?: string;
}

export interface CheckIo {
  out: (s: string) => void;
  env: Record<string, string | undefined>;
  now: () => number;
  cwd?: () => string;
}

/** The CLI's check of HOME, --folder and --config (src/cli.ts), shared so both commands say the same. */
export type PathProblem = (
  home: string,
  options: { folder?: string; config?: string },
  cwd: string,
) => { code: string; message: string; exit: number } | null;

const VALUE_FLAGS = new Set(['--config', '--folder', '--today', '--projects-root']);

/** Where the CLI's commands read the config from: the flags, the environment, home; never a workspace. */
export function cliSources(
  home: string,
  env: Record<string, string | undefined>,
  options: { config?: string; folder?: string; projectsRoot?: string },
): ConfigSources {
  return {
    home,
    env,
    configFile: options.config,
    configFileMustExist: true,
    folder: options.folder,
    projectsRoot: options.projectsRoot,
    trustedWorkspaceFolders: [], // the CLI never reads a workspace .cursor config
  };
}

export function parseCheckArgs(
  args: readonly string[],
): { ok: true; options: CheckOptions } | { ok: false; message: string } {
  const options: CheckOptions = { json: false, drift: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!arg.startsWith('--'))
      return {
        ok: false,
        message: `aria-context check takes no tokens (got "${arg}"). Run aria-context --help for options.`,
      };
    const eq = arg.indexOf('=');
    const flag = eq >= 0 ? arg.slice(0, eq) : arg;
    if ((flag === '--json' || flag === '--text') && eq < 0) options.json = flag === '--json';
    else if (flag === '--drift' && eq < 0) options.drift = true;
    else if (flag === '--no-cache' && eq < 0)
      continue; // accepted as for query; check never uses the cache
    else if (!VALUE_FLAGS.has(flag))
      return { ok: false, message: `Unknown option ${flag} for check. Run aria-context --help for options.` };
    else {
      const value = eq >= 0 ? arg.slice(eq + 1) : args[++i];
      if (value === undefined || value === '') return { ok: false, message: `${flag} needs a value.` };
      if (flag === '--today' && !isIsoDate(value))
        return { ok: false, message: `--today needs a date as YYYY-MM-DD (got "${value}").` };
      if (flag === '--config') options.config = value;
      if (flag === '--folder') options.folder = value;
      if (flag === '--projects-root') options.projectsRoot = value;
      if (flag === '--today') options.today = value;
    }
  }
  return { ok: true, options };
}

export function runCheck(args: readonly string[], io: CheckIo, pathProblem: PathProblem): number {
  const wantsJson = args.includes('--json');
  const fail = (code: string, message: string, exit: number) => {
    io.out(wantsJson ? `${JSON.stringify(errorJson(code, message))}\n` : `${message}\n`);
    return exit;
  };
  const parsed = parseCheckArgs(args);
  if (!parsed.ok) return fail('usage', parsed.message, 2);
  const options = parsed.options;
  const home = io.env.HOME || os.homedir();
  const relative = pathProblem(home, options, io.cwd?.() ?? process.cwd());
  if (relative) return fail(relative.code, relative.message, relative.exit);

  const outcome = loadSnapshot(cliSources(home, io.env, options));
  if (!outcome.ok) return fail(outcome.code, outcome.message, 3);
  const text = readIndexText(outcome.snapshot.config);
  if (!text.ok) return fail('no-index', text.message, 3);

  const health = indexHealth(outcome.snapshot, text.text, options.drift);
  const today = options.today ?? localDate(io.now());
  const summary = `${checkSummary(health, today)}${health.driftChecked ? '' : ' (add --drift)'}`;
  const records = health.problems.map(problemRecord);
  if (options.json) io.out(`${JSON.stringify({ problems: records, summary }, null, 2)}\n`);
  else io.out(textReport(indexPath(outcome.snapshot.config), records, summary));
  return hasErrors(health.problems) ? 1 : 0;
}

/** The cheap check, plus the front-matter scan of every note with `drift` (run straight through). */
function indexHealth(snapshot: Snapshot, text: string, drift: boolean): IndexHealth {
  const lines = indexLines(text);
  const health = checkIndex(snapshot, text, lines);
  if (!drift) return health;
  const scan = new DriftScan(snapshot, lines);
  while (scan.step(1000));
  return withDrift(health, scan.result());
}

/** Like a compiler: `<index.md>:<line>: <severity> <code>: <message>`, then the summary. */
function textReport(file: string, records: readonly ProblemRecord[], summary: string): string {
  const lines = records.map((r) => `${file}:${r.line}: ${r.severity} ${r.code}: ${oneLine(r.message)}`);
  return `${[...lines, summary].join('\n')}\n`;
}

/** Index text inside a message stays on its line and cannot drive the terminal. */
function oneLine(s: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this escapes
  return s.replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
