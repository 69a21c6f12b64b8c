// The index worker: reads and parses index.md on its own thread, so a large index never blocks
// the extension host. It answers one request (the config, in workerData) with one message and
// ends: the result leaves as a compact image whose tables move without a copy.
import { parentPort, workerData } from 'node:worker_threads';
import { readIndexFor, type Config } from '../core';
import { outcomeMessage } from './message';

const { config } = workerData as { config: Config };
const { message, transfer } = outcomeMessage(readIndexFor(config));
parentPort?.postMessage(message, transfer);
