// The services extension.ts builds once and hands to every feature's register().
import type { BackgroundWork } from './backgroundWorkModel';
import type { FileActions } from './fileActions';
import type { Log } from './log';
import type { LoopDelayProbe } from './loopDelay';
import type { RetrievalService } from './retrievalService';
import type { KnowledgeWatchers } from './watchers';

export interface Services {
  service: RetrievalService;
  log: Log;
  /** Work the tree's first rows do not need waits for them. */
  work: BackgroundWork;
  actions: FileActions;
  watchers: KnowledgeWatchers;
  /** The extension host's event-loop delay since activation (or the last report). */
  loopDelay: LoopDelayProbe;
  /** performance.now() at activation, for the log's timings. */
  activatedAt: number;
}
