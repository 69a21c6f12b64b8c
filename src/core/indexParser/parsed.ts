// What the walk over index.md produces, before the lookup tables are derived from it.
import type { IndexProject, KnowledgeIndex, KnownTag, TagEntry, TeamSharedEntry } from '../types';

/** The lookup tables, derived from what the walk reads and built on first use. */
export type Lookups = Pick<KnowledgeIndex, 'files' | 'filesByTag' | 'filesByHint' | 'normalisedHints'>;

/** What the walk over index.md reads (its tables filled in place, hence Maps). */
export interface Parsed {
  lastRebuilt: string | null;
  projects: Map<string, IndexProject>;
  knownTags: KnownTag[];
  aliases: Map<string, string>;
  tagIndex: Map<string, TagEntry[]>;
  otherTags: Map<string, TagEntry[]>;
  hints: Map<string, string[]>;
  teamShared: Map<string, TeamSharedEntry[]>;
  hasTeamSharedSection: boolean;
  warnings: string[];
}

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
