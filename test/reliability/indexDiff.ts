// Differential checks of the index parser: src/core/indexParser/ against the reference
// parser kept from before its rewrite (the fine-print rules written plainly into it since), and
// the per-query parse (parseIndexForQuery, used by the CLI) against the full parse.
import assert from 'node:assert/strict';
import { runQuery, type Snapshot } from '../../src/core/engine';
import { parseIndex, parseIndexForQuery } from '../../src/core/indexParser';
import { parseQueryText, resolveQuery } from '../../src/core/query';
import { prepareTokens } from '../../src/core/tokenMatch';
import type { Config, IndexedFile, KnowledgeIndex } from '../../src/core/types';
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

/**
 * The query answered from parseIndexForQuery(text, input) is the one answered from the full
 * index, and everything that query reads from the index is the same: the sections read whole,
 * the warnings, the lists of its tags and of the hint phrases it matches, and every file in
 * them with all its tags, hints and description.
 */
export function assertSameQuery(config: Config, full: KnowledgeIndex, text: string, input: string, today: string, where: string): void {
  const partial = parseIndexForQuery(text, input);
  const expected = runQuery({ config, index: full } satisfies Snapshot, input, { today });
  const actual = runQuery({ config, index: partial }, input, { today });
  assert.deepStrictEqual(actual, expected, `${where}: query ${JSON.stringify(input)} differs when the index is read for that query only`);
  assert.equal(serialiseRead(partial, input), serialiseRead(full, input), `${where}: what query ${JSON.stringify(input)} reads differs when the index is read for that query only`);
}

/** What a query reads from an index, in order (files with their sorted tags). */
function serialiseRead(ix: KnowledgeIndex, input: string): string {
  const query = resolveQuery(ix, parseQueryText(input));
  const tokens = prepareTokens(query.tokens);
  const file = (f: IndexedFile) => ({ ...f, tags: [...f.tags].sort() });
  const byTag = tokens.map((t) => [t.lower, (ix.filesByTag.get(t.lower) ?? []).map(file)]);
  const hints = ix.normalisedHints
    .filter(([normalised]) => tokens.some((t) => t.hintForm !== '' && normalised.includes(t.hintForm)))
    .map(([normalised, phrase]) => [normalised, phrase, (ix.filesByHint.get(phrase) ?? []).map(file)]);
  const whole = {
    lastRebuilt: ix.lastRebuilt,
    projects: ix.projects,
    knownTags: ix.knownTags,
    aliases: ix.aliases,
    teamShared: ix.teamShared,
    teamSharedFiles: ix.teamSharedFiles,
    hasTeamSharedSection: ix.hasTeamSharedSection,
    warnings: ix.warnings,
  };
  return JSON.stringify({ whole, byTag, hints }, (_k, v) => (v instanceof Map ? [...v] : v instanceof Set ? [...v] : v));
}

/** Queries made of the index's own words: tags, aliases, project keys, hint words, AND pairs. */
export function queriesFor(ix: KnowledgeIndex, every: number): string[] {
  const tags = [...ix.tagIndex.keys(), ...ix.otherTags.keys()].filter((_, i) => i % every === 0);
  const aliases = [...ix.aliases.keys()].filter((_, i) => i % every === 0);
  const hintWords = [...new Set([...ix.hints.keys()].flatMap((h) => h.split(/\s+/)))].filter((_, i) => i % every === 0);
  const projects = [...ix.projects.keys()];
  const out = [...tags, ...aliases, ...hintWords, ...projects, ...ix.teamShared.keys()];
  for (let i = 0; i + 1 < tags.length; i += 2) out.push(`${tags[i]} AND ${tags[i + 1]}`, `${tags[i]} ${tags[i + 1]} ${hintWords[i % Math.max(1, hintWords.length)] ?? ''}`);
  for (const p of projects) out.push(`${p} ${tags[0] ?? ''}`, `${p} AND ${tags[1] ?? ''}`);
  out.push('no-such-tag', 'API', 'AND', 'pagination', 'a');
  return out;
}
