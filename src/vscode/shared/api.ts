// What activate() returns: a small read-only API for other extensions and for the in-host test
// suite (test/desktop/suite.ts), which cannot click through QuickPicks.
import type * as vscode from 'vscode';
import type { KnowledgeQueryOutcome, KnowledgeState } from '../../core';
import type { RetrievalService } from './retrievalService';
import type { TreeNode } from './treeRows';
import type { LoopDelayFigures, LoopDelayProbe } from './loopDelay';
import type { KnowledgeWatchers } from './watchers';

/** Counters since activation, for diagnostics and the in-host reliability tests. */
export interface AriaContextStats {
  /** Times the config and index.md were (re)read. */
  loads: number;
  /** File events the watchers received (before coalescing). */
  fileEvents: number;
  /** Coalesced batches of file events applied (each fires onDidChange once). */
  batches: number;
}

export interface AriaContextApi {
  /** Runs a query against the current snapshot (the same one Context: Query uses). */
  query(text: string): KnowledgeQueryOutcome;
  state(): KnowledgeState['kind'];
  /** The tag tree's top-level nodes, children included, as the view shows them once built. */
  treeRoots(): TreeNode[];
  /** Fires after a (debounced) change on disk or in the settings. */
  readonly onDidChange: vscode.Event<void>;
  /**
   * The @context participant's request handler. The workbench only dispatches to a participant
   * once a language model is signed in; this lets in-host tests (and other extensions) run it.
   */
  readonly chatRequestHandler: vscode.ChatRequestHandler;
  stats(): AriaContextStats;
  /** The extension host's event-loop delay since activation or the last reset (perf_hooks' histogram). */
  loopDelay(): LoopDelayFigures;
  resetLoopDelay(): void;
}

export function createApi(
  service: RetrievalService,
  /** The tree's rows themselves (read and built now), never the loading row. */
  treeRoots: () => TreeNode[],
  watchers: KnowledgeWatchers,
  chatRequestHandler: vscode.ChatRequestHandler,
  probe: LoopDelayProbe,
): AriaContextApi {
  return {
    query: (text) => service.query(text),
    state: () => service.state().kind,
    treeRoots,
    onDidChange: (listener, thisArg, disposables) =>
      service.onDidChange(() => listener.call(thisArg), undefined, disposables),
    chatRequestHandler,
    stats: () => ({ loads: service.loads, ...watchers.counts }),
    loopDelay: () => probe.figures(),
    resetLoopDelay: () => probe.reset(),
  };
}
