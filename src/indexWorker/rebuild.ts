// The host's side of the editor's rebuild: a process of its own for each rebuild, at the lowest
// priority. Not a thread of the extension host: a rebuild allocates heavily, and V8's garbage
// collection helpers are shared by every thread of a process, so a worker thread's collections
// competed with the host for the CPU (the 10k-note e2e saw the host's p99 delay triple). Cancel
// kills the process at once, whatever it is doing, and its memory goes with it. The script is the
// index worker's own bundle (dist/indexWorker.js), which answers a rebuild over IPC (main.ts).
import { fork, type ChildProcess } from 'node:child_process';
import type { RebuildAnswer, RebuildFacts, RebuildRequest } from './rebuildMessage';

/** Longer than a rebuild of the most notes the scan reads takes; past it the process is killed. */
const REBUILD_TIMEOUT_MS = 10 * 60_000;
/** A rebuild holds every note's facts and two texts of index.md: room for the scan's 200,000 notes. */
const REBUILD_HEAP_MB = 2_048;

export interface RebuildRun {
  /** The facts, or null when cancelled. */
  result: Promise<RebuildFacts | null>;
  /** Kills the process: the result is null. */
  cancel(): void;
}

export interface RebuildOptions {
  timeoutMs?: number;
  heapMb?: number;
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
  const heapMb = options.heapMb ?? REBUILD_HEAP_MB;
  let child: ChildProcess;
  try {
    // The editor's own runtime as Node (Electron's needs ELECTRON_RUN_AS_NODE), no shell, no stdio
    // but the IPC channel, whose structured clone carries the text's bytes.
    child = fork(script, [], {
      execArgv: [`--max-old-space-size=${heapMb}`],
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      serialization: 'advanced',
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
    child.kill('SIGKILL');
  };
  const timeoutMs = options.timeoutMs ?? REBUILD_TIMEOUT_MS;
  const timer = setTimeout(
    () => finish(new Error(`the rebuild took longer than ${Math.round(timeoutMs / 1000)} s and was stopped`)),
    timeoutMs,
  );
  child.on('message', (message: RebuildAnswer) => {
    if (message.kind === 'progress') onProgress(message.scanned, message.total);
    else if (message.kind === 'built') finish(message.facts);
    else finish(new Error(message.message));
  });
  child.once('error', (err) => finish(err));
  child.once('exit', (code, signal) =>
    finish(
      new Error(
        code === null && signal
          ? `the rebuild's process was ended (${signal}; out of memory past ${heapMb} MB?)`
          : `the rebuild's process stopped (exit code ${code})`,
      ),
    ),
  );
  child.send(request);
  return { result, cancel: () => finish(null) };
}
