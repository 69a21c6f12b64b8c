// Bench-only child process: figures that need a fresh process (JIT-cold parse) or an exposed
// garbage collector (heap held by the loaded index). Prints one JSON line.
// Usage: node --expose-gc --import tsx bench/child.ts cold|heap <HOME>
import { performance } from 'node:perf_hooks';
import { loadSnapshot } from '../src/core';

const [mode, home] = process.argv.slice(2);
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
  const settled = () => {
    for (let i = 0; i < 4; i++) gc();
    return process.memoryUsage().heapUsed;
  };
  // Indexes are held in a module-level array and released by emptying it: no stack slot can
  // keep one alive. The first load warms code and one-off caches and is not counted.
  const held: unknown[] = [];
  const load = () => {
    const outcome = loadSnapshot(sources);
    if (!outcome.ok) throw new Error(outcome.message);
    // The lookup tables are built on first use (the first query, the tag tree): count them too.
    void outcome.snapshot.index.filesByTag;
    void outcome.snapshot.index.teamSharedFiles;
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
