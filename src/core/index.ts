// The public surface of the core, for the CLI and the editor adapters.
export * from './types';
export * from './messages';
export { loadConfig, configCandidates, CONFIG_FILE_NAME, type ConfigSources, type ConfigOutcome } from './config';
export { parseIndex } from './indexParser';
export { parseQueryText, resolveQuery } from './query';
export { runQuery, type Snapshot, type QueryOptions, type QueryOutcome } from './engine';
export { loadSnapshot, readIndexFor, indexPath, type ReadOptions, type SnapshotOutcome } from './snapshot';
export { renderSummary, itemText, itemLine, ideaLine, knownTagsLine, foundLine, groupHeading, GROUP_ORDER, GROUP_TITLES } from './summary';
export { toJson, errorJson } from './json';
export { pickItems, renderBundle, describeLoad, fenceFor, refusedLine } from './loader';
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
  queryTooLarge,
  tooManyPaths,
} from './limits';
export { CoreCache } from './cache';
export { displayHomePath, expandHome } from './paths';
export { localDate } from './staleness';
export { itemsForPaths, type PathItems } from './pathItems';
