// The lookup tables a query reads (files by path, by tag and by hint phrase; team-shared files),
// derived from the walked lists on first use: a reload that nobody queries never builds them, and
// `aria-context check` (which reads none) stays within its heap bound on a hostile index.
import { normaliseRelative } from '../paths';
import { normaliseForHint } from '../match/tokenMatch';
import type { IndexedFile, IndexLines, KnowledgeIndex, TeamSharedEntry, TeamSharedFile } from '../types';
import type { IndexLists } from './parsed';

type Lookups = Pick<KnowledgeIndex, 'files' | 'filesByTag' | 'filesByHint' | 'normalisedHints'>;

/** The index value: the lists as walked, their line records, the tables built late (the index never changes after the walk). */
export function withTables(p: IndexLists, lines: IndexLines): KnowledgeIndex {
  let lookups: Lookups | null = null;
  let teamFiles: Map<string, TeamSharedFile> | null = null;
  const get = (): Lookups => (lookups ??= buildLookups(p));
  return {
    lastRebuilt: p.lastRebuilt,
    projects: p.projects,
    knownTags: p.knownTags,
    aliases: p.aliases,
    tagIndex: p.tagIndex,
    otherTags: p.otherTags,
    hints: p.hints,
    teamShared: p.teamShared,
    get files() {
      return get().files;
    },
    get teamSharedFiles() {
      return (teamFiles ??= buildTeamSharedFiles(p.teamShared));
    },
    get filesByTag() {
      return get().filesByTag;
    },
    get filesByHint() {
      return get().filesByHint;
    },
    get normalisedHints() {
      return get().normalisedHints;
    },
    hasTeamSharedSection: p.hasTeamSharedSection,
    warnings: p.warnings,
    lines,
  };
}

/** Whether normaliseRelative(p) is p: skips path.normalize for nearly every entry. */
export function isNormalPath(p: string): boolean {
  return p !== '' && p.charCodeAt(0) !== 46 && !p.includes('\\') && !p.includes('//') && !p.includes('/.');
}

/** Normalised only when it must be (§F17). */
export function fileKey(p: string): string {
  return isNormalPath(p) ? p : normaliseRelative(p);
}

function buildLookups(index: IndexLists): Lookups {
  const files = new Map<string, IndexedFile>();
  const filesByTag = new Map<string, IndexedFile[]>();
  const filesByHint = new Map<string, IndexedFile[]>();
  const normalisedHints: Array<[string, string]> = [];
  // A path spelled `./a.md` thousands of times (a hint flood) is normalised once.
  const keys = new Map<string, string>();
  const fileFor = (p: string): IndexedFile => {
    let key = isNormalPath(p) ? p : keys.get(p);
    if (key === undefined) {
      key = normaliseRelative(p);
      keys.set(p, key);
    }
    let file = files.get(key);
    if (!file) {
      file = { path: key, description: null, tags: new Set(), hints: [] };
      if (p !== key) file.written = p; // so a refusal names the entry the way the user wrote it
      files.set(key, file);
    }
    return file;
  };
  for (const map of [index.tagIndex, index.otherTags]) {
    for (const [tag, entries] of map) {
      let list = filesByTag.get(tag);
      for (const entry of entries) {
        const file = fileFor(entry.path);
        if (!file.tags.has(tag)) {
          file.tags.add(tag);
          if (!list) {
            list = [];
            filesByTag.set(tag, list);
          }
          list.push(file);
        }
        if (!file.description && entry.description) file.description = entry.description;
      }
    }
  }
  for (const [phrase, paths] of index.hints) {
    normalisedHints.push([normaliseForHint(phrase), phrase]);
    const list: IndexedFile[] = [];
    for (const p of paths) {
      const file = fileFor(p);
      // Phrases are read one at a time, so a file holds this one only if it was the last added.
      if (file.hints[file.hints.length - 1] !== phrase) {
        file.hints.push(phrase);
        list.push(file);
      }
    }
    filesByHint.set(phrase, list);
  }
  return { files, filesByTag, filesByHint, normalisedHints };
}

/** By project and path, merged across headings. */
export function buildTeamSharedFiles(teamShared: ReadonlyMap<string, TeamSharedEntry[]>): Map<string, TeamSharedFile> {
  const teamSharedFiles = new Map<string, TeamSharedFile>();
  for (const [tag, entries] of teamShared) {
    for (const entry of entries) {
      const key = `${entry.project}\u0000${entry.path}`;
      let file = teamSharedFiles.get(key);
      if (!file) {
        file = {
          path: entry.path,
          description: entry.description,
          project: entry.project,
          scope: entry.scope,
          headings: new Set(),
        };
        teamSharedFiles.set(key, file);
      }
      file.headings.add(tag);
      if (!file.description && entry.description) file.description = entry.description;
      if (!file.scope && entry.scope) file.scope = entry.scope;
    }
  }
  return teamSharedFiles;
}
