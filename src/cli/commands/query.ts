// `aria-context query` (and the help and usage errors of a command line that names no other
// command): the /context flow in a terminal, on the same core as the extension. Its own bundle
// (dist/commands/query.js), started by the launcher (src/cli/launcher.ts).
// Through the core's index like every front end; esbuild drops what the command does not use.
import {
  cacheDisabledByEnv,
  describeLoad,
  errorJson,
  indexCacheDir,
  loadItems,
  loadSnapshot,
  localDate,
  parseIndexCacheJob,
  parseQueryText,
  pickItems,
  queryTooLarge,
  renderBundle,
  renderSummary,
  runIndexCacheJob,
  runQuery,
  toJson,
  usageFor,
  inWordsOf,
  type Snapshot,
} from '../../core';
import { cliMessage, cliSources, homeOf, relativePathProblem, retryWithoutCacheFile, type CliIo } from '../command';
import { commandHelp, globalHelp, HELP_COMMANDS } from '../help';
import { readCommandLine, type CommandName } from '../options';

interface CliOptions {
  tokens: string[];
  json: boolean;
  load: string | null;
  config?: string;
  folder?: string;
  projectsRoot?: string;
  today?: string;
  noCache: boolean;
}

type ParseOutcome = { kind: 'help' } | { kind: 'error'; message: string } | { kind: 'run'; options: CliOptions };

/** The help a command line asks for: `<command> --help` or `help <command>` that command's own, else the global one. */
function helpFor(argv: readonly string[]): string {
  const named = argv[0] === 'help' ? argv[1] : argv[0];
  return (HELP_COMMANDS as readonly string[]).includes(named ?? '') ? commandHelp(named as CommandName) : globalHelp();
}

/** `query`'s command line (or help, or the usage error of a command line naming no command). */
export function parseQueryArgs(argv: string[]): ParseOutcome {
  if (argv.length === 0 || argv.includes('-h') || argv.includes('--help') || argv[0] === 'help')
    return { kind: 'help' };
  const [command, ...rest] = argv;
  if (command !== 'query')
    return {
      kind: 'error',
      message: `Unknown command "${command}". ${usageFor('cli')}\nRun aria-context --help for options.`,
    };
  const read = readCommandLine('query', rest);
  if (read.kind !== 'run') return read;
  const { tokens, values, switches, json } = read.line;
  const options: CliOptions = {
    tokens,
    json,
    load: values.load ?? null,
    config: values.config,
    folder: values.folder,
    projectsRoot: values['projects-root'],
    today: values.today,
    noCache: switches.has('--no-cache'),
  };
  const tooLarge = queryTooLarge(options.tokens); // before the index is read for these tokens
  if (tooLarge) return { kind: 'error', message: tooLarge };
  if (parseQueryText(options.tokens).tokens.length === 0) return { kind: 'error', message: usageFor('cli') };
  return { kind: 'run', options };
}

export function main(argv: string[], io: CliIo): number {
  const parsed = parseQueryArgs(argv);
  const wantsJson = argv.includes('--json');
  const fail = (code: string, message: string, exit: number) => {
    io.out(wantsJson ? `${JSON.stringify(errorJson(code, message))}\n` : `${message}\n`);
    return exit;
  };
  if (parsed.kind === 'help') {
    io.out(helpFor(argv));
    return 0;
  }
  if (parsed.kind === 'error') return fail('usage', parsed.message, 2);
  const options = parsed.options;

  const home = homeOf(io.env);
  const relative = relativePathProblem(home, options, io.cwd?.() ?? process.cwd());
  if (relative) return fail(relative.code, relative.message, relative.exit);
  const cacheDir = io.cache && !options.noCache && !cacheDisabledByEnv(io.env) ? indexCacheDir(io.env, home) : null;
  return retryWithoutCacheFile((ignoreFile) => {
    const sources = cliSources(home, io.env, options);
    const outcome = loadSnapshot(
      sources,
      {
        cache:
          io.cache && cacheDir ? { producer: io.cache.producer, dir: cacheDir, now: io.now(), ignoreFile } : undefined,
      },
      io.loadConfig,
    );
    if (!outcome.ok) return fail(outcome.code, cliMessage(outcome, sources), 3);
    const exit = answer(options, outcome.snapshot, io, fail);
    if (outcome.cacheJob && io.cache) io.cache.write(outcome.cacheJob); // after the answer is out
    return exit;
  });
}

/** The query's output (summary, JSON or bundle) and its exit code. */
function answer(
  options: CliOptions,
  snapshot: Snapshot,
  io: CliIo,
  fail: (code: string, message: string, exit: number) => number,
): number {
  const today = options.today ?? localDate(io.now());
  const query = runQuery(snapshot, options.tokens, { today });
  if (!query.ok) return fail('usage', inWordsOf('cli', query.message), 2);
  const result = query.result;

  if (options.load === null) {
    io.out(options.json ? `${JSON.stringify(toJson(result, 'cli'), null, 2)}\n` : renderSummary(result, 'cli'));
    return 0;
  }
  const picks = pickItems(result, options.load);
  if (!picks.ok) return fail('usage', picks.message, 2);
  const load = loadItems(snapshot.config, picks.items);
  if (options.json) {
    io.out(
      `${JSON.stringify(
        {
          loaded: load.loaded.map((f) => ({
            path: f.item.path,
            absPath: f.item.absPath,
            content: f.content,
            truncated: f.truncated,
          })),
          refused: load.refused.map((r) => ({ path: r.item.path, reason: r.reason })),
          message: describeLoad(load),
        },
        null,
        2,
      )}\n`,
    );
  } else {
    io.out(renderBundle(load));
  }
  return 0;
}

/** The launcher's entry: `query`, help, or a usage error for a command line it could not route. */
export function run(argv: string[], io: CliIo): number {
  return main(argv, io);
}

/** The hidden command a miss starts to write the index cache (src/cli/launcher.ts), in a process of its own. */
export function writeIndexCache(jobText: string, producer: string | null): void {
  const job = parseIndexCacheJob(jobText);
  // Only this build's own jobs: the producer is what the file will be trusted for.
  if (job && producer !== null && job.producer === producer) runIndexCacheJob(job, () => Date.now());
}
