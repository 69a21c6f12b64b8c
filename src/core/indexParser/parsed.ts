// What the walk over index.md produces, before the lookup tables are derived from it.
import type { KnowledgeIndex } from '../types';

/** The lookup tables, derived from what the walk reads and built on first use. */
export type Lookups = Pick<KnowledgeIndex, 'files' | 'filesByTag' | 'filesByHint' | 'normalisedHints'>;

/** A read-only table as the walk fills it. */
type Filled<T> = T extends ReadonlyMap<infer K, infer V> ? Map<K, V> : T;

/** What the walk over index.md reads: the index's own fields, its tables filled in place (hence Maps). */
export type Parsed = { [K in Exclude<keyof KnowledgeIndex, keyof Lookups | 'teamSharedFiles'>]: Filled<KnowledgeIndex[K]> };

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
