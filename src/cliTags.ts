// `aria-context tags [--json]`: every tag, alias and project key the index offers, with what
// querying it returns (the core's one count, src/core/tagCounts.ts), so a script can compare
// it with `query --json` and the editor shows the same numbers. Exit codes as for `check`.
import * as os from 'node:os';
import { describeCounts, errorJson, isIsoDate, listTags, loadSnapshot, localDate } from './core';
import { cliSources, type CheckIo, type PathProblem } from './cliCheck';

export interface TagsOptions {
  json: boolean;
  config?: string;
  folder?: string;
  projectsRoot?: string;
  today?: string;
}

const VALUE_FLAGS = new Set(['--config', '--folder', '--today', '--projects-root']);

export function parseTagsArgs(
  args: readonly string[],
): { ok: true; options: TagsOptions } | { ok: false; message: string } {
  const options: TagsOptions = { json: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!arg.startsWith('--'))
      return {
        ok: false,
        message: `aria-context tags takes no tokens (got "${arg}"). Run aria-context --help for options.`,
      };
    const eq = arg.indexOf('=');
    const flag = eq >= 0 ? arg.slice(0, eq) : arg;
    if ((flag === '--json' || flag === '--text') && eq < 0) options.json = flag === '--json';
    else if (flag === '--no-cache' && eq < 0)
      continue; // accepted as for query; the whole index is read
    else if (!VALUE_FLAGS.has(flag))
      return { ok: false, message: `Unknown option ${flag} for tags. Run aria-context --help for options.` };
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

export function runTags(args: readonly string[], io: CheckIo, pathProblem: PathProblem): number {
  const wantsJson = args.includes('--json');
  const fail = (code: string, message: string, exit: number) => {
    io.out(wantsJson ? `${JSON.stringify(errorJson(code, message))}\n` : `${message}\n`);
    return exit;
  };
  const parsed = parseTagsArgs(args);
  if (!parsed.ok) return fail('usage', parsed.message, 2);
  const options = parsed.options;
  const home = io.env.HOME || os.homedir();
  const relative = pathProblem(home, options, io.cwd?.() ?? process.cwd());
  if (relative) return fail(relative.code, relative.message, relative.exit);

  const outcome = loadSnapshot(cliSources(home, io.env, options));
  if (!outcome.ok) return fail(outcome.code, outcome.message, 3);
  const tags = listTags(outcome.snapshot, { today: options.today ?? localDate(io.now()) });
  if (options.json) {
    io.out(
      `${JSON.stringify({ tags: tags.map((t) => ({ name: t.name, kind: t.kind, aliases: t.aliases, counts: t.counts })) }, null, 2)}\n`,
    );
  } else {
    const lines = tags.map(
      (t) =>
        `${oneLine(t.name)} (${t.kind}${t.aliases.length ? `; aliases: ${oneLine(t.aliases.join(', '))}` : ''}): ${describeCounts(t.counts)}`,
    );
    io.out(lines.length ? `${lines.join('\n')}\n` : 'The index lists no tags.\n');
  }
  return 0;
}

/** Index text stays on its line and cannot drive the terminal. */
function oneLine(s: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this escapes
  return s.replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
