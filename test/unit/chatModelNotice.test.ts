// Without a chat model VS Code never calls @context: the extension tells the user once per
// stretch without one (startup, or the last model gone), with actions that work without a model.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  NO_MODEL_ACTIONS,
  NO_MODEL_NOTICE,
  noticeStep,
  NO_MODEL_TYPED,
  typedContextQuery,
  type NoticeState,
} from '../../src/vscode/chat/chatModelNoticeModel';

const fresh: NoticeState = { told: false, muted: false };

test('no model at startup: told once, not again on later checks or reloads of the window', () => {
  const first = noticeStep(false, fresh);
  assert.equal(first.tell, true);
  const again = noticeStep(false, first.state);
  assert.equal(again.tell, false);
  assert.equal(noticeStep(false, again.state).tell, false);
});

test('a model arriving ends the stretch; losing it later tells again', () => {
  const told = noticeStep(false, fresh).state;
  const arrived = noticeStep(true, told);
  assert.equal(arrived.tell, false);
  assert.equal(noticeStep(false, arrived.state).tell, true);
});

test("Don't Show Again is kept, even across a model coming and going", () => {
  const muted: NoticeState = { told: true, muted: true };
  assert.equal(noticeStep(false, noticeStep(true, muted).state).tell, false);
});

test('the notice names @context, why it cannot answer, and what works without a model', () => {
  assert.match(NO_MODEL_NOTICE, /@context cannot answer/);
  assert.match(NO_MODEL_NOTICE, /Language model unavailable/);
  assert.match(NO_MODEL_NOTICE, /Context: Query/);
  assert.deepEqual([...NO_MODEL_ACTIONS], ['Query Knowledge…', 'Open Tags View', "Don't Show Again"]);
});

test('the query typed after @context is what Query Knowledge… runs; /load and nothing yet are none', () => {
  assert.equal(typedContextQuery('@context stripe'), 'stripe');
  assert.equal(typedContextQuery('  @context api AND pagination\nmore'), 'api AND pagination');
  assert.equal(typedContextQuery('@context '), undefined);
  assert.equal(typedContextQuery('@context /load all'), undefined);
  assert.equal(typedContextQuery('@contextual x'), undefined);
  assert.notEqual(NO_MODEL_TYPED, NO_MODEL_NOTICE, 'a second notice with the same text would not show again');
});
