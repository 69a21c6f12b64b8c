// Index health as a report: one mapping from a problem to what every surface shows (the
// editor's Problems, `aria-context check`), and a summary that counts true totals (a kind
// capped at 200 listed problems still counts all of them).
import { rebuiltDate, type IndexHealth, type IndexProblem, type IndexProblemKind, type Severity } from './indexHealth';
import { countText, plural } from '../present/plural';
import { ageInDays, ageText } from '../match/staleness';

/** A problem as shown: `code` is its kind; `line` and `related.line` are 1-based lines of index.md. */
export interface ProblemRecord {
  line: number;
  severity: Severity;
  code: IndexProblemKind;
  message: string;
  related?: { line: number; message: string };
  /** The note concerned (drift), absolute. */
  file?: string;
}

/** Messages mark paths and tags with backticks; Problems and a terminal show them plain. */
function plain(message: string): string {
  return message.replace(/`/g, '');
}

export function problemRecord(p: IndexProblem): ProblemRecord {
  const record: ProblemRecord = { line: p.line, severity: p.severity, code: p.kind, message: plain(p.message) };
  if (p.related) record.related = { line: p.related.line, message: plain(p.related.message) };
  if (p.file !== undefined) record.file = p.file;
  return record;
}

/** Each kind as a counted noun phrase: one and many (the plural is not always a trailing `s`). */
const KIND_NAMES: Record<IndexProblemKind, [string, string]> = {
  unparsed: ['unreadable line', 'unreadable lines'],
  refused: ['refused entry', 'refused entries'],
  'missing-file': ['missing file', 'missing files'],
  duplicate: ['duplicate entry', 'duplicate entries'],
  'unused-tag': ['tag without files', 'tags without files'],
  'alias-collision': ['alias collision', 'alias collisions'],
  'tags-differ': ['note with changed tags', 'notes with changed tags'],
  'not-indexed': ['note not in the index', 'notes not in the index'],
  'newer-than-index': ['note newer than the index', 'notes newer than the index'],
  'front-matter': ['note whose front matter is not read', 'notes whose front matter is not read'],
};

/** `1 refused entry`, `3 notes newer than the index`. */
export function kindCount(kind: IndexProblemKind, n: number): string {
  return plural(n, ...KIND_NAMES[kind]);
}

/**
 * Every kind with its true total, and how many are listed where a kind passed the cap:
 * `3 missing files, 10,000 notes newer than the index (200 listed)`.
 */
export function kindTotals(problems: readonly IndexProblem[]): string {
  const listed = new Map<IndexProblemKind, number>();
  for (const p of problems) if (p.omitted === undefined) listed.set(p.kind, (listed.get(p.kind) ?? 0) + 1);
  return [...healthTotals(problems).byKind]
    .map(([kind, n]) => {
      const shown = listed.get(kind) ?? 0;
      return shown < n ? `${kindCount(kind, n)} (${countText(shown)} listed)` : kindCount(kind, n);
    })
    .join(', ');
}

export interface HealthTotals {
  total: number;
  bySeverity: Record<Severity, number>;
  /** In the order kinds first appear. */
  byKind: Map<IndexProblemKind, number>;
}

/**
 * True totals: a line standing for the problems past a kind's cap counts as those problems,
 * with the severity of that kind's listed ones.
 */
export function healthTotals(problems: readonly IndexProblem[]): HealthTotals {
  const totals: HealthTotals = { total: 0, bySeverity: { error: 0, warning: 0, info: 0 }, byKind: new Map() };
  const kindSeverity = new Map<IndexProblemKind, Severity>();
  for (const p of problems)
    if (p.omitted === undefined && !kindSeverity.has(p.kind)) kindSeverity.set(p.kind, p.severity);
  for (const p of problems) {
    const n = p.omitted ?? 1;
    totals.total += n;
    totals.bySeverity[p.omitted === undefined ? p.severity : (kindSeverity.get(p.kind) ?? p.severity)] += n;
    totals.byKind.set(p.kind, (totals.byKind.get(p.kind) ?? 0) + n);
  }
  return totals;
}

/** Whether any problem is an error (what a CI gate fails on). */
export function hasErrors(problems: readonly IndexProblem[]): boolean {
  return problems.some((p) => p.severity === 'error');
}

/**
 * `index.md: 3 problems (1 error, 2 warnings): 1 refused entry, 2 missing files; rebuilt 12
 * days ago; 40 notes compared with the index`.
 */
export function checkSummary(health: IndexHealth, today: string): string {
  const totals = healthTotals(health.problems);
  let problems = 'no problems';
  if (totals.total > 0) {
    const severities = (['error', 'warning', 'info'] as const)
      .filter((s) => totals.bySeverity[s] > 0)
      .map((s) => plural(totals.bySeverity[s], s, s === 'info' ? s : `${s}s`));
    problems = `${plural(totals.total, 'problem')} (${severities.join(', ')}): ${kindTotals(health.problems)}`;
  }
  const date = rebuiltDate(health.lastRebuilt);
  const rebuilt = date ? `rebuilt ${ageText(ageInDays(date, today))}` : 'rebuilt date unknown';
  const drift = health.driftChecked
    ? `${plural(health.notesScanned, 'note')} compared with the index`
    : 'notes not compared with the index';
  return `index.md: ${problems}; ${rebuilt}; ${drift}`;
}
