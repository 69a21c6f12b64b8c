// What the CLI's whole-index commands (`check`, `tags`) share: their options, where they read the
// config from, and loading the snapshot with the same messages and exit codes as `query`.
import * as path from 'node:path';
import {
  configCandidates,
  CorruptImageError,
  errorJson,
  inWordsOf,
  loadSnapshot,
  type ConfigOutcome,
  type ConfigSources,
  type IndexCacheJob,
  type Snapshot,
  type SnapshotOutcome,
} from '../core';
import { readCommandLine } from './options';

export interface CommandOptions {
  json: boolean;
  /** The command's own switches that were given (`--drift`). */
  switches: Set<string>;
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
  loadConfig?: (sources: ConfigSources) => ConfigOutcome;
}

/** HOME, else the account's home folder (node:os, loaded only then: most runs have HOME). */
export function homeOf(env: Record<string, string | undefined>): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use
  return env.HOME || (require('node:os') as typeof import('node:os')).homedir();
}

/** What every command gets from the launcher (src/cli/launcher.ts); tests pass their own. */
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
  /** The launcher's own path (dist/cli.js): what `setup` registers and a cache writer starts. */
  cliFile?: string;
  /** The config for these sources (the launcher's, read once for both), as the core's loadConfig. */
  loadConfig?: (sources: ConfigSources) => ConfigOutcome;
}

/**
 * HOME, --folder and --config must be absolute (a leading `~/` counts for the flags): a relative
 * one would otherwise surface later as a confusing complaint about knowledge_folder or a missing
 * file. The message names the real cause and the absolute path that was probably meant.
 */
export function relativePathProblem(
  home: string,
  options: { folder?: string; config?: string },
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

/** The CLI's check of HOME, --folder and --config (relativePathProblem), shared so every command says the same. */
export type PathProblem = (
  home: string,
  options: { folder?: string; config?: string },
  cwd: string,
) => { code: string; message: string; exit: number } | null;

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

/** A failed load in the CLI's words: the places looked for a config, the folder without an index, what to run. */
export function cliMessage(outcome: SnapshotOutcome & { ok: false }, sources: ConfigSources): string {
  return inWordsOf('cli', outcome.message, {
    looked: outcome.config ? undefined : configCandidates(sources),
    folder: outcome.config?.knowledgeFolder,
  });
}

/** A whole-index command's options (check, tags, index, doctor), read by the one option table. */
export function parseCommandArgs(
  command: 'check' | 'tags' | 'index' | 'doctor',
  args: readonly string[],
): { ok: true; options: CommandOptions } | { ok: false; message: string } {
  const read = readCommandLine(command, args);
  // (no whole-index command takes --help: the launcher sends a help request to query)
  if (read.kind !== 'run') return { ok: false, message: read.kind === 'error' ? read.message : '' };
  const { values, switches, json } = read.line;
  switches.delete('--json');
  switches.delete('--text');
  switches.delete('--no-cache'); // accepted as for query; these commands read the whole index
  return {
    ok: true,
    options: {
      json,
      switches,
      config: values.config,
      folder: values.folder,
      projectsRoot: values['projects-root'],
      today: values.today,
    },
  };
}

/**
 * Parses a command's arguments and loads the snapshot; on failure the message is already written
 * (JSON with --json) and `exit` is the code: 2 for usage, 3 when not configured, as for `query`.
 */
export function openCommand(
  command: 'check' | 'tags',
  args: readonly string[],
  io: CheckIo,
  pathProblem: PathProblem,
): { ok: true; options: CommandOptions; snapshot: Snapshot } | { ok: false; exit: number } {
  const wantsJson = args.includes('--json');
  const fail = (code: string, message: string, exit: number) => {
    io.out(wantsJson ? `${JSON.stringify(errorJson(code, message))}\n` : `${message}\n`);
    return { ok: false as const, exit };
  };
  const parsed = parseCommandArgs(command, args);
  if (!parsed.ok) return fail('usage', parsed.message, 2);
  const options = parsed.options;
  const home = homeOf(io.env);
  const relative = pathProblem(home, options, io.cwd?.() ?? process.cwd());
  if (relative) return fail(relative.code, relative.message, relative.exit);
  const sources = cliSources(home, io.env, options);
  const outcome = loadSnapshot(sources, {}, io.loadConfig);
  if (!outcome.ok) return fail(outcome.code, cliMessage(outcome, sources), 3);
  return { ok: true, options, snapshot: outcome.snapshot };
}

/**
 * Runs a command that may read the index cache file; when the file turns out to hold a value out of
 * range (only a forged file can), runs it again from index.md, leaving a job to rewrite the file.
 */
export function retryWithoutCacheFile<T>(run: (ignoreFile: boolean) => T): T {
  try {
    return run(false);
  } catch (err) {
    if (err instanceof CorruptImageError) return run(true);
    throw err;
  }
}
