// The editor's language-model query tool keeps the MCP tool's budget rule (§11): its text answer
// (the editor sends no structured content) is at most 40,000 characters, ends with the cursor
// while lines remain, and following it gives every result line once. A line that alone would not
// fit (a hostile index's 100 KB description) is shown cut short, never over the budget.
import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BENCH_TODAY, generateHome } from '../../bench/generate';
import { runQuery, type Snapshot } from '../../src/core/match/engine';
import { runQueryTool } from '../../src/vscode/chat/toolHandlers';
import { agentSourceFor, INDEX_HEADER, makeHome, snapshotFor, tempDir } from '../helpers';

const sourceFor = (snapshot: Snapshot) => agentSourceFor(snapshot, BENCH_TODAY);

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

  test('a project whose relevant tags alone pass the budget: its terms are cut short, every page within the budget, every line reached', () => {
    const tags = Array.from({ length: 300 }, (_, i) => `t${i}-${'x'.repeat(400)}`);
    const home = makeHome({
      config: { projects_enabled: 'true', projects_list: 'p:p' },
      index:
        `${INDEX_HEADER}## Projects\n\n### p — P\nRelevant tags: ${tags.join(', ')}\n\n## Tag Index\n` +
        tags
          .slice(0, 40)
          .map((t, i) => `### ${t}\n- n${i}.md — Note ${i}\n`)
          .join(''),
      files: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`knowledge/n${i}.md`, `# ${i}\n`])),
    });
    const source = sourceFor(snapshotFor(home));
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const text = runQueryTool({ query: 'p', ...(cursor ? { cursor } : {}) }, source);
      assert.ok(text.length <= 40_000, `${text.length} characters`);
      seen.push(...[...text.matchAll(/^\d+\. (n\d+\.md) /gm)].map((m) => m[1]));
      cursor = cursorOf(text);
      pages++;
    } while (cursor && pages < 100);
    const whole = runQuery(snapshotFor(home), 'p', { today: BENCH_TODAY });
    assert.ok(whole.ok);
    assert.equal(seen.length, 40);
    assert.deepEqual(
      seen,
      whole.result.items.filter((item) => item.category !== 'tracked-artifact').map((item) => item.path),
    );
  });
});
