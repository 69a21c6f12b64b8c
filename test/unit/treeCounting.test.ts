// The Tags view's counts go through the one scheduler of the editor's background work: above
// 2,000 indexed files they come after the rows, in slices that wait neither for the start delay
// nor for the tree to be quiet, ahead of every queued task, one slice per turn.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { BackgroundWork, COUNT_LATER_ABOVE_FILES } from '../../src/vscode/shared/backgroundWorkModel';
import { FakeTimers } from '../timing';

const make = (clock: FakeTimers, onError?: (key: string, err: unknown) => void) =>
  new BackgroundWork({
    quietMs: 300,
    startDelayMs: 2_000,
    maxWaitMs: 5_000,
    sliceMs: 25,
    timers: clock,
    onError,
  });

test('the counts come after the rows only above 2,000 indexed files', () => {
  const w = make(new FakeTimers());
  assert.equal(COUNT_LATER_ABOVE_FILES, 2_000);
  assert.equal(w.countsLater(2_000), false);
  assert.equal(w.countsLater(2_001), true);
  assert.equal(w.countsLater(10_000), true);
});

test('count slices run at once, one per turn, before queued tasks, and the tasks keep their own waits', () => {
  const clock = new FakeTimers();
  const w = make(clock);
  const ran: string[] = [];
  w.treeVisible(true);
  w.treeShowedRows();
  w.treeAsked(); // the tree is busy: tasks wait for quiet, counts do not
  w.run('index check', () => ran.push('check'));
  let slices = 0;
  const turns: number[] = [];
  w.slices('tree counts', (until) => {
    assert.equal(until, clock.time + 25, 'each slice gets its share of the clock');
    turns.push(clock.turns);
    clock.time += 25; // the slice uses its time
    return ++slices === 3;
  });
  clock.advance(100); // three slices of 25 ms; the tree asked at 0, so tasks wait until 300
  assert.equal(slices, 3, 'without waiting for the start delay or for quiet');
  assert.equal(new Set(turns).size, 3, 'one slice per turn');
  assert.deepEqual(ran, [], 'the queued task still waits for the tree to be quiet');
  clock.advance(2_000);
  assert.deepEqual(ran, ['check']);
});

test('a new count replaces the one in progress; a count that throws is dropped and reported', () => {
  const clock = new FakeTimers();
  const errors: string[] = [];
  const w = make(clock, (key) => errors.push(key));
  const seen: string[] = [];
  w.slices('tree counts', () => {
    seen.push('old');
    w.slices('tree counts', () => {
      seen.push('new');
      return true;
    });
    return false;
  });
  w.slices('other', () => {
    throw new Error('boom');
  });
  clock.advance(0);
  assert.deepEqual(seen, ['old', 'new']);
  assert.deepEqual(errors, ['other']);
  w.dispose();
  w.slices('tree counts', () => assert.fail('nothing runs after dispose'));
  clock.advance(100);
});
