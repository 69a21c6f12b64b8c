// Step 4c: team-shared files listed in the index, kept only inside allowed _project-knowledge/ folders.
import * as path from 'node:path';
import { displayHomePath, isInside, isInsideAny, resolveIndexPath, suspiciousPathText } from './paths';
import type { TierResult } from './crossProject';
import { resultItem } from './resultItem';
import { isMatch, matchFile, type PreparedToken } from './tokenMatch';
import type { Config, KnowledgeIndex, QueryMode, ResultItem } from './types';

const KNOWLEDGE_DIR = '_project-knowledge';

/** The `_project-knowledge/` folders of one project: its root's and each sub-repo's. */
export function knowledgeDirs(config: Config, project: string): string[] {
  const root = config.projectsList.get(project)?.root;
  if (!root) return [];
  const dirs = [path.join(root, KNOWLEDGE_DIR)];
  for (const sub of config.projectGroups.get(project)?.subRepos ?? []) {
    const subRoot = path.resolve(root, sub);
    if (isInside(subRoot, root)) dirs.push(path.join(subRoot, KNOWLEDGE_DIR));
  }
  return dirs;
}

/** Where an entry of `project` may live: its own folders, or any enabled project's `cross/`. */
export function allowedTeamDirs(config: Config, project: string): string[] {
  if (project !== 'cross') return config.sharedKnowledge.includes(project) ? knowledgeDirs(config, project) : [];
  return config.sharedKnowledge.flatMap((p) => knowledgeDirs(config, p).map((d) => path.join(d, 'cross')));
}

export function matchTeamShared(
  index: KnowledgeIndex,
  config: Config,
  tokens: PreparedToken[],
  mode: QueryMode,
  pullsCross: boolean,
): TierResult {
  const items: ResultItem[] = [];
  const warnings: string[] = [];
  if (config.sharedKnowledge.length === 0 || !index.hasTeamSharedSection) return { items, warnings };
  for (const entry of index.teamSharedFiles.values()) {
    const isCross = entry.project === 'cross';
    if (!isCross && !config.sharedKnowledge.includes(entry.project)) continue;
    const tagSet = new Set(entry.headings);
    tagSet.add(entry.project);
    const m = matchFile(tokens, tagSet, []);
    const pulled = mode === 'OR' && isCross && pullsCross;
    if (!isMatch(m, tokens.length, mode) && !pulled) continue;

    const allowed = allowedTeamDirs(config, entry.project);
    const suspicious = suspiciousPathText(entry.path);
    const abs = suspicious ? '' : resolveIndexPath(entry.path, config.home, config.home);
    if (suspicious || !isInsideAny(abs, allowed)) {
      const why = suspicious ?? `not inside an allowed ${KNOWLEDGE_DIR}/ folder of project ${entry.project}`;
      warnings.push(`Refused team-shared entry \`${entry.path}\` [project: ${entry.project}]: ${why}; it was not read.`);
      continue;
    }
    items.push(
      resultItem({
        category: 'team-shared',
        path: displayHomePath(abs, config.home),
        absPath: abs,
        description: entry.description,
        tags: [...entry.headings].sort(),
        project: entry.project,
        scope: entry.scope,
        matched: m.matched,
        allowedRoots: allowed,
      }),
    );
  }
  return { items, warnings };
}
