// The Tags view's own bookkeeping (treeViewModel.ts): ViewAsk, the one model of what the view was
// told and has not taken (a refresh never overtakes an answer; an answer not taken is told once
// more); the expansion the user chose survives rebuilds and reloads.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TreeNode } from '../../src/vscode/shared/treeRows';
import { ExpansionMemory, ViewAsk } from '../../src/vscode/tree/treeViewModel';

const group = (id: string, expanded: boolean): TreeNode => ({
  id,
  kind: 'group',
  label: id,
  contextValue: 'ariaContext.group',
  icon: 'tag',
  expanded,
  childCount: 3,
});

// ViewAsk's numbers: 0 send a refresh now, n > 0 ask due() again in n ms, -1 nothing to do.
test('a change while a refresh is on its way is held, and the ask that comes takes it', () => {
  const ask = new ViewAsk(3_000);
  assert.equal(ask.change(0, true), 0, 'nothing on its way: sent');
  assert.equal(ask.state, 'sent');
  assert.equal(ask.change(10, true), 2_990, 'not asked yet: held, not sent to overtake it');
  ask.rootAsked(100, []);
  assert.equal(ask.holding, false, 'the ask was answered from the latest state');
  assert.equal(ask.due(3_000, true), -1, 'nothing left to send');
  assert.equal(ask.change(3_010, true), 0, 'settled: the next change goes out at once');
});

test('a first answer is never overtaken: a change after the root rows went out waits for the open rows to be asked for', () => {
  const ask = new ViewAsk(3_000);
  ask.rootAsked(0, []); // the loading row, asked for by the view as it first paints
  assert.equal(ask.state, 'settled', 'the loading row has no rows to ask for');
  assert.equal(ask.change(50, true), 0, 'the index is read: the view is told');
  ask.rootAsked(80, ['group:known']);
  assert.equal(ask.state, 'answered');
  // The counts arrive before the workbench asked for the Known Tags rows: RefreshGate sent this at once.
  assert.equal(ask.change(90, true), 2_990, 'held: a refresh now would drop the answer being taken');
  assert.equal(ask.childAsked('group:other', 95, true), -1, 'not an open row of the answer');
  assert.equal(ask.childAsked('group:known', 100, true), 0, 'the answer is taken: the held change goes out');
  assert.equal(ask.state, 'sent');
  ask.rootAsked(120, ['group:known']);
  assert.equal(ask.childAsked('group:known', 130, true), -1, 'taken, nothing held');
  assert.equal(ask.state, 'settled');
});

test('a visible view that takes no answer within its patience is told once more per change, never in a loop', () => {
  const ask = new ViewAsk(3_000);
  assert.equal(ask.change(0, true), 0);
  assert.equal(ask.due(1_000, true), 2_000, 'still within its patience');
  assert.equal(ask.due(3_000, true), 0, 'no ask: told once more');
  ask.rootAsked(3_100, ['group:known']);
  assert.equal(ask.due(6_100, true), -1, 'this answer not taken either: no second retry');
  assert.equal(ask.state, 'settled');
  assert.equal(ask.change(7_000, true), 0, 'a new change goes out');
  ask.rootAsked(7_010, ['group:known']);
  assert.equal(ask.due(10_010, true), 0, 'and has its own retry');
});

test('a hidden view is told at once and holds nothing (it asks when shown)', () => {
  const ask = new ViewAsk(3_000);
  assert.equal(ask.change(0, false), 0);
  assert.equal(ask.change(1, false), 0);
  assert.equal(ask.state, 'settled');
  assert.equal(ask.change(2, true), 0, 'nothing was on its way to a hidden view');
  assert.equal(ask.change(3, true), 2_999);
  assert.equal(ask.due(4, false), 0, 'hidden meanwhile: the held change goes out');
  assert.equal(ask.state, 'settled');
});

test('the expansion the user chose is kept (the newest, at most the cap) and read back after a reload', () => {
  const memory = new ExpansionMemory(2, { 'group:known': false, junk: 'yes' });
  assert.equal(memory.isOpen(group('group:known', true), true), false, 'collapsed by the user');
  assert.equal(memory.isOpen(group('group:other', false), true), false);
  assert.equal(memory.isOpen(group('group:team', true), true), true, 'open by default');
  assert.equal(memory.isOpen(group('group:team', true), false), false, 'no rows: never open');
  memory.remember('group:other', true);
  const saved = memory.remember('group:team', false);
  assert.deepEqual(saved, { 'group:other': true, 'group:team': false }, 'the oldest went first');
  const reloaded = new ExpansionMemory(2, saved);
  assert.equal(reloaded.isOpen(group('group:other', false), true), true);
  assert.equal(reloaded.get('group:known'), undefined);
});
