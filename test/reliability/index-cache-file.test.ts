// The index cache's file format against the parsed index: the index opened from an image that
// went through bytes (encodeImage → decodeImage) answers every query as the parsed index, to
// the byte (summary and JSON). The fuzzer and the image tests
// run the same round trip on every variant (imageDiff.ts assertImageRoundTrip).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { BENCH_TODAY, generateHome } from '../../bench/generate';
import { runQuery } from '../../src/core/match/engine';
import { toJson } from '../../src/core/present/json';
import { renderSummary } from '../../src/core/present/summary';
import { parseIndex } from '../../src/core/index/parse';
import { indexFromImage } from '../../src/core/index/image/view';
import { compactIndex } from '../../src/core/index/image/compact';
import { fixtureCopy, readGolden, tempDir } from '../helpers';
import { snapshotFor } from './helpers';
import { queriesFor } from './indexDiff';
import { assertSameAnswers, throughCacheFile } from './imageDiff';

/** Summary and JSON of `input` from the cached index and from the parse of the same text. */
function assertSameAsParse(home: string, inputs: readonly string[], today: string, where: string): void {
  const parsed = snapshotFor(home);
  const text = fs.readFileSync(path.join(parsed.config.knowledgeFolder, 'index.md'), 'utf8');
  const cached = indexFromImage(throughCacheFile(compactIndex(parseIndex(text))));
  assertSameAnswers(parsed.config, cached, parsed.index, inputs, today, where);
  for (const input of inputs) {
    const a = runQuery({ config: parsed.config, index: cached }, input, { today });
    const b = runQuery({ config: parsed.config, index: parseIndex(text) }, input, { today });
    assert.equal(a.ok, b.ok, `${where}: ${input}`);
    if (!a.ok || !b.ok) continue;
    assert.equal(renderSummary(a.result), renderSummary(b.result), `${where}: summary of ${JSON.stringify(input)}`);
    assert.equal(
      JSON.stringify(toJson(a.result)),
      JSON.stringify(toJson(b.result)),
      `${where}: JSON of ${JSON.stringify(input)}`,
    );
  }
}

test('golden example folder: from the cache file every golden query answers as from index.md', () => {
  const home = fixtureCopy('aria-cache-file-');
  const golden = readGolden();
  const parsed = snapshotFor(home);
  const inputs = [
    ...golden.cases.map((c) => c.args.join(' ')),
    golden.load_case.args.join(' '),
    ...queriesFor(parsed.index, 1),
  ];
  assertSameAsParse(home, inputs, golden.today, 'golden');
});

for (const [name, shape] of [
  ['', {}],
  [' (5 tags per note, 1,000 tags)', { tagsPerNote: 5, tags: 1000 }],
] as const) {
  test(`generated 10k-note folder${name}: from the cache file sampled queries answer as from index.md`, () => {
    const g = generateHome(tempDir('aria-cache-file-gen-'), 10_000, undefined, 0, shape);
    const parsed = snapshotFor(g.home);
    assertSameAsParse(
      g.home,
      [...Object.values(g.queries), ...queriesFor(parsed.index, 61)],
      BENCH_TODAY,
      `10k${name}`,
    );
  });
}
