// The public surface of the core: the only way in for the CLI, the editor adapters and any
// server (eslint.config.mjs forbids importing core/<module> from them). It exports only what
// those front ends use: tests import the module they test.
export type { Config, IndexProject, KnowledgeIndex, QueryResult, ResultItem } from './types';
export { NO_INDEX, loadedLine, inWordsOf, suggestionText, usageFor } from './present/messages';
export { configCandidates, loadConfig, readConfigData, type ConfigOutcome, type ConfigSources } from './config/config';
export { parseIndex } from './index/parse';
export { type IndexLineEntry } from './types';
export { CorruptImageError } from './index/image/strings';
export { indexFromImage } from './index/image/view';
export { compactIndex, imageTransferables, type IndexImage } from './index/image/compact';
export { operatorOf, parseQueryText } from './match/query';
export { runQuery, type Snapshot } from './match/engine';
export { cachedContainment, indexPathVerdict, indexEntryItem } from './match/crossProject';
export { type ProjectFile } from './match/projectTier';
export { teamEntryVerdict, teamSharedItem } from './match/teamShared';
export { loadSnapshot, readIndexFor, type SnapshotOutcome } from './index/snapshot';
export {
  summaryView,
  itemView,
  itemLine,
  namedParts,
  GROUP_TITLES,
  type SummaryView,
  type SummaryBlock,
  type ItemView,
  type LineHooks,
} from './present/summaryView';
export { plural } from './present/plural';
export { renderSummary } from './present/summary';
export { toJson, errorJson } from './present/json';
export { pickItems, renderBundle, describeLoad, fileSection, refusedLine, truncationNotice } from './read/loader';
export { loadItems, checkItems, openablePaths, type LoadResult, type RefusedFile } from './read/reader';
export {
  MAX_QUERY_CHARS,
  MAX_LOAD_PATHS,
  MAX_PICKS,
  MAX_TOOL_LOAD_BYTES,
  MAX_INDEX_BYTES,
  ITEMS_OVER,
  queryTooLarge,
} from './limits';
export { KnowledgeBase, type KnowledgeChange, type KnowledgeQueryOutcome } from './kb/knowledgeBase';
export type { LogLevel, Watcher } from './kb/knowledgeBaseOptions';
export { type IndexLoader } from './index/indexLoader';
export { type LoadableFile } from './read/loadableFiles';
export { type KnowledgeState } from './kb/knowledgeState';
export { IndexLoadLimit } from './index/indexLoader';
export type { WatchTargets } from './kb/changeRoute';
export { isIsoDate, localDate } from './match/staleness';
export { expandHome } from './paths';
export { NODE_FLOOR, NODE_FLOOR_TEXT, nodeTooOld, OLD_NODE_EXIT, oldNodeLine } from './nodeFloor';
export { escapeControls, escapeOutput, escapeOutputDeep } from './present/outputText';
export { itemsForPaths } from './match/pathItems';
export { indexPath, problemLinesOnDisk } from './index/snapshot';
export {
  cacheDisabledByEnv,
  cacheWriterRunning,
  indexCacheDir,
  keepOutOf,
  parseIndexCacheJob,
  runIndexCacheJob,
  type IndexCacheJob,
} from './index/indexCache';
export { ownedAndPrivate, privateFolder, readPrivateFile, tempBeside, writePrivateFile } from './privateFile';
export { folderQuery, hookCandidates, hookText, promptQuery, NOTES_ARE_REFERENCE } from './agentContext/hookContext';
export { deriveActiveFileQuery, surfacedFiles, MAX_SURFACED_FILES, type DerivedQuery } from './agentContext/activeFile';
export { scanDrift, driftOf, DriftScan, withDrift } from './health/indexDrift';
export {
  IndexScan,
  generateIndex,
  readRebuildSource,
  writeIndexAtomically,
  addKnownTags,
  changeList,
  type ChangeGroup,
  type ChangeKind,
  type ChangeList,
  type ChangeRow,
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
} from './health/indexHealth';
export {
  problemRecord,
  checkSummary,
  healthTotals,
  hasErrors,
  kindTotals,
  type ProblemRecord,
} from './health/indexReport';
export { countText } from './present/plural';
export { trackedArtifacts } from './match/artifacts';
export {
  CLIENTS,
  clientConfig,
  serverCommand,
  shellQuote,
  type Client,
  type ServerLine,
} from './setupText/agentConfig';
export {
  editHooks,
  editJsonServer,
  editTomlServer,
  hasHooks,
  hookCommand,
  REGISTERED_ENV,
  hookCommands,
  hookTarget,
  jsonServer,
  SERVER_NAME,
  type FileEdit,
} from './setupText/agentFiles';
export { lineDiff } from './setupText/lineDiff';
export { tomlTable } from './setupText/tomlText';
export { noteFacts, type NoteFacts } from './read/noteFacts';
export { describeCounts, listTags, noteCount, TagCounter, type TagCounts } from './match/tagCounts';
