// Differential checks of the index parser: src/core/index/ against the reference
// parser kept from before its rewrite (the fine-print rules written plainly into it since).
import assert from 'node:assert/strict';
import { parseIndex } from '../../src/core/index/parse';
import type { KnowledgeIndex } from '../../src/core/types';
import { parseIndex as referenceParseIndex } from './referenceIndexParser';

/** Every field of a KnowledgeIndex, derived tables included, in the order they are compared. */
export const INDEX_FIELDS = [
  'lastRebuilt',
  'projects',
  'knownTags',
  'aliases',
  'tagIndex',
  'otherTags',
  'hints',
  'teamShared',
  'files',
  'teamSharedFiles',
  'filesByTag',
  'filesByHint',
  'normalisedHints',
  'hasTeamSharedSection',
  'warnings',
] as const;

/** Every field of a parsed index, derived tables included, in order (Maps and Sets as arrays). */
export function serialiseIndex(ix: KnowledgeIndex): string {
  const out: Record<string, unknown> = {};
  for (const f of INDEX_FIELDS) out[f] = ix[f];
  return JSON.stringify(out, (_k, v) => (v instanceof Map ? [...v] : v instanceof Set ? [...v] : v));
}

/** parseIndex(text) (given, or parsed here) equals the reference parser's result, field for field and in order. */
export function assertSameAsReference(
  text: string,
  where: string,
  index: KnowledgeIndex = parseIndex(text),
): KnowledgeIndex {
  const expected = serialiseIndex(referenceParseIndex(text));
  const actual = serialiseIndex(index);
  if (actual !== expected) {
    let i = 0;
    while (i < actual.length && actual[i] === expected[i]) i++;
    assert.fail(
      `${where}: parseIndex differs from the reference at ${i}:\n  got      ${actual.slice(i - 80, i + 120)}\n  expected ${expected.slice(i - 80, i + 120)}`,
    );
  }
  return index;
}

/** Queries made of the index's own words: tags, aliases, project keys, hint words, AND pairs. */
export function queriesFor(ix: KnowledgeIndex, every: number): string[] {
  const tags = [...ix.tagIndex.keys(), ...ix.otherTags.keys()].filter((_, i) => i % every === 0);
  const aliases = [...ix.aliases.keys()].filter((_, i) => i % every === 0);
  const hintWords = [...new Set([...ix.hints.keys()].flatMap((h) => h.split(/\s+/)))].filter((_, i) => i % every === 0);
  const projects = [...ix.projects.keys()];
  const out = [...tags, ...aliases, ...hintWords, ...projects, ...ix.teamShared.keys()];
  for (let i = 0; i + 1 < tags.length; i += 2)
    out.push(
      `${tags[i]} AND ${tags[i + 1]}`,
      `${tags[i]} ${tags[i + 1]} ${hintWords[i % Math.max(1, hintWords.length)] ?? ''}`,
    );
  for (const p of projects) out.push(`${p} ${tags[0] ?? ''}`, `${p} AND ${tags[1] ?? ''}`);
  out.push('no-such-tag', 'API', 'AND', 'pagination', 'a');
  return out;
}
