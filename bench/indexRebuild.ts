// The index generator's rows (`aria-context index`, §12): a rebuild of a folder whose every note is
// on disk, next to a floor measured in the same run on the same Node (listing the same notes and
// reading each one's head with plain fs calls: the I/O a rebuild cannot avoid).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../src/core/config/config';
import { generateIndex, IndexScan } from '../src/core/indexGen/generate';
import { listScanTargets } from '../src/core/indexGen/scan';
import { BENCH_TODAY, generateHome } from './generate';

export interface RebuildFigures {
  notes: number;
  rebuildMs: number[];
  floorMs: number[];
  unchanged: boolean;
}

/** Generates a folder of `n` notes, all written, and times `index --check`'s work `runs` times. */
export function measureIndexRebuild(root: string, n: number, runs: number): RebuildFigures {
  const g = generateHome(root, n, undefined, n);
  const outcome = loadConfig({ home: g.home, env: {}, configFile: g.configFile, trustedWorkspaceFolders: [] });
  if (!outcome.ok) throw new Error(outcome.message);
  const config = outcome.config;
  const raw = fs.readFileSync(g.indexFile, 'utf8');
  // The rebuild written once, so the measured runs compare an index with its own rebuild.
  const first = generateIndex(new IndexScan(config), raw, { today: BENCH_TODAY });
  fs.writeFileSync(g.indexFile, first.text);
  const figures: RebuildFigures = { notes: first.notes, rebuildMs: [], floorMs: [], unchanged: true };
  const buf = Buffer.alloc(4096);
  for (let i = 0; i < runs; i++) {
    let t = performance.now();
    const text = fs.readFileSync(g.indexFile, 'utf8');
    const build = generateIndex(new IndexScan(config), text, { today: BENCH_TODAY });
    figures.rebuildMs.push(performance.now() - t);
    figures.unchanged &&= build.diff.unchanged;
    t = performance.now();
    for (const target of listScanTargets(config).targets) {
      const fd = fs.openSync(target.abs, 'r');
      fs.readSync(fd, buf, 0, buf.length, 0);
      fs.closeSync(fd);
    }
    figures.floorMs.push(performance.now() - t);
  }
  fs.rmSync(path.dirname(g.home), { recursive: true, force: true });
  return figures;
}
