// The host's side of the index worker: the core's IndexLoader port, reading index.md on a
// worker thread, and the index health's cheap check. A load's worker runs the check on the same
// parse right after sending the index, so a reloaded snapshot's report costs no second parse;
// any other snapshot (the first, read in place) gets a check job of its own. A job goes to the
// idle worker when there is one, else to a new worker (a save never waits behind the previous
// load's check); one idle worker is kept, for IDLE_MS: the saves of an editing session are
// parsed by warm code (a new worker's first parse of 10k notes takes several times as long),
// and nothing stays resident once they stop. A worker that fails or times out is ended.
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
import {
  messageOutcome,
  type CheckMessage,
  type LoadMessage,
  type WorkerAnswer,
  type WorkerJob,
  type WorkerRequest,
} from './message';
import { startRebuild, type RebuildRun } from './rebuild';
import type { RebuildRequest } from './rebuildMessage';

/** Longer than any capped index takes to parse; past it the worker is ended and the job fails. */
const WORKER_TIMEOUT_MS = 60_000;
/** A worker with no job for this long is ended. */
const IDLE_MS = 60_000;
/** The heap a worker may use: 16× the largest index.md plus 64 MB; past it the job fails, not the host. */
const WORKER_HEAP_MB = (16 * MAX_INDEX_BYTES) / (1024 * 1024) + 64;

export interface IndexWorkerOptions {
  timeoutMs?: number;
  idleMs?: number;
  resourceLimits?: ResourceLimits;
}

/** A job waiting for the messages its worker will post, in order. */
interface PendingJob {
  answers: Array<{ resolve: (value: unknown) => void; reject: (err: Error) => void }>;
  received: number;
  timer: ReturnType<typeof setTimeout>;
}

/** A worker and the jobs it has not finished. */
interface Running {
  worker: Worker;
  jobs: Map<number, PendingJob>;
  idle?: ReturnType<typeof setTimeout>;
}

/** The cheap index check (checkIndex) of a snapshot, with the text of the lines it points to; `again`: not the load's report, a new check (the notes changed). */
export type IndexChecker = (snapshot: Snapshot, again?: boolean) => Promise<CheckMessage>;
/** The cheap check of a text of index.md (an unsaved buffer), on the worker. */
export type IndexTextChecker = (config: Config, text: string) => Promise<CheckMessage>;

export class IndexWorker {
  /** The reports the loads' workers are computing, by the index they sent. */
  private readonly reports = new WeakMap<KnowledgeIndex, Promise<CheckMessage>>();
  private posted = 0;
  private started = 0;

  private readonly timeoutMs: number;
  private readonly idleMs: number;
  private readonly resourceLimits: ResourceLimits;
  /** Busy workers, and at most one idle one. */
  private readonly workers = new Set<Running>();
  private nextId = 0;

  /** `script`: the bundled worker (dist/indexWorker.js). The options are its limits (tests make them tiny). */
  constructor(
    private readonly script: string,
    options: IndexWorkerOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? WORKER_TIMEOUT_MS;
    this.idleMs = options.idleMs ?? IDLE_MS;
    this.resourceLimits = options.resourceLimits ?? { maxOldGenerationSizeMb: WORKER_HEAP_MB };
  }

  readonly loader: IndexLoader = { load: (config) => this.load(config) };

  readonly check: IndexChecker = (snapshot, again = false) => {
    const report = again ? undefined : this.reports.get(snapshot.index);
    if (report) return report;
    return this.start('check', snapshot.config, 1)[0] as Promise<CheckMessage>;
  };

  /** The cheap check of an unsaved index.md's text (the editor's buffer), with the lines it points to. */
  readonly checkText: IndexTextChecker = (config, text) =>
    this.start('check', config, 1, text)[0] as Promise<CheckMessage>;

  /** The editor's rebuild in a process of its own (rebuild.ts), with progress; cancel kills it. */
  rebuild(request: RebuildRequest, onProgress: (scanned: number, total: number) => void): RebuildRun {
    return startRebuild(this.script, request, onProgress);
  }

  /** Workers running now: busy, or idle and not yet ended. */
  get running(): number {
    return this.workers.size;
  }

  /** Jobs posted and workers started so far: what a save costs (tests). */
  get counts(): { jobs: number; workersStarted: number } {
    return { jobs: this.posted, workersStarted: this.started };
  }

  /** Ends the workers, failing the jobs they have not finished. */
  dispose(): void {
    for (const running of [...this.workers]) this.end(running, new Error('the index worker was ended'));
  }

  private async load(config: Config): Promise<SnapshotOutcome> {
    const [image, report] = this.start('load', config, 2);
    const outcome = messageOutcome((await image) as LoadMessage, config);
    if (outcome.ok) this.reports.set(outcome.snapshot.index, report as Promise<CheckMessage>);
    return outcome;
  }

  /** Posts `job` to the worker (started if there is none); one promise per message it will post, in order. */
  private start(job: WorkerJob, config: Config, answers: number, text?: string): Array<Promise<unknown>> {
    this.posted++;
    const id = ++this.nextId;
    const promises: Array<Promise<unknown>> = [];
    const pending: PendingJob = { answers: [], received: 0, timer: undefined as never };
    for (let i = 0; i < answers; i++) {
      const promise = new Promise<unknown>((resolve, reject) => pending.answers.push({ resolve, reject }));
      promise.catch(() => undefined); // a report nobody asks for may fail unobserved
      promises.push(promise);
    }
    let running: Running;
    try {
      running = [...this.workers].find((w) => w.jobs.size === 0) ?? this.spawn();
    } catch (err) {
      for (const a of pending.answers) a.reject(err as Error);
      return promises;
    }
    clearTimeout(running.idle);
    running.idle = undefined;
    // Size and time limits fail as IndexLoadLimit: the host then keeps its snapshot rather than parse here.
    pending.timer = setTimeout(
      () => this.end(running, new IndexLoadLimit(`the index worker gave no answer in ${this.timeoutMs / 1000} s`)),
      this.timeoutMs,
    );
    running.jobs.set(id, pending);
    running.worker.postMessage({ id, job, config, ...(text === undefined ? {} : { text }) } satisfies WorkerRequest);
    return promises;
  }

  private spawn(): Running {
    const worker = new Worker(this.script, { resourceLimits: this.resourceLimits });
    this.started++;
    const running: Running = { worker, jobs: new Map() };
    this.workers.add(running);
    worker.on('message', ({ id, message }: WorkerAnswer) => {
      const job = running.jobs.get(id);
      if (!job) return;
      job.answers[job.received++].resolve(message);
      if (job.received < job.answers.length) return;
      clearTimeout(job.timer);
      running.jobs.delete(id);
      if (running.jobs.size > 0) return;
      // One idle worker is enough: another one already waiting ends this one.
      if ([...this.workers].some((w) => w !== running && w.jobs.size === 0 && w.idle))
        return this.end(running, new Error('idle'));
      running.idle = setTimeout(() => this.end(running, new Error('idle')), this.idleMs);
      running.idle.unref?.();
    });
    worker.once('error', (err: Error & { code?: string }) =>
      this.end(
        running,
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new IndexLoadLimit(
              `the index worker ran out of memory (${this.resourceLimits.maxOldGenerationSizeMb ?? 'default'} MB heap)`,
            )
          : err,
      ),
    );
    worker.once('exit', (code) => this.end(running, new Error(`the index worker stopped (exit code ${code})`)));
    // An idle worker never keeps the process alive (a CLI-like host, a test run); a job's timer
    // does while it runs. After the listeners: adding a 'message' listener refs the worker again.
    worker.unref();
    return running;
  }

  /** Ends a worker: its unfinished jobs fail with `err`; the next job starts a new one. */
  private end(running: Running, err: Error): void {
    this.workers.delete(running);
    clearTimeout(running.idle);
    const jobs = [...running.jobs.values()];
    running.jobs.clear();
    for (const job of jobs) {
      clearTimeout(job.timer);
      for (const a of job.answers.slice(job.received)) a.reject(err);
    }
    void running.worker.terminate();
  }
}
