// The index parser against its reference (the parser as it was before the rewrite for speed),
// and the CLI's per-query parse against the full parse, on the fixture and on the benchmark's
// generated 1k and 10k indexes. The seeded fuzz test (fuzz-index.test.ts) runs the same two
// checks on every one of its variants.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { BENCH_TODAY, generateHome } from '../../bench/generate';
import { fixturesHome, GENERATED_FOLDERS, snapshotFor, TODAY } from './helpers';
import { tempDir } from '../helpers';
import { prng } from '../prng';
import assert from 'node:assert/strict';
import { indexFromImage } from '../../src/core/index/image/view';
import { compactIndex } from '../../src/core/index/image/compact';
import type { Config, KnowledgeIndex } from '../../src/core/types';
import { assertSameAnswers, throughCacheFile } from './imageDiff';
import { assertSameAsReference, queriesFor } from './indexDiff';

/** Every query answered from the index cache's form (the compact image through its file bytes) as from the parse. */
function assertSameFromCache(
  config: Config,
  index: KnowledgeIndex,
  queries: readonly string[],
  today: string,
  where: string,
): void {
  assertSameAnswers(config, indexFromImage(throughCacheFile(compactIndex(index))), index, queries, today, where);
}

test('fixture index: same as the reference parser; every query the same when read for that query only', () => {
  const snapshot = snapshotFor(fixturesHome);
  const text = fs.readFileSync(path.join(fixturesHome, 'knowledge', 'index.md'), 'utf8');
  const index = assertSameAsReference(text, 'fixture');
  assertSameFromCache(snapshot.config, index, queriesFor(index, 1), TODAY, 'fixture');
});

for (const { notes, shapeName, shape } of GENERATED_FOLDERS) {
  test(`generated ${notes / 1000}k-note index${shapeName}: same as the reference parser; sampled queries the same when read for that query only`, () => {
    const g = generateHome(tempDir('aria-diff-'), notes, undefined, 0, shape);
    const snapshot = snapshotFor(g.home);
    const text = fs.readFileSync(g.indexFile, 'utf8');
    const index = assertSameAsReference(text, `${notes} notes`);
    const queries = [...Object.values(g.queries), ...queriesFor(index, notes >= 10_000 ? 23 : 5)];
    assertSameFromCache(snapshot.config, index, queries, BENCH_TODAY, `${notes} notes`);
  });
}

test('Known Tags made of random brackets, commas, line ends and annotations: same as the reference parser', () => {
  const pieces = [
    'api',
    'K8s',
    'kube',
    ' ',
    ', ',
    ',',
    '[',
    ']',
    '[aliases: ',
    '[ Alias : ',
    '\n',
    '\n- ',
    '* ',
    'x y',
    '\u2028',
    '[project: p]',
    '#',
  ];
  const r = prng(0x7a65);
  for (let c = 0; c < 5_000; c++) {
    let known = '';
    for (let k = Math.floor(r() * 30); k > 0; k--) known += pieces[Math.floor(r() * pieces.length)];
    const text = `# I\n## Known Tags\n${known}\n## Tag Index\n### api\n- a.md\n`;
    assertSameAsReference(text, `Known Tags case ${c}: ${JSON.stringify(known)}`);
  }
});

test('headings anywhere (indented, closed, `#` inside entries, repeated, under `#` titles, outside sections): same as the reference parser, and index health places every stored entry', () => {
  // Lines a structural search for `#` must read exactly as the walk does.
  const pieces = [
    '## Tag Index',
    '## tag   INDEX ##',
    '  ## Other Tags',
    '## Semantic Hints Index',
    '## Team-Shared Tag Index',
    '## Known Tags',
    '## Projects',
    '## Review',
    '### api',
    '###   API  ###',
    '\t### cache',
    '### api-design',
    '###api',
    '#### api',
    '# Title',
    '#',
    '###',
    '### ',
    '\u00a0### hint phrase',
    '### cursor pagination',
    '### p1 — Project one',
    'Relevant tags: api, cache',
    'api, cache [aliases: apis, c#]',
    '- a.md — about #api',
    '- b.md',
    '- `c.md` — ticked',
    '- ./a.md — dotted',
    '- a.md#frag — x',
    '* d.md — star',
    '-\u00a0e.md — nbsp',
    '- # not a heading',
    'text with # inside',
    '- f.md — d [project: p1, scope: repo]',
    '',
    '  ',
    'Last rebuilt: today',
    // Paths holding ` — `, empty descriptions, annotation keys in any order (§F19, §F41).
    '- G — a.md — about — more',
    '- G — a.md',
    '- h.MD —',
    '- `t — b.md` —',
    '- no ext — d — e',
    '- ~/s.md — S [scope: repo, project: p1]',
    '- ~/u.md [project: p1, project: p2]',
  ];
  assertShuffledTexts('heading case', pieces, { seed: 0x6865, cases: 3_000, lines: 40 });
});

test('Known Tags in several sections, with problem items among problem entry lines: the same warnings, line numbers included, and every known tag placed on a line', () => {
  const pieces = [
    '## Known Tags',
    '## known   tags',
    'api [aliases: apis], cache',
    'x y, kube [aliases: k8s, api]',
    'cache [aliases: apis]',
    'z [note: not aliases]',
    '- bulleted, tags [aliases: b c]',
    '',
    '## Tag Index',
    '### api',
    '- a.md — a',
    'not an entry',
    '## Other Tags',
    '### kube',
    '- k.md',
    '- ',
    '## Projects',
    '### p1 — One',
    'Relevant tags: api',
    '# Title',
    '## Semantic Hints Index',
    '### kube cluster',
    '- k.md',
    'stray text',
  ];
  assertShuffledTexts('Known Tags sections case', pieces, { seed: 0x6b74, cases: 2_000, lines: 50, frontMatter: true });
});

/**
 * Texts of 1 to `lines` lines drawn from `pieces` (seeded; with `frontMatter` three in ten open with
 * front matter; one in five with CRLF line ends): each the same as the reference parser, and each
 * stored entry placed on a line.
 */
function assertShuffledTexts(
  name: string,
  pieces: string[],
  o: { seed: number; cases: number; lines: number; frontMatter?: boolean },
): void {
  const r = prng(o.seed);
  for (let c = 0; c < o.cases; c++) {
    const lines: string[] = [];
    for (let k = 1 + Math.floor(r() * o.lines); k > 0; k--) lines.push(pieces[Math.floor(r() * pieces.length)]);
    const head = o.frontMatter && r() < 0.3 ? ['---', 'title: x', '---'] : [];
    const text = [...head, ...lines].join(r() < 0.2 ? '\r\n' : '\n');
    const index = assertSameAsReference(text, `${name} ${c}`);
    assertLinesPlaceEntries(index, text, `${name} ${c}: ${JSON.stringify(text)}`);
  }
}

/**
 * What index health reads (the line records of the parser's own walk) places every entry and known tag
 * the parse stored on a line: a problem with any of them can be shown where it is.
 */
function assertLinesPlaceEntries(index: KnowledgeIndex, text: string, where: string): void {
  const { lines } = index;
  const placed = new Set(
    [...lines.entries].map((e) => `${e.section}\u0000${e.section === 'hints' ? '' : e.heading}\u0000${e.path}`),
  );
  const stored: string[] = [];
  for (const [tag, entries] of index.tagIndex) for (const e of entries) stored.push(`tags\u0000${tag}\u0000${e.path}`);
  for (const [tag, entries] of index.otherTags)
    for (const e of entries) stored.push(`other\u0000${tag}\u0000${e.path}`);
  for (const paths of index.hints.values()) for (const p of paths) stored.push(`hints\u0000\u0000${p}`);
  for (const [heading, entries] of index.teamShared)
    for (const e of entries) stored.push(`team\u0000${heading}\u0000${e.path}`);
  for (const key of stored) assert.ok(placed.has(key), `${where}: ${JSON.stringify(key)} has no line`);
  const knownPlaced = new Set(lines.knownTags.map((k) => k.tag));
  for (const k of index.knownTags) assert.ok(knownPlaced.has(k.tag), `${where}: known tag ${k.tag} has no line`);
  for (const e of lines.entries)
    assert.ok(e.line >= 1 && e.line <= text.split(/\r\n|\r|\n/).length, `${where}: line ${e.line} out of range`);
}
