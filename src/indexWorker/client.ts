// The host's side of the index worker: an IndexLoader (the core's port) that reads index.md on
// a worker thread. One short-lived worker per read: nothing stays resident between reloads.
import { Worker } from 'node:worker_threads';
import type { Config, IndexLoader, SnapshotOutcome } from '../core';
import { messageOutcome, type WorkerMessage } from './message';

/** Longer than any capped index takes to parse; past it the worker is ended and the read fails. */
const WORKER_TIMEOUT_MS = 60_000;

/** `script`: the bundled worker (dist/indexWorker.js). */
export function workerIndexLoader(script: string): IndexLoader {
  return { load: (config) => readInWorker(script, config) };
}

function readInWorker(script: string, config: Config): Promise<SnapshotOutcome> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const worker = new Worker(script, { workerData: { config } });
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      done();
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(() => reject(new Error(`the index worker gave no answer in ${WORKER_TIMEOUT_MS / 1000} s`))), WORKER_TIMEOUT_MS);
    worker.once('message', (message: WorkerMessage) => settle(() => resolve(messageOutcome(message, config))));
    worker.once('error', (err) => settle(() => reject(err)));
    worker.once('exit', (code) => settle(() => reject(new Error(`the index worker stopped (exit code ${code})`))));
  });
}
