// An agent over MCP is never told to run a slash command (SPEC §M): the query tool's text, its
// structured content and the resource list, on the golden fixture through the built server.
import * as assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { fixtureHome } from '../helpers';
import { connect, textOf, type Connected, type TextResult } from './client';

describe("MCP server: an agent's words", () => {
  const { home, golden } = fixtureHome();
  let s: Connected;
  before(async () => {
    s = await connect(home, ['--today', golden.today]);
  });
  after(async () => {
    await s.close();
  });

  test('an agent is never told to run a slash command: text, structured content and resources (§M)', async () => {
    const slash = /(^|[^\w./-])\/(setup|index|context|codemap|stitch)\b/;
    for (const query of ['proj-a', 'proj-b', 'proj-c', 'proj-c AND database']) {
      const result = (await s.client.callTool({ name: 'knowledge_query', arguments: { query } })) as TextResult;
      // a pending idea's title is the user's own text (the example has one naming /setup)
      const json = { ...(result.structuredContent as Record<string, unknown>), ideas: [] };
      const text = textOf(result)
        .split('\n')
        .filter((line) => !/^- \d{4}-\d{2}-\d{2} /.test(line))
        .join('\n');
      assert.doesNotMatch(text, slash, `${query}:\n${text}`);
      assert.doesNotMatch(JSON.stringify(json), slash, `${query}: structured content`);
    }
    const proj = (await s.client.callTool({ name: 'knowledge_query', arguments: { query: 'proj-c' } })) as TextResult;
    assert.match(textOf(proj), /\[STALE — aria-knowledge's stitch verify proj-c, run in your agent, checks it\]/);
    assert.ok(
      (proj.structuredContent as { notes: string[] }).notes.some((n) =>
        n.startsWith("(Legacy ideas-backlog.md detected — aria-knowledge's setup, run in your agent"),
      ),
    );
    const { resources } = await s.client.listResources();
    for (const r of resources) assert.doesNotMatch(`${r.title} ${r.description}`, slash, r.uri);
    const stitch = resources.find((r) => r.uri.endsWith('/STITCH.md'));
    assert.match(stitch?.title ?? '', /^STITCH\.md of proj-c \(34 days ago \[STALE — aria-knowledge's stitch verify/);
  });
});
