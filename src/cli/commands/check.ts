// `aria-context check [--json] [--drift]`: the index health the editor shows in Problems, for
// scripts and CI (a pre-commit hook or a CI job on a shared index). Exit 1 when a problem is an
// error, 0 otherwise; 2 for a usage error and 3 when not configured or without an index, as
// for `query`. The index is always parsed whole: the cache serves one-query runs only.
import {
  checkIndex,
  checkSummary,
  DriftScan,
  hasErrors,
  indexPath,
  localDate,
  problemRecord,
  withDrift,
  type IndexHealth,
  type ProblemRecord,
  type Snapshot,
} from '../../core';
import { openCommand, relativePathProblem, type CheckIo, type CliIo, type PathProblem } from '../command';

export function runCheck(args: readonly string[], io: CheckIo, pathProblem: PathProblem): number {
  const opened = openCommand('check', args, io, pathProblem);
  if (!opened.ok) return opened.exit;
  const { options, snapshot } = opened;
  const health = indexHealth(snapshot, options.switches.has('--drift'));
  const today = options.today ?? localDate(io.now());
  const summary = `${checkSummary(health, today)}${health.driftChecked ? '' : ' (add --drift)'}`;
  const records = health.problems.map(problemRecord);
  if (options.json) io.out(`${JSON.stringify({ problems: records, summary }, null, 2)}\n`);
  else io.out(textReport(indexPath(snapshot.config), records, summary));
  return hasErrors(health.problems) ? 1 : 0;
}

/** The cheap check, plus the front-matter scan of every note with `drift` (run straight through). */
function indexHealth(snapshot: Snapshot, drift: boolean): IndexHealth {
  const health = checkIndex(snapshot);
  if (!drift) return health;
  const scan = new DriftScan(snapshot);
  while (scan.step(1000));
  return withDrift(health, scan.result());
}

/** Like a compiler: `<index.md>:<line>: <severity> <code>: <message>`, then the summary. */
function textReport(file: string, records: readonly ProblemRecord[], summary: string): string {
  const lines = records.map((r) => `${file}:${r.line}: ${r.severity} ${r.code}: ${r.message}`);
  return `${[...lines, summary].join('\n')}\n`;
}

/** The launcher's entry: dist/commands/check.js. */
export const run = (argv: string[], io: CliIo): number => runCheck(argv.slice(1), io, relativePathProblem);
