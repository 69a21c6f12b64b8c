// §9 Tool arguments are judged as they arrived: an own `__proto__` key (which the SDK's copy of
// the arguments would silently drop, or a parser turn into the prototype), `constructor` and
// `prototype` are unknown arguments for both tools, on both protocol revisions, from the official
// v1 and v2 clients; the editor's language-model tools check the same way in-process.
import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { LOAD_TOOL, QUERY_TOOL, TOOLS } from '../../src/agent/definitions';
import { checkArguments, type JsonSchema } from '../../src/agent/schema';
import { INDEX_HEADER, makeHome } from '../helpers';
import { connect, connectV2, textOf } from './client';

const SHAPES: Array<[string, string]> = [
  ['{"query":"api","__proto__":{"x":1}}', '__proto__'],
  ['{"query":"api","__proto__":null}', '__proto__'],
  ['{"query":"api","__proto__":{"query":"other"}}', '__proto__'],
  ['{"__proto__":{"query":"api"}}', '__proto__'],
  ['{"query":"api","__proto__":[]}', '__proto__'],
  ['{"query":"api","constructor":{"prototype":{}}}', 'constructor'],
  ['{"query":"api","prototype":1}', 'prototype'],
];
const LOAD_SHAPES: Array<[string, string]> = [
  ['{"paths":["a.md"],"__proto__":{"reload":true}}', '__proto__'],
  ['{"paths":["a.md"],"constructor":1}', 'constructor'],
  ['{"query":"api","picks":"all","__proto__":{"maxChars":1}}', '__proto__'],
];

describe('hostile argument names', () => {
  const home = makeHome({
    index: `${INDEX_HEADER}## Tag Index\n### api\n- a.md — A\n`,
    files: { 'knowledge/a.md': '# A\n' },
  });

  for (const [revision, open] of [
    ['2025 revision (v1 client)', connect],
    ['2026-07-28 revision (v2 client)', connectV2],
  ] as const) {
    test(`MCP server, ${revision}: each is an unknown argument, and a clean call still answers`, async () => {
      const c = await open(home);
      try {
        const client = c.client as unknown as {
          callTool(p: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
        };
        for (const [tool, shapes] of [
          [QUERY_TOOL, SHAPES],
          [LOAD_TOOL, LOAD_SHAPES],
        ] as const) {
          for (const [raw, name] of shapes) {
            const r = (await client.callTool({
              name: tool,
              arguments: JSON.parse(raw) as Record<string, unknown>,
            })) as {
              isError?: boolean;
            };
            const text = textOf(r);
            assert.equal(r.isError, true, `${tool} ${raw}: ${text}`);
            assert.match(text, new RegExp(`^Unknown arguments? .*"${name}"`), `${tool} ${raw}`);
          }
        }
        const ok = await client.callTool({ name: QUERY_TOOL, arguments: { query: 'api' } });
        assert.match(textOf(ok), /1\. a\.md — A/);
      } finally {
        await c.close();
      }
    });
  }

  test('the strict check in-process (the editor’s tools): own keys and a smuggled prototype alike', () => {
    const schema = TOOLS.find((t) => t.name === QUERY_TOOL)!.inputSchema as JsonSchema;
    for (const [raw, name] of SHAPES) {
      assert.match(checkArguments(JSON.parse(raw), schema) ?? '', new RegExp(`"${name}"`), raw);
    }
    const converted = Object.assign(Object.create({ x: 1 }) as object, { query: 'api' });
    assert.match(checkArguments(converted, schema) ?? '', /"__proto__"/);
    assert.match(
      checkArguments(Object.assign(Object.create(null) as object, { query: 'api' }), schema) ?? '',
      /"__proto__"/,
    );
    assert.equal(checkArguments({ query: 'api' }, schema), null);
  });
});
