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
import { readCommandLine } from '../options';

const HELP = `aria-context — query an aria-knowledge folder by tag

Usage:
  aria-context query <tokens…> [options]
  aria-context check [--json] [--drift] [options]
  aria-context tags [--json] [options]
  aria-context index [--check | --write] [--json] [--strict] [--force] [options]
  aria-context mcp [--config FILE] [--folder DIR] [--projects-root DIR]
  aria-context setup <claude-code|codex|cursor|vscode> [--hooks] [--remove] [--print] [--yes]
  aria-context doctor [--json]
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

\`aria-context index\` rebuilds index.md from the notes' front matter and paths and prints it;
--check prints what a rebuild would change (--json: {"added", "removed", "deadLinks",
"untagged", "promotions", "refused", "errors", "unchanged"}; --strict: exit 1 when it would
change), --write replaces index.md (the old one kept as index.md.bak) and refuses, exit 1, on
an empty scan, broken front matter or an aliases.md error unless --force. Options as for check.

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
    io.out(HELP);
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
