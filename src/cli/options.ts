// The CLI's one option table, read with node:util's parseArgs by every command (query, check,
// tags, index, doctor, mcp, setup, hook) and by the launcher's look at the config sources. Each
// command's grammar says which options it takes and how it words a stray word or an option it
// does not take; parseArgs runs non-strict, so it never words an error itself and the first
// problem on the command line is the one reported, in the product's words.
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { isIsoDate } from '../core';
import { isLogLevel } from '../mcp/logLevel';

/** Every option of every command: a value (`--flag value`, `--flag=value`) or a switch. */
const OPTIONS = {
  config: { type: 'string' },
  folder: { type: 'string' },
  'projects-root': { type: 'string' },
  today: { type: 'string' },
  load: { type: 'string' },
  'log-level': { type: 'string' },
  json: { type: 'boolean' },
  text: { type: 'boolean' },
  'no-cache': { type: 'boolean' },
  drift: { type: 'boolean' },
  check: { type: 'boolean' },
  write: { type: 'boolean' },
  strict: { type: 'boolean' },
  force: { type: 'boolean' },
  hooks: { type: 'boolean' },
  remove: { type: 'boolean' },
  print: { type: 'boolean' },
  yes: { type: 'boolean', short: 'y' },
  help: { type: 'boolean', short: 'h' },
} as const;

type OptionName = keyof typeof OPTIONS;
type ValueName = { [K in OptionName]: (typeof OPTIONS)[K]['type'] extends 'string' ? K : never }[OptionName];

export const SETUP_USAGE =
  'Usage: aria-context setup <claude-code|codex|cursor|vscode> [--hooks] [--remove] [--print] [--yes] [--folder DIR] [--config FILE] [--projects-root DIR]';

interface Grammar {
  takes: readonly OptionName[];
  /** A word that is no option (nor `-x`): a query token, else this complaint. */
  stray: 'token' | ((arg: string) => string);
  /** An option the command does not take (or a switch given a value); `flag` is the part before `=`. */
  unknown: (flag: string, arg: string) => string;
  /** Values only as a separate word and absolute (setup, hook: what a client's config holds, run from any folder). */
  clientPaths?: boolean;
  /** Switches whose `=value` is ignored (query's --json and --text). */
  lenient?: readonly OptionName[];
}

const SOURCES = ['config', 'folder', 'projects-root'] as const;
const HELP_HINT = 'Run aria-context --help for options.';

const mcpUnknown = (flag: string) =>
  `Unknown ${flag.startsWith('-') ? 'option' : 'argument'} ${flag}. Run aria-context mcp --help for options.`;
const setupUnknown = (_flag: string, arg: string) => `Unknown option ${arg}. ${SETUP_USAGE}`;

/** The whole-index commands' words: no tokens, and an unknown option named with the command. */
const wholeIndex = (command: string, own: readonly OptionName[] = []): Grammar => ({
  takes: ['json', 'text', 'no-cache', ...SOURCES, 'today', ...own],
  stray: (arg) => `aria-context ${command} takes no tokens (got "${arg}"). ${HELP_HINT}`,
  unknown: (flag) => `Unknown option ${flag} for ${command}. ${HELP_HINT}`,
});

// Built on first read (a pure call): the launcher, which reads only the table, carries none of it.
const GRAMMARS = /* @__PURE__ */ (() =>
  ({
    query: {
      takes: ['json', 'text', 'no-cache', ...SOURCES, 'today', 'load'],
      stray: 'token',
      unknown: (flag) => `Unknown option ${flag}. ${HELP_HINT}`,
      lenient: ['json', 'text'],
    },
    check: wholeIndex('check', ['drift']),
    tags: wholeIndex('tags'),
    index: wholeIndex('index', ['check', 'write', 'strict', 'force']),
    doctor: wholeIndex('doctor'),
    mcp: {
      takes: [...SOURCES, 'today', 'log-level', 'help'],
      stray: (arg) => mcpUnknown(flagOf(arg)),
      unknown: mcpUnknown,
    },
    setup: {
      takes: ['hooks', 'remove', 'print', 'yes', ...SOURCES],
      stray: (arg) => setupUnknown('', arg),
      unknown: setupUnknown,
      clientPaths: true,
    },
    // The hook answers a bad command line with its usage only: these words are never shown.
    hook: { takes: SOURCES, stray: () => 'usage', unknown: () => 'usage', clientPaths: true },
  }) satisfies Record<string, Grammar>)();

export type CommandName = keyof typeof GRAMMARS;

/** The options `command` takes, in the table's order: what its help lists (help.ts). */
export function optionsOf(command: CommandName): readonly string[] {
  return GRAMMARS[command].takes;
}

/** What a value must be beyond not empty, in the product's words. */
const VALUE_CHECKS: Partial<Record<ValueName, (value: string) => string | null>> = {
  today: (v) => (isIsoDate(v) ? null : `--today needs a date as YYYY-MM-DD (got "${v}").`),
  'log-level': (v) => (isLogLevel(v) ? null : `--log-level is one of error, warn, info (got "${v}").`),
};

/** A command line as its command reads it. */
export interface CommandLine {
  /** The query's tokens: the words that are no option, and every word after `--`. */
  tokens: string[];
  /** Each value option's last value. */
  values: Partial<Record<ValueName, string>>;
  /** The switches given, as written (`--drift`). */
  switches: Set<string>;
  /** --json or --text, whichever came last. */
  json: boolean;
  /** The value options in the order given, flag then value: what setup passes on to the server. */
  given: string[];
}

export type CommandLineOutcome =
  { kind: 'run'; line: CommandLine } | { kind: 'help' } | { kind: 'error'; message: string };

const flagOf = (arg: string) => (arg.includes('=') ? arg.slice(0, arg.indexOf('=')) : arg);

/** A word of one dash and two or more characters (`-abc`, `-a-b`): no option of any command, one word whatever it holds. */
const isDashWord = (arg: string) => arg.length > 2 && arg[0] === '-' && arg[1] !== '-';

/**
 * parseArgs' tokens for `args`, each positional and value as written. parseArgs splits `-abc`
 * into `-a -b -c` and reads a `-` inside it as `--`, after which its token indices no longer
 * point at `args` (`-a-b` crashed the reader); such a word reaches it as a plain stand-in word,
 * so every index is exact and the word is read back from `args`.
 */
function tokensOf(args: readonly string[]) {
  const plain = args.map((arg) => (isDashWord(arg) ? 'word' : arg));
  return parseArgs({ args: plain, options: OPTIONS, strict: false, allowPositionals: true, tokens: true }).tokens.map(
    (token) =>
      token.kind === 'option' && token.value !== undefined && !token.inlineValue
        ? { ...token, value: args[token.index + 1] }
        : token,
  );
}

/** Reads `args` (the words after the command's name) by the command's grammar. */
export function readCommandLine(command: CommandName, args: readonly string[]): CommandLineOutcome {
  const grammar: Grammar = GRAMMARS[command];
  const takes = (name: string): name is OptionName => (grammar.takes as readonly string[]).includes(name);
  const line: CommandLine = { tokens: [], values: {}, switches: new Set(), json: false, given: [] };
  const error = (message: string) => ({ kind: 'error' as const, message });
  for (const token of tokensOf(args)) {
    if (token.kind === 'option-terminator') {
      if (grammar.stray !== 'token') return error(grammar.unknown('--', '--'));
      continue; // the words after it are tokens
    }
    const arg = args[token.index];
    // A word, or a short option: only a lone short of the command's own (setup's `-y`, mcp's
    // `-h`) is an option; `-abc` and `-a-b` are words (tokensOf).
    if (token.kind === 'positional' || (!arg.startsWith('--') && !takes(token.name))) {
      if (grammar.stray === 'token') line.tokens.push(arg);
      else return error(grammar.stray(arg));
      continue;
    }
    const flag = flagOf(arg);
    if (!takes(token.name)) return error(grammar.unknown(flag, arg));
    const name = token.name;
    if (OPTIONS[name].type === 'boolean') {
      if (token.inlineValue && !grammar.lenient?.includes(name)) return error(grammar.unknown(flag, arg));
      if (name === 'help') return { kind: 'help' };
      if (name === 'json' || name === 'text') line.json = name === 'json';
      line.switches.add(`--${name}`);
      continue;
    }
    if (token.inlineValue && grammar.clientPaths) return error(grammar.unknown(flag, arg));
    const value = token.value;
    if (value === undefined || value === '') return error(`${flag} needs a value.`);
    if (grammar.clientPaths && !path.isAbsolute(value))
      return error(`${flag} must be an absolute path (got "${value}").`);
    const problem = VALUE_CHECKS[name as ValueName]?.(value);
    if (problem) return error(problem);
    line.values[name as ValueName] = value;
    line.given.push(flag, value);
  }
  return { kind: 'run', line };
}

/**
 * The config sources a command line names (`--config`, `--folder`, `--projects-root`), read by
 * the same table as every command: `--flag value` or `--flag=value`, the other value options
 * skipping their value, nothing after `--`. A command line its command then refuses reads no config.
 */
export function sourceFlags(args: readonly string[]): { config?: string; folder?: string; projectsRoot?: string } {
  const sources: { config?: string; folder?: string; projectsRoot?: string } = {};
  // Only a word starting with one of the three flags can be one (they have no short form): most
  // command lines name none, and the launcher then spares every run a parse.
  if (!args.some((a) => SOURCES.some((name) => a.startsWith(`--${name}`)))) return sources;
  for (const token of tokensOf(args)) {
    if (token.kind === 'option-terminator') break;
    if (token.kind !== 'option' || token.value === undefined) continue;
    if (token.name === 'config') sources.config = token.value;
    if (token.name === 'folder') sources.folder = token.value;
    if (token.name === 'projects-root') sources.projectsRoot = token.value;
  }
  return sources;
}
