// The Tags view's own bookkeeping (treeViewModel.ts): a view that was answered its root rows but
// never asked for the rows of the open ones (the workbench dropped the answer and shows an empty
// list) is told to refresh once more; the expansion the user chose survives rebuilds and reloads.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TreeNode } from '../../src/vscode/shared/treeRows';
import { ExpansionMemory, LOADING_ROW, RefreshGate, RootAnswerWatch } from '../../src/vscode/tree/treeViewModel';

const group = (id: string, expanded: boolean): TreeNode => ({
  id,
  kind: 'group',
  label: id,
  contextValue: 'ariaContext.group',
  icon: 'tag',
  expanded,
  childCount: 3,
});

test('root rows the view never took (none of the open rows asked for) are sent again, once per build', () => {
  const watch = new RootAnswerWatch();
  const rows = [group('group:known', true), group('group:other', false)];
  watch.answered(rows, ['group:known']);
  assert.equal(watch.retry(), true, 'nothing asked: the view may show an empty list');
  watch.answered(rows, ['group:known']);
  assert.equal(watch.retry(), false, 'the same rows are not sent again twice');
  const rebuilt = [group('group:known', true)];
  watch.answered(rebuilt, ['group:known']);
  assert.equal(watch.retry(), true, 'new rows, new chance');
});

test('a view that asked for an open row took its rows; the loading row and rows without open ones are not watched', () => {
  const watch = new RootAnswerWatch();
  const rows = [group('group:activeFile', true), group('group:known', true)];
  watch.answered(rows, ['group:activeFile', 'group:known']);
  watch.asked('group:known');
  assert.equal(watch.retry(), false);
  watch.answered([LOADING_ROW], []);
  assert.equal(watch.retry(), false, 'the loading row has no rows to ask for');
  watch.answered([group('group:other', false)], []);
  watch.asked('somewhere/else');
  assert.equal(watch.retry(), false);
});

test('one refresh on its way at a time: changes while the view has not asked are held, and its ask takes them', () => {
  const gate = new RefreshGate(2_000);
  assert.equal(gate.change(0, true), 0, 'nothing on its way: sent');
  assert.equal(gate.change(10, true), 1_990, 'the view has not asked yet: held, not sent to overtake it');
  assert.equal(gate.change(20, true), 1_980);
  gate.rootAsked();
  assert.equal(gate.flush(3_000, true), -1, 'the ask got the latest rows: nothing left to send');
  assert.equal(gate.change(3_010, true), 0, 'asked: the next change goes out');
  assert.equal(gate.change(3_020, true), 1_990);
  assert.equal(gate.flush(4_000, true), 1_010, 'still within its patience: looked at again later');
  assert.equal(gate.flush(5_010, true), 0, 'no ask within its patience: the held change is sent');
  assert.equal(gate.flush(5_020, true), -1, 'once');
});

test('a hidden view is told at once (it asks when shown) and holds nothing', () => {
  const gate = new RefreshGate(2_000);
  assert.equal(gate.change(0, false), 0);
  assert.equal(gate.change(1, false), 0);
  assert.equal(gate.change(2, true), 0, 'nothing was on its way to a hidden view');
  assert.equal(gate.change(3, false), 0, 'hidden again: told at once');
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
