// The Tags view's own bookkeeping (treeViewModel.ts): a view that was answered its root rows but
// never asked for the rows of the open ones (the workbench dropped the answer and shows an empty
// list) is told to refresh once more; the expansion the user chose survives rebuilds and reloads.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TreeNode } from '../../src/vscode/shared/treeRows';
import { ExpansionMemory, LOADING_ROW, RootAnswerWatch } from '../../src/vscode/tree/treeViewModel';

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
