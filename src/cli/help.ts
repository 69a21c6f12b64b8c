// The CLI's help: the global text (`aria-context --help`) and each command's own
// (`aria-context <command> --help`): usage, options, two examples and exit codes. Each command's
// usage and option list come from the one option table (options.ts optionsOf), so the help never
// names an option the command refuses, nor leaves one out; docs/CLI.md carries the same texts
// (test/unit/cliHelp.test.ts keeps them in step). `mcp --help` is the server's own (mcp/main.ts).
import { optionsOf, type CommandName } from './options';

/** Each option's argument (for a value) and what it does, in one line. */
const OPTION_TEXT: Record<string, { arg?: string; text: string }> = {
  text: { text: 'print the summary (default)' },
  json: { text: 'print the result as JSON' },
  load: { arg: 'all|1,3|2-4', text: 'print the picked files as one markdown bundle' },
  config: { arg: 'FILE', text: 'the aria-knowledge.local.md to read (it must exist)' },
  folder: { arg: 'DIR', text: 'the knowledge folder (replaces knowledge_folder)' },
  'projects-root': { arg: 'DIR', text: 'where relative project paths live (default ~/Projects)' },
  today: { arg: 'YYYY-MM-DD', text: 'the day ages are counted to (default: today)' },
  'no-cache': { text: 'neither read nor write the index cache (ARIA_CONTEXT_NO_CACHE=1)' },
  drift: { text: "also compare every note's front-matter tags with the index" },
  check: { text: 'print what a rebuild would change (the default)' },
  write: { text: 'replace index.md (the old one kept as index.md.bak)' },
  strict: { text: 'with --check: exit 1 when a rebuild would change anything' },
  force: { text: 'with --write: write despite broken front matter or an alias error' },
  hooks: { text: "also add the client's hooks (Claude Code, Codex)" },
  remove: { text: "remove setup's server entry and hooks instead" },
  print: { text: 'print the config instead of writing it' },
  yes: { text: 'write without asking (-y)' },
};

interface CommandHelp {
  /** Words between the command and its options (a required argument). */
  args?: string;
  about: string;
  examples: [string, string];
  exits: string;
}

const USAGE_EXITS = '2 usage error, 5 this Node is older than 22.12';

const COMMANDS: Partial<Record<CommandName, CommandHelp>> = {
  query: {
    args: '<tokens…>',
    about:
      'Finds the notes an aria-knowledge folder lists under the given tags, aliases or project keys\n(OR; AND between two words switches to intersection) and prints them ranked, or loads them.',
    examples: ['aria-context query stripe webhooks', 'aria-context query api AND pagination --load all'],
    exits: `0 results or no match, 3 not configured or no index.md, ${USAGE_EXITS}`,
  },
  check: {
    about:
      "Lists index.md's problems (the editor's Problems), one line each as\n<index.md>:<line>: <severity> <code>: <message>, then a summary.",
    examples: ['aria-context check', 'aria-context check --drift --json'],
    exits: `0 no problem is an error, 1 a problem is an error, 3 not configured or no index.md, ${USAGE_EXITS}`,
  },
  tags: {
    about: 'Lists every project key, known tag and other tag with what querying it returns.',
    examples: ['aria-context tags', 'aria-context tags --json'],
    exits: `0 listed, 3 not configured or no index.md, ${USAGE_EXITS}`,
  },
  index: {
    about:
      "Rebuilds index.md from the notes' front matter and paths: --check shows what would change,\n--write replaces it.",
    examples: ['aria-context index --check', 'aria-context index --write'],
    exits: `0 done, 1 --write refused (or --strict and a change), 3 not configured, 4 index.md saved by another program during --write, ${USAGE_EXITS}`,
  },
  doctor: {
    about:
      'Checks what an agent would get: the config, the knowledge folder, index.md, and the server\nand hooks registered for Claude Code, Codex and Cursor (their Node and cli.js). Each\nproblem comes with one Fix: line. It only reads.',
    examples: ['aria-context doctor', 'aria-context doctor --json'],
    exits: `0 nothing broken, 1 an agent would get nothing or a registered command cannot start, ${USAGE_EXITS}`,
  },
  setup: {
    args: '<claude-code|codex|cursor|vscode>',
    about:
      "Registers this installation's MCP server (and with --hooks its hooks) with an agent, by\nabsolute paths. For Claude Code and Codex it edits their own files (~/.claude.json and\n~/.claude/settings.json; ~/.codex/config.toml and hooks.json), only setup's entries, after\nshowing the change; for Cursor and VS Code it prints the JSON and the file to paste it into.\n--folder, --config and --projects-root are passed on to the server and the hook.",
    examples: ['aria-context setup claude-code --hooks', 'aria-context setup codex --folder ~/knowledge --yes'],
    exits: `0 done or nothing to change, 1 not written (declined, or a file it will not edit), ${USAGE_EXITS}`,
  },
  hook: {
    args: '<claude-code|codex>',
    about:
      "The agent hook setup registers: reads the client's hook JSON on stdin and prints the notes\nthe prompt's tags or the session's project call for (ARIA_CONTEXT_HOOK=0 turns it off).",
    examples: [
      `echo '{"session_id":"s","prompt":"stripe api"}' | aria-context hook claude-code`,
      'aria-context hook codex --folder ~/knowledge',
    ],
    exits: "0 always (a hook never stands in the agent's way; a bad command line prints its usage)",
  },
};

/** The commands with a help of their own here. */
export const HELP_COMMANDS = Object.keys(COMMANDS) as CommandName[];

function optionUsage(name: string): string {
  const o = OPTION_TEXT[name];
  return o?.arg ? `[--${name} ${o.arg}]` : `[--${name}]`;
}

/** A long line broken at spaces into lines of at most 96 characters. */
function wrap(line: string): string[] {
  const out: string[] = [];
  let current = '';
  for (const word of line.split(' ')) {
    if (current && current.length + 1 + word.length > 96) {
      out.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  return [...out, current];
}

/** `aria-context <command> --help`. */
export function commandHelp(command: CommandName): string {
  const h = COMMANDS[command]!;
  const options = optionsOf(command).filter((o) => o !== 'help');
  const usage = ['aria-context', command, ...(h.args ? [h.args] : []), ...options.map(optionUsage)].join(' ');
  const width = Math.max(...options.map((o) => `--${o}${OPTION_TEXT[o]?.arg ? ` ${OPTION_TEXT[o].arg}` : ''}`.length));
  const lines = options.map((o) => {
    const head = `--${o}${OPTION_TEXT[o]?.arg ? ` ${OPTION_TEXT[o].arg}` : ''}`;
    return `  ${head.padEnd(width)}  ${OPTION_TEXT[o]?.text ?? ''}`;
  });
  return [
    `Usage: ${usage}`,
    '',
    h.about,
    '',
    'Options:',
    ...lines,
    `  ${'-h, --help'.padEnd(width)}  show this help`,
    '',
    'Examples:',
    ...h.examples.map((e) => `  ${e}`),
    '',
    ...wrap(`Exit codes: ${h.exits}.`),
    '',
  ].join('\n');
}

/** `aria-context --help`: the commands, and where each one's own help is. */
export function globalHelp(): string {
  return `aria-context — query an aria-knowledge folder by tag, and serve it to agents

Usage: aria-context <command> [options]

Commands:
  query <tokens…>   the notes listed under tags, aliases or project keys (the default)
  check             index.md's problems
  tags              every tag and project key, with what querying it returns
  index             rebuild index.md from the notes (--check, --write)
  doctor            check the config, the knowledge folder and what each agent runs
  setup <client>    register the MCP server (and hooks) with claude-code, codex, cursor, vscode
  mcp               the MCP server on stdio (aria-context mcp --help)
  hook <client>     the agent hook setup registers

Run aria-context <command> --help for a command's options, examples and exit codes.

Examples:
  aria-context query stripe
  aria-context setup claude-code --hooks

Exit codes: 0 done, 1 see the command, 2 usage error, 3 not configured or no index.md,
5 this Node is older than 22.12.
`;
}
