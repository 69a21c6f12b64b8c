// The host's side of the editor's rebuild: a worker of its own for each rebuild (the index loads
// keep theirs), so Cancel ends it at once, whatever it is doing, and its memory goes with it.
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { RebuildAnswer, RebuildFacts, RebuildRequest } from './rebuildMessage';

/** Longer than a rebuild of the most notes the scan reads takes; past it the worker is ended. */
const REBUILD_TIMEOUT_MS = 10 * 60_000;
/** A rebuild holds every note's facts and two texts of index.md: room for the scan's 200,000 notes. */
const REBUILD_HEAP_MB = 2_048;

export interface RebuildRun {
  /** The facts, or null when cancelled. */
  result: Promise<RebuildFacts | null>;
  /** Ends the worker: the result is null. */
  cancel(): void;
}

export interface RebuildOptions {
  timeoutMs?: number;
  resourceLimits?: ResourceLimits;
}

export function startRebuild(
  script: string,
  request: RebuildRequest,
  onProgress: (scanned: number, total: number) => void,
  options: RebuildOptions = {},
): RebuildRun {
  let settle: (value: RebuildFacts | null | Error) => void = () => undefined;
  const result = new Promise<RebuildFacts | null>((resolve, reject) => {
    settle = (value) => (value instanceof Error ? reject(value) : resolve(value));
  });
  let worker: Worker;
  try {
    worker = new Worker(script, {
      resourceLimits: options.resourceLimits ?? { maxOldGenerationSizeMb: REBUILD_HEAP_MB },
    });
  } catch (err) {
    settle(err as Error);
    return { result, cancel: () => undefined };
  }
  let done = false;
  const finish = (value: RebuildFacts | null | Error) => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    settle(value);
    void worker.terminate();
  };
  const timeoutMs = options.timeoutMs ?? REBUILD_TIMEOUT_MS;
  const timer = setTimeout(
    () => finish(new Error(`the rebuild took longer than ${Math.round(timeoutMs / 1000)} s and was stopped`)),
    timeoutMs,
  );
  worker.on('message', ({ message }: { message: RebuildAnswer }) => {
    if (message.kind === 'progress') onProgress(message.scanned, message.total);
    else if (message.kind === 'built') finish(message.facts);
    else finish(new Error(message.message));
  });
  worker.once('error', (err: Error & { code?: string }) =>
    finish(
      err.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? new Error(`the rebuild ran out of memory (${REBUILD_HEAP_MB} MB)`)
        : err,
    ),
  );
  worker.once('exit', (code) => finish(new Error(`the rebuild's worker stopped (exit code ${code})`)));
  worker.postMessage({ id: 1, ...request });
  return { result, cancel: () => finish(null) };
}
