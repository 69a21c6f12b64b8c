// Every agent answer within its budget, on a generated 10k-note folder, through the official
// client over real stdio: knowledge_query's text and structuredContent together, knowledge_load's
// text and resource links together, for queries drawn from the whole legal query space (the
// widest OR of 64 popular tags, project keys, OR of many tags, AND, aliases, hint words, words
// that match nothing). Following knowledge_query's nextCursor to the end gives every line of the
// full result (the CLI's --json) exactly once, in order.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { BENCH_TODAY, generateHome, prng, type GeneratedHome } from '../../bench/generate';
import { tempDir } from '../helpers';
import { cliJs, connect, connectV2, ensureBuilt, textOf, type Connected, type TextResult } from './client';

const BUDGET = 40_000;

type Item = { n: number | null; path: string; category: string };
type Structured = { items: Item[]; ideas: Array<{ path: string }>; notes: string[]; nextCursor?: string };

/** What the client receives (SPEC §11): the content array and the structured content, serialized. */
function answerSize(result: TextResult): number {
  return (
    JSON.stringify(result.content).length +
    (result.structuredContent ? JSON.stringify(result.structuredContent).length : 0)
  );
}

/** The queries: widest first, then random draws over every kind of legal query. */
function legalQueries(g: GeneratedHome, index: string, count: number): string[] {
  const rand = prng(3405);
  const tags = [...index.matchAll(/^### (\S+)$/gm)].map((m) => m[1]);
  const counts = new Map<string, number>();
  let current = '';
  for (const line of index.split('\n')) {
    if (line.startsWith('### ')) current = line.slice(4);
    else if (line.startsWith('- ') && current) counts.set(current, (counts.get(current) ?? 0) + 1);
  }
  const popular = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([t]) => t);
  const projects = ['proj-alpha', 'proj-beta', 'proj-gamma', 'proj-delta', 'proj-epsilon'];
  const aliases = [...index.matchAll(/\[aliases: ([^\]]+)\]/g)].flatMap((m) => m[1].split(', '));
  const any = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const some = <T>(list: readonly T[], n: number) => Array.from({ length: n }, () => any(list));
  const queries = [
    popular.slice(0, 64).join(' '),
    [...projects, ...popular.slice(0, 59)].join(' '),
    projects.join(' '),
    'proj-alpha',
    g.queries.oneTag,
    g.queries.twoAnd,
    'nothing-matches-this',
  ];
  while (queries.length < count) {
    const kind = Math.floor(rand() * 6);
    const n = 1 + Math.floor(rand() * 63);
    if (kind === 0) queries.push(some(popular.slice(0, 80), n).join(' '));
    else if (kind === 1) queries.push([...some(projects, 1 + Math.floor(rand() * 5)), ...some(tags, n - 1)].join(' '));
    else if (kind === 2) queries.push(some(tags, Math.min(n, 20)).join(' AND '));
    else if (kind === 3) queries.push(some([...aliases, ...popular.slice(0, 40)], n).join(' '));
    else if (kind === 4) queries.push(['outbox', 'cursor', 'saga', ...some(tags, n - 3)].join(', '));
    else queries.push(some([...tags, ...projects, 'OR', 'nope', 'x'], n).join(' '));
  }
  return queries.map((q) => q.split(/\s+/).slice(0, 64).join(' ')).filter((q) => q.length <= 2000);
}

describe('every knowledge_query and knowledge_load answer within 40,000 characters on a 10k-note folder', () => {
  let g: GeneratedHome;
  let s: Connected;
  let queries: string[];
  before(async () => {
    ensureBuilt();
    g = generateHome(tempDir('aria-budget-'), 10_000);
    queries = legalQueries(g, fs.readFileSync(g.indexFile, 'utf8'), 40);
    s = await connect(g.home, ['--today', BENCH_TODAY]);
  });
  after(async () => s?.close());

  const call = async (name: string, args: Record<string, unknown>) =>
    (await s.client.callTool({ name, arguments: args })) as TextResult;

  /** The whole result as the CLI's --json gives it. */
  function fullResult(query: string): Structured {
    const run = spawnSync(
      process.execPath,
      [cliJs, 'query', '--json', '--today', BENCH_TODAY, '--no-cache', '--', ...query.split(/[\s,]+/).filter(Boolean)],
      { env: { PATH: process.env.PATH, HOME: g.home }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    return JSON.parse(run.stdout) as Structured;
  }

  test('knowledge_query: text and structuredContent together never pass the budget', async () => {
    let paged = 0;
    for (const query of queries) {
      const result = await call('knowledge_query', { query });
      assert.ok(!result.isError, `${query}: ${textOf(result)}`);
      const size = answerSize(result);
      assert.ok(size <= BUDGET, `"${query.slice(0, 80)}…" answered ${size} characters`);
      if ((result.structuredContent as Structured).nextCursor) paged++;
    }
    assert.ok(paged >= 5, `only ${paged} queries were large enough to be cut`);
  });

  test('knowledge_load: text and resource links together never pass the budget, nor a smaller maxChars', async () => {
    const rand = prng(77);
    for (const query of queries.slice(0, 20)) {
      const maxChars = rand() < 0.5 ? undefined : 1_000 + Math.floor(rand() * 60_000);
      const result = await call('knowledge_load', {
        query,
        picks: 'all',
        reload: true,
        ...(maxChars ? { maxChars } : {}),
      });
      const size = answerSize(result);
      assert.ok(size <= (maxChars ?? BUDGET), `"${query.slice(0, 80)}…" (maxChars ${maxChars}) loaded ${size}`);
    }
  });

  test('following nextCursor to the end gives every line of the full result exactly once, in order', async () => {
    for (const query of [queries[0], queries[1], 'proj-alpha']) {
      const full = fullResult(query);
      const items: Item[] = [];
      const ideas: string[] = [];
      const notes: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const result = await call('knowledge_query', { query, ...(cursor ? { cursor } : {}) });
        assert.ok(!result.isError, textOf(result));
        assert.ok(answerSize(result) <= BUDGET);
        const page = result.structuredContent as Structured;
        items.push(...page.items);
        ideas.push(...page.ideas.map((i) => i.path));
        notes.push(...page.notes);
        cursor = page.nextCursor;
        if (cursor) assert.match(textOf(result), /more: narrow the query with AND/);
        pages++;
      } while (cursor && pages < 1000);
      assert.ok(pages > 1 || full.items.length < 100, `${query}: one page for ${full.items.length} items`);
      assert.deepEqual(
        items.map((i) => [i.n, i.path]),
        full.items.map((i) => [i.n, i.path]),
        query,
      );
      assert.deepEqual(
        ideas,
        full.ideas.map((i) => i.path),
      );
      assert.deepEqual(notes, full.notes);
    }
  });

  test('the context prompt is one message within the budget, however wide its query', async () => {
    for (const query of queries.slice(0, 10)) {
      const prompt = await s.client.getPrompt({ name: 'context', arguments: { query } });
      const text = prompt.messages.map((m) => (m.content as { text?: string }).text ?? '').join('');
      assert.ok(text.length <= BUDGET, `"${query.slice(0, 80)}…": ${text.length} characters`);
    }
  });

  test('the v2 client (2026-07-28) pages the same way, and the same words spaced otherwise are the same query', async () => {
    const v2 = await connectV2(g.home, ['--today', BENCH_TODAY]);
    try {
      const query = queries[2];
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const asked = pages % 2 ? `  ${query.split(' ').join(' ,  ')} ` : query;
        const result = (await v2.client.callTool({
          name: 'knowledge_query',
          arguments: { query: asked, ...(cursor ? { cursor } : {}) },
        })) as TextResult;
        assert.ok(!result.isError, textOf(result));
        assert.ok(answerSize(result) <= BUDGET);
        const page = result.structuredContent as Structured;
        seen.push(...page.items.map((i) => i.path));
        cursor = page.nextCursor;
        pages++;
      } while (cursor && pages < 1000);
      assert.deepEqual(
        seen,
        fullResult(query).items.map((i) => i.path),
      );
    } finally {
      await v2.close();
    }
  });

  test('a cursor from another query, a changed folder, or forged gives a clear error, and the server goes on', async () => {
    const first = await call('knowledge_query', { query: queries[0] });
    const cursor = (first.structuredContent as Structured).nextCursor!;
    assert.ok(cursor);
    const other = await call('knowledge_query', { query: queries[1], cursor });
    assert.equal(other.isError, true);
    assert.match(textOf(other), /another query/);
    for (const forged of [
      'x',
      `${cursor}x`,
      cursor.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
      Buffer.from('{"o":3}').toString('base64url'),
    ]) {
      const bad = await call('knowledge_query', { query: queries[0], cursor: forged });
      assert.equal(bad.isError, true, forged);
      assert.match(textOf(bad), /cursor/i);
    }
    // the folder changes under the cursor: the result is no longer the one it was cut from
    const tag = queries[0].split(' ')[0];
    const text = fs.readFileSync(g.indexFile, 'utf8');
    fs.writeFileSync(
      g.indexFile,
      text.replace(`\n### ${tag}\n`, `\n### ${tag}\n- approaches/zz-new-note.md — A new note\n`),
    );
    const stale = await call('knowledge_query', { query: queries[0], cursor });
    assert.equal(stale.isError, true);
    assert.match(textOf(stale), /changed/);
    const fresh = await call('knowledge_query', { query: queries[0] });
    assert.ok(!fresh.isError && answerSize(fresh) <= BUDGET);
  });
});
