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
    for (let i = 0; i < 3; i++) gc();
    return process.memoryUsage().heapUsed;
  };
  // Load once in its own frame and drop it, so code and one-off caches are not counted.
  const warmUp = () => {
    loadSnapshot(sources);
  };
  warmUp();
  const before = settled();
  let outcome: ReturnType<typeof loadSnapshot> | null = loadSnapshot(sources);
  const after = settled();
  if (!outcome.ok) throw new Error(outcome.message);
  const files = outcome.snapshot.index.files.size;
  outcome = null;
  const released = settled();
  process.stdout.write(`${JSON.stringify({ heapBytes: after - before, releasedBytes: after - released, files })}\n`);
} else {
  throw new Error(`unknown mode ${mode}`);
}
