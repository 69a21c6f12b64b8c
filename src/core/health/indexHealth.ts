// core/health/: index health: problems in index.md, drift against the notes, and the report every surface shows.
// Index health: what is wrong with index.md, each problem on the line where it occurs, so an
// editor can show them as diagnostics. Two parts:
//   - checkIndex, cheap (after each reload): lines the parser could not use, refused entries
//     and why, entries whose file is missing, duplicates under a heading, known tags with no
//     files, aliases colliding with tags or with each other;
//   - scanDrift, a scan of the notes' front matter (through the core reader, with progress and
//     cancel): notes whose tags differ from the index, notes missing from it, notes changed
//     after `Last rebuilt`.
// Nothing here writes anywhere; the fix is the user's: a rebuild (§12) or /index.
import { indexPathVerdict } from '../match/crossProject';
import { Availability } from '../read/availability';
import type { Snapshot } from '../match/engine';
import { parseIndex } from '../index/parse';
import type { IndexLineEntry, IndexLines, Config } from '../types';
import { MAX_INDEX_BYTES } from '../limits';
import { splitLines } from '../index/text';
import { escapeControls } from '../present/outputText';
import { normaliseRelative } from '../paths';
import { plural } from '../present/plural';
import { ageInDays, ageText, isIsoDate } from '../match/staleness';
import { teamEntryVerdict } from '../match/teamShared';

export type IndexProblemKind =
  | 'unparsed'
  | 'refused'
  | 'missing-file'
  | 'duplicate'
  | 'unused-tag'
  | 'alias-collision'
  | 'tags-differ'
  | 'not-indexed'
  | 'newer-than-index'
  | 'front-matter';

export type Severity = 'error' | 'warning' | 'info';

export interface IndexProblem {
  kind: IndexProblemKind;
  /** 1-based line of index.md. */
  line: number;
  severity: Severity;
  message: string;
  /** Another line the problem refers to (the first listing of a duplicate, the other alias). */
  related?: { line: number; message: string };
  /** The note concerned, absolute, when there is one (drift). */
  file?: string;
  /** Only on the line standing for the problems of its kind past the cap: how many it stands for. */
  omitted?: number;
}

export interface IndexHealth {
  problems: IndexProblem[];
  lastRebuilt: string | null;
  /** Whether the drift scan ran (Context: Check Index) for this snapshot. */
  driftChecked: boolean;
  /** Notes the drift scan read, when it ran. */
  notesScanned: number;
}

/** Beyond this many problems of one kind, one more line says how many were left out. */
const MAX_PER_KIND = 200;

/**
 * The text of each line of index.md a problem points to (its line, its related line): what an
 * editor needs to place the diagnostics, without the whole text (the check may run elsewhere).
 */
export function problemLines(health: Pick<IndexHealth, 'problems'>, text: string): Record<number, string> {
  const all = splitLines(text);
  const out: Record<number, string> = {};
  for (const p of health.problems) {
    for (const line of p.related ? [p.line, p.related.line] : [p.line]) out[line] = all[line - 1] ?? '';
  }
  return out;
}

export function rebuiltDate(text: string | null): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(text ?? '');
  return m && isIsoDate(m[1]) ? m[1] : null;
}

/** `index: 3 problems, rebuilt 12 days ago` (with "drift not checked" left to the caller). */
export function healthSummary(health: IndexHealth, today: string): string {
  const count = health.problems.reduce((n, p) => n + (p.omitted ?? 1), 0); // true total past the per-kind cap
  const problems = count === 0 ? 'no problems' : plural(count, 'problem');
  const date = rebuiltDate(health.lastRebuilt);
  const rebuilt = date ? `rebuilt ${ageText(ageInDays(date, today))}` : 'rebuilt date unknown';
  return `index: ${problems}, ${rebuilt}`;
}

export const INDEX_REBUILD_HINT =
  'Context: Rebuild Index… rebuilds index.md from the notes as a diff you review and save (or aria-context index --write in a terminal).';

export class Problems {
  readonly list: IndexProblem[] = [];
  private readonly counts = new Map<IndexProblemKind, number>();
  private readonly over = new Map<IndexProblemKind, IndexProblem>();

  add(p: IndexProblem): void {
    const n = (this.counts.get(p.kind) ?? 0) + 1;
    this.counts.set(p.kind, n);
    // one line each, whatever a note's front matter holds: a message is a line of `check` and a diagnostic
    if (n <= MAX_PER_KIND) return void this.list.push({ ...p, message: escapeControls(p.message) });
    const more = this.over.get(p.kind);
    if (more) {
      more.omitted = n - MAX_PER_KIND;
      more.message = `${plural(more.omitted, 'more problem')} of this kind not listed`;
    } else {
      const first: IndexProblem = {
        kind: p.kind,
        line: p.line,
        severity: 'info',
        message: '1 more problem of this kind not listed',
        omitted: 1,
      };
      this.over.set(p.kind, first);
      this.list.push(first);
    }
  }
}

/**
 * The cheap check of index.md's text as it is now (an editor's unsaved buffer, or the file),
 * parsed and checked together so every line number is the text's own; with the text of the
 * lines it points to. Null for a text above the size index.md may have (§9).
 */
export function checkIndexText(
  config: Config,
  text: string,
): { health: IndexHealth; lines: Record<number, string> } | null {
  if (text.length > MAX_INDEX_BYTES) return null;
  const health = checkIndex({ config, index: parseIndex(text) });
  return { health, lines: problemLines(health, text) };
}

/**
 * The cheap part: everything that needs only index.md (the snapshot's index and its line records),
 * the config and folder listings. `text`: an index.md text other than the one the snapshot's index
 * was walked from, whose own lines place the problems (walked here).
 */
export function checkIndex(snapshot: Snapshot, text?: string): IndexHealth {
  const { config, index } = snapshot;
  const lines = text === undefined ? index.lines : parseIndex(text).lines;
  const problems = new Problems();
  const fallbackLine = lines.lastRebuilt?.line ?? 1;

  // Every problem line the walk found, listed or not (the parse keeps 50 for queries, §F42).
  for (const p of lines.problems)
    problems.add({ kind: 'unparsed', line: p.line, severity: 'warning', message: p.message });
  const last = lines.problems[lines.problems.length - 1];
  for (let n = lines.problems.length; n < lines.problemCount; n++)
    problems.add({ kind: 'unparsed', line: last?.line ?? fallbackLine, severity: 'warning', message: '' });

  // The reader's verdict on each listed file, as queries mark items: one listing per folder.
  const files = new Availability(config);
  // Each list's paths in a map of its own, keyed by the paths themselves: no key string per entry.
  const seen = new Map<string, Map<string, number>>();
  let list: Map<string, number> | undefined;
  let listOf: IndexLineEntry | undefined;
  for (const entry of lines.entries) {
    if (
      !list ||
      !listOf ||
      entry.section !== listOf.section ||
      entry.heading !== listOf.heading ||
      entry.project !== listOf.project
    ) {
      const key = `${entry.section}\u0000${entry.heading}\u0000${entry.project ?? ''}`;
      list = seen.get(key) ?? new Map<string, number>();
      seen.set(key, list);
      listOf = entry;
    }
    const path = identity(entry.path);
    const first = list.get(path);
    if (first !== undefined) {
      problems.add({
        kind: 'duplicate',
        line: entry.line,
        severity: 'warning',
        message: `\`${entry.path}\` is listed twice under \`### ${entry.heading}\` (first on line ${first})`,
        related: { line: first, message: 'first listed here' },
      });
      continue;
    }
    list.set(path, entry.line);
    const verdict = entryVerdict(snapshot, entry);
    if (verdict === null) continue;
    if (!verdict.ok) {
      problems.add({
        kind: 'refused',
        line: entry.line,
        severity: 'error',
        message: `Refused \`${entry.path}\`: ${verdict.reason}; it is never read`,
      });
      continue;
    }
    const file = files.problem(verdict.abs);
    if (file?.kind === 'refused') {
      problems.add({
        kind: 'refused',
        line: entry.line,
        severity: 'error',
        message: `Refused \`${entry.path}\`: ${file.reason}; it is never read`,
      });
    } else if (file?.kind === 'missing') {
      problems.add({
        kind: 'missing-file',
        line: entry.line,
        severity: 'warning',
        message: `\`${entry.path}\` does not exist (moved or deleted since the index was last rebuilt?)`,
      });
    }
  }

  // Known tags that no listing, team-shared heading or project gives any file.
  const projectKeys = new Set([
    ...index.projects.keys(),
    ...(config.projectsEnabled ? config.projectsList.keys() : []),
  ]);
  const tagLines = new Map<string, KnownTagLine>();
  for (const item of lines.knownTags) if (!tagLines.has(item.tag)) tagLines.set(item.tag, item);
  for (const known of index.knownTags) {
    const tag = known.tag;
    if ((index.filesByTag.get(tag)?.length ?? 0) > 0 || index.teamShared.has(tag) || projectKeys.has(tag)) continue;
    problems.add({
      kind: 'unused-tag',
      line: tagLines.get(tag)?.line ?? lines.knownTagsLine ?? fallbackLine,
      severity: 'info',
      message: `Known tag \`${tag}\` has no files`,
    });
  }

  // Aliases: one that is also a tag hides that tag from queries; one declared twice goes to the first.
  const tags = new Set<string>([
    ...index.knownTags.map((t) => t.tag),
    ...index.tagIndex.keys(),
    ...index.otherTags.keys(),
  ]);
  const aliasOwner = new Map<string, KnownTagLine>();
  for (const item of lines.knownTags) {
    for (const alias of item.aliases) {
      if (alias === item.tag) continue;
      if (tags.has(alias)) {
        problems.add({
          kind: 'alias-collision',
          line: item.line,
          severity: 'warning',
          message: `Alias \`${alias}\` of \`${item.tag}\` is also a tag: a query for \`${alias}\` finds \`${item.tag}\`'s files, never tag \`${alias}\`'s own`,
          related: relatedTag(tagLines, alias),
        });
        continue;
      }
      const owner = aliasOwner.get(alias);
      if (!owner) aliasOwner.set(alias, item);
      else if (owner.tag !== item.tag) {
        problems.add({
          kind: 'alias-collision',
          line: item.line,
          severity: 'warning',
          message: `Alias \`${alias}\` is declared for \`${owner.tag}\` (line ${owner.line}) and for \`${item.tag}\`: queries use \`${owner.tag}\``,
          related: { line: owner.line, message: `\`${alias}\` first declared for \`${owner.tag}\`` },
        });
      }
    }
  }
  return { problems: problems.list, lastRebuilt: index.lastRebuilt, driftChecked: false, notesScanned: 0 };
}

/** A path's identity key: itself when it is already normal (most are), else normalised. */
export function identity(p: string): string {
  return p.charCodeAt(0) !== 46 && !p.includes('\\') && !p.includes('//') && !p.includes('/.')
    ? p
    : normaliseRelative(p);
}

type KnownTagLine = IndexLines['knownTags'][number];

function relatedTag(tagLines: Map<string, KnownTagLine>, tag: string): IndexProblem['related'] {
  const line = tagLines.get(tag)?.line;
  return line === undefined ? undefined : { line, message: `tag \`${tag}\`` };
}

/** Where an entry may be read from, null when the configuration does not surface it at all. */
function entryVerdict(
  snapshot: Snapshot,
  entry: IndexLineEntry,
): { ok: true; abs: string } | { ok: false; reason: string } | null {
  const { config } = snapshot;
  if (entry.section !== 'team') return indexPathVerdict(entry.path, config);
  const project = entry.project ?? '';
  if (project !== 'cross' && !config.sharedKnowledge.includes(project)) return null; // not shared here: never looked at
  if (project === 'cross' && config.sharedKnowledge.length === 0) return null;
  return teamEntryVerdict(config, entry.path, project);
}
