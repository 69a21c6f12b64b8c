// The index parser against its reference (the parser as it was before the rewrite for speed),
// and the CLI's per-query parse against the full parse, on the fixture and on the benchmark's
// generated 1k and 10k indexes. The seeded fuzz test (fuzz-index.test.ts) runs the same two
// checks on every one of its variants.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { BENCH_TODAY, generateHome } from '../../bench/generate';
import type { KnowledgeIndex } from '../../src/core/types';
import { fixturesHome, prng, snapshotFor, tempDir, TODAY } from './helpers';
import { assertSameAsReference, assertSameQuery } from './indexDiff';

/** Queries made of the index's own words: tags, aliases, project keys, hint words, AND pairs. */
function queriesFor(ix: KnowledgeIndex, every: number): string[] {
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

test('fixture index: same as the reference parser; every query the same when read for that query only', () => {
  const snapshot = snapshotFor(fixturesHome);
  const text = fs.readFileSync(path.join(fixturesHome, 'knowledge', 'index.md'), 'utf8');
  const index = assertSameAsReference(text, 'fixture');
  for (const q of queriesFor(index, 1)) assertSameQuery(snapshot.config, index, text, q, TODAY, 'fixture');
});

for (const notes of [1_000, 10_000]) {
  test(`generated ${notes / 1000}k-note index: same as the reference parser; sampled queries the same when read for that query only`, () => {
    const g = generateHome(tempDir('aria-diff-'), notes, undefined, 0);
    const snapshot = snapshotFor(g.home);
    const text = fs.readFileSync(g.indexFile, 'utf8');
    const index = assertSameAsReference(text, `${notes} notes`);
    const queries = [...Object.values(g.queries), ...queriesFor(index, notes >= 10_000 ? 23 : 5)];
    for (const q of queries) assertSameQuery(snapshot.config, index, text, q, BENCH_TODAY, `${notes} notes`);
  });
}

test('Known Tags made of random brackets, commas, line ends and annotations: same as the reference parser', () => {
  const pieces = ['api', 'K8s', 'kube', ' ', ', ', ',', '[', ']', '[aliases: ', '[ Alias : ', '\n', '\n- ', '* ', 'x y', '\u2028', '[project: p]', '#'];
  const r = prng(0x7a65);
  for (let c = 0; c < 5_000; c++) {
    let known = '';
    for (let k = Math.floor(r() * 30); k > 0; k--) known += pieces[Math.floor(r() * pieces.length)];
    const text = `# I\n## Known Tags\n${known}\n## Tag Index\n### api\n- a.md\n`;
    assertSameAsReference(text, `Known Tags case ${c}: ${JSON.stringify(known)}`);
  }
});
