// The editor's language-model query tool keeps the MCP tool's budget rule (§11): its text answer
// (the editor sends no structured content) is at most 40,000 characters, ends with the cursor
// while lines remain, and following it gives every result line once. A line that alone would not
// fit (a hostile index's 100 KB description) is shown cut short, never over the budget.
import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BENCH_TODAY, generateHome } from '../../bench/generate';
import { runQuery, type Snapshot } from '../../src/core/engine';
import { runQueryTool, type ToolSource } from '../../src/vscode/chat/toolHandlers';
import { INDEX_HEADER, makeHome, snapshotFor, tempDir } from '../helpers';

function sourceFor(snapshot: Snapshot): ToolSource {
  return {
    query: (text) => {
      const o = runQuery(snapshot, text, { today: BENCH_TODAY });
      return o.ok ? { ok: true, result: o.result } : { ok: false, message: o.message };
    },
    snapshot: () => snapshot,
    today: () => BENCH_TODAY,
    unavailableReason: () => 'not configured',
  };
}

const cursorOf = (text: string) => /"cursor": "([^"]+)" to continue/.exec(text)?.[1];

describe("the editor's query tool, page by page", () => {
  test('every answer within 40,000 characters; the cursor in the text leads through every numbered line once', () => {
    const g = generateHome(tempDir('aria-paging-'), 1_000);
    const source = sourceFor(snapshotFor(g.home));
    const query = 'proj-alpha proj-beta api auth cache queue billing search mobile infra deploy storage';
    const whole = runQuery(snapshotFor(g.home), query, { today: BENCH_TODAY });
    assert.ok(whole.ok);
    const numbered: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const text = runQueryTool({ query, ...(cursor ? { cursor } : {}) }, source);
      assert.ok(text.length <= 40_000, `${text.length} characters`);
      for (const m of text.split('\nSizes (')[0].matchAll(/^(\d+)\. \S/gm)) numbered.push(Number(m[1]));
      cursor = cursorOf(text);
      if (cursor) assert.match(text, /[\d,]+ more: narrow the query with AND/);
      pages++;
    } while (cursor && pages < 200);
    assert.ok(pages > 1, 'the result was cut into pages');
    const expected = whole.result.items.filter((i) => i.n !== null).map((i) => i.n);
    assert.deepEqual(numbered, expected);
  });

  test('a line longer than the budget on its own is cut short, and the answer stays within the budget', () => {
    const huge = 'word '.repeat(30_000);
    const home = makeHome({
      index: `${INDEX_HEADER}## Tag Index\n### api\n- a.md — ${huge}\n- b.md — B\n`,
      files: { 'knowledge/a.md': '# A\n', 'knowledge/b.md': '# B\n' },
    });
    const source = sourceFor(snapshotFor(home));
    const first = runQueryTool({ query: 'api' }, source);
    assert.ok(first.length <= 40_000, `${first.length} characters`);
    assert.match(first, /^1\. a\.md — word word .*…/m);
    const cursor = cursorOf(first);
    assert.ok(cursor, first.slice(-500));
    const second = runQueryTool({ query: 'api', cursor }, source);
    assert.match(second, /^2\. b\.md — B \[api\]$/m);
    assert.equal(cursorOf(second), undefined);
  });
});
