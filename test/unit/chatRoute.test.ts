import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { chooseChatRoute, languageModelToolsOn, versionAtLeast } from '../../src/vscode/chat/chatRoute';
import { estimateTokens } from '../../src/agent/itemFacts';
import { formatTokens, sizeReport } from '../../src/vscode/chat/tokenEstimate';

test('chat route: attachFiles on 1.103+, attachFile before, clipboard without chat or with AI disabled', () => {
  const both = new Set(['workbench.action.chat.open', 'workbench.action.chat.attachFile']);
  assert.equal(chooseChatRoute(both, '1.139.1'), 'openWithAttachments');
  assert.equal(chooseChatRoute(both, '1.103.0'), 'openWithAttachments');
  assert.equal(chooseChatRoute(both, '1.102.3'), 'attachFile');
  assert.equal(chooseChatRoute(new Set(['workbench.action.chat.open']), '1.99.0'), 'none');
  assert.equal(chooseChatRoute(new Set(), '1.139.1'), 'none');
  assert.equal(chooseChatRoute(both, '1.139.1', true), 'none');
  assert.equal(versionAtLeast('2.0.0', 1, 103), true);
  assert.equal(versionAtLeast('1.95.0-insider', 1, 103), false);
});

test('size estimate: about four characters a token, per file and in total', () => {
  assert.equal(estimateTokens(4001), 1001);
  assert.deepEqual(
    [formatTokens(950), formatTokens(1500), formatTokens(25_400)],
    ['~950 tokens', '~1.5k tokens', '~25k tokens'],
  );
  assert.deepEqual(
    sizeReport([
      { path: 'a.md', bytes: 400 },
      { path: 'b.md', bytes: 8000 },
    ]),
    { total: 2100, lines: ['a.md: ~100 tokens', 'b.md: ~2.0k tokens'] },
  );
});

test('one agent surface: with MCP the language-model tools are off unless the setting asks; without MCP always on', () => {
  assert.equal(languageModelToolsOn(true, false), false);
  assert.equal(languageModelToolsOn(true, true), true);
  assert.equal(languageModelToolsOn(false, false), true);
});
