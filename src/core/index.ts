// The public surface of the core, for the CLI and the editor adapters.
export * from './types';
export * from './messages';
export { loadConfig, configCandidates, CONFIG_FILE_NAME, type ConfigSources, type ConfigOutcome } from './config';
export { parseIndex } from './indexParser';
export { parseQueryText, resolveQuery } from './query';
export { runQuery, type Snapshot, type QueryOptions, type QueryOutcome } from './engine';
export { indexPathVerdict, indexEntryItem } from './crossProject';
export { projectFileItem } from './projectTier';
export { teamEntryVerdict, teamSharedItem, type TeamEntryVerdict } from './teamShared';
export type { ProjectFile } from './projectTier';
export { loadSnapshot, readIndexFor, indexPath, type ReadOptions, type SnapshotOutcome } from './snapshot';
export {
  summaryView,
  itemView,
  ideaView,
  itemLine,
  namedParts,
  knownTagsLine,
  foundLine,
  plural,
  PLAIN_LINE,
  GROUP_ORDER,
  GROUP_TITLES,
  type SummaryView,
  type SummaryBlock,
  type ItemView,
  type IdeaView,
  type Annotation,
  type LineHooks,
} from './summaryView';
export { renderSummary, renderSummaryView } from './summary';
export { toJson, errorJson } from './json';
export { pickItems, checkItems, loadItems, renderBundle, describeLoad, refusedLine, fenceFor, type LoadResult, type RefusedFile } from './loader';
export { CoreCache } from './cache';
export { KnowledgeBase, type KnowledgeState, type KnowledgeQueryOutcome, type KnowledgeChange, type KnowledgeBaseOptions, type Watcher, type Disposable } from './knowledgeBase';
export { routeChanges, watchTargets, type ChangeRoute, type WatchTargets } from './changeRoute';
export { displayHomePath, expandHome } from './paths';
export { isIsoDate, localDate } from './staleness';
export { itemsForPaths, type PathItems } from './pathItems';
