// The pure parts behind the watchers and the service's snapshot cache (faults):
// the Debouncer with real timers. The same behaviour is proven in the real
// editor by test/desktop/suite.ts ("a burst of 1,000 file events …", run by
// test/e2e/inhost.e2e.ts).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { Debouncer, WATCH_DEBOUNCE } from '../../src/vscode/shared/debouncer';
import { repoRoot } from '../helpers';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

test('watch model files never import vscode', () => {
  for (const f of ['shared/debouncer.ts']) {
    assert.doesNotMatch(fs.readFileSync(path.join(repoRoot, 'src', 'vscode', f), 'utf8'), /from\s+['"]vscode['"]/, f);
  }
});

test('debouncer: 1,000 events delivered as VS Code\'s watcher does (chunks of ≤ 500, ~200 ms apart) make one batch', async () => {
  const batches: string[][] = [];
  const d = new Debouncer<string>((items) => batches.push(items), WATCH_DEBOUNCE);
  // Three chunks: 500 notes, 490 notes + index.md, and a last index.md change. A quiet period
  // shorter than the gap (the old 100 ms) made one batch, so one reload, per chunk.
  for (let i = 0; i < 500; i++) d.push(`projects/p/note-${i}.md`);
  await sleep(200);
  for (let i = 500; i < 990; i++) d.push(`projects/p/note-${i}.md`);
  d.push('index.md');
  await sleep(220);
  d.push('index.md');
  await sleep(WATCH_DEBOUNCE.quietMs + 150);
  assert.equal(batches.length, 1, `batches: ${batches.map((b) => b.length).join(', ')}`);
  assert.equal(batches[0].length, 991, 'each path once');
  assert.equal(d.received, 992);
  assert.equal(d.flushes, 1);
  d.dispose();
});

test('debouncer: a single change is applied after the quiet period, not before', async () => {
  let at = 0;
  const d = new Debouncer<string>(() => (at = Date.now()), { quietMs: 120, maxWaitMs: 1_000 });
  const t0 = Date.now();
  d.push('index.md');
  await sleep(60);
  assert.equal(at, 0, 'not yet');
  await sleep(200);
  assert.ok(at - t0 >= 115 && at - t0 < 600, `applied after ${at - t0} ms`); // upper bound: a loaded machine's timer slack
  d.dispose();
});

test('debouncer: a stream that never pauses still flushes by maxWait (no starvation), then keeps coalescing', async () => {
  const times: number[] = [];
  const d = new Debouncer<number>(() => times.push(Date.now()), { quietMs: 150, maxWaitMs: 400 });
  const t0 = Date.now();
  for (let i = 0; Date.now() - t0 < 1_000; i++) {
    d.push(i);
    await sleep(30);
  }
  await sleep(250);
  const offsets = times.map((t) => t - t0);
  // ~1 s of events every 30 ms: flushed at ≈400 and ≈800 ms, and once more after the stream.
  assert.ok(times.length >= 2 && times.length <= 5, `flushes at ${offsets.join(', ')} ms`);
  assert.ok(offsets[0] >= 380 && offsets[0] < 900, `first flush at ${offsets[0]} ms`);
  assert.equal(d.pendingCount, 0);
  d.dispose();
});

test('debouncer: dispose drops what is pending and ignores later events', async () => {
  const batches: string[][] = [];
  const d = new Debouncer<string>((items) => batches.push(items), { quietMs: 30, maxWaitMs: 100 });
  d.push('a');
  d.dispose();
  d.push('b');
  await sleep(80);
  assert.deepEqual(batches, []);
  assert.equal(d.pendingCount, 0);
});

