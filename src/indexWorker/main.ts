// The index worker: reads index.md on its own thread, so a large index never blocks the
// extension host. It answers jobs as they come (WorkerRequest) until the host ends it:
//   load   parse it and post it as a compact image (its tables move without a copy), then run
//          the index health's cheap check on that same parse and post the report;
//   check  parse it and post only the report (for a snapshot the worker did not load);
// and, forked as a process, the editor's Rebuild Index: progress, then the rebuild's facts (rebuildJob.ts).
// Nothing is kept between jobs: each reads index.md as it is then.
import { parentPort } from 'node:worker_threads';
import { checkIndex, checkIndexText, readIndexFor, problemLines } from '../core';
import { imageMessage, type CheckMessage, type LoadMessage, type WorkerRequest } from './message';
import { runRebuild } from './rebuildJob';
import type { RebuildAnswer, RebuildRequest } from './rebuildMessage';

// A rebuild runs in a process of its own (rebuild.ts forks this bundle): one request over IPC.
if (!parentPort && process.send) {
  // The editor gone, its rebuild goes too.
  process.once('disconnect', () => process.exit(0));
  process.once('message', (request: RebuildRequest) => {
    const post = (message: RebuildAnswer) => void process.send?.(message);
    try {
      runRebuild(request, post);
    } catch (err) {
      post({ kind: 'failed', message: (err as Error).message });
    }
  });
}

parentPort?.on('message', (request: WorkerRequest) => {
  const { id, job, config, text } = request;
  if (text !== undefined) {
    const checked = checkIndexText(config, text);
    const report: CheckMessage = checked ?? { health: null };
    return parentPort?.postMessage({ id, message: report });
  }
  // One read and one walk: the index with its line records, and the text the report's lines come from.
  const read = readIndexFor(config, { keepText: true });
  if (job === 'load') {
    if (!read.ok)
      parentPort?.postMessage({
        id,
        message: { ok: false, code: 'no-index', message: read.message, reason: read.reason } satisfies LoadMessage,
      });
    else {
      const { message, transfer } = imageMessage(read.snapshot.index);
      parentPort?.postMessage({ id, message }, transfer);
    }
  }
  let report: CheckMessage = { health: null };
  if (read.ok) {
    const health = checkIndex(read.snapshot);
    report = { health, lines: problemLines(health, read.text ?? '') };
  }
  parentPort?.postMessage({ id, message: report });
});
