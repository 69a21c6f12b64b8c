// The host's side of the index worker: the core's IndexLoader port, reading index.md on a
// worker thread, and the index health's cheap check. A load's worker runs the check on the same
// parse right after sending the index, so a reloaded snapshot's report costs no second parse;
// any other snapshot (the first, read in place) gets a check job of its own. One short-lived
// worker per job: nothing stays resident between reloads.
import { Worker, type ResourceLimits } from 'node:worker_threads';
import {
  IndexLoadLimit,
  MAX_INDEX_BYTES,
  type Config,
  type IndexLoader,
  type KnowledgeIndex,
  type Snapshot,
  type SnapshotOutcome,
} from '../core';
import { messageOutcome, type CheckMessage, type LoadMessage, type WorkerJob } from './message';

/** Longer than any capped index takes to parse; past it the worker is ended and the job fails. */
const WORKER_TIMEOUT_MS = 60_000;
/** The heap a worker may use: 16× the largest index.md plus 64 MB; past it the job fails, not the host. */
const WORKER_HEAP_MB = (16 * MAX_INDEX_BYTES) / (1024 * 1024) + 64;

export interface IndexWorkerOptions {
  timeoutMs?: number;
  resourceLimits?: ResourceLimits;
}

/** The cheap index check (checkIndex) of a snapshot, with the text of the lines it points to; `again`: not the load's report, a new check (the notes changed). */
export type IndexChecker = (snapshot: Snapshot, again?: boolean) => Promise<CheckMessage>;

export class IndexWorker {
  /** The reports the loads' workers are computing, by the index they sent. */
  private readonly reports = new WeakMap<KnowledgeIndex, Promise<CheckMessage>>();
  /** Workers started (diagnostics, tests). */
  jobs = 0;

  private readonly timeoutMs: number;
  private readonly resourceLimits: ResourceLimits;

  /** `script`: the bundled worker (dist/indexWorker.js). The options are its limits (tests make them tiny). */
  constructor(
    private readonly script: string,
    options: IndexWorkerOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? WORKER_TIMEOUT_MS;
    this.resourceLimits = options.resourceLimits ?? { maxOldGenerationSizeMb: WORKER_HEAP_MB };
  }

  readonly loader: IndexLoader = { load: (config) => this.load(config) };

  readonly check: IndexChecker = (snapshot, again = false) => {
    const report = again ? undefined : this.reports.get(snapshot.index);
    if (report) return report;
    return this.start('check', snapshot.config, 1)[0] as Promise<CheckMessage>;
  };

  private async load(config: Config): Promise<SnapshotOutcome> {
    const [image, report] = this.start('load', config, 2);
    const outcome = messageOutcome((await image) as LoadMessage, config);
    if (outcome.ok) this.reports.set(outcome.snapshot.index, report as Promise<CheckMessage>);
    return outcome;
  }

  /** Starts a worker for `job`; one promise per message it will post, in order. */
  private start(job: WorkerJob, config: Config, answers: number): Array<Promise<unknown>> {
    this.jobs++;
    const pending = Array.from({ length: answers }, () => {
      let resolve!: (value: unknown) => void;
      let reject!: (err: Error) => void;
      const promise = new Promise<unknown>((res, rej) => ((resolve = res), (reject = rej)));
      promise.catch(() => undefined); // a report nobody asks for may fail unobserved
      return { promise, resolve, reject };
    });
    let received = 0;
    let ended = false;
    const worker = new Worker(this.script, { workerData: { job, config }, resourceLimits: this.resourceLimits });
    const end = () => {
      ended = true;
      clearTimeout(timer);
      void worker.terminate();
    };
    const fail = (err: Error) => {
      if (ended) return;
      for (const p of pending.slice(received)) p.reject(err);
      end();
    };
    // Size and time limits fail as IndexLoadLimit: the host then keeps its snapshot rather than parse here.
    const timer = setTimeout(
      () => fail(new IndexLoadLimit(`the index worker gave no answer in ${this.timeoutMs / 1000} s`)),
      this.timeoutMs,
    );
    worker.on('message', (message: unknown) => {
      if (ended) return;
      pending[received++].resolve(message);
      if (received === answers) end();
    });
    worker.once('error', (err: Error & { code?: string }) =>
      fail(
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new IndexLoadLimit(
              `the index worker ran out of memory (${this.resourceLimits.maxOldGenerationSizeMb ?? 'default'} MB heap)`,
            )
          : err,
      ),
    );
    worker.once('exit', (code) => fail(new Error(`the index worker stopped (exit code ${code})`)));
    return pending.map((p) => p.promise);
  }
}
