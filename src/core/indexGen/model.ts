// §12.3 The generated sections as a pure function of the scanned notes, the Known Tags set, the
// config and today: which tag lists which file, the hints, team-shared entries, untagged and
// stale files, each project's derived lines, and the promotion candidates (suggested only).
import { atxHeading, entryText, hasSpace, SEPARATOR } from '../index/text';
import { escapeControls, needsEscape } from '../present/outputText';
import { collate, collated, sortCollated } from './collation';
import type { ScannedNote } from './read';
import { reviewIndexLines } from './reviews';

export interface GenSettings {
  today: string;
  /** Freeform tags on at least this many notes are promotion candidates. */
  promotionThreshold: number;
  stalenessMonths: number;
}

export interface ProjectStats {
  files: number;
  decisions: number;
  patterns: number;
  other: number;
  lastUpdate: string | null;
}

export interface IndexModel {
  /** Known tag → its notes, and freeform tag → its notes (cross-project and project tier). */
  tagIndex: Map<string, ScannedNote[]>;
  otherTags: Map<string, ScannedNote[]>;
  hints: Map<string, ScannedNote[]>;
  team: Map<string, ScannedNote[]>;
  untagged: ScannedNote[];
  /** Review reports (logs/prospect/, logs/retrospect/), for the Review Index. */
  reviews: ScannedNote[];
  stale: Array<{ note: ScannedNote; months: number }>;
  projects: Map<string, ProjectStats>;
  promotions: Array<{ tag: string; files: string[] }>;
  /** Freeform tags past the threshold that look like session, phase or plan stamps. */
  ephemeral: string[];
  /** Notes left out because index.md could not say them so that they read back. */
  unwritable: Array<{ path: string; reason: string }>;
  /** Tags or phrases that cannot be a heading: said, not written. */
  notes: string[];
}

/** Session, work-item, phase and plan stamps: never suggested as Known Tags (§12.5). */
const EPHEMERAL = [/^s\d+$/, /^p-?\d+$/, /^phase-?\d+$/, /^plan-\d+[a-z]?$/];
const EPHEMERAL_WORDS = new Set(['future-session-plan', 'soft-launch']);

export function isEphemeralTag(tag: string): boolean {
  const t = tag.toLowerCase();
  return EPHEMERAL_WORDS.has(t) || EPHEMERAL.some((re) => re.test(t));
}

/** Whether `### <text>` reads back as exactly this heading (no line breaks, no closing `#` lost, nothing to escape: §12.2). */
export function writableHeading(text: string): boolean {
  if (text === '' || needsEscape(text)) return false;
  const h = atxHeading(`### ${text}`);
  return h !== null && h.text === text;
}

/** A tag is a heading that reads back lowercased and is a single word a query can name. */
export function writableTag(tag: string): boolean {
  return writableHeading(tag) && !hasSpace(tag) && !tag.includes(',') && tag === tag.toLowerCase();
}

/** Whether `- <path> — <description>` reads back as this path (§F19). */
export function writablePath(p: string, description: string): boolean {
  if (needsEscape(p)) return false;
  // Nearly every path: no em dash, no backtick, no space at either end: it reads back as written.
  if (!p.includes('\u2014') && !p.includes('`') && p.trim() === p && p !== '') return true;
  return entryText('tags', `${p}${SEPARATOR}${description}`).path === p && entryText('hints', p).path === p;
}

export function buildModel(notes: readonly ScannedNote[], known: ReadonlySet<string>, s: GenSettings): IndexModel {
  const m: IndexModel = {
    tagIndex: new Map(),
    otherTags: new Map(),
    hints: new Map(),
    team: new Map(),
    untagged: [],
    reviews: [],
    stale: [],
    projects: new Map(),
    promotions: [],
    ephemeral: [],
    unwritable: [],
    notes: [],
  };
  const badTags = new Set<string>();
  // A tag or phrase is judged once, however many notes carry it.
  const tagWritable = memo(writableTag);
  const phraseWritable = memo(writableHeading);
  const push = (map: Map<string, ScannedNote[]>, key: string, note: ScannedNote) => {
    const list = map.get(key);
    if (list) list.push(note);
    else map.set(key, [note]);
  };
  for (const note of notes) {
    if (!writablePath(note.path, note.description) || (note.project !== null && needsEscape(note.project))) {
      const reason = needsEscape(note.path)
        ? 'its path holds a control or format character, which index.md never holds raw'
        : needsEscape(note.project ?? '')
          ? 'its project key holds a control or format character, which index.md never holds raw'
          : 'its path cannot be written as an index.md entry that reads back';
      m.unwritable.push({ path: note.path, reason });
      continue;
    }
    if (note.report) m.reviews.push(note);
    if (note.project && note.tier === 'project') {
      const stats = m.projects.get(note.project) ?? { files: 0, decisions: 0, patterns: 0, other: 0, lastUpdate: null };
      const parts = note.path.split('/');
      const folder = parts[2];
      const isFile = parts.length === 3;
      stats.files++;
      if (!isFile && folder === 'decisions') stats.decisions++;
      else if (!isFile && folder === 'patterns') stats.patterns++;
      else stats.other++;
      if (note.lastUpdated && (!stats.lastUpdate || note.lastUpdated > stats.lastUpdate))
        stats.lastUpdate = note.lastUpdated;
      m.projects.set(note.project, stats);
    }
    const months = staleMonths(note.lastUpdated, s);
    if (months !== null) m.stale.push({ note, months });
    // A note's hints are listed whether or not it has tags (team-shared notes have no hint section).
    if (note.tier !== 'team')
      for (const phrase of note.hints) {
        if (phraseWritable(phrase)) push(m.hints, phrase, note);
        else m.notes.push(`semantic hint "${phrase.slice(0, 80)}" of ${note.path} cannot be a heading; not written`);
      }
    if (note.tags.length === 0) {
      m.untagged.push(note);
      continue;
    }
    for (const tag of note.tags) {
      if (!tagWritable(tag)) {
        badTags.add(tag);
        continue;
      }
      if (note.tier === 'team') push(m.team, tag, note);
      else push(known.has(tag) ? m.tagIndex : m.otherTags, tag, note);
    }
  }
  for (const tag of collated(badTags)) m.notes.push(`tag "${tag.slice(0, 80)}" cannot be a heading; not written`);
  for (const [tag, files] of m.otherTags) {
    if (files.length < s.promotionThreshold) continue;
    if (isEphemeralTag(tag)) m.ephemeral.push(tag);
    else m.promotions.push({ tag, files: collated(files.map((f) => f.path)) });
  }
  m.promotions.sort((a, b) => b.files.length - a.files.length || collate(a.tag, b.tag));
  m.ephemeral.sort(collate);
  return m;
}

/** The whole months a note last updated on `date` is past its staleness threshold's start, or null when it is not stale. */
export function staleMonths(date: string | null, s: GenSettings): number | null {
  if (!date || date >= s.today) return null;
  const months = wholeMonths(date, s.today);
  // More than M months: M whole months and at least a day more.
  return months > s.stalenessMonths || (months === s.stalenessMonths && date.slice(8) !== s.today.slice(8))
    ? months
    : null;
}

function memo(judge: (text: string) => boolean): (text: string) => boolean {
  const verdicts = new Map<string, boolean>();
  return (text) => {
    let ok = verdicts.get(text);
    if (ok === undefined) verdicts.set(text, (ok = judge(text)));
    return ok;
  };
}

/** Whole months from `date` to `today` (both YYYY-MM-DD); a month is complete on its day of the month. */
export function wholeMonths(date: string, today: string): number {
  const [y, mo, d] = date.split('-').map(Number);
  const [ty, tmo, td] = today.split('-').map(Number);
  const months = (ty - y) * 12 + (tmo - mo) - (td < d ? 1 : 0);
  return Math.max(0, months);
}

/** Entry lines of one heading, one per note, by path. */
function entryLines(notes: readonly ScannedNote[], line: (n: ScannedNote) => string): string[] {
  const byPath = new Map<string, ScannedNote>();
  for (const n of notes) if (!byPath.has(n.path)) byPath.set(n.path, n);
  return sortCollated([...byPath.keys()], (p) => p).map((p) => line(byPath.get(p)!));
}

function headed(map: Map<string, ScannedNote[]>, line: (n: ScannedNote) => string): string[] {
  const out: string[] = [];
  for (const key of sortCollated([...map.keys()], (k) => k)) {
    if (out.length) out.push('');
    out.push(`### ${key}`, ...entryLines(map.get(key)!, line));
  }
  return out;
}

const plainLine = (n: ScannedNote) => `- ${n.path}${SEPARATOR}${n.description}`;

/** Each generated section's lines (without its `## ` heading); empty: the section is omitted. */
export function renderSections(m: IndexModel, s: GenSettings): Map<string, string[]> {
  const sections = new Map<string, string[]>();
  sections.set('tag index', headed(m.tagIndex, plainLine));
  sections.set('other tags', headed(m.otherTags, plainLine));
  sections.set(
    'semantic hints index',
    headed(m.hints, (n) => `- ${n.path}`),
  );
  sections.set(
    'team-shared tag index',
    headed(m.team, (n) => `${plainLine(n)} [project: ${n.project}, scope: ${n.scope}]`),
  );
  sections.set('review index', reviewIndexLines(m.reviews));
  const stale: string[] = [];
  for (const { note, months } of sortCollated(m.stale, (s) => s.note.path)) {
    if (stale.length) stale.push('');
    stale.push(
      `### ${note.path}`,
      `Last updated: ${note.lastUpdated} (${months} month${months === 1 ? '' : 's'} ago)${SEPARATOR}threshold: ${s.stalenessMonths} months`,
    );
  }
  sections.set('stale files', stale);
  sections.set(
    'untagged files',
    entryLines(
      m.untagged,
      (n) => `${plainLine(n)} (${n.problem ? `no tags read: ${escapeControls(n.problem)}` : 'no tags in frontmatter'})`,
    ),
  );
  return sections;
}

/** A project's derived lines (§12.3): none when projects are off. */
export function projectLines(stats: ProjectStats | undefined): string[] {
  if (!stats || stats.files === 0) return ['Project-tier files: 0'];
  const lines = [
    `Project-tier files: ${stats.files} (decisions: ${stats.decisions}, patterns: ${stats.patterns}, other: ${stats.other})`,
  ];
  if (stats.lastUpdate) lines.push(`Last project-tier update: ${stats.lastUpdate}`);
  return lines;
}
