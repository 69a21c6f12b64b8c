// core/agentContext/: a query derived from what is being worked on: the active file's path, an agent's prompt (hook).
// Knowledge for the file being edited: a query derived from its path, without any model.
//   - its project: the configured project root (or a `projects_groups` sub-repo) holding the
//     file by real path; inside the knowledge folder, `projects/<tag>/…` names its project and
//     a note the index lists brings its own tags;
//   - known tags and aliases that are words of its path (split on `/ - _ .`, spaces and case
//     changes, lowercased as query tokens are), a hyphenated tag matching its words in a row;
//   - the precision rule of aria-knowledge's prompt hook: a project match, or at least two
//     distinct tags, else nothing, so unrelated files stay quiet.
// Everything that depends only on the snapshot is prepared once (WeakMap on the index), so a
// switch costs a realpath, a split and a few map lookups.
import * as path from 'node:path';
import type { Snapshot } from '../match/engine';
import type { QueryResult, ResultItem } from '../types';
import { isInside, realOrNull } from '../paths';
import { countsOf, noteCount } from '../match/tagCounts';

/** At least this many distinct tags when no project matched (the hook's rule). */
export const MIN_TAG_HITS = 2;
/** The hook surfaces at most this many files. */
export const MAX_SURFACED_FILES = 5;
/** At most this many tags in a derived query: a long path must not become a query of everything. */
const MAX_DERIVED_TAGS = 6;
/** Paths longer than this are not split (no real file path is; the cap keeps a switch cheap). */
const MAX_PATH_CHARS = 4096;

export type DerivedSource = 'project' | 'tags' | 'indexed-note';

export interface DerivedQuery {
  /** The query text to run (OR): the project tag first, then the tags. */
  query: string;
  /** The configured project holding the file, if any. */
  project: string | null;
  /** Distinct canonical tags matched by the path's words (or the note's own tags). */
  tags: string[];
  /** Path words that were aliases, as `alias → tag`. */
  aliases: Array<{ alias: string; tag: string }>;
  source: DerivedSource;
  /** The path the words were taken from (relative to the project root or knowledge folder). */
  relPath: string;
}

interface TagPhrase {
  words: string[];
  tag: string;
  /** The alias this phrase spells, when it is one. */
  alias: string | null;
}

interface Root {
  tag: string;
  /** Real path of the root (or sub-repo), with a trailing separator for prefix tests. */
  prefix: string;
  real: string;
}

export interface Prepared {
  folder: string;
  realFolder: string;
  roots: Root[];
  /** First word → phrases starting with it (tags and aliases). */
  phrases: Map<string, TagPhrase[]>;
  /** Lowercased project tags configured and enabled. */
  projectTags: Set<string>;
}

// Beside the index, not on it: what is prepared depends on the snapshot's config (project roots) too.
const prepared = new WeakMap<object, Prepared>();

/** Splits a path into lowercase words on separators, punctuation and case changes. */
export function pathWords(text: string): string[] {
  const out: string[] = [];
  // Case changes: `apiPagination` → `api Pagination`, `HTTPServer` → `HTTP Server`.
  const spaced = text.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2');
  for (const word of spaced.split(/[\s/\\\-_.,]+/)) if (word) out.push(word.toLowerCase());
  return out;
}

export function withSep(p: string): string {
  return p.endsWith(path.sep) ? p : p + path.sep;
}

/** The snapshot's tag phrases and project roots, once per index (also the hook's, hookContext.ts). */
export function prepare(snapshot: Snapshot): Prepared {
  const hit = prepared.get(snapshot.index);
  if (hit && hit.folder === snapshot.config.knowledgeFolder) return hit;
  const { config, index } = snapshot;
  const roots: Root[] = [];
  const projectTags = new Set<string>();
  if (config.projectsEnabled) {
    for (const [key, project] of config.projectsList) {
      projectTags.add(key);
      const real = realOrNull(project.root);
      if (real) roots.push({ tag: project.tag, prefix: withSep(real), real });
      // A sub-repo of a group is the same project; its own root may be a symlink elsewhere.
      for (const sub of config.projectGroups.get(key)?.subRepos ?? []) {
        const subRoot = path.resolve(project.root, sub);
        if (!isInside(subRoot, project.root)) continue;
        const subReal = realOrNull(subRoot);
        if (subReal) roots.push({ tag: project.tag, prefix: withSep(subReal), real: subReal });
      }
    }
  }
  roots.sort((a, b) => b.prefix.length - a.prefix.length); // the narrowest root wins
  const phrases = new Map<string, TagPhrase[]>();
  const add = (spelling: string, tag: string, alias: string | null) => {
    const words = pathWords(spelling);
    if (words.length === 0) return;
    const list = phrases.get(words[0]) ?? [];
    if (!list.some((p) => p.tag === tag && p.words.join(' ') === words.join(' '))) list.push({ words, tag, alias });
    phrases.set(words[0], list);
  };
  const tags = new Set<string>(index.knownTags.map((t) => t.tag));
  for (const tag of index.tagIndex.keys()) tags.add(tag);
  for (const tag of tags) add(tag, tag, null);
  for (const [alias, tag] of index.aliases) add(alias, tag, alias);
  // Longer phrases first, so `react-native` wins over a tag `react` at the same word.
  for (const list of phrases.values()) list.sort((a, b) => b.words.length - a.words.length);
  const realFolder = realOrNull(config.knowledgeFolder) ?? config.knowledgeFolder;
  const result: Prepared = { folder: config.knowledgeFolder, realFolder, roots, phrases, projectTags };
  prepared.set(snapshot.index, result);
  return result;
}

/** Canonical tags whose words appear in a row among `words`, in order of first appearance. */
function matchWords(p: Prepared, words: string[]): { tags: string[]; aliases: Array<{ alias: string; tag: string }> } {
  const tags: string[] = [];
  const aliases: Array<{ alias: string; tag: string }> = [];
  for (let i = 0; i < words.length; i++) {
    const list = p.phrases.get(words[i]);
    if (!list) continue;
    for (const phrase of list) {
      let ok = i + phrase.words.length <= words.length;
      for (let k = 1; ok && k < phrase.words.length; k++) ok = words[i + k] === phrase.words[k];
      if (!ok) continue;
      if (!tags.includes(phrase.tag)) tags.push(phrase.tag);
      if (phrase.alias && !aliases.some((a) => a.alias === phrase.alias))
        aliases.push({ alias: phrase.alias, tag: phrase.tag });
      break;
    }
  }
  return { tags, aliases };
}

function build(
  project: string | null,
  tags: string[],
  aliases: DerivedQuery['aliases'],
  source: DerivedSource,
  relPath: string,
): DerivedQuery {
  const own = tags.filter((t) => t !== project?.toLowerCase()).slice(0, MAX_DERIVED_TAGS);
  const query = [...(project ? [project] : []), ...own].join(' ');
  return { query, project, tags: own, aliases: aliases.filter((a) => own.includes(a.tag)), source, relPath };
}

/**
 * The query for the file at `filePath`, or null when it is outside every configured project and
 * the knowledge folder, or when its path says too little (no project and fewer than two tags).
 * `realPath` may be given when the caller already resolved it.
 */
export function deriveActiveFileQuery(snapshot: Snapshot, filePath: string, realPath?: string): DerivedQuery | null {
  if (!filePath || filePath.length > MAX_PATH_CHARS || !path.isAbsolute(filePath)) return null;
  const p = prepare(snapshot);
  const real = realPath ?? realOrNull(filePath) ?? path.resolve(filePath);

  if (real.startsWith(withSep(p.realFolder))) {
    const rel = real.slice(withSep(p.realFolder).length).split(path.sep).join('/');
    const parts = rel.split('/');
    if (parts[0] === 'projects' && parts.length > 2) {
      const tag = parts[1].toLowerCase();
      const project = p.projectTags.has(tag)
        ? snapshot.config.projectsList.get(tag)!.tag
        : snapshot.index.projects.has(tag)
          ? parts[1]
          : null;
      if (project) {
        const words = matchWords(p, pathWords(parts.slice(2).join('/')));
        return build(project, words.tags, words.aliases, 'project', rel);
      }
    }
    // A note the index lists: its own tags are exactly what it is about.
    const listed = snapshot.index.files.get(rel);
    if (listed && listed.tags.size > 0) return build(null, [...listed.tags].sort(), [], 'indexed-note', rel);
    const words = matchWords(p, pathWords(rel.replace(/\.md$/i, '')));
    return words.tags.length >= MIN_TAG_HITS ? build(null, words.tags, words.aliases, 'tags', rel) : null;
  }

  for (const root of p.roots) {
    if (!real.startsWith(root.prefix)) continue;
    const rel = real.slice(root.prefix.length).split(path.sep).join('/');
    const words = matchWords(p, pathWords(rel));
    return build(root.tag, words.tags, words.aliases, 'project', rel);
  }
  return null;
}

/**
 * The files to surface for a derived query: at most MAX_SURFACED_FILES loadable ones, those
 * matching the most tokens first, the result's own order (team-shared, project, cross-project)
 * breaking ties.
 */
export function surfacedFiles(result: QueryResult): { items: ResultItem[]; total: number } {
  const loadable = result.items.filter((i) => i.selectable && i.category !== 'tracked-artifact');
  const ranked = loadable
    .map((item, order) => ({ item, order }))
    .sort((a, b) => b.item.matched - a.item.matched || a.order - b.order);
  // The total is the one count every surface shows for this query (tagCounts.ts).
  return { items: ranked.slice(0, MAX_SURFACED_FILES).map((r) => r.item), total: noteCount(countsOf(result)) };
}
