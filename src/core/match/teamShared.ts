// §4c: team-shared files listed in the index, kept only inside allowed _project-knowledge/ folders.
import * as path from 'node:path';
import { displayHomePath, isInside, isInsideAny, resolveIndexPath, suspiciousPathText } from '../paths';
import type { TierResult } from './crossProject';
import { BestItems, ListedWarnings } from './resultCap';
import { resultItem } from './resultItem';
import { isMatch, matchFile, type PreparedToken } from './tokenMatch';
import type { Config, KnowledgeIndex, QueryMode, ResultItem, TeamSharedFile } from '../types';

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

/** Each config's answers: a config never changes, and a query asks for every team-shared entry. */
const allowedByConfig = new WeakMap<Config, Map<string, string[]>>();

/** Where an entry of `project` may live: its own folders, or any enabled project's `cross/`. */
export function allowedTeamDirs(config: Config, project: string): string[] {
  let known = allowedByConfig.get(config);
  if (!known) allowedByConfig.set(config, (known = new Map()));
  let dirs = known.get(project);
  if (!dirs) {
    dirs =
      project !== 'cross'
        ? config.sharedKnowledge.includes(project)
          ? knowledgeDirs(config, project)
          : []
        : config.sharedKnowledge.flatMap((p) => knowledgeDirs(config, p).map((d) => path.join(d, 'cross')));
    known.set(project, dirs);
  }
  return dirs;
}

export type TeamEntryVerdict = { ok: true; abs: string; allowed: string[] } | { ok: false; reason: string };

/** Where a team-shared entry's path resolves, if it stays inside an allowed folder of its project. */
export function teamEntryVerdict(config: Config, entryPath: string, project: string): TeamEntryVerdict {
  const suspicious = suspiciousPathText(entryPath);
  if (suspicious) return { ok: false, reason: suspicious };
  const allowed = allowedTeamDirs(config, project);
  const abs = resolveIndexPath(entryPath, config.home, config.home);
  if (!isInsideAny(abs, allowed))
    return { ok: false, reason: `not inside an allowed ${KNOWLEDGE_DIR}/ folder of project ${project}` };
  return { ok: true, abs, allowed };
}

/** A team-shared entry that passed teamEntryVerdict, as a result item. */
export function teamSharedItem(
  config: Config,
  entry: TeamSharedFile,
  verdict: { abs: string; allowed: string[] },
  matched = 0,
): ResultItem {
  return resultItem({
    category: 'team-shared',
    path: displayHomePath(verdict.abs, config.home),
    absPath: verdict.abs,
    description: entry.description,
    tags: [...entry.headings].sort(),
    project: entry.project,
    scope: entry.scope,
    matched,
    allowedRoots: verdict.allowed,
  });
}

/** Team-shared files by each tag they answer to (their headings and their project), in index order. */
interface TeamLookup {
  order: Map<TeamSharedFile, number>;
  byTag: Map<string, TeamSharedFile[]>;
  cross: TeamSharedFile[];
}
// Beside the index, not on it: made on the first query that reaches team-shared notes, and the
// index value is plain data a worker posts and the cache file stores.
const lookups = new WeakMap<ReadonlyMap<string, TeamSharedFile>, TeamLookup>();

/**
 * The entries a query can match: those with a token among their tags, and every `cross` entry
 * when a project pulls them in. Found through a table built once per index, not by matching every
 * entry (the tree's counts run a query per tag), and in index order, as a full pass gives them.
 */
function candidates(
  files: ReadonlyMap<string, TeamSharedFile>,
  tokens: PreparedToken[],
  pullCross: boolean,
): TeamSharedFile[] {
  let lookup = lookups.get(files);
  if (!lookup) {
    lookup = { order: new Map(), byTag: new Map(), cross: [] };
    for (const file of files.values()) {
      lookup.order.set(file, lookup.order.size);
      for (const tag of new Set([...file.headings, file.project])) {
        const list = lookup.byTag.get(tag);
        if (list) list.push(file);
        else lookup.byTag.set(tag, [file]);
      }
      if (file.project === 'cross') lookup.cross.push(file);
    }
    lookups.set(files, lookup);
  }
  const found = new Set<TeamSharedFile>();
  for (const token of tokens) for (const file of lookup.byTag.get(token.lower) ?? []) found.add(file);
  if (pullCross) for (const file of lookup.cross) found.add(file);
  const order = lookup.order;
  return [...found].sort((a, b) => order.get(a)! - order.get(b)!);
}

export function matchTeamShared(
  index: KnowledgeIndex,
  config: Config,
  tokens: PreparedToken[],
  mode: QueryMode,
  pullsCross: boolean,
): TierResult {
  const best = new BestItems<ResultItem>();
  const warnings = new ListedWarnings();
  if (config.sharedKnowledge.length === 0 || !index.hasTeamSharedSection)
    return { items: [], warnings: [], unlisted: 0 };
  for (const entry of candidates(index.teamSharedFiles, tokens, mode === 'OR' && pullsCross)) {
    const isCross = entry.project === 'cross';
    if (!isCross && !config.sharedKnowledge.includes(entry.project)) continue;
    const tagSet = new Set(entry.headings);
    tagSet.add(entry.project);
    const m = matchFile(tokens, tagSet, []);
    const pulled = mode === 'OR' && isCross && pullsCross;
    if (!isMatch(m, tokens.length, mode) && !pulled) continue;

    // Only a match that would be listed is checked, even by its path text (§F44).
    best.offer({ matched: m.matched, path: entry.path }, () => {
      const verdict = teamEntryVerdict(config, entry.path, entry.project);
      if (!verdict.ok) {
        warnings.add(
          `Refused team-shared entry \`${entry.path}\` [project: ${entry.project}]: ${verdict.reason}; it was not read.`,
        );
        return null;
      }
      return teamSharedItem(config, entry, verdict, m.matched);
    });
  }
  return { items: best.sorted(), warnings: warnings.list('refused team-shared entries'), unlisted: best.unlisted };
}
