// The editor's reload after a one-line index.md change, as it runs there: the KnowledgeBase with
// the index worker (the production bundle's dist/indexWorker.js). What blocks the calling thread
// (the extension host) is measured as the event loop's active time from the change to the next
// answered query: routing, the config read, starting the worker, receiving its message, the swap
// and the query. The worker's own parse runs on its thread and shows only in the wall time.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { KnowledgeBase } from '../src/core/kb/knowledgeBase';
import { IndexWorker } from '../src/indexWorker/client';
import { BENCH_TODAY, type GeneratedHome } from './generate';

export interface WorkerReload {
  /** Active (non-idle) time of this thread per reload, ms. */
  hostMs: number[];
  /** From the change to the new snapshot answering, ms. */
  wallMs: number[];
}

export async function measureWorkerReload(
  g: GeneratedHome,
  bundleDir: string,
  reloads: number,
  query: string,
): Promise<WorkerReload> {
  const kb = new KnowledgeBase({
    sources: () => ({ home: g.home, env: {} }),
    today: () => BENCH_TODAY,
    loader: new IndexWorker(path.join(bundleDir, 'dist', 'indexWorker.js')).loader,
  });
  const original = fs.readFileSync(g.indexFile, 'utf8');
  const edited = original.replace(g.reloadLine, `${g.reloadLine} (edited)`);
  const out: WorkerReload = { hostMs: [], wallMs: [] };
  try {
    if (!kb.query(query).ok) throw new Error('the benchmark query failed');
    for (let i = 0; i < reloads + 2; i++) {
      fs.writeFileSync(g.indexFile, i % 2 === 0 ? edited : original);
      const swapped = new Promise<void>((resolve) => {
        const d = kb.onDidChange(() => {
          d.dispose();
          resolve();
        });
      });
      const elu = performance.eventLoopUtilization();
      const t = performance.now();
      kb.changed([g.indexFile]);
      await swapped;
      if (!kb.query(query).ok) throw new Error('the benchmark query failed after a reload');
      const active = performance.eventLoopUtilization(elu).active;
      const wall = performance.now() - t;
      if (i >= 2) {
        out.hostMs.push(active);
        out.wallMs.push(wall);
      }
    }
  } finally {
    fs.writeFileSync(g.indexFile, original);
    kb.dispose();
  }
  return out;
}
