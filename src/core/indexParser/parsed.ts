// What the walk over index.md produces, before the lookup tables are derived from it.
import type { KnowledgeIndex } from '../types';

/** The lookup tables, derived from what the walk reads and built on first use. */
export type Lookups = Pick<KnowledgeIndex, 'files' | 'filesByTag' | 'filesByHint' | 'normalisedHints'>;

/** A read-only table as the walk fills it. */
type Filled<T> = T extends ReadonlyMap<infer K, infer V> ? Map<K, V> : T;

/** What the walk over index.md reads: the index's own fields, its tables filled in place (hence Maps). */
export type Parsed = {
  [K in Exclude<keyof KnowledgeIndex, keyof Lookups | 'teamSharedFiles'>]: Filled<KnowledgeIndex[K]>;
};

export type Warn = (lineNo: number, message: string) => void;

export function emptyParsed(): Parsed {
  return {
    lastRebuilt: null,
    projects: new Map(),
    knownTags: [],
    aliases: new Map(),
    tagIndex: new Map(),
    otherTags: new Map(),
    hints: new Map(),
    teamShared: new Map(),
    hasTeamSharedSection: false,
    warnings: [],
  };
}

/** Where things are in index.md, by line (1-based, front matter counted): what index health places its problems by. */
export interface IndexLines {
  lastRebuilt: { line: number; text: string } | null;
  /** Every entry line as written, duplicates included, in line order. */
  entries: IndexLineEntry[];
  /** Every Known Tags item as written. */
  knownTags: Array<{ line: number; tag: string; aliases: string[] }>;
  /** The first line of `## Known Tags`, if any. */
  knownTagsLine: number | null;
}

export interface IndexLineEntry {
  line: number;
  section: 'tags' | 'other' | 'hints' | 'team';
  /** The `### ` heading above it, lowercased. */
  heading: string;
  /** The path as written (backticks removed). */
  path: string;
  /** Team-shared entries: the `[project: …]` annotation, lowercased. */
  project: string | null;
}

export function emptyLines(): IndexLines {
  return { lastRebuilt: null, entries: [], knownTags: [], knownTagsLine: null };
}

/** The last of the stored warnings when more than 50 problem lines were found (§F42). */
export function notListedLine(count: number): string {
  return `index.md: ${count} more problem line(s) not listed`;
}

const NOT_LISTED = /^index\.md: (\d+) more problem line\(s\) not listed$/;

/** How many problem lines the stored warnings stand for: each listed one, and those the last line counts. */
export function problemLineCount(warnings: readonly string[]): number {
  const m = warnings.length > 0 ? NOT_LISTED.exec(warnings[warnings.length - 1]) : null;
  return m ? warnings.length - 1 + Number(m[1]) : warnings.length;
}
