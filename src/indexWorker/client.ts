// The host's side of the index worker: an IndexLoader (the core's port) that reads index.md on
// a worker thread, and the index health's cheap check run the same way. One short-lived worker
// per job: nothing stays resident between reloads.
import { Worker } from 'node:worker_threads';
import type { Config, IndexLoader } from '../core';
import { messageOutcome, type CheckMessage, type LoadMessage, type WorkerJob } from './message';

/** Longer than any capped index takes to parse; past it the worker is ended and the job fails. */
const WORKER_TIMEOUT_MS = 60_000;

/** `script`: the bundled worker (dist/indexWorker.js). */
export function workerIndexLoader(script: string): IndexLoader {
  return { load: async (config) => messageOutcome(await runJob<LoadMessage>(script, 'load', config), config) };
}

/** The cheap index check (checkIndex) of index.md as it is on disk now, with the text of the lines it points to. */
export type IndexChecker = (config: Config) => Promise<CheckMessage>;

export function workerIndexChecker(script: string): IndexChecker {
  return (config) => runJob<CheckMessage>(script, 'check', config);
}

function runJob<T>(script: string, job: WorkerJob, config: Config): Promise<T> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const worker = new Worker(script, { workerData: { job, config } });
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      done();
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(() => reject(new Error(`the index worker gave no answer in ${WORKER_TIMEOUT_MS / 1000} s`))), WORKER_TIMEOUT_MS);
    worker.once('message', (message: T) => settle(() => resolve(message)));
    worker.once('error', (err) => settle(() => reject(err)));
    worker.once('exit', (code) => settle(() => reject(new Error(`the index worker stopped (exit code ${code})`))));
  });
}

