// The index worker: reads index.md on its own thread, so a large index never blocks the
// extension host. One job per worker (in workerData), then it ends:
//   load   parse it and post it as a compact image (its tables move without a copy), then run
//          the index health's cheap check on that same parse and post the report;
//   check  parse it and post only the report (for a snapshot the worker did not load).
import { parentPort, workerData } from 'node:worker_threads';
import { checkIndex, parseIndex, problemLines, readIndexText, type Config } from '../core';
import { imageMessage, type CheckMessage, type LoadMessage, type WorkerJob } from './message';

const { job, config } = workerData as { job: WorkerJob; config: Config };
const read = readIndexText(config);
const index = read.ok ? parseIndex(read.text) : null;
if (job === 'load') {
  if (!read.ok) parentPort?.postMessage({ ok: false, code: 'no-index', message: read.message } satisfies LoadMessage);
  else {
    const { message, transfer } = imageMessage(index!);
    parentPort?.postMessage(message, transfer);
  }
}
let report: CheckMessage = { health: null };
if (read.ok) {
  const health = checkIndex({ config, index: index! }, read.text);
  report = { health, lines: problemLines(health, read.text) };
}
parentPort?.postMessage(report);
