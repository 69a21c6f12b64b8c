// §12.1/§12.3 The reviews tier: the reports /prospect and /retrospect write to logs/prospect/ and
// logs/retrospect/, read like any note (their tags go to Tag Index / Other Tags), and listed once
// more, newest first, in `## Review Index` as /index writes it.
import { scalarText, stringList } from '../config/frontMatter';
import { isIsoDate } from '../match/staleness';
import { escapeControls } from '../present/outputText';
import { compareCodePoints, collate } from './collation';

export type ReviewKind = 'prospect' | 'retrospect';

/** The two folders under logs/ that hold review reports (their subfolders are not scanned, as /index globs `*.md`). */
export const REVIEW_FOLDERS: readonly ReviewKind[] = ['prospect', 'retrospect'];

/** What the Review Index says of one report, each field already one bounded line of text. */
export interface ReviewReport {
  kind: ReviewKind;
  /** `date:`, else the note's `Last updated:`, else the file name's leading YYYY-MM-DD; null: undated. */
  date: string | null;
  scope: string | null;
  goal: string;
  tickets: string[];
  /** `overall_outcome` (retrospects) or `overall_verdict` (prospects); null: none recorded. */
  outcome: string | null;
}

/** /index cuts a goal to about 60 characters; this is that bound, in code points, the ellipsis included. */
export const MAX_GOAL = 60;
const MAX_FIELD = 40;
const MAX_TICKETS = 10;
export const NO_VERDICT = '[no verdict recorded]';

/** A front-matter key, any case, `_`/`-`/space alike; own keys only (the parsed table is data). */
function field(data: Record<string, unknown>, name: string): unknown {
  for (const [key, value] of Object.entries(data)) if (key.toLowerCase().replace(/[_ ]/g, '-') === name) return value;
  return undefined;
}

function isoDay(value: unknown): string | null {
  const day = scalarText(value)?.slice(0, 10) ?? '';
  return isIsoDate(day) ? day : null;
}

/** `date:` (a report's creation date), the fallback for `Last updated:` (staleness) as /index reads it. */
export function reportDate(data: Record<string, unknown>): string | null {
  return isoDay(field(data, 'date'));
}

/**
 * One field of a Review Index line, as data that cannot break the line: every line break and run
 * of white space is one space, the line's own marks (` — `, ` → `, the brackets, and the comma in
 * a ticket) are written as plain look-alikes, the text is cut to `max` code points (an ellipsis
 * last), and any other control or format character is escaped. The seam for index.md's general
 * escaping of note text: only this function says how a report's text is written.
 */
export function reviewField(text: string, max: number, ticket = false): string {
  let t = text
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/\u2014/g, '-')
    .replace(/\u2192/g, '->')
    .replace(/\[/g, '(')
    .replace(/\]/g, ')');
  if (ticket) t = t.replace(/,/g, ';');
  const points = Array.from(t);
  if (points.length > max) t = `${points.slice(0, max - 1).join('')}…`;
  return escapeControls(t);
}

const HEADING_PREFIX = /^\/(?:pro|retro)spect\s*(?:\u2014|–|-|:)\s*/i;

/**
 * The report's facts, from its front matter, its description (first heading, else file name) and
 * the folder it is in. `type:` buckets it when it says prospect or retrospect, else its folder does.
 */
export function readReport(
  data: Record<string, unknown>,
  folder: ReviewKind,
  description: string,
  fileName: string,
  lastUpdated: string | null,
): ReviewReport {
  const type = scalarText(field(data, 'type'))?.toLowerCase();
  const kind: ReviewKind = type === 'prospect' || type === 'retrospect' ? type : folder;
  const named = /^(\d{4}-\d{2}-\d{2})/.exec(fileName)?.[1];
  const date = reportDate(data) ?? lastUpdated ?? (named && isIsoDate(named) ? named : null);
  const scope = scalarText(field(data, 'scope'));
  const goal = scalarText(field(data, 'goal')) ?? description.replace(HEADING_PREFIX, '');
  const [own, other] =
    kind === 'retrospect' ? ['overall-outcome', 'overall-verdict'] : ['overall-verdict', 'overall-outcome'];
  const outcome = scalarText(field(data, own)) ?? scalarText(field(data, other));
  const tickets = stringList(field(data, 'tickets'));
  const shown = tickets.slice(0, MAX_TICKETS).map((t) => reviewField(t, MAX_FIELD, true));
  if (tickets.length > MAX_TICKETS) shown.push(`+${tickets.length - MAX_TICKETS} more`);
  return {
    kind,
    date,
    scope: scope === null ? null : reviewField(scope, MAX_FIELD) || null,
    goal: reviewField(goal, MAX_GOAL) || reviewField(fileName.replace(/\.md$/i, ''), MAX_GOAL),
    tickets: shown.filter(Boolean),
    outcome: outcome === null ? null : reviewField(outcome, MAX_FIELD) || null,
  };
}

/** `- YYYY-MM-DD [scope] — goal [T-1, T-2] → outcome`, parts a report lacks left out. */
export function reviewLine(r: ReviewReport): string {
  const head = [r.date, r.scope === null ? null : `[${r.scope}]`].filter((p) => p !== null).join(' ');
  const tickets = r.tickets.length ? ` [${r.tickets.join(', ')}]` : '';
  return `- ${head ? `${head} \u2014 ` : ''}${r.goal}${tickets} \u2192 ${r.outcome ?? NO_VERDICT}`;
}

/** Newest first; undated last; equal dates by path (§12.4). */
function newestFirst(a: { path: string; report: ReviewReport }, b: { path: string; report: ReviewReport }): number {
  const x = a.report.date;
  const y = b.report.date;
  if (x !== y) {
    if (x === null) return 1;
    if (y === null) return -1;
    return compareCodePoints(y, x);
  }
  return collate(a.path, b.path);
}

/** The `## Review Index` body: Retrospects then Prospects, each newest first; empty: no reports. */
export function reviewIndexLines(notes: ReadonlyArray<{ path: string; report?: ReviewReport }>): string[] {
  const out: string[] = [];
  for (const [kind, title] of [
    ['retrospect', 'Retrospects'],
    ['prospect', 'Prospects'],
  ] as const) {
    const list = notes
      .filter((n): n is { path: string; report: ReviewReport } => n.report?.kind === kind)
      .sort(newestFirst);
    if (list.length === 0) continue;
    if (out.length) out.push('');
    out.push(`### ${title}`, ...list.map((n) => reviewLine(n.report)));
  }
  return out;
}

/** The one-line warning of /index for a report without tags, in this product's words. */
export function untaggedReportRemarks(
  notes: ReadonlyArray<{ path: string; report?: ReviewReport; tags: string[] }>,
): string[] {
  return notes
    .filter((n): n is { path: string; report: ReviewReport; tags: string[] } => !!n.report && n.tags.length === 0)
    .sort((a, b) => collate(a.path, b.path))
    .map(
      (n) =>
        `${n.path} is a review report without tags (written before reports carried them), so no query finds it: add \`tags: [${n.report.kind}, <its scope>]\` to its front matter`,
    );
}
