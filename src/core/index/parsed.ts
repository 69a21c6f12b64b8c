// What the walk over index.md produces, before the lookup tables are derived from it.
import type { KnowledgeIndex } from '../types';

export type Lookups = Pick<KnowledgeIndex, 'files' | 'filesByTag' | 'filesByHint' | 'normalisedHints'>;

type Filled<T> = T extends ReadonlyMap<infer K, infer V> ? Map<K, V> : T;

/** The index's own fields, its tables filled in place by the walk. */
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

/** Lines (1-based, front matter counted) that index health places its problems by. */
export interface IndexLines {
  lastRebuilt: { line: number; text: string } | null;
  /** Every entry line as written, duplicates included, in line order. */
  entries: IndexLineEntry[];
  knownTags: Array<{ line: number; tag: string; aliases: string[] }>;
  knownTagsLine: number | null;
  /** Problem lines in the walk's order, the first MAX_PROBLEM_LINES of them (index health lists 200 a kind, §10). */
  problems: Array<{ line: number; message: string }>;
  /** Every problem line, listed or not. */
  problemCount: number;
}

/** The problem lines IndexLines keeps: index health lists at most 200 of one kind (§10). */
export const MAX_PROBLEM_LINES = 200;

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
  return { lastRebuilt: null, entries: [], knownTags: [], knownTagsLine: null, problems: [], problemCount: 0 };
}

/** The last stored warning past 50 problem lines (§F42). */
export function notListedLine(count: number): string {
  return `index.md: ${count} more problem line(s) not listed`;
}

const NOT_LISTED = /^index\.md: (\d+) more problem line\(s\) not listed$/;

export function problemLineCount(warnings: readonly string[]): number {
  const m = warnings.length > 0 ? NOT_LISTED.exec(warnings[warnings.length - 1]) : null;
  return m ? warnings.length - 1 + Number(m[1]) : warnings.length;
}
