// core/match/ (steps 2–4): a query's words matched against one snapshot, tier by tier, into a result; the one count.
// §2–§5 put together: one query against one snapshot of config and index.
import { CoreCache } from '../kb/cache';
import { problemLineCount } from '../index/parsed';
import { matchCrossProject } from './crossProject';
import { hasLegacyBacklog, pendingIdeas } from './ideas';
import { queryTooLarge } from '../limits';
import { emptyProjectNote, LEGACY_IDEAS, USAGE } from '../present/messages';
import { projectFileItem } from './projectTier';
import { parseQueryText, resolveQuery } from './query';
import { nearestSpellings } from './tagSpelling';
import { matchTeamShared } from './teamShared';
import { byRelevance, isMatch, matchFile, prepareTokens, type PreparedToken } from './tokenMatch';
import { trackedArtifacts } from './artifacts';
import { BestItems, ListedWarnings } from './resultCap';
import type { Availability } from '../read/availability';
import type { Config, KnowledgeIndex, ParsedQuery, QueryResult, ResultItem } from '../types';

/** Config and index read at one moment; a query never mixes two snapshots. */
export interface Snapshot {
  config: Config;
  index: KnowledgeIndex;
}

export interface QueryOptions {
  /** `YYYY-MM-DD`: the only notion of "now" the core has. */
  today: string;
  cache?: CoreCache;
  /** The reader's verdicts by path, shared by the queries of one pass (the tree's counts, `tags`). */
  availability?: Availability;
  /**
   * False: items are neither checked for availability nor numbered, for a caller that checks
   * with the reader each item it uses, and uses a few of many (the hook names 5 of hundreds).
   */
  mark?: boolean;
}

export type QueryOutcome = { ok: true; result: QueryResult } | { ok: false; code: 'usage'; message: string };

/** Index warnings shown with each query; the rest are counted. */
const INDEX_WARNINGS_SHOWN = 5;

export function runQuery(snapshot: Snapshot, input: string | readonly string[], options: QueryOptions): QueryOutcome {
  const tooLarge = queryTooLarge(input); // §9 checked before the text is split
  if (tooLarge) return { ok: false, code: 'usage', message: tooLarge };
  const raw = parseQueryText(input);
  if (raw.tokens.length === 0) return { ok: false, code: 'usage', message: USAGE };
  const query = resolveQuery(snapshot.index, raw);
  return { ok: true, result: evaluate(snapshot, query, options) };
}

function evaluate(snapshot: Snapshot, query: ParsedQuery, options: QueryOptions): QueryResult {
  const { config, index } = snapshot;
  const tokens = prepareTokens(query.tokens);
  // With projects disabled, projects_list counts as empty everywhere (§0).
  const projectTokens = config.projectsEnabled
    ? query.tokens.filter((t) => config.projectsList.has(t.toLowerCase()))
    : [];
  const warnings: string[] = [...config.warnings, ...(query.capped ?? [])];

  const team = matchTeamShared(index, config, tokens, query.mode, projectTokens.length > 0);
  const cache = options.cache ?? new CoreCache(); // one query, one throwaway cache
  const projectTier = matchProjectTier(config, projectTokens, tokens, query, cache);
  const cross = matchCrossProject(index, config, tokens, query.mode);
  warnings.push(...team.warnings, ...projectTier.warnings, ...cross.warnings);

  const knowledge = [
    ...team.items.sort(byRelevance),
    ...projectTier.items.sort(byRelevance),
    ...cross.items.sort(byRelevance),
  ];
  const artifacts = trackedArtifacts(config, projectTokens, options.today);
  // §9 What the reader would refuse or cannot find is listed, marked, and neither numbered nor counted.
  if (options.mark !== false) {
    (options.availability ?? cache.availability(config)).mark(knowledge);
    let n = 0;
    for (const item of [...knowledge, ...artifacts]) if (item.selectable) item.n = ++n;
  }

  let ideas: QueryResult['ideas'] = [];
  let legacyNote: string | null = null;
  if (projectTokens.length > 0) {
    const scan = cache.ideasScan(config.knowledgeFolder);
    ideas = pendingIdeas(scan.ideas, projectTokens, options.today, config.thresholds.ideas);
    const ideaProblems = new ListedWarnings();
    for (const problem of scan.problems) ideaProblems.add(problem);
    warnings.push(...ideaProblems.list('idea problems'));
    if (hasLegacyBacklog(config.knowledgeFolder)) legacyNote = LEGACY_IDEAS;
  }

  warnings.push(...indexWarnings(index));
  const noMatch = knowledge.length === 0;
  const unlisted: NonNullable<QueryResult['unlisted']> = {};
  if (team.unlisted) unlisted['team-shared'] = team.unlisted;
  if (projectTier.unlisted) unlisted['project-specific'] = projectTier.unlisted;
  if (cross.unlisted) unlisted['cross-project'] = cross.unlisted;
  return {
    query,
    items: [...knowledge, ...artifacts],
    found: knowledge.filter((i) => i.problem === null).length,
    ...(Object.keys(unlisted).length ? { unlisted } : {}),
    noMatch,
    ideas,
    showsIdeas: projectTokens.length > 0,
    emptyProjectNotes: projectTier.emptyNotes,
    legacyNote,
    warnings,
    knownTags: index.knownTags,
    ...(noMatch ? suggestionsFor(index, query.tokens) : {}),
  };
}

interface ProjectTierMatch {
  items: ResultItem[];
  warnings: string[];
  emptyNotes: string[];
  unlisted: number;
}

function matchProjectTier(
  config: Config,
  projectTokens: string[],
  tokens: PreparedToken[],
  query: ParsedQuery,
  cache: CoreCache,
): ProjectTierMatch {
  const result: ProjectTierMatch = { items: [], warnings: [], emptyNotes: [], unlisted: 0 };
  const best = new BestItems<ResultItem>();
  const problems = new ListedWarnings();
  for (const token of projectTokens) {
    const project = config.projectsList.get(token.toLowerCase())!;
    const scan = cache.projectScan(config.knowledgeFolder, project.tag);
    for (const problem of scan.problems) problems.add(problem);
    if (scan.files.length === 0) result.emptyNotes.push(emptyProjectNote(project.tag));
    for (const file of scan.files) {
      const m = matchFile(tokens, file.tags, file.hints);
      if (query.mode === 'AND' && !isMatch(m, tokens.length, 'AND')) continue;
      if (file.problem) problems.add(`${file.relPath}: ${file.problem}`);
      best.offer({ matched: m.matched, path: file.relPath }, () =>
        projectFileItem(config, file, project.tag, {
          hint: m.byTag || m.matched === 0 ? null : m.hint,
          matched: m.matched,
        }),
      );
    }
  }
  result.items = best.sorted();
  result.unlisted = best.unlisted;
  result.warnings.push(...problems.list('project notes with problems'));
  return result;
}

/** The first index warnings, then how many problem lines are left: past 50, the stored list's last line counts the rest (§F42). */
function indexWarnings(index: KnowledgeIndex): string[] {
  if (index.warnings.length <= INDEX_WARNINGS_SHOWN) return index.warnings;
  const more = problemLineCount(index.warnings) - INDEX_WARNINGS_SHOWN;
  return [...index.warnings.slice(0, INDEX_WARNINGS_SHOWN), `index.md: ${more} more problem line(s) not shown`];
}

/** A no-match's suggestions, and the aliases that some of them were found through. */
function suggestionsFor(
  index: KnowledgeIndex,
  tokens: readonly string[],
): Pick<QueryResult, 'suggestions' | 'suggestionAliases'> {
  const near = nearestSpellings(index, tokens);
  const aliases = near.flatMap((s) => (s.alias ? [{ tag: s.tag, alias: s.alias }] : []));
  return { suggestions: near.map((s) => s.tag), ...(aliases.length ? { suggestionAliases: aliases } : {}) };
}
