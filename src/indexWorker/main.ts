// The index worker: reads index.md on its own thread, so a large index never blocks the
// extension host. One job per worker (in workerData), one answer, then it ends:
//   load   parse it; the result leaves as a compact image whose tables move without a copy;
//   check  parse it and run the index health's cheap check (one line pass, a stat per folder).
import { parentPort, workerData } from 'node:worker_threads';
import { checkIndex, parseIndex, problemLines, readIndexFor, readIndexText, type Config } from '../core';
import { outcomeMessage, type CheckMessage, type WorkerJob } from './message';

const { job, config } = workerData as { job: WorkerJob; config: Config };
if (job === 'load') {
  const { message, transfer } = outcomeMessage(readIndexFor(config));
  parentPort?.postMessage(message, transfer);
} else {
  const read = readIndexText(config);
  let message: CheckMessage = { health: null };
  if (read.ok) {
    const health = checkIndex({ config, index: parseIndex(read.text) }, read.text);
    message = { health, lines: problemLines(health, read.text) };
  }
  parentPort?.postMessage(message);
}
