// Step 4a: cross-project files from Tag Index, Other Tags and the Semantic Hints Index.
import { isInside, resolveIndexPath, suspiciousPathText } from './paths';
import { isMatch, matchFile, type PreparedToken } from './tokenMatch';
import type { Config, IndexedFile, KnowledgeIndex, QueryMode, ResultItem } from './types';

export interface TierResult {
  items: ResultItem[];
  warnings: string[];
}

export function matchCrossProject(
  index: KnowledgeIndex,
  config: Config,
  tokens: PreparedToken[],
  mode: QueryMode,
): TierResult {
  const items: ResultItem[] = [];
  const warnings: string[] = [];
  for (const file of candidates(index, tokens)) {
    if (file.path === 'projects' || file.path.startsWith('projects/')) continue; // project tier, §4b
    const m = matchFile(tokens, file.tags, file.hints);
    if (!isMatch(m, tokens.length, mode)) continue;
    const refusal = containment(file.path, config);
    if (typeof refusal === 'string') {
      warnings.push(`Refused index entry \`${file.written ?? file.path}\`: ${refusal}; it was not read.`);
      continue;
    }
    items.push({
      n: null,
      category: 'cross-project',
      path: file.path,
      absPath: refusal.abs,
      description: file.description,
      tags: [...file.tags].sort(),
      hint: m.byTag ? null : m.hint,
      project: null,
      scope: null,
      stale: false,
      matched: m.matched,
      selectable: true,
      allowedRoots: [config.knowledgeFolder],
      status: null,
      ageDays: null,
    });
  }
  return { items, warnings };
}

/** Files that can match at least one token: found through the tag and hint tables, not a scan. */
function candidates(index: KnowledgeIndex, tokens: PreparedToken[]): Set<IndexedFile> {
  const found = new Set<IndexedFile>();
  for (const token of tokens) {
    for (const file of index.filesByTag.get(token.lower) ?? []) found.add(file);
    if (token.hintForm === '') continue;
    for (const [normalised, phrase] of index.normalisedHints) {
      if (!normalised.includes(token.hintForm)) continue;
      for (const file of index.filesByHint.get(phrase) ?? []) found.add(file);
    }
  }
  return found;
}

function containment(p: string, config: Config): string | { abs: string } {
  const suspicious = suspiciousPathText(p);
  if (suspicious) return suspicious;
  const abs = resolveIndexPath(p, config.knowledgeFolder, config.home);
  if (!isInside(abs, config.knowledgeFolder)) return 'the path leaves the knowledge folder';
  return { abs };
}
