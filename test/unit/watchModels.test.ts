// The pure parts behind the watchers and the service's snapshot cache (faults):
// the Debouncer, on node:test's mocked clock (setTimeout and Date), so a loaded
// machine's late timers cannot reorder what the tests send. The same behaviour is
// proven in the real editor by test/desktop/suite.ts ("a burst of 1,000 file
// events …", run by test/e2e/inhost.e2e.ts).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { Debouncer, WATCH_DEBOUNCE } from '../../src/vscode/shared/debouncer';
import { repoRoot } from '../helpers';

type Clock = { tick(ms: number): void };
/**
 * The mocked clock of test `t`: `tick(ms)` moves Date.now() on and fires the timers due, a
 * millisecond at a time, so a timer sees Date.now() at the time it was due.
 */
const mockClock = (t: {
  mock: { timers: Clock & { enable(o: { apis: Array<'setTimeout' | 'Date'> }): void } };
}): Clock => {
  t.mock.timers.enable({ apis: ['setTimeout', 'Date'] });
  return {
    tick(ms) {
      for (let i = 0; i < ms; i++) t.mock.timers.tick(1);
    },
  };
};

test('watch model files never import vscode', () => {
  for (const f of ['shared/debouncer.ts']) {
    assert.doesNotMatch(fs.readFileSync(path.join(repoRoot, 'src', 'vscode', f), 'utf8'), /from\s+['"]vscode['"]/, f);
  }
});

test("debouncer: 1,000 events delivered as VS Code's watcher does (chunks of ≤ 500, ~200 ms apart) make one batch", (t) => {
  const clock = mockClock(t);
  const batches: string[][] = [];
  const d = new Debouncer<string>((items) => batches.push(items), WATCH_DEBOUNCE);
  // Three chunks: 500 notes, 490 notes + index.md, and a last index.md change. A quiet period
  // shorter than the gap (the old 100 ms) made one batch, so one reload, per chunk.
  for (let i = 0; i < 500; i++) d.push(`projects/p/note-${i}.md`);
  clock.tick(200);
  for (let i = 500; i < 990; i++) d.push(`projects/p/note-${i}.md`);
  d.push('index.md');
  clock.tick(220);
  d.push('index.md');
  clock.tick(WATCH_DEBOUNCE.quietMs + 150);
  assert.equal(batches.length, 1, `batches: ${batches.map((b) => b.length).join(', ')}`);
  assert.equal(batches[0].length, 991, 'each path once');
  assert.equal(d.received, 992);
  assert.equal(d.flushes, 1);
  d.dispose();
});

test('debouncer: a single change is applied after the quiet period, not before', (t) => {
  const clock = mockClock(t);
  let at = 0;
  const d = new Debouncer<string>(() => (at = Date.now()), { quietMs: 120, maxWaitMs: 1_000 });
  const t0 = Date.now();
  d.push('index.md');
  clock.tick(119);
  assert.equal(at, 0, 'not yet');
  clock.tick(1);
  assert.equal(at - t0, 120, 'applied when the quiet period ends');
  d.dispose();
});

test('debouncer: lone saves are handed on after the short quiet; a third within a second, or a burst, waits the full quiet period', (t) => {
  const clock = mockClock(t);
  const at: Array<[number, string[]]> = [];
  const d = new Debouncer<string>((items) => at.push([Date.now(), items]), WATCH_DEBOUNCE);
  const lone = WATCH_DEBOUNCE.lone!;
  assert.equal(lone.perCalm, 2, 'this test saves twice within a second');
  const t0 = Date.now();
  d.push('notes/new.md');
  clock.tick(lone.quietMs - 1);
  assert.equal(at.length, 0, 'not yet');
  clock.tick(1);
  assert.deepEqual(at, [[t0 + lone.quietMs, ['notes/new.md']]]);
  // index.md saved right after the note: a second lone change
  clock.tick(40);
  const t1 = Date.now();
  d.push('index.md');
  clock.tick(lone.quietMs);
  assert.deepEqual(at[1], [t1 + lone.quietMs, ['index.md']]);
  // a third within the same second: the full quiet period (a stream is batched again)
  const t2 = Date.now();
  d.push('index.md');
  clock.tick(WATCH_DEBOUNCE.quietMs - 1);
  assert.equal(at.length, 2, 'waits the full quiet period');
  clock.tick(1);
  assert.equal(at[2][0], t2 + WATCH_DEBOUNCE.quietMs);
  // a calm second later, a burst larger than a lone change waits the full quiet period too
  clock.tick(lone.calmMs);
  const t3 = Date.now();
  for (let i = 0; i <= lone.items; i++) d.push(`notes/n-${i}.md`);
  clock.tick(WATCH_DEBOUNCE.quietMs - 1);
  assert.equal(at.length, 3, 'a burst is not a lone change');
  clock.tick(1);
  assert.equal(at[3][0], t3 + WATCH_DEBOUNCE.quietMs);
  d.dispose();
});

test('debouncer: a stream that never pauses still flushes by maxWait (no starvation), then keeps coalescing', (t) => {
  const clock = mockClock(t);
  const times: number[] = [];
  const d = new Debouncer<number>(() => times.push(Date.now()), { quietMs: 150, maxWaitMs: 400 });
  const t0 = Date.now();
  for (let i = 0; Date.now() - t0 < 1_000; i++) {
    d.push(i);
    clock.tick(30);
  }
  clock.tick(250);
  const offsets = times.map((at) => at - t0);
  // 1 s of events every 30 ms: flushed by maxWait at 400 and 820 ms (the first event after a
  // flush, at 420, starts the next batch), and once more a quiet period after the last, at 990.
  assert.deepEqual(offsets, [400, 820, 1_140]);
  assert.equal(d.pendingCount, 0);
  d.dispose();
});

test('debouncer: dispose drops what is pending and ignores later events', (t) => {
  const clock = mockClock(t);
  const batches: string[][] = [];
  const d = new Debouncer<string>((items) => batches.push(items), { quietMs: 30, maxWaitMs: 100 });
  d.push('a');
  d.dispose();
  d.push('b');
  clock.tick(200);
  assert.deepEqual(batches, []);
  assert.equal(d.pendingCount, 0);
});
