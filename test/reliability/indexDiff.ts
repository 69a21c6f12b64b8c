// Differential checks of the index parser: src/core/indexParser.ts against the reference
// parser kept from before its rewrite (the fine-print rules written plainly into it since), and
// the per-query parse (parseIndexForQuery, used by the CLI) against the full parse.
import assert from 'node:assert/strict';
import { runQuery, type Snapshot } from '../../src/core';
import { parseIndex, parseIndexForQuery } from '../../src/core/indexParser';
import type { Config, KnowledgeIndex } from '../../src/core/types';
import { parseIndex as referenceParseIndex } from './referenceIndexParser';

const FIELDS = [
  'lastRebuilt', 'projects', 'knownTags', 'aliases', 'tagIndex', 'otherTags', 'hints', 'teamShared', 'files',
  'teamSharedFiles', 'filesByTag', 'filesByHint', 'normalisedHints', 'hasTeamSharedSection', 'warnings',
] as const;

/** Every field of a parsed index, derived tables included, in order (Maps and Sets as arrays). */
export function serialiseIndex(ix: KnowledgeIndex): string {
  const out: Record<string, unknown> = {};
  for (const f of FIELDS) out[f] = ix[f];
  return JSON.stringify(out, (_k, v) => (v instanceof Map ? [...v] : v instanceof Set ? [...v] : v));
}

/** parseIndex(text) (given, or parsed here) equals the reference parser's result, field for field and in order. */
export function assertSameAsReference(text: string, where: string, index: KnowledgeIndex = parseIndex(text)): KnowledgeIndex {
  const expected = serialiseIndex(referenceParseIndex(text));
  const actual = serialiseIndex(index);
  if (actual !== expected) {
    let i = 0;
    while (i < actual.length && actual[i] === expected[i]) i++;
    assert.fail(`${where}: parseIndex differs from the reference at ${i}:\n  got      ${actual.slice(i - 80, i + 120)}\n  expected ${expected.slice(i - 80, i + 120)}`);
  }
  return index;
}

/** The query answered from parseIndexForQuery(text, input) is the one answered from the full index. */
export function assertSameQuery(config: Config, full: KnowledgeIndex, text: string, input: string, today: string, where: string): void {
  const expected = runQuery({ config, index: full } satisfies Snapshot, input, { today });
  const actual = runQuery({ config, index: parseIndexForQuery(text, input) }, input, { today });
  assert.deepStrictEqual(actual, expected, `${where}: query ${JSON.stringify(input)} differs when the index is read for that query only`);
}
