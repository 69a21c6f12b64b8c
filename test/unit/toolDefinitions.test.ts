// Each tool is defined once (src/agent/definitions.ts): the MCP server announces it, and the
// editor's language-model tools declare it in package.json. These prove the two agree and that
// every schema keyword is one the argument checker understands.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { TOOLS, type LoadToolInput, type QueryToolInput } from '../../src/agent/definitions';
import { checkArguments, SCHEMA_KEYWORDS, type JsonSchema } from '../../src/agent/schema';
import { EDITOR_TOOLS } from '../../src/vscode/chat/toolHandlers';
import { repoRoot } from '../helpers';

const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));

test("package.json's languageModelTools are the shared definitions under the editor's names", () => {
  const declared = pkg.contributes.languageModelTools as Array<{
    name: string;
    modelDescription: string;
    inputSchema: unknown;
  }>;
  assert.deepEqual(
    declared.map((t) => t.name),
    EDITOR_TOOLS.map((t) => t.name),
  );
  for (const t of declared) {
    const def = EDITOR_TOOLS.find((d) => d.name === t.name)!;
    assert.deepEqual(t.inputSchema, def.inputSchema, `${t.name}: run npm run tools:manifest`);
    assert.equal(t.modelDescription, def.description, `${t.name}: run npm run tools:manifest`);
  }
  // one schema for both front ends: only the sibling tool's name in a description differs
  const named = (schemas: unknown[], query: string) => JSON.stringify(schemas).split(query).join('<query tool>');
  assert.equal(
    named(
      EDITOR_TOOLS.map((t) => t.inputSchema),
      'aria-context_query',
    ),
    named(
      TOOLS.map((t) => t.inputSchema),
      'knowledge_query',
    ),
  );
});

test('every keyword of every tool schema is one the argument checker understands', () => {
  const walk = (schema: Record<string, unknown>, where: string): void => {
    for (const key of Object.keys(schema))
      assert.ok(SCHEMA_KEYWORDS.has(key), `${where}: ${key} is not checked by src/agent/schema.ts`);
    for (const sub of Object.values((schema.properties ?? {}) as Record<string, Record<string, unknown>>))
      walk(sub, where);
    if (schema.items) walk(schema.items as Record<string, unknown>, where);
    for (const sub of (schema.anyOf ?? []) as Array<Record<string, unknown>>) walk(sub, where);
  };
  for (const t of TOOLS) walk(t.inputSchema as unknown as Record<string, unknown>, t.name);
});

test('arguments are checked strictly, with messages that name the argument', () => {
  const load = TOOLS[1].inputSchema as JsonSchema;
  assert.equal(checkArguments({ paths: ['a.md'], maxChars: 5000, reload: true }, load), null);
  assert.equal(checkArguments({ query: 'x', picks: [1, 3] }, load), null);
  assert.equal(checkArguments({ query: 'x', picks: 'all' }, load), null);
  assert.equal(
    checkArguments({ query: 'x', bogus: true, other: 1 }, load),
    'Unknown arguments "bogus", "other": this tool takes only paths, query, picks, maxChars, reload.',
  );
  assert.equal(
    checkArguments({ query: 'x', picks: '1,3' }, load),
    '"picks" must be an array of integers or "all" (got "1,3").',
  );
  assert.equal(checkArguments({ query: 'x', picks: [0] }, load), '"picks[0]" must be at least 1 (got 0).');
  assert.equal(
    checkArguments({ query: 'x', picks: 'some' }, load),
    '"picks" must be an array of integers or "all" (got "some").',
  );
  assert.equal(checkArguments({ paths: [1] }, load), '"paths[0]" must be a string (got 1).');
  assert.equal(checkArguments({ maxChars: 10 }, load), '"maxChars" must be at least 1000 (got 10).');
  assert.equal(checkArguments([], load), 'The arguments must be an object (got []).');
  assert.equal(checkArguments({}, TOOLS[0].inputSchema as JsonSchema), 'Missing argument "query" (a string).');
});

/** True only when A and B are the same type (a mismatch fails the type-check, which `npm test` runs first). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

test("the tools' argument types are derived from their schemas: what the checker lets through", () => {
  const derived: [
    Same<QueryToolInput, { query: string; cursor?: string }>,
    Same<
      LoadToolInput,
      { paths?: string[]; query?: string; picks?: number[] | 'all'; maxChars?: number; reload?: boolean }
    >,
  ] = [true, true];
  assert.deepEqual(derived, [true, true]);
});
