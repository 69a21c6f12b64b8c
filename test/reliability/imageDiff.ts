// Differential checks of the compact index image (src/core/index/image/): the index
// opened from compactIndex(x) must be observably x for every reader: every table's entries in
// order, every file's fields, the same object for repeated reads, the same lookups, and the
// same answers from the query engine.
import assert from 'node:assert/strict';
import { runQuery, type Snapshot } from '../../src/core/match/engine';
import { toJson } from '../../src/core/present/json';
import { renderSummary } from '../../src/core/present/summary';
import { indexFromImage } from '../../src/core/index/image/view';
import { compactIndex, imageTransferables, type IndexImage } from '../../src/core/index/image/compact';
import { decodeImage, encodeImage } from '../../src/core/index/image/file';
import type { Config, KnowledgeIndex } from '../../src/core/types';
import { INDEX_FIELDS as FIELDS } from './indexDiff';

/** The index's tables: every field but the scalars and lists. */
const MAP_FIELDS = FIELDS.filter(
  (f) => !['lastRebuilt', 'knownTags', 'normalisedHints', 'hasTeamSharedSection', 'warnings'].includes(f),
);

/** Any Map-like or Set-like value (a real Map, a Set, an image's view) as the array of what it iterates. */
function plain(_key: string, v: unknown): unknown {
  if (
    v !== null &&
    typeof v === 'object' &&
    !Array.isArray(v) &&
    typeof (v as Iterable<unknown>)[Symbol.iterator] === 'function'
  )
    return [...(v as Iterable<unknown>)];
  return v;
}

export function serialiseAll(ix: KnowledgeIndex): string {
  const out: Record<string, unknown> = {};
  for (const f of FIELDS) out[f] = ix[f];
  return JSON.stringify(out, plain);
}

function firstDifference(actual: string, expected: string): string {
  let i = 0;
  while (i < actual.length && actual[i] === expected[i]) i++;
  return `at ${i}:\n  got      ${actual.slice(Math.max(0, i - 80), i + 120)}\n  expected ${expected.slice(Math.max(0, i - 80), i + 120)}`;
}

/**
 * `actual` (an index opened from an image) reads as `expected`: the same serialisation, and for
 * every table the same size, keys, lookups (hits and misses) and Map methods, with one object
 * per file and per list however it is reached.
 */
export function assertSameIndex(actual: KnowledgeIndex, expected: KnowledgeIndex, where: string): void {
  // Lookups first, on a fresh view: what a get makes must be what iteration later finds.
  for (const field of MAP_FIELDS) {
    const a = actual[field] as ReadonlyMap<string, unknown>;
    const e = expected[field] as ReadonlyMap<string, unknown>;
    assert.equal(a.size, e.size, `${where}: ${field}.size`);
    for (const key of e.keys()) {
      assert.ok(a.has(key), `${where}: ${field}.has(${JSON.stringify(key)})`);
      const got = a.get(key);
      assert.equal(
        JSON.stringify(got, plain),
        JSON.stringify(e.get(key), plain),
        `${where}: ${field}.get(${JSON.stringify(key)})`,
      );
      assert.equal(a.get(key), got, `${where}: ${field}.get(${JSON.stringify(key)}) gives the same object twice`);
      for (const miss of [`${key}\u0000`, key.slice(0, -1), `${key}x`, key.toUpperCase()]) {
        assert.equal(a.has(miss), e.has(miss), `${where}: ${field}.has(${JSON.stringify(miss)})`);
        assert.equal(
          JSON.stringify(a.get(miss), plain),
          JSON.stringify(e.get(miss), plain),
          `${where}: ${field}.get(${JSON.stringify(miss)})`,
        );
      }
    }
    assert.equal(a.get(undefined as unknown as string), undefined, `${where}: ${field}.get(undefined)`);
    assert.deepEqual([...a.keys()], [...e.keys()], `${where}: ${field} keys in order`);
    const viaForEach: Array<[string, unknown]> = [];
    a.forEach((value, key, map) => {
      assert.equal(map, a, `${where}: ${field}.forEach passes the map`);
      viaForEach.push([key, value]);
    });
    const entries = [...a.entries()];
    assert.deepEqual(viaForEach, entries, `${where}: ${field}.forEach is its entries`);
    assert.deepEqual([...a], entries, `${where}: ${field} iterates its entries`);
    assert.deepEqual(
      [...a.values()],
      entries.map(([, v]) => v),
      `${where}: ${field}.values`,
    );
    for (const [key, value] of entries)
      assert.equal(a.get(key), value, `${where}: ${field} iteration and get give the same object`);
  }
  const actualText = serialiseAll(actual);
  const expectedText = serialiseAll(expected);
  if (actualText !== expectedText)
    assert.fail(`${where}: the index opened from its image differs ${firstDifference(actualText, expectedText)}`);
  // One object per file: crossProject.ts tells files apart by identity.
  for (const [key, file] of actual.files) assert.equal(actual.files.get(key), file, `${where}: files.get(${key})`);
  for (const map of [actual.filesByTag, actual.filesByHint]) {
    for (const list of map.values())
      for (const file of list) assert.equal(actual.files.get(file.path), file, `${where}: ${file.path} is one object`);
  }
}

/** The query engine's answer from `actual` is `expected`'s, to the byte: the result, the summary, the JSON. */
export function assertSameAnswers(
  config: Config,
  actual: KnowledgeIndex,
  expected: KnowledgeIndex,
  inputs: readonly string[],
  today: string,
  where: string,
): void {
  for (const input of inputs) {
    const a = runQuery({ config, index: actual } satisfies Snapshot, input, { today });
    const e = runQuery({ config, index: expected }, input, { today });
    assert.deepStrictEqual(a, e, `${where}: query ${JSON.stringify(input)}`);
    if (a.ok && e.ok) {
      assert.equal(renderSummary(a.result), renderSummary(e.result), `${where}: summary of ${JSON.stringify(input)}`);
      assert.equal(
        JSON.stringify(toJson(a.result)),
        JSON.stringify(toJson(e.result)),
        `${where}: JSON of ${JSON.stringify(input)}`,
      );
    }
  }
}

/** An image as a worker's postMessage delivers it: a structured clone with its typed arrays transferred. */
export function cloneTransferred(image: IndexImage): IndexImage {
  return structuredClone(image, { transfer: imageTransferables(image) });
}

/** An image as the index cache stores and reads it: encoded to bytes, decoded from a Buffer of its own. */
export function throughCacheFile(image: IndexImage): IndexImage {
  const stamp = { producer: 'differential', key: 'index.md' };
  const bytes = encodeImage(image, stamp)!; // this Node has zlib.crc32
  const own = Buffer.alloc(bytes.length);
  bytes.copy(own);
  const back = decodeImage(own, stamp);
  assert.ok(back, 'the encoded image decodes');
  return back;
}

/** The index through its image: directly, through a transferring structured clone, and through the cache file's bytes. */
export function assertImageRoundTrip(
  index: KnowledgeIndex,
  where: string,
): { direct: KnowledgeIndex; cloned: KnowledgeIndex; file: KnowledgeIndex } {
  const direct = indexFromImage(compactIndex(index));
  assertSameIndex(direct, index, `${where} (image)`);
  const cloned = indexFromImage(cloneTransferred(compactIndex(index)));
  assertSameIndex(cloned, index, `${where} (image, structured clone)`);
  const file = indexFromImage(throughCacheFile(compactIndex(index)));
  assertSameIndex(file, index, `${where} (image, cache file)`);
  return { direct, cloned, file };
}
