// Index health's words and targets as plain data: Check Index's message (true totals, one
// pluralizer: the core's indexReport), and where a Warnings row of the tag tree leads (its line
// of index.md, or the config file). Pure: indexDiagnostics.ts and the commands map these.
import {
  healthTotals,
  plural,
  INDEX_REBUILD_HINT,
  kindTotals,
  type Config,
  type IndexHealth,
  type IndexLineEntry,
  type IndexProblem,
} from '../../core';

/** `The knowledge index has 10,001 problems: 10,000 notes newer than the index (200 listed), …` */
export function checkMessage(health: IndexHealth, drift: { notes: number; cancelled: boolean }): string {
  const total = healthTotals(health.problems).total;
  const summary =
    total === 0
      ? 'The knowledge index has no problems.'
      : `The knowledge index has ${plural(total, 'problem')}: ${kindTotals(health.problems)}.`;
  const notes = plural(drift.notes, 'note');
  const scan = drift.cancelled ? ` The note scan was cancelled after ${notes}.` : ` ${notes} compared with the index.`;
  return `${summary}${scan}${total ? ` ${INDEX_REBUILD_HINT}` : ''}`;
}

/**
 * Whether Check Index's notice still says what Problems shows: it closes once a later report's
 * total differs (a rebuild fixed them, or more appeared), so the notification centre never keeps
 * "28 problems" after they are gone.
 */
export function noticeStands(shownTotal: number, now: IndexHealth): boolean {
  return healthTotals(now.problems).total === shownTotal;
}

/** Where a warning is: a file and a 1-based line. */
export interface WarningTarget {
  file: string;
  line: number;
}

/**
 * A Warnings row's place. index.md's own warnings carry their line (`index.md line 12: …`); the
 * tree's say which entry (`` `path` `` under a tag, or a team-shared `[project: …]`), found by
 * in the snapshot's line records (`entries`); the config's lead to the key's line in the config
 * file. Anything else: index.md's first line.
 */
export function warningTarget(
  warning: string,
  config: Config,
  indexFile: string,
  entries: Iterable<IndexLineEntry>,
  configText: string | null,
): WarningTarget {
  const atIndex = (line: number): WarningTarget => ({ file: indexFile, line: Math.max(1, line) });
  if (config.warnings.includes(warning) && config.configFile) {
    const key = /^(?:[^:]*\.md: )?([a-z_]+)[: ]/.exec(warning)?.[1];
    const line =
      key && configText !== null ? configText.split(/\r?\n/).findIndex((l) => l.startsWith(`${key}:`)) + 1 : 0;
    return { file: config.configFile, line: Math.max(1, line) };
  }
  const numbered = /^index\.md line (\d+):/.exec(warning);
  if (numbered) return atIndex(Number(numbered[1]));
  const entry = /`([^`\n]+)`(?: \[project: ([^\]\n]+)\])?(?: under `([^`\n]+)`)?/.exec(warning);
  if (entry) {
    const [, entryPath, project, tag] = entry;
    for (const e of entries) {
      if (
        e.path === entryPath &&
        (tag === undefined || e.heading === tag.toLowerCase()) &&
        (project === undefined || e.project === project.toLowerCase())
      )
        return atIndex(e.line);
    }
  }
  return atIndex(1);
}

/**
 * What is kept of Check Index across a window reload (workspace state): the notes its scan found
 * something about, and the "more not listed" counts. Not the findings themselves: after a reload
 * those notes are checked again, so what shows is true now.
 */
export interface KeptFindings {
  index: string;
  notes: string[];
  omitted: IndexProblem[];
  notesScanned: number;
}

/** What Check Index's scan of the notes finds (the cheap check never does). */
export const DRIFT_KINDS: ReadonlySet<IndexProblem['kind']> = new Set([
  'tags-differ',
  'not-indexed',
  'newer-than-index',
  'front-matter',
]);

/** What to keep of a report for `indexFile`; undefined when Check Index has not run on it. */
export function keepFindings(health: IndexHealth, indexFile: string): KeptFindings | undefined {
  if (!health.driftChecked) return undefined;
  const drift = health.problems.filter((p) => DRIFT_KINDS.has(p.kind));
  return {
    index: indexFile,
    notes: [...new Set(drift.flatMap((p) => (p.file !== undefined && p.omitted === undefined ? [p.file] : [])))],
    omitted: drift.filter((p) => p.omitted !== undefined),
    notesScanned: health.notesScanned,
  };
}

/** The kept findings as a report to check again (its notes, each looked at anew), for the same index.md only. */
export function restoredFindings(kept: unknown, indexFile: string): IndexHealth | undefined {
  const k = kept as Partial<KeptFindings> | undefined;
  if (!k || k.index !== indexFile || !Array.isArray(k.notes) || !Array.isArray(k.omitted)) return undefined;
  const notes = k.notes.filter((n): n is string => typeof n === 'string');
  return {
    problems: [
      ...notes.map((file): IndexProblem => ({ kind: 'tags-differ', line: 1, severity: 'warning', message: '', file })),
      ...k.omitted,
    ],
    lastRebuilt: null,
    driftChecked: true,
    notesScanned: typeof k.notesScanned === 'number' ? k.notesScanned : 0,
  };
}
