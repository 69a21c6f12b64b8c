// What the walk over index.md produces, before the lookup tables are derived from it.
import type { KnowledgeIndex } from '../types';

/** The lookup tables, derived from what the walk reads and built on first use. */
export type Lookups = Pick<KnowledgeIndex, 'files' | 'filesByTag' | 'filesByHint' | 'normalisedHints'>;

/** What the walk over index.md reads. */
export type Parsed = Omit<KnowledgeIndex, keyof Lookups | 'teamSharedFiles'>;

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
