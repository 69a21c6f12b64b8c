// What the walk over index.md fills in, before the lookup tables are built from it at its end.
import type { IndexLines, IndexProject, KnownTag, TagEntry, TeamSharedEntry } from '../types';
import { EntryLineColumns } from './entryLines';

/** The sections as written, filled in place by the walk (the index's own fields, writable). */
export interface IndexLists {
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

export function emptyLists(): IndexLists {
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

/** The problem lines IndexLines keeps: index health lists at most 200 of one kind (§10). */
export const MAX_PROBLEM_LINES = 200;

export function emptyLines(): IndexLines & { entries: EntryLineColumns } {
  return {
    lastRebuilt: null,
    entries: new EntryLineColumns(),
    knownTags: [],
    knownTagsLine: null,
    problems: [],
    problemCount: 0,
  };
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
