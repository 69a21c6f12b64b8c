// The public surface of the core: the only way in for the CLI, the editor adapters and any
// server (eslint.config.mjs forbids importing core/<module> from them).
export * from './types';
export * from './messages';
export { loadConfig, configCandidates, type ConfigSources, type ConfigOutcome } from './config';
export { parseIndex, parseIndexCompact, compactIndex, imageTransferables, indexFromImage, type IndexImage } from './indexParser';
export { parseQueryText, resolveQuery } from './query';
export { runQuery, type Snapshot, type QueryOptions, type QueryOutcome } from './engine';
export { indexPathVerdict, indexEntryItem } from './crossProject';
export { projectFileItem, type ProjectFile } from './projectTier';
export { teamEntryVerdict, teamSharedItem } from './teamShared';
export { loadSnapshot, readIndexFor, type ReadOptions, type SnapshotOutcome } from './snapshot';
export {
  summaryView,
  itemView,
  itemLine,
  namedParts,
  knownTagsLine,
  foundLine,
  plural,
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
export { pickItems, renderBundle, describeLoad, fenceFor, fileSection, refusedLine, truncationNotice } from './loader';
export {
  loadItems,
  checkItems,
  readAreas,
  openVerified,
  DEFAULT_MAX_LOAD_BYTES,
  type LoadResult,
  type LoadedFile,
  type RefusedFile,
  type CheckedItems,
  type LoadOptions,
  type ReadArea,
} from './reader';
export {
  MAX_QUERY_CHARS,
  MAX_QUERY_TOKENS,
  MAX_LOAD_PATHS,
  MAX_PICKS,
  MAX_TOOL_LOAD_BYTES,
  MAX_INDEX_BYTES,
  MAX_CONFIG_BYTES,
  MAX_CODE_CACHE_BYTES,
  queryTooLarge,
  tooManyPaths,
} from './limits';
export { CoreCache } from './cache';
export { KnowledgeBase, type KnowledgeState, type KnowledgeQueryOutcome, type KnowledgeChange, type KnowledgeBaseOptions, type IndexLoader, type LoadableFile, type Watcher, type Disposable } from './knowledgeBase';
export { routeChanges, watchTargets, type ChangeRoute, type WatchTargets } from './changeRoute';
export { isIsoDate, localDate } from './staleness';
export { escapeControls, expandHome } from './paths';
export { itemsForPaths, type PathItems } from './pathItems';
export { indexPath, readIndexText, type IndexText } from './snapshot';
export {
  cacheDisabledByEnv,
  cacheWriterRunning,
  indexCacheDir,
  keepOutOf,
  parseIndexCacheJob,
  runIndexCacheJob,
  type IndexCacheJob,
  type IndexCacheSettings,
} from './indexCache';
export { readPrivateFile } from './privateFile';
export { CODE_CACHE_HANDOFF, saveCodeCache, unwrapCodeCache, type CodeCacheHandoff } from './codeCache';
export { deriveActiveFileQuery, surfacedFiles, pathWords, MAX_SURFACED_FILES, MIN_TAG_HITS, type DerivedQuery } from './activeFile';
export { indexLines, type IndexLines } from './indexLines';
export {
  checkIndex,
  problemLines,
  scanDrift,
  DriftScan,
  withDrift,
  healthSummary,
  rebuiltDate,
  INDEX_REBUILD_HINT,
  type IndexHealth,
  type IndexProblem,
  type IndexProblemKind,
  type DriftResult,
  type DriftOptions,
} from './indexHealth';
export { trackedArtifacts } from './artifacts';
