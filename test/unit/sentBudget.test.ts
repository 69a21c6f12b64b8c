// The agent budget as sent (SPEC §11): every knowledge_query page and knowledge_load answer of the
// MCP server is within 40,000 characters counting what the client receives: the content array
// and structuredContent serialized as JSON after the output escaping, where a quote or a newline
// costs two characters and a bidi control, written as \u202e, seven. Notes and descriptions here
// are dense with those, so an answer costed by its text alone would pass the budget.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { KnowledgeBase } from '../../src/core/kb/knowledgeBase';
import { escapeOutputDeep } from '../../src/core/present/outputText';
import { kbSource } from '../../src/agent/source';
import { runLoadTool, runQueryTool, type ToolResult } from '../../src/agent/tools';
import { INDEX_HEADER, makeHome } from '../helpers';

const BUDGET = 40_000;
/** What the client receives: the content array and structuredContent, serialized, as the server sends them. */
const sent = (r: ToolResult) => {
  const wire = escapeOutputDeep(r) as ToolResult & { structuredContent?: unknown };
  return (
    JSON.stringify(wire.content).length + (wire.structuredContent ? JSON.stringify(wire.structuredContent).length : 0)
  );
};
const dense = (n: number) => '"\u202e\\\n'.repeat(n);

function source(notes: number, body: string) {
  const names = Array.from({ length: notes }, (_, i) => `n/${String(i).padStart(4, '0')}.md`);
  const home = makeHome({
    index: `${INDEX_HEADER}## Tag Index\n### api\n${names.map((n) => `- ${n} — ${dense(40)}`).join('\n')}\n`,
    files: Object.fromEntries(names.map((n) => [`knowledge/${n}`, `# Title\n${body}`])),
  });
  const kb = new KnowledgeBase({ sources: () => ({ home, env: {} }), today: () => '2026-11-30', checkOnAccess: true });
  return kbSource(kb);
}

test('knowledge_query: each page within the budget as sent, first and continuation pages', () => {
  const s = source(600, '');
  let cursor: string | undefined;
  let pages = 0;
  do {
    const r = runQueryTool(s, { query: 'api', ...(cursor ? { cursor } : {}) });
    assert.ok(!r.isError, JSON.stringify(r.content).slice(0, 300));
    assert.ok(sent(r) <= BUDGET, `page ${pages + 1}: ${sent(r)} characters as sent`);
    cursor = (r.structuredContent as { nextCursor?: string }).nextCursor;
    pages++;
  } while (cursor && pages < 100);
  assert.ok(pages > 2, `${pages} pages`);
});

test('knowledge_load: the answer with its resource links within the budget as sent, and within a smaller maxChars', () => {
  const s = source(12, dense(3_000));
  const link = (item: { absPath: string; path: string }) => ({
    type: 'resource_link',
    uri: `aria-context://knowledge/${encodeURIComponent(item.path)}`,
    name: item.path,
  });
  for (const maxChars of [undefined, 10_000, 25_000]) {
    const r = runLoadTool(
      s,
      { query: 'api', picks: 'all', ...(maxChars ? { maxChars } : {}) },
      { link: link as never, serialized: true },
    );
    const text = (r.content[0] as { text: string }).text;
    assert.match(text, /^## n\/0000\.md$/m, 'something is loaded');
    assert.ok(sent(r) <= (maxChars ?? BUDGET), `maxChars ${maxChars}: ${sent(r)} characters as sent`);
  }
});
