// `aria-context` (dist/cli.js): the launcher. It checks the Node, turns on Node's compile cache
// in a proven-private folder, and requires only the bundle of the command asked for, so a query
// never parses the code of `setup`, `check`, `tags`, `mcp` or `hook`, nor they a query's.
//
// A new command: a file src/cli/commands/<name>.ts exporting `run(argv, io)` (esbuild.mjs bundles
// every file there as dist/commands/<name>.js) and its line in COMMANDS below.
import * as fs from 'node:fs';
import * as nodeModule from 'node:module';
import * as path from 'node:path';
import {
  cacheDisabledByEnv,
  cacheWriterRunning,
  escapeOutput,
  keepOutOf,
  loadConfig,
  nodeTooOld,
  OLD_NODE_EXIT,
  oldNodeLine,
  privateFolder,
  type ConfigOutcome,
  type ConfigSources,
  type IndexCacheJob,
} from '../core';
import { cliSources, homeOf, type CliIo } from './command';
import { sourceFlags } from './options';

/** This build's identity (esbuild.mjs: the version and a hash of the sources); absent in a watch build. */
declare const ARIA_CONTEXT_BUILD: string | undefined;

/** Each command's bundle, beside this file. A command line naming none goes to `query` (help, usage errors). */
export const COMMANDS: Readonly<Record<string, string>> = {
  query: 'commands/query.js',
  check: 'commands/check.js',
  tags: 'commands/tags.js',
  setup: 'commands/setup.js',
  doctor: 'commands/doctor.js',
  index: 'commands/index.js',
  hook: 'commands/hook.js',
  mcp: 'mcp.js',
};

/** Commands that leave nothing on disk unless asked (`setup` without --yes, `doctor`): no compile cache either. */
const WRITES_ONLY_WHEN_ASKED = new Set(['setup', 'doctor']);

/** What a command's bundle exports; a number is the exit code (a server sets its own). */
interface CommandBundle {
  run(argv: string[], io: CliIo): number | void;
}

/** The hidden command a miss starts to write the index cache, in a process of its own. */
const WRITE_CACHE_COMMAND = '__write-index-cache';

/** The command's bundle for `argv`: `--help` anywhere (but for `mcp`'s own) is the CLI's help. */
function bundleFor(argv: readonly string[]): string {
  const command = argv[0] ?? '';
  if (command === 'mcp' || !(argv.includes('-h') || argv.includes('--help')))
    if (Object.prototype.hasOwnProperty.call(COMMANDS, command)) return COMMANDS[command];
  return COMMANDS.query;
}

/**
 * The folder for Node's compile cache: `<home>/.cache/aria-context/compile-node<version>` (never
 * under XDG_CACHE_HOME), made 0700. Compiled code runs as this user, so it is held to the index
 * cache's rule (privateFolder) at its strictest: null unless every folder from HOME's real path
 * down to it is a real folder of this user's that no one else can write, and it lies outside
 * `keepOut` (the knowledge folder and every project root, which other people may sync into).
 */
export function compileCacheFolder(home: string, keepOut: readonly string[]): string | null {
  if (!path.isAbsolute(home)) return null;
  const dir = path.join(home, '.cache', 'aria-context', `compile-node${process.versions.node}`);
  return privateFolder(dir, keepOut, { from: home }) ? dir : null;
}

/**
 * Node's compile cache (22.1+) for every bundle required after this, in compileCacheFolder with
 * the keep-out set of the config this command line reads; silently none when there is no config,
 * when that folder fails the rule, or with ARIA_CONTEXT_NO_CACHE.
 */
function enableCompileCache(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  home: string,
): ((sources: ConfigSources) => ConfigOutcome) | undefined {
  const mod = nodeModule as { enableCompileCache?: (dir: string) => unknown };
  if (typeof mod.enableCompileCache !== 'function' || cacheDisabledByEnv(env) || !path.isAbsolute(home)) return;
  try {
    const read = cliSources(home, env, sourceFlags(args));
    const config = loadConfig(read);
    // Without a config there is no keep-out set to hold the folder to: no compile cache.
    const dir = config.ok ? compileCacheFolder(home, keepOutOf(config.config)) : null;
    if (dir !== null) mod.enableCompileCache(dir);
    // The command reads the config for the same sources once more: it gets this one.
    return (sources) => (sameSources(sources, read) ? config : loadConfig(sources));
  } catch {
    return undefined; // an optimisation only
  }
}

function sameSources(a: ConfigSources, b: ConfigSources): boolean {
  return (
    a.home === b.home &&
    a.env === b.env &&
    a.configFile === b.configFile &&
    a.configFileMustExist === b.configFileMustExist &&
    a.folder === b.folder &&
    a.projectsRoot === b.projectsRoot &&
    (a.trustedWorkspaceFolders ?? []).length === 0 &&
    (b.trustedWorkspaceFolders ?? []).length === 0
  );
}

let stdoutStream = false;
/**
 * Standard output written with fs.writeSync: setting up process.stdout is a noticeable share of a
 * short run. Should a write fail (a non-blocking pipe that is full, a closed one), the rest and
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
 * Writes the cache in a detached child, so the run that missed exits as soon as it has
 * answered (the full parse and the image cost more than the one-query parse that answered).
 * Skipped while another writer for the same file is at work.
 */
function startCacheWriter(job: IndexCacheJob): void {
  try {
    if (cacheWriterRunning(job, Date.now())) return;
    // child_process pulls in net and streams, slow to load: only a miss needs it.
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

/** Thrown when this copy lacks a command's bundle: the editor extension ships only what it runs (mcp, hook). */
class MissingBundle extends Error {}

function requireBundle(file: string): CommandBundle {
  const abs = path.join(__dirname, file);
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- each command's own bundle, loaded only for it
    return require(abs) as CommandBundle;
  } catch (err) {
    // asked of the file system only on the failure path, never on every run
    if ((err as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND' && !fs.existsSync(abs)) throw new MissingBundle();
    throw err;
  }
}

const build = typeof ARIA_CONTEXT_BUILD === 'string' && ARIA_CONTEXT_BUILD !== '' ? ARIA_CONTEXT_BUILD : null;

function launch(argv: string[]): void {
  const command = argv[0] ?? '';
  if (nodeTooOld(process.versions.node)) {
    // The hook must never stand in the agent's way: silent, exit 0.
    if (command === 'hook' || command === WRITE_CACHE_COMMAND) return;
    process.stderr.write(`${oldNodeLine(process.versions.node, process.execPath)}\n`);
    process.exitCode = OLD_NODE_EXIT;
    return;
  }
  if (command === WRITE_CACHE_COMMAND) {
    const writer = requireBundle(COMMANDS.query) as unknown as {
      writeIndexCache(job: string, producer: string | null): void;
    };
    writer.writeIndexCache(argv[1] ?? '', build);
    return;
  }
  const file = bundleFor(argv);
  const loadConfigOnce = WRITES_ONLY_WHEN_ASKED.has(command)
    ? undefined
    : enableCompileCache(argv.slice(1), process.env, homeOf(process.env));
  try {
    const exit = requireBundle(file).run(argv, {
      // §9 The one output boundary: every command writes through it, so none can print a terminal
      // control sequence or a bidi control from someone else's text.
      out: (s) => writeOut(escapeOutput(s)),
      env: process.env,
      now: () => Date.now(),
      cache: build !== null ? { producer: build, write: startCacheWriter } : undefined,
      cliFile: __filename,
      loadConfig: loadConfigOnce,
    });
    if (typeof exit === 'number') {
      process.exitCode = exit;
      // Every command but mcp is done once it returns: exit now rather than let the event loop
      // drain (V8 would finish a garbage collection first), unless output still waits in a stream.
      if (!stdoutStream) process.exit();
    }
  } catch (err) {
    if (command === 'hook') return; // the agent goes on without the notes
    if (err instanceof MissingBundle) {
      writeOut(
        `aria-context: \`${command}\` is not part of this copy of aria-context (the editor extension's); install the CLI from the release's .tgz to use it.\n`,
      );
      process.exitCode = 2;
      return;
    }
    // Last of defence: a one-line message, never a stack trace.
    writeOut(escapeOutput(`aria-context: unexpected error: ${(err as Error).message}\n`));
    process.exitCode = 1;
  }
}

if (require.main === module) launch(process.argv.slice(2));
