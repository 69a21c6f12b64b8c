// The compact index image against the parsed index it was built from: on the golden example
// folder, the benchmark's generated folders and hand-made awkward indexes, directly and after a
// structured clone that transfers its arrays (what a reload worker's postMessage does). The
// seeded fuzzer (fuzz-index.test.ts) runs the same checks on every one of its variants.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import * as v8 from 'node:v8';
import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads';
import { BENCH_TODAY, generateHome } from '../../bench/generate';
import { runQuery } from '../../src/core/match/engine';
import { KnowledgeBase } from '../../src/core/kb/knowledgeBase';
import { loadSnapshot, readIndexFor } from '../../src/core/index/snapshot';
import { parseIndex, parseIndexCompact } from '../../src/core/index/parse';
import { indexFromImage } from '../../src/core/index/image/view';
import { compactIndex, imageTransferables, type IndexImage } from '../../src/core/index/image/compact';
import { fixtureCopy, readGolden, tempDir } from '../helpers';
import { GENERATED_FOLDERS, snapshotFor } from './helpers';
import { queriesFor } from './indexDiff';
import { assertImageRoundTrip, assertSameAnswers, assertSameIndex, cloneTransferred, serialiseAll } from './imageDiff';

test('golden example folder: the index opened from its image reads as the parsed one, and every golden query answers the same to the byte', () => {
  const home = fixtureCopy('aria-image-');
  const golden = readGolden();
  const parsed = snapshotFor(home);
  const text = fs.readFileSync(path.join(home, 'knowledge', 'index.md'), 'utf8');
  assert.equal(serialiseAll(parsed.index), serialiseAll(parseIndex(text)), "the snapshot holds parseIndex's index");
  const { direct, cloned } = assertImageRoundTrip(parsed.index, 'golden');
  const inputs = [
    ...golden.cases.map((c) => c.args.join(' ')),
    golden.load_case.args.join(' '),
    ...queriesFor(parsed.index, 1),
  ];
  assertSameAnswers(parsed.config, direct, parsed.index, inputs, golden.today, 'golden');
  assertSameAnswers(parsed.config, cloned, parsed.index, inputs, golden.today, 'golden, structured clone');
  // And the golden expectations themselves hold on the compact index as the editor loads it.
  const compact = loadSnapshot({ home, env: {} }, { compact: true });
  assert.ok(compact.ok);
  for (const c of golden.cases) {
    const result = runQuery(compact.snapshot, c.args.join(' '), { today: golden.today });
    assert.ok(result.ok, c.name);
    assert.deepEqual(
      result.result.items.filter((i) => i.category !== 'tracked-artifact').map((i) => [i.category, i.path]),
      c.items,
      c.name,
    );
  }
});

for (const { notes, shapeName, shape } of GENERATED_FOLDERS) {
  test(`generated ${notes / 1000}k-note folder${shapeName}: the index opened from its image reads as the parsed one and answers sampled queries the same`, () => {
    const g = generateHome(tempDir('aria-image-gen-'), notes, undefined, 0, shape);
    const parsed = snapshotFor(g.home);
    const { direct, cloned } = assertImageRoundTrip(parsed.index, `${notes} notes${shapeName}`);
    const inputs = [...Object.values(g.queries), ...queriesFor(parsed.index, notes >= 10_000 ? 23 : 5)];
    assertSameAnswers(parsed.config, direct, parsed.index, inputs, BENCH_TODAY, `${notes} notes${shapeName}`);
    assertSameAnswers(
      parsed.config,
      cloned,
      parsed.index,
      inputs.slice(0, 40),
      BENCH_TODAY,
      `${notes} notes${shapeName}, structured clone`,
    );
  });
}

/** Spellings, duplicates, empty and wide strings, a path listed under Tag Index and Other Tags alike. */
const AWKWARD_INDEX = [
  '# Knowledge Index',
  'Last rebuilt: 2026-11-02',
  '## Projects',
  '### p1 — Project one',
  'Relevant tags: api, 日本語',
  '## Known Tags',
  'api [aliases: apis, API-v1], 日本語, cache',
  '## Tag Index',
  '### api',
  '- ./a.md — first spelling, normalised',
  '- a.md — second spelling, the same file',
  '- a//b/../c.md',
  '- c.md — described later — with a second dash',
  '- 日本/ノート.md — 説明 🚀',
  '- lone\ud800surrogate.md — x',
  '- ../outside.md — refused later',
  '### cache',
  '- c.md',
  '- a.md — a different description',
  '## Other Tags',
  '### api',
  '- a.md — listed again under Other Tags',
  '- d.md — only here',
  '### zz-other',
  '- ./a.md',
  '## Semantic Hints Index',
  '### cursor pagination',
  '- a.md',
  '- ./a.md',
  '- e.md',
  '### Zero-Downtime deploys',
  '- e.md',
  '### empty phrase list',
  '## Team-Shared Tag Index',
  '### api',
  '- ~/Projects/p1/_project-knowledge/x.md — team note [project: p1, scope: repo]',
  '### cache',
  '- ~/Projects/p1/_project-knowledge/x.md [project: p1]',
  '- not an annotated entry',
  '',
].join('\n');

test('awkward spellings, duplicates, wide and lone-surrogate strings, a tag in two sections: the image reads the same', () => {
  const parsed = parseIndex(AWKWARD_INDEX);
  assert.ok(parsed.files.get('a.md')?.written === './a.md', 'the case has a file first spelled otherwise');
  assert.ok(parsed.warnings.length > 0, 'the case has warnings');
  const { direct } = assertImageRoundTrip(parsed, 'awkward');
  // An image of an opened index is the same image's index again.
  assertSameIndex(indexFromImage(compactIndex(direct)), parsed, 'awkward, image of the opened index');
  // One object per file wherever it is reached from.
  const a = direct.files.get('a.md')!;
  assert.equal(direct.filesByTag.get('api')![0], a);
  assert.equal(direct.filesByTag.get('zz-other')![0], a);
  assert.equal(direct.filesByHint.get('cursor pagination')![0], a);
  assert.deepEqual([...a.tags], ['api', 'cache', 'zz-other']);
  assert.deepEqual(a.hints, ['cursor pagination']);
});

test('empty and section-less indexes: the image reads the same', () => {
  for (const text of [
    '',
    '\n',
    '# Knowledge Index\n',
    '## Tag Index\n### api\n',
    'junk\n- x.md\n### y\n',
    '\ufeff## Tag Index\r\n### api\r\n- a.md\r\n',
  ]) {
    assertImageRoundTrip(parseIndex(text), JSON.stringify(text));
  }
});

test('an image is plain data: strings and typed arrays, every array moved by the transfer list, a fixed number of objects whatever the index size', () => {
  const objectsOf = (image: IndexImage): { objects: number; arrays: Set<ArrayBuffer> } => {
    const arrays = new Set<ArrayBuffer>();
    let objects = 0;
    const walk = (v: unknown): void => {
      if (ArrayBuffer.isView(v)) {
        arrays.add(v.buffer as ArrayBuffer);
        return;
      }
      if (v === null || typeof v !== 'object') return;
      assert.equal(
        Object.getPrototypeOf(v),
        Array.isArray(v) ? Array.prototype : Object.prototype,
        'only plain objects and arrays',
      );
      objects++;
      for (const x of Object.values(v)) walk(x);
    };
    const { small, ...large } = image;
    walk(large);
    assert.equal(JSON.stringify(structuredClone(small)), JSON.stringify(small), 'the small sections are plain data');
    return { objects, arrays };
  };
  const counts: number[] = [];
  for (const notes of [200, 2_000]) {
    const g = generateHome(tempDir('aria-image-plain-'), notes, undefined, 0);
    const image = compactIndex(parseIndex(fs.readFileSync(g.indexFile, 'utf8')));
    const { objects, arrays } = objectsOf(image);
    counts.push(objects);
    const transfer = imageTransferables(image);
    assert.deepEqual(new Set(transfer), arrays, 'the transfer list is every typed array of the image, once');
    assert.equal(transfer.length, new Set(transfer).size, 'no buffer listed twice (postMessage refuses that)');
    const moved = cloneTransferred(image);
    assert.ok(
      [...arrays].every((b) => b.byteLength === 0),
      "after the transfer the sender's arrays are detached: moved, not copied",
    );
    assert.ok(indexFromImage(moved).files.size > notes / 2);
  }
  assert.equal(counts[0], counts[1], 'the number of objects does not grow with the index');
});

test('the one-byte string pool stays one byte per character when the index text holds wide characters', () => {
  const parsed = parseIndex(
    `## Tag Index\n### api\n${Array.from({ length: 500 }, (_, i) => `- notes/n${i}.md — plain description ${i}`).join('\n')}\n- wide.md — em dash — and 日本語\n`,
  );
  const image = compactIndex(parsed);
  const { narrow, wide } = image.strings;
  assert.ok(narrow.length > 10_000 && wide.length > 0);
  // v8.serialize writes a one-byte string as one byte per character, a two-byte one as two.
  assert.ok(v8.serialize(narrow).length < narrow.length + 16, 'the narrow pool is a one-byte string');
  assertImageRoundTrip(parsed, 'wide and narrow pools');
});

test('an image posted through a MessagePort with its transfer list opens on the receiving side as the parsed index', () => {
  const g = generateHome(tempDir('aria-image-port-'), 1_000, undefined, 0);
  const parsed = snapshotFor(g.home);
  const { port1, port2 } = new MessageChannel();
  try {
    const image = compactIndex(parsed.index);
    port1.postMessage(image, imageTransferables(image));
    const received = receiveMessageOnPort(port2);
    assert.ok(received, 'the message arrived');
    const opened = indexFromImage(received.message as IndexImage);
    assertSameIndex(opened, parsed.index, 'posted image');
    assertSameAnswers(parsed.config, opened, parsed.index, Object.values(g.queries), BENCH_TODAY, 'posted image');
  } finally {
    port1.close();
  }
});

test('the knowledge base and a compact read hold the compact index: the same tables and answers as the parse', () => {
  const g = generateHome(tempDir('aria-image-kb-'), 1_000, undefined, 0);
  const parsed = snapshotFor(g.home);
  const text = fs.readFileSync(g.indexFile, 'utf8');
  assertSameIndex(parseIndexCompact(text), parsed.index, 'parseIndexCompact');
  const read = readIndexFor(parsed.config, { compact: true });
  assert.ok(read.ok);
  assert.ok(!(read.snapshot.index.files instanceof Map), "readIndexFor with compact holds the image's views");
  assertSameIndex(read.snapshot.index, parsed.index, 'readIndexFor compact');
  const kb = new KnowledgeBase({ sources: () => ({ home: g.home, env: {} }), today: () => BENCH_TODAY });
  const state = kb.state();
  assert.equal(state.kind, 'ready');
  if (state.kind === 'ready') {
    assert.ok(!(state.snapshot.index.files instanceof Map), 'the knowledge base holds the compact index');
    assertSameAnswers(
      parsed.config,
      state.snapshot.index,
      parsed.index,
      Object.values(g.queries),
      BENCH_TODAY,
      'knowledge base',
    );
  }
});

test('an index with team-shared entries only: its image has no files, lookups miss, the team-shared files are there', () => {
  const index = indexFromImage(
    compactIndex(parseIndex('## Team-Shared Tag Index\n### api\n- ~/x/_project-knowledge/a.md [project: p]\n')),
  );
  assert.equal(index.files.size, 0);
  assert.equal(index.files.get('a.md'), undefined);
  assert.equal(index.filesByTag.get(''), undefined);
  assert.deepEqual([...index.teamSharedFiles.keys()], ['p\u0000~/x/_project-knowledge/a.md']);
});
