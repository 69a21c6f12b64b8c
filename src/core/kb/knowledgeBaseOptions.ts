// What a host hands the knowledge base (knowledgeBase.ts) and the ports it plugs in: the config
// sources, "today", its log, an index loader, a file watcher or check on access.
import type { ConfigSources } from '../config/config';
import type { IndexLoader } from '../index/indexLoader';
import type { WatchTargets } from './changeRoute';

export interface Disposable {
  dispose(): void;
}

/** The port a host's file watching implements: the editor's watchers, fs.watch, polling… */
export interface Watcher {
  /** Starts watching the targets; changed absolute paths go to `onChange`, batched as the host likes. */
  watch(targets: WatchTargets, onChange: (paths: string[]) => void): Disposable;
}

/** How much a log line matters; hosts may show only warnings and errors. */
export type LogLevel = 'error' | 'warn' | 'info';

export interface KnowledgeBaseOptions {
  /** Where the config comes from; asked again at each (re)load, so new settings are seen. */
  sources: () => ConfigSources;
  /** The date ages are counted to (the core reads no clock). */
  today: () => string;
  /**
   * For hosts without a watcher: before each use, re-stat index.md and the config candidates
   * and route what changed (project and ideas folders re-check themselves in the cache).
   */
  checkOnAccess?: boolean;
  /**
   * The host's clock (ms since the epoch) for check on access: a file changed within the file
   * system's clock tick of its stamp is compared by content. Without one, always by content.
   */
  clock?: () => number;
  /**
   * Where a change on disk is re-read: without one, on the next use on the caller's thread;
   * with one, at once in the background, the previous snapshot answering until the new one is
   * swapped in (then listeners hear the change). A reload (settings, Refresh) stays synchronous.
   */
  loader?: IndexLoader;
  /** `level` tells a host that shows only problems (the MCP server) which lines are: info by default. */
  log?: (line: string, level?: LogLevel) => void;
}
