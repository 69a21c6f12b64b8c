// §4a: cross-project files from Tag Index, Other Tags and the Semantic Hints Index.
import * as path from 'node:path';
import { isInside, resolveIndexPath, suspiciousPathText } from '../paths';
import { BestItems, ListedWarnings } from './resultCap';
import { resultItem } from './resultItem';
import { hintMatcherFor, isMatch, matchFile, type PreparedToken } from './tokenMatch';
import type { Config, IndexedFile, KnowledgeIndex, PathVerdict, QueryMode, ResultItem } from '../types';

export interface TierResult {
  /** The group's most relevant items, best first (at most MAX_ITEMS_PER_GROUP). */
  items: ResultItem[];
  warnings: string[];
  /** Matches past the group's cap: counted, neither built nor checked. */
  unlisted: number;
}

export function matchCrossProject(
  index: KnowledgeIndex,
  config: Config,
  tokens: PreparedToken[],
  mode: QueryMode,
): TierResult {
  const best = new BestItems<ResultItem>();
  const warnings = new ListedWarnings();
  for (const file of candidates(index, tokens)) {
    if (file.path === 'projects' || file.path.startsWith('projects/')) continue; // project tier, §4b
    const m = matchFile(tokens, file.tags, file.hints);
    if (!isMatch(m, tokens.length, mode)) continue;
    // Only a match that would be listed is checked, even by its path text (§F44).
    best.offer({ matched: m.matched, path: file.path }, () => {
      const verdict = cachedContainment(file, config);
      if (!verdict.ok) {
        warnings.add(`Refused index entry \`${file.written ?? file.path}\`: ${verdict.reason}; it was not read.`);
        return null;
      }
      return indexEntryItem(
        config,
        { path: file.path, description: file.description, tags: sortedTags(file) },
        verdict.abs,
        { hint: m.byTag ? null : m.hint, matched: m.matched },
      );
    });
  }
  return { items: best.sorted(), warnings: warnings.list('refused index entries'), unlisted: best.unlisted };
}

/**
 * Files that can match at least one token: found through the tag and hint tables, not a scan.
 * The hint phrases are read once for all tokens; a phrase's files join at the first token whose
 * form it contains, the order a token-by-token scan gives.
 */
function candidates(index: KnowledgeIndex, tokens: PreparedToken[]): Set<IndexedFile> {
  const found = new Set<IndexedFile>();
  const matcher = hintMatcherFor(tokens);
  const phrasesOf = new Map<string, string[]>(matcher.forms.map((f) => [f, []]));
  if (matcher.forms.length) {
    for (const [normalised, phrase] of index.normalisedHints) {
      const first = matcher.firstIn(normalised);
      if (first >= 0) phrasesOf.get(matcher.forms[first])!.push(phrase);
    }
  }
  const seen = new Set<string>();
  for (const token of tokens) {
    if (!seen.has(`tag:${token.lower}`)) {
      seen.add(`tag:${token.lower}`);
      for (const file of index.filesByTag.get(token.lower) ?? []) found.add(file);
    }
    const phrases = phrasesOf.get(token.hintForm);
    phrasesOf.delete(token.hintForm); // a repeated form adds nothing new
    for (const phrase of phrases ?? []) for (const file of index.filesByHint.get(phrase) ?? []) found.add(file);
  }
  return found;
}

/**
 * An indexed file's containment verdict and sorted tags depend only on the parsed entry and the
 * two folders, so they are worked out once per file of a snapshot, not once per query.
 */
interface FileFacts {
  folder: string;
  home: string;
  containment: PathVerdict;
}
// Beside each file, not on the index value: a verdict depends on the config too, and an image makes its files on first read.
const factsCache = new WeakMap<IndexedFile, FileFacts>();
const sortedTagsCache = new WeakMap<IndexedFile, { size: number; tags: string[] }>();

/** indexPathVerdict of an indexed file, kept with the file (once per file of a snapshot). */
export function cachedContainment(file: IndexedFile, config: Config): PathVerdict {
  const hit = factsCache.get(file);
  if (hit && hit.folder === config.knowledgeFolder && hit.home === config.home) return hit.containment;
  const result = indexPathVerdict(file.path, config);
  factsCache.set(file, { folder: config.knowledgeFolder, home: config.home, containment: result });
  return result;
}

/**
 * A relative path that path.resolve leaves as it is: no `.`, `..` or empty segment, no `\`,
 * no leading `/` or `~` (home), no trailing `/`.
 */
function isPlainRelative(p: string): boolean {
  const c = p.charCodeAt(0);
  return (
    p !== '' &&
    c !== 46 &&
    c !== 47 &&
    c !== 126 && // `.`, `/`, `~`
    !p.includes('\\') &&
    !p.includes('//') &&
    !p.includes('/.') &&
    !p.endsWith('/')
  );
}

let resolvedFolder = { folder: '', ok: false };
/** An absolute POSIX folder that path.resolve leaves as it is, and not the root. */
function isResolvedPosixFolder(folder: string): boolean {
  if (resolvedFolder.folder !== folder) {
    resolvedFolder = { folder, ok: path.sep === '/' && folder !== '/' && path.resolve(folder) === folder };
  }
  return resolvedFolder.ok;
}

/** `[...file.tags].sort()`, from a cache that a change in the tag set invalidates. */
function sortedTags(file: IndexedFile): string[] {
  const hit = sortedTagsCache.get(file);
  if (hit && hit.size === file.tags.size) return hit.tags.slice();
  const tags = [...file.tags].sort();
  sortedTagsCache.set(file, { size: file.tags.size, tags });
  return tags.slice();
}

/** Where an index path (knowledge-relative) resolves, or why it is refused. */
export function indexPathVerdict(p: string, config: Config): PathVerdict {
  const suspicious = suspiciousPathText(p);
  if (suspicious) return { ok: false, reason: suspicious };
  // The common entry, `folder/name.md`, in a resolved POSIX folder: resolving it is joining it,
  // and the result is inside. Saves path.resolve and path.relative per file of a cold query.
  if (isPlainRelative(p) && isResolvedPosixFolder(config.knowledgeFolder))
    return { ok: true, abs: `${config.knowledgeFolder}/${p}` };
  const abs = resolveIndexPath(p, config.knowledgeFolder, config.home);
  if (!isInside(abs, config.knowledgeFolder)) return { ok: false, reason: 'the path leaves the knowledge folder' };
  return { ok: true, abs };
}

/**
 * An index entry that passed indexPathVerdict, as a result item: cross-project, or
 * project-specific for a `projects/` path the index lists (the tree shows those under tags).
 */
export function indexEntryItem(
  config: Config,
  entry: { path: string; description: string | null; tags: string[] },
  abs: string,
  match: { hint: string | null; matched: number } = { hint: null, matched: 0 },
): ResultItem {
  return resultItem({
    category: entry.path.startsWith('projects/') ? 'project-specific' : 'cross-project',
    path: entry.path,
    absPath: abs,
    description: entry.description,
    tags: entry.tags,
    hint: match.hint,
    matched: match.matched,
    allowedRoots: [config.knowledgeFolder],
  });
}
