// Bench-only child process: figures that need a fresh process (JIT-cold parse) or an exposed
// garbage collector (heap held by the loaded index). Prints one JSON line.
// Usage: node --expose-gc --import tsx bench/child.ts cold|heap <HOME> [<queries, JSON array>]
import { performance } from 'node:perf_hooks';
import { runQuery } from '../src/core/match/engine';
import { loadSnapshot } from '../src/core/index/snapshot';
import { BENCH_TODAY, buildTables } from './generate';

const [mode, home, queryJson] = process.argv.slice(2);
const sources = { home, env: {} };

if (mode === 'cold') {
  const t0 = performance.now();
  const outcome = loadSnapshot(sources);
  const ms = performance.now() - t0;
  if (!outcome.ok) throw new Error(outcome.message);
  process.stdout.write(`${JSON.stringify({ coldMs: ms })}\n`);
} else if (mode === 'heap') {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc');
  // The V8 heap plus ArrayBuffer memory, which lives outside it: the compact index keeps its
  // tables in typed arrays, and they count.
  const settled = () => {
    for (let i = 0; i < 4; i++) gc();
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  // The index as the editor and the MCP server hold it (compact), after it has answered the
  // benchmark's queries: what those queries made on demand (files, lists, the team-shared
  // files) is counted. Indexes are held in a module-level array and released by emptying it:
  // no stack slot can keep one alive. The first load warms code and one-off caches and is not counted.
  const queries = JSON.parse(queryJson ?? '[]') as string[];
  const held: unknown[] = [];
  const load = () => {
    const outcome = loadSnapshot(sources, { compact: true });
    if (!outcome.ok) throw new Error(outcome.message);
    for (const q of queries) {
      const answer = runQuery(outcome.snapshot, q, { today: BENCH_TODAY });
      if (!answer.ok) throw new Error(answer.message);
    }
    buildTables(outcome.snapshot.index);
    held.push(outcome.snapshot);
  };
  load();
  held.length = 0;
  const before = settled();
  const copies = 3;
  for (let i = 0; i < copies; i++) load();
  const after = settled();
  held.length = 0;
  const released = settled();
  process.stdout.write(
    // What dropping the indexes gives back is the steadier figure (the regex engine's last-match
    // state keeps one index.md text alive either way); it is reported as the index's heap.
    `${JSON.stringify({ heapBytes: Math.round((after - released) / copies), grewBytes: Math.round((after - before) / copies) })}\n`,
  );
} else {
  throw new Error(`unknown mode ${mode}`);
}
