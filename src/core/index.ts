// The public surface of the core: the only way in for the CLI, the editor adapters and any
// server (eslint.config.mjs forbids importing core/<module> from them). It exports only what
// those front ends use: tests import the module they test.
export type {
  Config,
  IndexedFile,
  IndexProject,
  ItemProblem,
  KnowledgeIndex,
  PathVerdict,
  QueryResult,
  ResultItem,
} from './types';
export { NO_INDEX, USAGE, loadedLine, inWordsOf, usageFor } from './messages';
export { configCandidates, loadConfig, type ConfigOutcome, type ConfigSources } from './config';
export {
  parseIndex,
  parseIndexCompact,
  indexLines,
  compactIndex,
  imageTransferables,
  indexFromImage,
  CorruptImageError,
  type IndexImage,
  type IndexLines,
  type IndexLineEntry,
} from './indexParser';
export { parseQueryText } from './query';
export { runQuery, type Snapshot } from './engine';
export { cachedContainment, indexPathVerdict, indexEntryItem } from './crossProject';
export { projectFileItem, type ProjectFile } from './projectTier';
export { teamEntryVerdict, teamSharedItem } from './teamShared';
export { loadSnapshot, readIndexFor, type ReadOptions, type SnapshotOutcome } from './snapshot';
export {
  summaryView,
  itemView,
  itemLine,
  namedParts,
  plural,
  GROUP_TITLES,
  type SummaryView,
  type SummaryBlock,
  type ItemView,
  type LineHooks,
} from './summaryView';
export { renderSummary } from './summary';
export { toJson, errorJson } from './json';
export { pickItems, renderBundle, describeLoad, fenceFor, fileSection, refusedLine, truncationNotice } from './loader';
export { loadItems, checkItems, openablePaths, type LoadResult, type RefusedFile } from './reader';
export {
  MAX_QUERY_CHARS,
  MAX_LOAD_PATHS,
  MAX_PICKS,
  MAX_TOOL_LOAD_BYTES,
  MAX_INDEX_BYTES,
  queryTooLarge,
} from './limits';
export {
  KnowledgeBase,
  type KnowledgeState,
  type KnowledgeChange,
  type KnowledgeQueryOutcome,
  type IndexLoader,
  type LoadableFile,
  type LogLevel,
  type Watcher,
} from './knowledgeBase';
export { IndexLoadLimit } from './indexLoader';
export type { WatchTargets } from './changeRoute';
export { isIsoDate, localDate } from './staleness';
export { expandHome } from './paths';
export { escapeControls, escapeOutput, escapeOutputDeep } from './outputText';
export { itemsForPaths } from './pathItems';
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
export { privateFolder, readPrivateFile, tempBeside, writePrivateFile } from './privateFile';
export {
  folderQuery,
  hookCandidates,
  hookText,
  promptQuery,
  HOOK_MAX_CHARS,
  NOTES_ARE_REFERENCE,
  type HookQuery,
} from './hookContext';
export { deriveActiveFileQuery, surfacedFiles, MAX_SURFACED_FILES, type DerivedQuery } from './activeFile';
export { scanDrift, driftOf, DriftScan, withDrift } from './indexDrift';
export {
  IndexScan,
  generateIndex,
  readIndexForWrite,
  writeIndexAtomically,
  addKnownTags,
  type IndexBuild,
  type IndexDiff,
} from './indexGen';
export {
  checkIndex,
  checkIndexText,
  problemLines,
  healthSummary,
  INDEX_REBUILD_HINT,
  type IndexHealth,
  type IndexProblem,
} from './indexHealth';
export {
  problemRecord,
  checkSummary,
  healthTotals,
  hasErrors,
  kindCount,
  kindTotals,
  countText,
  type ProblemRecord,
  type HealthTotals,
} from './indexReport';
export { trackedArtifacts } from './artifacts';
export { CLIENTS, clientConfig, serverCommand, shellQuote, type Client, type ServerLine } from './agentConfig';
export {
  editHooks,
  editJsonServer,
  editTomlServer,
  hasHooks,
  hookCommand,
  hookCommands,
  hookTarget,
  jsonServer,
  SERVER_NAME,
  type FileEdit,
} from './agentFiles';
export { lineDiff } from './lineDiff';
export { tomlTable } from './tomlText';
export { noteFacts, type NoteFacts } from './noteFacts';
export {
  countsOf,
  describeCounts,
  listTags,
  noteCount,
  tagNames,
  TagCounter,
  type CountedQuery,
  type TagCounts,
  type TagKind,
  type TagName,
} from './tagCounts';
export { problemText } from './messages';
