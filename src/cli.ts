// `aria-context`: the /context flow in a terminal, on the same core as the extension.
import * as fs from 'node:fs';
import * as nodeModule from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
// Through the core's index like every front end; esbuild drops what the CLI does not use.
import {
  cacheDisabledByEnv,
  cacheWriterRunning,
  describeLoad,
  errorJson,
  escapeOutput,
  indexCacheDir,
  isIsoDate,
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
  privateFolder,
  toJson,
  USAGE,
  type IndexCacheJob,
  type Snapshot,
} from './core';
import { runCheck } from './cliCheck';
import { cliSources, retryWithoutCacheFile } from './cliCommand';
import { processSetupIo, runSetup } from './cliSetup';
import { readStdin, runHook } from './cliHook';
import { runTags } from './cliTags';

/** This build's identity (esbuild.mjs: the version and a hash of the sources); absent in a watch build. */
declare const ARIA_CONTEXT_BUILD: string | undefined;

const HELP = `aria-context — query an aria-knowledge folder by tag

Usage:
  aria-context query <tokens…> [options]
  aria-context check [--json] [--drift] [options]
  aria-context tags [--json] [options]
  aria-context mcp [--config FILE] [--folder DIR] [--projects-root DIR]
  aria-context setup <claude-code|codex|cursor|vscode> [--print] [--hooks] [--yes]
  aria-context hook <claude-code|codex>

Tokens are tags, aliases or project keys; AND switches to intersection.
  aria-context query stripe
  aria-context query api AND pagination
  aria-context query proj-a --load all

Options:
  --text               print the summary (default)
  --json               print the result as JSON
  --load all|1,3       print the picked files as a markdown bundle
  --config FILE        aria-knowledge.local.md to read (must exist)
  --folder DIR         knowledge folder (overrides knowledge_folder)
  --projects-root DIR  where relative project paths live (default ~/Projects)
  --today YYYY-MM-DD   the date ages are counted to (default: today)
  --no-cache           parse index.md, neither reading nor writing the index
                       cache (also ARIA_CONTEXT_NO_CACHE=1)
  -h, --help           show this help

Exit codes: 0 results or no match, 2 usage error, 3 not configured or no index.

\`aria-context check\` lists the index problems the editor shows in Problems, one line each
(<index.md>:<line>: <severity> <code>: <message>), then a summary; --json prints
{"problems": [...], "summary": "..."}, --drift also compares every note's front-matter tags
with the index. It takes --config, --folder, --projects-root and --today, and exits 1 when a
problem is an error, 0 otherwise (2 and 3 as above).

\`aria-context tags\` lists every project key, known tag and other tag with what querying it
returns (files, team-shared notes, artifacts present and missing, pending ideas), one line
each; --json prints {"tags": [{"name", "kind", "aliases", "counts"}]}. Options as for check.

\`aria-context mcp\` serves the same knowledge to MCP clients (Claude Code, Codex, Cursor,
VS Code) over stdio; see aria-context mcp --help. \`aria-context setup <client>\` prints
the client's config for this installation (absolute paths) and, without --print, adds it
with the client's own command (claude mcp add, codex mcp add) after showing it; for Cursor and
VS Code it prints the JSON and the file to paste it into. \`setup claude-code --hooks\` adds
aria-context's hook to ~/.claude/settings.json after asking (--yes: without asking); \`setup
codex --hooks\` adds it to ~/.codex/hooks.json ($CODEX_HOME), to be trusted in Codex's /hooks.
\`aria-context hook claude-code\` (\`hook codex\`) is that hook: it reads the client's hook JSON
on stdin and prints the knowledge the prompt or the session's project calls for
(ARIA_CONTEXT_HOOK=0: off).
`;

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

const VALUE_FLAGS = new Set(['--load', '--config', '--folder', '--today', '--projects-root']);

export function parseArgs(argv: string[]): ParseOutcome {
  if (argv.length === 0 || argv.includes('-h') || argv.includes('--help') || argv[0] === 'help')
    return { kind: 'help' };
  const [command, ...rest] = argv;
  if (command !== 'query')
    return { kind: 'error', message: `Unknown command "${command}". ${USAGE}\nRun aria-context --help for options.` };
  const options: CliOptions = { tokens: [], json: false, load: null, noCache: false };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (arg === '--') {
      options.tokens.push(...rest.slice(i + 1));
      break;
    }
    if (!arg.startsWith('--')) {
      options.tokens.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const flag = eq >= 0 ? arg.slice(0, eq) : arg;
    if (flag === '--json' || flag === '--text') {
      options.json = flag === '--json';
      continue;
    }
    if (flag === '--no-cache' && eq < 0) {
      options.noCache = true;
      continue;
    }
    if (!VALUE_FLAGS.has(flag))
      return { kind: 'error', message: `Unknown option ${flag}. Run aria-context --help for options.` };
    const value = eq >= 0 ? arg.slice(eq + 1) : rest[++i];
    if (value === undefined || value === '') return { kind: 'error', message: `${flag} needs a value.` };
    if (flag === '--load') options.load = value;
    if (flag === '--config') options.config = value;
    if (flag === '--folder') options.folder = value;
    if (flag === '--projects-root') options.projectsRoot = value;
    if (flag === '--today') {
      if (!isIsoDate(value)) return { kind: 'error', message: `--today needs a date as YYYY-MM-DD (got "${value}").` };
      options.today = value;
    }
  }
  const tooLarge = queryTooLarge(options.tokens); // before the index is read for these tokens
  if (tooLarge) return { kind: 'error', message: tooLarge };
  if (parseQueryText(options.tokens).tokens.length === 0) return { kind: 'error', message: USAGE };
  return { kind: 'run', options };
}

export interface CliIo {
  out: (s: string) => void;
  env: Record<string, string | undefined>;
  now: () => number;
  /** The directory relative paths would be read against (default: process.cwd()). */
  cwd?: () => string;
  /**
   * The index cache: this build's identity, and what to do with the job a miss leaves (after
   * the answer is out). Without it the CLI neither reads nor writes the cache.
   */
  cache?: { producer: string; write: (job: IndexCacheJob) => void };
  /** Standard input for `hook` (default: fd 0), at most `max` bytes, null past that. */
  stdin?: (max: number) => Buffer | null;
}

/**
 * HOME, --folder and --config must be absolute (a leading `~/` counts for the flags): a relative
 * one would otherwise surface later as a confusing complaint about knowledge_folder or a missing
 * file. The message names the real cause and the absolute path that was probably meant.
 */
function relativePathProblem(
  home: string,
  options: Pick<CliOptions, 'folder' | 'config'>,
  cwd: string,
): { code: string; message: string; exit: number } | null {
  const meant = (p: string) => path.resolve(cwd, p);
  if (!path.isAbsolute(home)) {
    return {
      code: 'not-configured',
      exit: 3,
      message: `HOME must be an absolute path (got "${home}"). From this directory that would be HOME="${meant(home)}".`,
    };
  }
  for (const [flag, value] of [
    ['--folder', options.folder],
    ['--config', options.config],
  ] as const) {
    if (value !== undefined && value !== '~' && !value.startsWith('~/') && !path.isAbsolute(value)) {
      return {
        code: 'usage',
        exit: 2,
        message: `${flag} must be an absolute path (got "${value}"). From this directory that would be ${flag} "${meant(value)}".`,
      };
    }
  }
  return null;
}

export function main(argv: string[], cliIo: CliIo): number {
  // §9 The one output boundary: every command writes through it, so none can print a terminal
  // control sequence or a bidi control from someone else's text.
  const io: CliIo = { ...cliIo, out: (s) => cliIo.out(escapeOutput(s)) };
  const parsed = parseArgs(argv);
  const wantsJson = argv.includes('--json');
  const fail = (code: string, message: string, exit: number) => {
    io.out(wantsJson ? `${JSON.stringify(errorJson(code, message))}\n` : `${message}\n`);
    return exit;
  };
  if (parsed.kind === 'help') {
    io.out(HELP);
    return 0;
  }
  if (argv[0] === 'check') return runCheck(argv.slice(1), io, relativePathProblem);
  if (argv[0] === 'setup') return runSetup(argv.slice(1), processSetupIo(io.out, io.env, __filename));
  if (argv[0] === 'hook') return runHook(argv.slice(1), { ...io, stdin: io.stdin ?? readStdin });
  if (argv[0] === 'tags') return runTags(argv.slice(1), io, relativePathProblem);
  if (parsed.kind === 'error') return fail('usage', parsed.message, 2);
  const options = parsed.options;

  const home = io.env.HOME || os.homedir();
  const relative = relativePathProblem(home, options, io.cwd?.() ?? process.cwd());
  if (relative) return fail(relative.code, relative.message, relative.exit);
  const cacheDir = io.cache && !options.noCache && !cacheDisabledByEnv(io.env) ? indexCacheDir(io.env, home) : null;
  return retryWithoutCacheFile((ignoreFile) => {
    const outcome = loadSnapshot(cliSources(home, io.env, options), {
      cache:
        io.cache && cacheDir ? { producer: io.cache.producer, dir: cacheDir, now: io.now(), ignoreFile } : undefined,
    });
    if (!outcome.ok) return fail(outcome.code, outcome.message, 3);
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
  if (!query.ok) return fail('usage', query.message, 2);
  const result = query.result;

  if (options.load === null) {
    io.out(options.json ? `${JSON.stringify(toJson(result), null, 2)}\n` : renderSummary(result));
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

let stdoutStream = false;
/**
 * Standard output written with fs.writeSync: setting up process.stdout costs ~3 ms of a run that
 * lasts ~100. Should a write fail (a non-blocking pipe that is full, a closed one), the rest and
 * everything after go through process.stdout, which handles those as it always has.
 */
function writeOut(s: string): void {
  const data = Buffer.from(s, 'utf8');
  let done = 0;
  if (!stdoutStream) {
    try {
      while (done < data.length) done += fs.writeSync(1, data, done);
      return;
    } catch {
      stdoutStream = true;
    }
  }
  process.stdout.write(data.subarray(done));
}

/**
 * `aria-context mcp`: the server's bundle (the MCP SDK included) is required only here, from
 * beside this file, so `aria-context query` never loads it.
 */
function runMcp(args: string[]): void {
  enableCompileCache(process.env.HOME || os.homedir());
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a separate bundle, loaded only for this command
  const server = require(path.join(__dirname, 'mcp.js')) as typeof import('./mcp/main');
  server.main(args).catch((err: Error) => {
    process.stderr.write(escapeOutput(`aria-context mcp: could not start: ${err.message}\n`));
    process.exitCode = 1;
  });
}

/**
 * Node's own compile cache (Node 22.1+; nothing on older Nodes) for the bundle required after
 * start (the MCP server's). Compiled code runs as the CLI, so only in this user's private cache
 * folder under home: never XDG_CACHE_HOME, which could point into a repository or a synced folder.
 */
function enableCompileCache(home: string): void {
  const mod = nodeModule as { enableCompileCache?: (dir: string) => unknown };
  if (typeof mod.enableCompileCache !== 'function' || cacheDisabledByEnv(process.env)) return;
  const dir = compileCacheFolder(home);
  try {
    if (dir !== null) mod.enableCompileCache(dir);
  } catch {
    // an optimisation only
  }
}

/**
 * The folder for Node's compile cache: `<home>/.cache/aria-context/compile-node<version>` (never
 * under XDG_CACHE_HOME), made 0700; null unless it and its parent are this user's real folders
 * (not symlinks) that no one else can write.
 */
export function compileCacheFolder(home: string): string | null {
  if (!path.isAbsolute(home)) return null;
  const dir = path.join(home, '.cache', 'aria-context', `compile-node${process.versions.node}`);
  return privateFolder(path.dirname(dir), []) && privateFolder(dir, []) ? dir : null;
}

/** The hidden command a miss starts to write the index cache, in a process of its own. */
const WRITE_CACHE_COMMAND = '__write-index-cache';

/**
 * Writes the cache in a detached child, so the run that missed exits as soon as it has
 * answered (the full parse and the image cost more than the one-query parse that answered).
 * Skipped while another writer for the same file is at work.
 */
function startCacheWriter(job: IndexCacheJob): void {
  try {
    if (cacheWriterRunning(job, Date.now())) return;
    // child_process (with net and streams) costs about 3 ms to load: only a miss needs it.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use
    const { spawn } = require('node:child_process') as typeof import('node:child_process');
    const child = spawn(process.execPath, [__filename, WRITE_CACHE_COMMAND, JSON.stringify(job)], {
      detached: true,
      stdio: 'ignore',
      windowsHide: true,
    });
    child.on('error', () => undefined); // no cache this time: nothing to tell the user
    child.unref();
  } catch {
    // the cache is an optimisation: a failure to start its writer changes no answer
  }
}

const build = typeof ARIA_CONTEXT_BUILD === 'string' && ARIA_CONTEXT_BUILD !== '' ? ARIA_CONTEXT_BUILD : null;

if (require.main === module && process.argv[2] === 'mcp') {
  runMcp(process.argv.slice(3));
} else if (require.main === module && process.argv[2] === WRITE_CACHE_COMMAND) {
  const job = parseIndexCacheJob(process.argv[3] ?? '');
  // Only this build's own jobs: the producer is what the file will be trusted for.
  if (job && build !== null && job.producer === build) runIndexCacheJob(job, () => Date.now());
} else if (require.main === module) {
  try {
    process.exitCode = main(process.argv.slice(2), {
      out: writeOut,
      env: process.env,
      now: () => Date.now(),
      cache: build !== null ? { producer: build, write: startCacheWriter } : undefined,
    });
  } catch (err) {
    // Last line of defence: a one-line message, never a stack trace.
    writeOut(escapeOutput(`aria-context: unexpected error: ${(err as Error).message}\n`));
    process.exitCode = 1;
  }
}
