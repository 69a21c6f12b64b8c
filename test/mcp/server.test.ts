// The MCP server as a client sees it: the built dist/cli.js `mcp` over real stdio, driven by the
// SDK's Client, on real folders in temp dirs.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CallToolResultSchema, EmptyResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { fixtureHome, INDEX_HEADER, makeHome, tempDir, writeTree } from '../helpers';
import { MAX_QUERY_TOKENS, queryTooLarge } from '../../src/core/limits';
import { connect, textOf, type Connected, type TextResult } from './client';

// An agent's words: what to ask the user for, never a slash command it cannot run.
const USAGE =
  'Give "query" as one or more tags, aliases or project keys ("stripe api"; "api AND pagination" for notes with both).';
const notConfigured = (home: string) =>
  `aria-knowledge is not configured. Looked for aria-knowledge.local.md in: ${['.claude', '.gemini/antigravity', '.codex'].map((d) => path.join(home, d, 'aria-knowledge.local.md')).join(', ')}. Ask the user to set up aria-knowledge, or to start this server with --config FILE or --folder DIR (aria-context setup <client> --folder DIR writes that).`;

type JsonItem = { n: number | null; category: string; path: string };
const knowledgeItems = (items: JsonItem[]) =>
  items.filter((i) => i.category !== 'tracked-artifact').map((i) => [i.category, i.path]);

/**
 * Every file under `root` with its size and mtime, to prove a session wrote nothing; but the
 * user's own cache folder (~/.cache, where `aria-context mcp` keeps Node's compile cache).
 */
function treeState(root: string): string[] {
  const cache = path.join(root, '.cache');
  return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .map((e) => path.join(e.parentPath ?? (e as unknown as { path: string }).path, e.name))
    .filter((p) => p !== cache && !p.startsWith(`${cache}${path.sep}`))
    .map((p) => {
      const s = fs.lstatSync(p);
      return `${p} ${s.size} ${s.mtimeMs}`;
    })
    .sort();
}

describe('MCP server on the golden fixture', () => {
  const { home, golden } = fixtureHome();
  let s: Connected;
  let before_: string[];
  before(async () => {
    before_ = treeState(home);
    s = await connect(home, ['--today', golden.today]);
  });
  after(async () => {
    await s.close();
    assert.deepEqual(treeState(home), before_, 'the server wrote to the knowledge or project folders');
  });

  test('lists its two read-only tools with schemas, an output schema for the query and annotations', async () => {
    const { tools } = await s.client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), ['knowledge_load', 'knowledge_query']);
    for (const tool of tools) {
      assert.equal(tool.annotations?.readOnlyHint, true, tool.name);
      assert.equal(tool.inputSchema.type, 'object');
      assert.ok((tool.description ?? '').length > 200, `${tool.name} has a model-facing description`);
    }
    const query = tools.find((t) => t.name === 'knowledge_query')!;
    assert.deepEqual(query.inputSchema.required, ['query']);
    assert.ok(query.outputSchema && (query.outputSchema.required as string[]).includes('items'));
    const load = tools.find((t) => t.name === 'knowledge_load')!;
    assert.deepEqual(Object.keys(load.inputSchema.properties ?? {}).sort(), [
      'maxChars',
      'paths',
      'picks',
      'query',
      'reload',
    ]);
    for (const tool of tools)
      assert.equal(tool.inputSchema.additionalProperties, false, `${tool.name} takes no argument outside its schema`);
  });

  test('lists prompts, resource templates and resources with titles and markdown type', async () => {
    const { prompts } = await s.client.listPrompts();
    assert.deepEqual(
      prompts.map((p) => [p.name, p.arguments?.map((a) => [a.name, a.required])]),
      [['context', [['query', true]]]],
    );
    const { resourceTemplates } = await s.client.listResourceTemplates();
    assert.deepEqual(
      resourceTemplates.map((t) => t.uriTemplate),
      ['aria-knowledge://tag/{tag}'],
    );
    const { resources } = await s.client.listResources();
    const byName = new Map(resources.map((r) => [r.name, r]));
    const pagination = byName.get('approaches/api-pagination.md');
    assert.ok(pagination, resources.map((r) => r.name).join('\n'));
    assert.equal(pagination.uri, 'aria-knowledge://knowledge/approaches/api-pagination.md');
    assert.equal(pagination.mimeType, 'text/markdown');
    assert.equal(pagination.title, 'Cursor-based pagination patterns');
    // team-shared and project-tier files are resources too; nothing outside the allowed folders
    assert.ok(resources.some((r) => r.uri.startsWith('aria-knowledge://home/Projects/proj-a/_project-knowledge/')));
    assert.ok(resources.some((r) => r.name.startsWith('projects/proj-a/')));
    for (const r of resources) assert.ok(!/aria-knowledge\.local\.md|\.\./.test(r.uri), r.uri);
    const read = await s.client.readResource({ uri: pagination.uri });
    assert.match((read.contents[0] as { text: string }).text, /Use opaque cursors/);
  });

  for (const c of golden.cases) {
    test(`knowledge_query returns the golden items in structuredContent: ${c.name}`, async () => {
      const result = (await s.client.callTool({
        name: 'knowledge_query',
        arguments: { query: c.args.join(' ') },
      })) as TextResult;
      assert.notEqual(result.isError, true, textOf(result));
      const json = result.structuredContent as { items: JsonItem[]; noMatch: boolean };
      assert.deepEqual(knowledgeItems(json.items), c.items);
      assert.equal(json.noMatch, c.items.length === 0);
      const text = textOf(result);
      // §M an agent's words, as the CLI's: aria's lines that name a slash command are worded for it
      for (const t of [...(c.text_has ?? []), ...(c.plain_has ?? [])])
        assert.ok(text.includes(t), `summary lacks ${JSON.stringify(t)}:\n${text}`);
      for (const t of c.text_not ?? []) assert.ok(!text.includes(t), `summary has ${JSON.stringify(t)}:\n${text}`);
    });
  }

  test('knowledge_load with query and picks "all" returns the golden bundle', async () => {
    const result = await s.client.callTool({
      name: 'knowledge_load',
      arguments: { query: golden.load_case.args.join(' '), picks: 'all' },
    });
    const text = textOf(result);
    for (const t of golden.load_case.must_have) assert.ok(text.includes(t), `bundle lacks ${t}`);
    for (const t of golden.load_case.must_not) assert.ok(!text.includes(t), `bundle has ${t}`);
  });

  test('knowledge_load picks by number and by path loads exactly those files', async () => {
    const query = (await s.client.callTool({ name: 'knowledge_query', arguments: { query: 'stripe' } })) as TextResult;
    const items = (query.structuredContent as { items: JsonItem[] }).items;
    // reload: the golden bundle above was sent on this connection already
    const picked = textOf(
      await s.client.callTool({ name: 'knowledge_load', arguments: { query: 'stripe', picks: [2], reload: true } }),
    );
    const headed = (text: string) => items.filter((i) => text.split('\n').includes(`## ${i.path}`)).map((i) => i.n);
    assert.deepEqual(headed(picked), [2]);
    assert.match(picked, /Loaded 1 knowledge file into context\.\n$/);
    const byPath = textOf(
      await s.client.callTool({
        name: 'knowledge_load',
        arguments: { paths: [items[0].path, items[2].path], reload: true },
      }),
    );
    assert.deepEqual(headed(byPath), [1, 3]);
    const outOfRange = (await s.client.callTool({
      name: 'knowledge_load',
      arguments: { query: 'stripe', picks: [9] },
    })) as TextResult;
    assert.equal(outOfRange.isError, true);
    assert.match(textOf(outOfRange), /No item 9 in this result: pick from 1 to 3/);
  });

  test('the context prompt returns the summary and the instruction to load', async () => {
    const prompt = await s.client.getPrompt({ name: 'context', arguments: { query: 'stripe' } });
    const text = String((prompt.messages[0].content as { text: string }).text);
    assert.match(text, /Found 3 files matching: \[stripe\] \(OR\)/);
    assert.match(text, /knowledge_load/);
  });

  test('the tag template reads as the bundle of that tag and completes tag names', async () => {
    const read = await s.client.readResource({ uri: 'aria-knowledge://tag/stripe' });
    const text = (read.contents[0] as { text: string }).text;
    for (const t of golden.load_case.must_have) assert.ok(text.includes(t), `tag bundle lacks ${t}`);
    const done = await s.client.complete({
      ref: { type: 'ref/resource', uri: 'aria-knowledge://tag/{tag}' },
      argument: { name: 'tag', value: 'str' },
    });
    assert.deepEqual(done.completion.values, ['stripe']);
  });
});

describe('MCP server refusals and errors', () => {
  const home = makeHome({
    index: `${INDEX_HEADER}## Tag Index\n### api\n- a.md — A\n- link.md — A link out\n- ../outside.md — Escapes\n`,
    files: {
      'knowledge/a.md': '# A\nalpha content\n',
      'knowledge/secret.md': 'SECRET-NOT-INDEXED\n',
      'outside.md': 'OUTSIDE-CONTENT\n',
    },
  });
  fs.symlinkSync(path.join(home, 'outside.md'), path.join(home, 'knowledge', 'link.md'));
  let s: Connected;
  before(async () => (s = await connect(home)));
  after(async () => s.close());

  test('escaping paths, non-indexed files and symlinks leading out are refused by name and never read', async () => {
    const asked = [
      '../outside.md',
      '~/outside.md',
      path.join(home, '.claude', 'aria-knowledge.local.md'),
      'secret.md',
      'link.md',
      'a.md',
    ];
    const result = (await s.client.callTool({ name: 'knowledge_load', arguments: { paths: asked } })) as TextResult;
    const text = textOf(result);
    assert.notEqual(result.isError, true);
    for (const p of asked.slice(0, 5)) assert.ok(text.includes(`Refused ${p}`), `no refusal for ${p}:\n${text}`);
    assert.doesNotMatch(text, /OUTSIDE-CONTENT|SECRET-NOT-INDEXED|knowledge_folder/);
    assert.match(text, /alpha content/);
    assert.match(text, /Loaded 1 knowledge file into context\.\n$/);
  });

  test('resources outside the index are refused with a resource error', async () => {
    const inKnowledge = (p: string) => `aria-knowledge://knowledge/${p}`;
    const inHome = 'aria-knowledge://home/outside.md';
    for (const uri of [inKnowledge('secret.md'), inKnowledge('..%2Foutside.md'), inHome, inKnowledge('link.md')]) {
      await assert.rejects(s.client.readResource({ uri }), (err: { code?: number; message: string }) => {
        // the SDK answers a missing resource with -32602 and the URI as data, on every revision
        assert.equal(err.code, -32602, `${uri}: ${err.message}`);
        assert.deepEqual((err as { data?: unknown }).data, { uri });
        assert.match(err.message, /Refused/);
        return true;
      });
    }
    await assert.rejects(
      s.client.readResource({ uri: 'file:///etc/passwd' }),
      (err: { code?: number }) => err.code === -32602,
    );
    const listed = (await s.client.listResources()).resources.map((r) => r.name);
    assert.deepEqual(listed, ['a.md']);
  });

  test('an empty query, bad arguments and too many paths are tool errors with the usage message', async () => {
    for (const args of [{ query: '' }, { query: '   ' }, { query: 'AND' }]) {
      const r = (await s.client.callTool({ name: 'knowledge_query', arguments: args })) as TextResult;
      assert.equal(r.isError, true);
      assert.equal(textOf(r), USAGE);
    }
    const missing = (await s.client.callTool({ name: 'knowledge_query', arguments: {} })) as TextResult;
    assert.equal(missing.isError, true);
    assert.equal(textOf(missing), 'Missing argument "query" (a string).');
    const wrongType = (await s.client.callTool({ name: 'knowledge_query', arguments: { query: 42 } })) as TextResult;
    assert.equal(wrongType.isError, true);
    assert.match(textOf(wrongType), /"query" must be a string/);
    const nothing = (await s.client.callTool({ name: 'knowledge_load', arguments: {} })) as TextResult;
    assert.equal(nothing.isError, true);
    const many = (await s.client.callTool({
      name: 'knowledge_load',
      arguments: { paths: Array.from({ length: 26 }, (_, i) => `f${i}.md`) },
    })) as TextResult;
    assert.equal(many.isError, true);
    assert.match(textOf(many), /"paths" has too many items \(26; at most 25\)/);
  });

  test('unknown tools, unknown methods and malformed params are protocol errors, and the server keeps serving', async () => {
    await assert.rejects(
      s.client.callTool({ name: 'delete_everything', arguments: {} }),
      (err: { code?: number; message: string }) => {
        assert.equal(err.code, -32602);
        assert.match(err.message, /Unknown tool: delete_everything/);
        return true;
      },
    );
    await assert.rejects(
      s.client.request({ method: 'tools/call', params: { arguments: {} } } as never, CallToolResultSchema),
      (err: { code?: number }) => err.code === -32602,
    );
    await assert.rejects(
      s.client.request({ method: 'no/such/method', params: {} } as never, EmptyResultSchema),
      (err: { code?: number }) => err.code === -32601,
    );
    await assert.rejects(
      s.client.listResources({ cursor: 'not-a-cursor' }),
      (err: { code?: number }) => err.code === -32602,
    );
    await assert.rejects(
      s.client.getPrompt({ name: 'context', arguments: {} }),
      (err: { code?: number; message: string }) => err.code === -32602 && err.message.includes(USAGE),
    );
    const ok = (await s.client.callTool({ name: 'knowledge_query', arguments: { query: 'api' } })) as TextResult;
    assert.match(textOf(ok), /1\. a\.md — A \[api\]/);
  });
});

describe('MCP server freshness and configuration', () => {
  test('a change to index.md between two calls is seen by the second, without a restart', async () => {
    const home = makeHome({
      index: `${INDEX_HEADER}## Tag Index\n### api\n- a.md — A\n`,
      files: { 'knowledge/a.md': '# A\n', 'knowledge/b.md': '# B\nbeta\n' },
    });
    const s = await connect(home);
    try {
      const first = (await s.client.callTool({ name: 'knowledge_query', arguments: { query: 'api' } })) as TextResult;
      assert.deepEqual(
        (first.structuredContent as { items: JsonItem[] }).items.map((i) => i.path),
        ['a.md'],
      );
      const refused = textOf(await s.client.callTool({ name: 'knowledge_load', arguments: { paths: ['b.md'] } }));
      assert.match(refused, /Refused b\.md/);
      // an editor or /index writes the new file next to it and renames it over the old one
      const indexFile = path.join(home, 'knowledge', 'index.md');
      fs.writeFileSync(`${indexFile}.tmp`, `${INDEX_HEADER}## Tag Index\n### api\n- a.md — A\n- b.md — B\n`);
      fs.renameSync(`${indexFile}.tmp`, indexFile);
      const second = (await s.client.callTool({ name: 'knowledge_query', arguments: { query: 'api' } })) as TextResult;
      assert.deepEqual(
        (second.structuredContent as { items: JsonItem[] }).items.map((i) => i.path),
        ['a.md', 'b.md'],
      );
      assert.match(textOf(await s.client.callTool({ name: 'knowledge_load', arguments: { paths: ['b.md'] } })), /beta/);
      // an in-place edit too
      fs.appendFileSync(indexFile, '### beta\n- b.md — B\n');
      const third = (await s.client.callTool({ name: 'knowledge_query', arguments: { query: 'beta' } })) as TextResult;
      assert.deepEqual(
        (third.structuredContent as { items: JsonItem[] }).items.map((i) => i.path),
        ['b.md'],
      );
    } finally {
      await s.close();
    }
  });

  test('not configured, then a config appears: the fixed message first, results after', async () => {
    const home = tempDir('aria-mcp-empty-');
    const s = await connect(home);
    try {
      const first = (await s.client.callTool({ name: 'knowledge_query', arguments: { query: 'api' } })) as TextResult;
      assert.equal(first.isError, true);
      assert.equal(textOf(first), notConfigured(home));
      assert.deepEqual((await s.client.listResources()).resources, []);
      writeTree(home, { '.claude/aria-knowledge.local.md': '---\nknowledge_folder: ~/kb\n---\n' });
      const noIndex = (await s.client.callTool({ name: 'knowledge_query', arguments: { query: 'api' } })) as TextResult;
      assert.equal(noIndex.isError, true);
      assert.equal(
        textOf(noIndex),
        `The knowledge folder ${path.join(home, 'kb')} does not exist (named by knowledge_folder in ${path.join(home, '.claude', 'aria-knowledge.local.md')}). Correct the path there, or point it at the folder that holds index.md.`,
      );
      writeTree(home, { 'kb/index.md': `${INDEX_HEADER}## Tag Index\n### api\n- x.md — X\n`, 'kb/x.md': '# X\n' });
      const ready = (await s.client.callTool({ name: 'knowledge_query', arguments: { query: 'api' } })) as TextResult;
      assert.notEqual(ready.isError, true);
      assert.match(textOf(ready), /1\. x\.md — X/);
    } finally {
      await s.close();
    }
    assert.match(s.stderr(), /aria-knowledge is not configured/, 'the state is logged on stderr');
  });

  test('a query over the core caps is refused at once with the core message, before any config or index is read', async () => {
    const home = tempDir('aria-mcp-huge-');
    const s = await connect(home);
    try {
      const words = Array.from({ length: 10_000 }, (_, i) => `t${i}`).join(' ');
      const expected = queryTooLarge(words);
      assert.ok(expected);
      const tooMany = Array.from({ length: MAX_QUERY_TOKENS + 1 }, () => 'a').join(' ');
      for (const [name, args] of [
        ['knowledge_query', { query: words }],
        ['knowledge_load', { query: words, picks: 'all' }],
        ['knowledge_query', { query: tooMany }],
      ] as const) {
        const r = (await s.client.callTool({ name, arguments: args })) as TextResult;
        assert.equal(r.isError, true);
        // the home is not configured: the cap answered before the configuration was looked at
        assert.equal(textOf(r), queryTooLarge(args.query), name);
      }
      await assert.rejects(
        s.client.readResource({ uri: `aria-knowledge://tag/${encodeURIComponent(words)}` }),
        (err: { code?: number; message: string }) => err.code === -32602 && err.message.includes(expected),
      );
    } finally {
      await s.close();
    }
  });

  test('--folder, --config and KT_CONFIG are read as the CLI reads them; a workspace .cursor config never is', async () => {
    const other = tempDir('aria-mcp-other-');
    writeTree(other, {
      'kb/index.md': `${INDEX_HEADER}## Tag Index\n### api\n- other.md — Other\n`,
      'cfg.md': `---\nknowledge_folder: ${path.join(other, 'kb')}\n---\n`,
      '.cursor/aria-knowledge.local.md': `---\nknowledge_folder: /should/not/be/read\n---\n`,
    });
    const home = makeHome({ index: `${INDEX_HEADER}## Tag Index\n### api\n- mine.md — Mine\n` });
    const runs: Array<[string[], Record<string, string>, RegExp]> = [
      [['--folder', path.join(other, 'kb')], {}, /other\.md/],
      [['--config', path.join(other, 'cfg.md')], {}, /other\.md/],
      [[], { KT_CONFIG: path.join(other, 'cfg.md') }, /other\.md/],
      [[], {}, /mine\.md/],
      [['--config', path.join(other, 'missing.md')], {}, /^Config file not found: /],
    ];
    for (const [args, env, expected] of runs) {
      const s = await connect(home, args, { env, direct: args.length === 0 });
      try {
        const r = await s.client.callTool({ name: 'knowledge_query', arguments: { query: 'api' } });
        assert.match(textOf(r), expected, `${args.join(' ')} ${JSON.stringify(env)}`);
      } finally {
        await s.close();
      }
    }
  });
});
