// One count for every surface (the tree, completion, the status bar, sorting, `aria-context
// tags`): what querying a tag, alias or project key returns, taken from the query's own result,
// never recounted from the index. Items the reader would not load are not counted (§9).
import { runQuery, type QueryOptions, type Snapshot } from './engine';
import { countText, plural } from '../present/plural';
import { Availability } from '../read/availability';
import type { QueryResult, ResultItem } from '../types';

export interface TagCounts {
  /** Loadable project-tier and cross-project notes. */
  files: number;
  /** Loadable team-shared notes. */
  teamShared: number;
  /** Tracked artifacts the reader would load. */
  artifacts: number;
  /** Tracked artifacts missing or refused. */
  missingArtifacts: number;
  /** Pending ideas shown for the query's projects. */
  ideas: number;
  /** §F44 Matches past the groups' caps, not listed or checked (absent when none). */
  unlisted?: number;
}

export type TagKind = 'known' | 'other' | 'project';

export interface TagName {
  name: string;
  kind: TagKind;
  aliases: string[];
}

/** The counts of one query result: what its summary lists, loadable notes only. */
export function countsOf(result: QueryResult): TagCounts {
  const counts: TagCounts = {
    files: 0,
    teamShared: 0,
    artifacts: 0,
    missingArtifacts: 0,
    ideas: result.showsIdeas ? result.ideas.length : 0,
  };
  const unlisted = Object.values(result.unlisted ?? {}).reduce((sum, n) => sum + (n ?? 0), 0);
  if (unlisted) counts.unlisted = unlisted;
  for (const item of result.items) {
    if (item.category === 'tracked-artifact') {
      if (item.problem) counts.missingArtifacts++;
      else counts.artifacts++;
    } else if (item.problem === null) {
      if (item.category === 'team-shared') counts.teamShared++;
      else counts.files++;
    }
  }
  return counts;
}

/** What sorting by count compares: the notes a query returns. */
export function noteCount(counts: TagCounts): number {
  return counts.files + counts.teamShared;
}

/** `4 files + 1 team-shared · 1 artifact · 1 missing artifact · 2 pending ideas`: the one wording. */
export function describeCounts(counts: TagCounts): string {
  const parts = [
    `${plural(counts.files, 'file')}${counts.teamShared ? ` + ${counts.teamShared} team-shared` : ''}${counts.unlisted ? ` (+ ${countText(counts.unlisted)} more not listed)` : ''}`,
  ];
  if (counts.artifacts) parts.push(plural(counts.artifacts, 'artifact'));
  if (counts.missingArtifacts) parts.push(plural(counts.missingArtifacts, 'missing artifact'));
  if (counts.ideas) parts.push(plural(counts.ideas, 'pending idea'));
  return parts.join(' · ');
}

/**
 * Every name the index offers to query, once each, in index order: project keys (`## Projects`),
 * then Known Tags with their aliases, then Other Tags headings that are neither. A known tag
 * that is also a project key is a project (its query expands), and keeps its aliases.
 */
export function tagNames(snapshot: Snapshot): TagName[] {
  const { index } = snapshot;
  const out = new Map<string, TagName>();
  const aliasSets = new Map<TagName, Set<string>>();
  for (const p of index.projects.values()) out.set(p.key.toLowerCase(), { name: p.key, kind: 'project', aliases: [] });
  for (const t of index.knownTags) {
    const seen = out.get(t.tag.toLowerCase());
    if (!seen) {
      out.set(t.tag.toLowerCase(), { name: t.tag, kind: 'known', aliases: t.aliases.slice() });
      continue;
    }
    // One alias at a time: a list of data size never goes through an argument list (a stack overflow).
    let known = aliasSets.get(seen);
    if (!known) aliasSets.set(seen, (known = new Set(seen.aliases)));
    for (const alias of t.aliases) {
      if (known.has(alias)) continue;
      known.add(alias);
      seen.aliases.push(alias);
    }
  }
  for (const t of index.otherTags.keys()) if (!out.has(t)) out.set(t, { name: t, kind: 'other', aliases: [] });
  return [...out.values()];
}

/** Runs one query with the counter's shared verdicts; null when the text is not a query. */
export type CountedQuery = (text: string, shared: { availability: Availability }) => QueryResult | null;

/**
 * Query results and counts by query text over one snapshot, each run once (memoised): the tree
 * asks it for every tag it shows, completion for each row, `aria-context tags` for every name.
 * The reader's verdicts are shared across its queries, one per path. `run` is the host's query
 * (the editor's KnowledgeBase, with its cache) or plain runQuery.
 */
export class TagCounter {
  private readonly results = new Map<string, QueryResult | null>();
  private readonly counted = new Map<string, TagCounts | null>();
  private readonly availability: Availability;
  private readonly run: CountedQuery;

  constructor(
    readonly snapshot: Snapshot,
    query: QueryOptions | CountedQuery,
    /** The host's verdicts (kept across reloads); a fresh set otherwise. */
    availability?: Availability,
    /** False: only the counts are kept, each result let go once counted (`tags` over every name). */
    private readonly keepResults = true,
  ) {
    this.availability = availability ?? new Availability(snapshot.config);
    this.run =
      typeof query === 'function'
        ? query
        : (text, shared) => {
            const outcome = runQuery(snapshot, text, { ...query, ...shared });
            return outcome.ok ? outcome.result : null;
          };
  }

  /** Marks items built outside a query (the tree's team-shared headings) with the same verdicts. */
  mark(items: readonly ResultItem[]): void {
    this.availability.mark(items);
  }

  /** What querying `text` returns, or null when it is not a query (empty, over the caps). */
  result(text: string): QueryResult | null {
    const key = text.toLowerCase();
    let result = this.results.get(key);
    if (result === undefined) {
      result = this.run(text, { availability: this.availability });
      if (this.keepResults) this.results.set(key, result);
    }
    return result;
  }

  /** Whether `text` was counted already (counts() would answer without a query). */
  has(text: string): boolean {
    return this.counted.has(text.toLowerCase());
  }

  counts(text: string): TagCounts | null {
    const key = text.toLowerCase();
    let counts = this.counted.get(key);
    if (counts === undefined) {
      const result = this.result(text);
      counts = result ? countsOf(result) : null;
      if (this.keepResults) this.counted.set(key, counts);
    }
    return counts;
  }
}

/**
 * `aria-context tags`: every name with its kind, aliases and counts, one at a time, so a host
 * can write them as they come (an index may name hundreds of thousands).
 */
export function* listTags(snapshot: Snapshot, options: QueryOptions): Generator<TagName & { counts: TagCounts }> {
  const counter = new TagCounter(snapshot, options, undefined, false);
  for (const t of tagNames(snapshot)) yield { ...t, counts: counter.counts(t.name) ?? countsOf(emptyResult()) };
}

function emptyResult(): QueryResult {
  return {
    query: { tokens: [], mode: 'OR', resolved: [], expanded: [] },
    items: [],
    found: 0,
    noMatch: true,
    ideas: [],
    showsIdeas: false,
    emptyProjectNotes: [],
    legacyNote: null,
    warnings: [],
    knownTags: [],
  };
}
