// `aria-context mcp` (and `node dist/mcp.js`): reads the same config as the CLI and serves the
// knowledge base over stdio until the client closes stdin. Bundled on its own (dist/mcp.js) so
// neither the CLI's query path nor the extension carries the SDK.
import { cliSources, homeOf } from '../cli/command';
import { readCommandLine } from '../cli/options';
import { escapeOutput, KnowledgeBase, localDate } from '../core';
import { leveledLog, logLevelOf, LOG_LEVEL_ENV, type LogLevel } from './logLevel';
import { createServer, serveStdio, SERVER_NAME } from './server';
import { mcpWords } from '../agent/source';

declare const ARIA_CONTEXT_VERSION: string | undefined;

export const MCP_HELP = `aria-context mcp — serve the knowledge base to MCP clients over stdio

Usage:
  aria-context mcp [--config FILE] [--folder DIR] [--projects-root DIR] [--log-level warn|info]

Options:
  --config FILE        aria-knowledge.local.md to read (reported in every call while missing)
  --folder DIR         knowledge folder (overrides knowledge_folder)
  --projects-root DIR  where relative project paths live (default ~/Projects)
  --today YYYY-MM-DD   the date ages are counted to (default: the day of each call)
  --log-level LEVEL    what goes to stderr: warn (warnings and errors, the default), info
                       (also loads and reloads), error; or set ${LOG_LEVEL_ENV}
  -h, --help           show this help

Tools: knowledge_query, knowledge_load. Logs go to stderr; stdout is the protocol.
`;

export interface McpOptions {
  config?: string;
  folder?: string;
  projectsRoot?: string;
  today?: string;
  logLevel?: LogLevel;
}

export type McpArgs = { kind: 'help' } | { kind: 'error'; message: string } | { kind: 'run'; options: McpOptions };

/** The command line by the CLI's one option table (src/cli/options.ts), in the server's words. */
export function parseMcpArgs(argv: readonly string[]): McpArgs {
  const read = readCommandLine('mcp', argv);
  if (read.kind !== 'run') return read;
  const { values } = read.line;
  const options: McpOptions = {};
  if (values.config !== undefined) options.config = values.config;
  if (values.folder !== undefined) options.folder = values.folder;
  if (values['projects-root'] !== undefined) options.projectsRoot = values['projects-root'];
  if (values.today !== undefined) options.today = values.today;
  if (values['log-level'] !== undefined) options.logLevel = values['log-level'] as LogLevel; // checked by the table
  return { kind: 'run', options };
}

// the log's boundary: a logged name or message from a client leaves escaped, like every answer
const write = (message: string) => process.stderr.write(escapeOutput(`[${SERVER_NAME}] ${message}\n`));
const log = leveledLog('info', write);

/**
 * The core's knowledge base, as the editor uses it but with no watcher: each call re-stats
 * the config candidates and index.md (project and ideas folders re-check their own stamps),
 * so every call sees the disk as it is now without re-parsing what did not change.
 */
export function knowledgeBase(
  options: McpOptions,
  env: Record<string, string | undefined>,
  logLine: (line: string, level?: LogLevel) => void = log,
): KnowledgeBase {
  const sources = cliSources(homeOf(env), env, options); // as the CLI's: never a workspace .cursor config
  return new KnowledgeBase({
    sources: () => sources,
    today: () => options.today ?? localDate(Date.now()),
    checkOnAccess: true,
    clock: Date.now,
    log: logLine,
  });
}

/** Starts the server; resolves once it is listening. Exit code 2 (no server) for bad arguments. */
export async function main(
  argv: readonly string[],
  env: Record<string, string | undefined> = process.env,
): Promise<void> {
  const parsed = parseMcpArgs(argv);
  if (parsed.kind === 'help') {
    process.stdout.write(MCP_HELP);
    return;
  }
  if (parsed.kind === 'error') {
    process.stderr.write(escapeOutput(`${parsed.message}\n`));
    process.exitCode = 2;
    return;
  }
  const logAt = leveledLog(logLevelOf(parsed.options.logLevel, env), write);
  const kb = knowledgeBase(parsed.options, env, logAt);
  const version = typeof ARIA_CONTEXT_VERSION === 'string' ? ARIA_CONTEXT_VERSION : '0.0.0-dev';
  // Handler failures are errors; malformed or over-long lines, warnings.
  serveStdio(
    () => createServer(kb, version, (message) => logAt(message, 'error')),
    (message) => logAt(message, 'warn'),
  );
  const state = kb.state();
  logAt(
    state.kind === 'ready'
      ? `Serving ${state.snapshot.config.knowledgeFolder} over stdio (v${version})`
      : `Serving over stdio (v${version}); for now: ${mcpWords(kb, state)}`,
  );
}

/** `aria-context mcp …` from the CLI's launcher (src/cli/launcher.ts), which has turned on the compile cache. */
export function run(argv: string[]): void {
  main(argv.slice(1)).catch((err: Error) => {
    log(`could not start: ${err.message}`, 'error');
    process.exitCode = 1;
  });
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((err: Error) => {
    log(`could not start: ${err.message}`, 'error');
    process.exitCode = 1;
  });
}
