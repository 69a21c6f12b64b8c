// `aria-context index [--check | --write] [--json] [--strict] [--force]`: index.md rebuilt from the
// notes (§12). Without a flag the rebuild is printed; --check reports what it would change;
// --write replaces index.md atomically (and refuses, writing nothing, on an empty scan, a note's
// broken front matter or an alias error, unless --force; on a rebuild its readers would refuse, and
// with exit 4 when another program saved index.md meanwhile).
import * as os from 'node:os';
import * as path from 'node:path';
import {
  errorJson,
  escapeControls,
  generateIndex,
  IndexScan,
  loadConfig,
  localDate,
  NO_INDEX,
  readRebuildSource,
  writeIndexAtomically,
  type IndexBuild,
} from '../../core';
import {
  cliMessage,
  cliSources,
  parseCommandArgs,
  relativePathProblem,
  type CheckIo,
  type CliIo,
  type PathProblem,
} from '../command';

export function runIndex(args: readonly string[], io: CheckIo, pathProblem: PathProblem): number {
  const wantsJson = args.includes('--json');
  const fail = (code: string, message: string, exit: number) => {
    io.out(wantsJson ? `${JSON.stringify(errorJson(code, message))}\n` : `${message}\n`);
    return exit;
  };
  const parsed = parseCommandArgs('index', args);
  if (!parsed.ok) return fail('usage', parsed.message, 2);
  const { options } = parsed;
  const sw = options.switches;
  if (sw.has('--check') && sw.has('--write')) return fail('usage', 'Give --check or --write, not both.', 2);
  const home = io.env.HOME || os.homedir();
  const relative = pathProblem(home, options, io.cwd?.() ?? process.cwd());
  if (relative) return fail(relative.code, relative.message, relative.exit);
  const sources = cliSources(home, io.env, options);
  const outcome = loadConfig(sources);
  // In a terminal user's words: where a config was looked for and the flags that name one, never /setup.
  if (!outcome.ok) return fail(outcome.code, cliMessage({ ...outcome, config: undefined }, sources), 3);
  const config = outcome.config;
  const file = path.join(config.knowledgeFolder, 'index.md');
  // --write needs index.md as a regular file (it is replaced); reading alone follows the reader's rule.
  const current = readRebuildSource(config, sw.has('--write'));
  // The reader's refusal without its advice to run /index: this command is the one that builds it.
  if (!current.ok && 'cannotRead' in current)
    return fail('no-index', current.cannotRead.replace(` ${NO_INDEX}`, ''), 1);
  if (!current.ok) return fail('no-index', `Cannot write ${file}: ${current.cannotWrite}.`, 1);
  const today = options.today ?? localDate(io.now());
  const build = generateIndex(new IndexScan(config), current.raw, { today });

  if (!sw.has('--check') && !sw.has('--write') && !options.json) {
    // A rebuild its readers would refuse is not made, so there is nothing to print (§12.9).
    if (build.refusal) return fail('too-large', escapeControls(`Not rebuilt: ${build.refusal}.`), 1);
    io.out(build.text);
    return 0;
  }
  const created = current.raw === null;
  const report = () => (options.json ? `${JSON.stringify(build.diff, null, 2)}\n` : textReport(build, created));
  if (!sw.has('--write')) {
    io.out(report());
    return sw.has('--strict') && (!build.diff.unchanged || build.diff.errors.length > 0) ? 1 : 0;
  }
  // --write; a rebuild its readers would refuse is never written, --force or not
  if (build.refusal || (build.blockers.length && !sw.has('--force'))) {
    io.out(report());
    if (!options.json)
      io.out(
        build.refusal
          ? 'Nothing written (see the error above).\n'
          : `Nothing written: ${build.blockers.join('; ')}. Add --force to write anyway.\n`,
      );
    return 1;
  }
  if (build.diff.unchanged) {
    io.out(options.json ? report() : `${textReport(build, created)}index.md is up to date; nothing written.\n`);
    return 0;
  }
  const written = writeIndexAtomically(config.knowledgeFolder, current.raw, build.text);
  if (!written.ok) {
    io.out(options.json ? report() : textReport(build, created));
    if (!options.json) io.out(`Not written: ${written.reason}\n`);
    return written.concurrent ? 4 : 1;
  }
  io.out(
    options.json
      ? report()
      : `${textReport(build, created)}Wrote ${file}${written.backup ? ` (the previous one kept as ${path.basename(written.backup)})` : ''}.\n`,
  );
  return 0;
}

const s = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Hand-written lines a rebuild drops, listed in the text report; the rest counted (all in --json). */
const DROPPED_SHOWN = 20;

/** What a rebuild changes, a line each, then one summary line; `created`: there is no index.md yet. */
function textReport(build: IndexBuild, created: boolean): string {
  const d = build.diff;
  const out: string[] = [];
  for (const e of d.errors) out.push(`error: ${e.path ? `${e.path}: ` : ''}${e.message}`);
  for (const r of d.refused) out.push(`refused: ${r.path}: ${r.reason}; not indexed`);
  for (const a of d.added) out.push(`+ ${a.tag}: ${a.path}`);
  for (const r of d.removed) out.push(`- ${r.tag}: ${r.path} (${r.reason})`);
  for (const p of d.untagged) out.push(`untagged: ${p}`);
  for (const p of d.promotions)
    out.push(
      `promotion candidate: ${p.tag} (${s(p.files.length, 'note')}: ${p.files.slice(0, 3).join(', ')}${p.files.length > 3 ? ', …' : ''})`,
    );
  for (const r of build.remarks) out.push(`note: ${r}`);
  const dropped = d.droppedLines.length + d.droppedLinesNotListed;
  for (const l of d.droppedLines.slice(0, DROPPED_SHOWN))
    out.push(`dropped: index.md line ${l.line}${l.section ? ` (${l.section})` : ''}: ${l.text}`);
  if (dropped > DROPPED_SHOWN) out.push(`dropped: and ${s(dropped - DROPPED_SHOWN, 'more line')} (all in --json)`);
  const parts = [
    s(d.added.length, 'pair') + ' added',
    s(d.removed.length, 'pair') + ' removed',
    s(d.deadLinks.length, 'dead link') + ' dropped',
    s(d.promotions.length, 'promotion') + ' available',
  ];
  if (d.refused.length) parts.push(s(d.refused.length, 'refused file'));
  if (d.errors.length) parts.push(s(d.errors.length, 'error'));
  if (dropped) parts.push(s(dropped, 'hand-written line') + ' dropped');
  const verdict = created ? 'none yet; a rebuild creates it' : d.unchanged ? 'up to date' : 'a rebuild changes it';
  out.push(`index.md: ${verdict} (${s(build.notes, 'note')} scanned): ${parts.join(', ')}`);
  return `${out.map(escapeControls).join('\n')}\n`;
}

/** The launcher's entry: dist/commands/index.js. */
export const run = (argv: string[], io: CliIo): number => runIndex(argv.slice(1), io, relativePathProblem);
