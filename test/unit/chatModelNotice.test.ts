// Without a chat model VS Code never calls @context: the extension tells the user once per
// stretch without one (startup, or the last model gone), with actions that work without a model.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  NO_MODEL_ACTIONS,
  NO_MODEL_NOTICE,
  noticeStep,
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
