// Bad input, front matter of notes (project tier) and ideas: invalid YAML, alias bombs, huge
// blocks, non-UTF-8 bytes, a 20 MB note. Each: bounded time and memory, a warning naming the
// file, the rest of the result intact.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { toJson } from '../../src/core/present/json';
import { pickItems, renderBundle } from '../../src/core/read/loader';
import { loadItems } from '../../src/core/read/reader';
import { renderSummary } from '../../src/core/present/summary';
import { NOTE_HEAD_BYTES } from '../../src/core/config/frontMatter';
import type { QueryResult } from '../../src/core/types';
import { makeHome, query, snapshotFor } from './helpers';
import { bounded, timed } from '../timing';

const GOOD = '---\ntags: [api, stable]\n---\n# Good note\n\nBody.\n';
const GOOD_IDEA = '---\nproject: p1\ntype: feature\ndate: 2026-11-25\n---\n# Good idea\n';

/** A knowledge folder with project p1 holding a good note and `files`, plus one good idea. */
function world(files: Record<string, string | Buffer>) {
  const h = makeHome({
    config: { projects_enabled: 'true', projects_list: 'p1:~/Projects/p1' },
    index: '# Knowledge Index\n\n## Tag Index\n### api\n- approaches/a.md — Cross note\n',
    files: {
      'knowledge/approaches/a.md': '# Cross\n',
      'knowledge/projects/p1/good.md': GOOD,
      'knowledge/intake/ideas/2026-11-25-good.md': GOOD_IDEA,
      ...files,
    },
  });
  return { ...h, snapshot: snapshotFor(h.home) };
}

function item(result: QueryResult, p: string) {
  const found = result.items.find((i) => i.path === p);
  assert.ok(found, `${p} listed`);
  return found;
}

/** The good note, the cross-project note and the good idea are exactly as without the bad file. */
function assertRestIntact(result: QueryResult): void {
  const good = item(result, 'projects/p1/good.md');
  assert.equal(good.description, 'Good note');
  assert.deepEqual(good.tags, ['api', 'p1', 'stable']);
  assert.equal(item(result, 'approaches/a.md').description, 'Cross note');
  assert.ok(
    result.ideas.some((i) => i.title === 'Good idea' && i.type === 'feature'),
    'good idea intact',
  );
  renderSummary(result);
  JSON.stringify(toJson(result));
}

test('invalid YAML front matter counts as none, with a warning naming the file; the rest intact', () => {
  const w = world({
    'knowledge/projects/p1/bad.md': '---\ntags: [api, broken\ntitle: "unterminated\n---\n# Bad but titled\n',
    'knowledge/projects/p1/unclosed.md': '---\ntags: [api]\n# Never closed\n',
    'knowledge/projects/p1/scalar.md': '---\njust a string\n---\n# Scalar front matter\n',
    'knowledge/intake/ideas/2026-11-26-bad.md': '---\nproject: [p1\n---\n# Bad idea\n',
  });
  const result = query(w.snapshot, 'p1 api');
  assertRestIntact(result);
  const bad = item(result, 'projects/p1/bad.md');
  assert.deepEqual(bad.tags, ['p1'], 'no tags from invalid YAML');
  assert.equal(bad.description, 'Bad but titled', 'the heading is still read');
  const warnings = result.warnings.join('\n');
  assert.match(warnings, /projects\/p1\/bad\.md: front matter is not valid YAML/);
  assert.match(warnings, /projects\/p1\/unclosed\.md: front matter has no closing `---` line/);
  assert.match(warnings, /projects\/p1\/scalar\.md: front matter is not a YAML mapping/);
  assert.match(warnings, /intake\/ideas\/2026-11-26-bad\.md: front matter is not valid YAML/);
  assert.ok(!result.ideas.some((i) => i.title === 'Bad idea'), 'an idea with no readable project: is skipped');
  assert.match(renderSummary(result), /^Warning: projects\/p1\/bad\.md: front matter is not valid YAML/m);
});

test('a YAML alias bomb (billion laughs) is parsed in bounded time and memory', () => {
  let bomb = 'l0: &l0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n';
  for (let i = 1; i <= 9; i++)
    bomb += `l${i}: &l${i} [${Array(10)
      .fill(`*l${i - 1}`)
      .join(', ')}]\n`;
  // 10^10 leaves if expanded. Every field the core reads points into it.
  const note = `---\n${bomb}tags: *l9\nsemantic-hints: *l9\ntitle: *l9\nproject: *l9\ndate: *l9\n---\n# Bomb note\n`;
  const mergeBomb = `---\n${bomb}base: &b {tags: *l9}\nmerged:\n  <<: *b\ntags: [api]\n---\n# Merge bomb\n`;
  const w = world({
    'knowledge/projects/p1/bomb.md': note,
    'knowledge/projects/p1/merge.md': mergeBomb,
    'knowledge/intake/ideas/2026-11-27-bomb.md': note,
  });
  const before = process.memoryUsage();
  const result = bounded('alias bomb query', 20, () => query(w.snapshot, 'p1 api')); // expanded: 10^10 leaves
  const text = renderSummary(result) + JSON.stringify(toJson(result));
  const grown = process.memoryUsage().heapUsed - before.heapUsed;
  assert.ok(grown < 64 * 1024 * 1024, `heap grew ${(grown / 1048576).toFixed(1)} MB`);
  assert.ok(text.length < 100_000, 'nothing expanded into the output');
  assertRestIntact(result);
  const bombItem = item(result, 'projects/p1/bomb.md');
  assert.deepEqual(bombItem.tags, ['p1'], 'nested lists are not tags');
  assert.equal(bombItem.description, 'Bomb note');
  assert.deepEqual(item(result, 'projects/p1/merge.md').tags, ['api', 'p1']);
  assert.ok(!result.ideas.some((i) => i.path.endsWith('bomb.md')), 'an idea whose project: is not text is skipped');
});

test('huge front matter is not parsed: a warning, the title still read, the rest intact', () => {
  const big = (kb: number) =>
    `---\ntags: [api]\n${'filler: xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n'.repeat((kb * 1024) / 64)}---\n# After big front matter\n`;
  const w = world({
    'knowledge/projects/p1/fm-100k.md': big(100), // closed within the head, over the 64 KB parse limit
    'knowledge/projects/p1/fm-2m.md': big(2048), // not even closed within the 256 KB head
  });
  const result = bounded('query over 100 KB and 2 MB front matter', 20, () => query(w.snapshot, 'p1 api'));
  assertRestIntact(result);
  const f100 = item(result, 'projects/p1/fm-100k.md');
  assert.deepEqual(f100.tags, ['p1']);
  assert.equal(f100.description, 'After big front matter');
  const f2m = item(result, 'projects/p1/fm-2m.md');
  assert.deepEqual(f2m.tags, ['p1']);
  assert.equal(f2m.description, 'fm-2m', 'falls back to the file name');
  const warnings = result.warnings.join('\n');
  assert.match(warnings, /projects\/p1\/fm-100k\.md: front matter is larger than 64 KB/);
  assert.match(warnings, /projects\/p1\/fm-2m\.md: front matter has no closing `---` line/);
});

test('non-UTF-8 bytes in front matter and body: no throw, valid tags still found, the rest intact', () => {
  const latin1 = Buffer.concat([
    Buffer.from('---\ntags: [api, caf'),
    Buffer.from([0xe9]), // é in Latin-1: invalid UTF-8
    Buffer.from(']\n---\n# R'),
    Buffer.from([0xe9, 0x73, 0x75, 0x6d, 0xe9, 0xff, 0xfe, 0x00]),
    Buffer.from('\n'),
  ]);
  const utf16 = Buffer.concat([
    Buffer.from([0xff, 0xfe]),
    Buffer.from('---\ntags: [api]\n---\n# UTF-16 note\n', 'utf16le'),
  ]);
  const nuls = Buffer.from('---\ntags: [api]\n---\n# Has\u0000NUL\n\u0000\u0000\u0000', 'utf8');
  const w = world({
    'knowledge/projects/p1/latin1.md': latin1,
    'knowledge/projects/p1/utf16.md': utf16,
    'knowledge/projects/p1/nuls.md': nuls,
    'knowledge/intake/ideas/2026-11-28-latin1.md': Buffer.concat([
      Buffer.from('---\nproject: p1\ntitle: Id'),
      Buffer.from([0xe9, 0xe9]),
      Buffer.from('\n---\n'),
    ]),
  });
  const result = query(w.snapshot, 'p1 api');
  assertRestIntact(result);
  const l1 = item(result, 'projects/p1/latin1.md');
  assert.deepEqual(l1.tags, ['api', 'caf\ufffd', 'p1']);
  assert.equal(l1.description, 'R\ufffdsum\ufffd\ufffd\ufffd\u0000');
  assert.deepEqual(item(result, 'projects/p1/utf16.md').tags, ['p1'], 'UTF-16 is not read as front matter');
  assert.deepEqual(item(result, 'projects/p1/nuls.md').tags, ['api', 'p1']);
  assert.ok(result.ideas.some((i) => i.title === 'Id\ufffd\ufffd'));
  JSON.parse(JSON.stringify(toJson(result)));
});

test('a 20 MB note: only the 256 KB head is read for tags and title, in bounded time and memory', (t) => {
  const head = '---\ntags: [api, huge-note]\nsemantic-hints: [enormous file]\n---\n# Huge note\n\n';
  const line = 'Filler text that nobody needs to read for tags and a title. 0123456789\n';
  const late = '\n# A later heading that must not be used\n---\ntags: [late-tag]\n---\n';
  const size = 20 * 1024 * 1024;
  const w = world({});
  const abs = path.join(w.folder, 'projects', 'p1', 'huge.md');
  // Written in chunks, so the test itself holds no 20 MB string while memory is measured.
  const chunk = Buffer.from(line.repeat(1024));
  const fd = fs.openSync(abs, 'w');
  fs.writeSync(fd, head);
  for (let written = 0; written < size; written += chunk.length) {
    fs.writeSync(fd, chunk);
    if (written < size / 2 && written + chunk.length >= size / 2) fs.writeSync(fd, late);
  }
  fs.closeSync(fd);
  assert.ok(fs.statSync(abs).size >= size);

  // Count the bytes the core reads from disk while it scans, and any whole-file read.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the CommonJS module object itself, to wrap its functions
  const mutableFs = require('node:fs') as Record<string, unknown>;
  const readSync = mutableFs.readSync as (...a: unknown[]) => number;
  const readFileSync = mutableFs.readFileSync as (...a: unknown[]) => unknown;
  let bytesRead = 0;
  const wholeFileReads: unknown[] = [];
  mutableFs.readSync = (...a: unknown[]) => {
    const n = readSync.apply(fs, a);
    bytesRead += n;
    return n;
  };
  mutableFs.readFileSync = (...a: unknown[]) => {
    if (a[0] === abs) wholeFileReads.push(a[0]);
    return readFileSync.apply(fs, a);
  };
  let result!: QueryResult;
  let ms = 0;
  const heapBefore = process.memoryUsage();
  try {
    ({ value: result, ms } = timed(() => query(w.snapshot, 'p1 api enormous')));
  } finally {
    mutableFs.readSync = readSync;
    mutableFs.readFileSync = readFileSync;
  }
  const heapAfter = process.memoryUsage();
  const grown = heapAfter.heapUsed + heapAfter.arrayBuffers - (heapBefore.heapUsed + heapBefore.arrayBuffers);

  t.diagnostic(
    `20 MB note: scan read ${bytesRead} bytes in ${ms.toFixed(0)} ms, memory +${(grown / 1048576).toFixed(1)} MB`,
  );
  const huge = item(result, 'projects/p1/huge.md');
  assert.deepEqual(huge.tags, ['api', 'huge-note', 'p1']);
  assert.equal(huge.description, 'Huge note');
  assert.equal(huge.hint, null, 'matched by tag p1 first');
  assertRestIntact(result);
  assert.deepEqual(wholeFileReads, [], 'never read whole');
  // Every note in the folder is read at most NOTE_HEAD_BYTES; the huge one exactly that.
  assert.ok(bytesRead <= NOTE_HEAD_BYTES + 64 * 1024, `read ${bytesRead} bytes for the scan`);
  assert.ok(grown < 16 * 1024 * 1024, `memory grew ${(grown / 1048576).toFixed(1)} MB (the file is 20 MB)`);
  assert.ok(!renderSummary(result).includes('later heading') && !result.items.some((i) => i.tags.includes('late-tag')));

  // Loading it is capped too: the first 1 MB with a notice, the other files unaffected.
  const picks = pickItems(result, 'all');
  assert.ok(picks.ok);
  const load = loadItems(w.snapshot.config, picks.items);
  const loaded = load.loaded.find((f) => f.item.path === 'projects/p1/huge.md');
  assert.ok(loaded && loaded.truncated && loaded.content.length <= 1024 * 1024);
  assert.match(renderBundle(load), /\(Truncated: showing the first 1024 KB of 20\d{3} KB\.\)/);
  assert.ok(load.loaded.some((f) => f.item.path === 'projects/p1/good.md' && f.content === GOOD));
  assert.equal(load.refused.length, 0);
});

test('a 256 KB heading line is read in linear time (no regex backtracking)', () => {
  const w = world({
    'knowledge/projects/p1/long-heading.md': `---\ntags: [api]\n---\n# a${' '.repeat(250_000)}b\n`,
    'knowledge/projects/p1/long-hashes.md': `# a${'#'.repeat(250_000)}b\n`,
  });
  // Before the fix each of these took about two minutes.
  const result = bounded('query over 250 KB heading lines', 20, () => query(w.snapshot, 'p1 api'));
  assert.equal(item(result, 'projects/p1/long-heading.md').description, `a${' '.repeat(250_000)}b`);
  assertRestIntact(result);
});

test('a front matter of 60,000 blank or comment lines is read in linear time, its tags kept', () => {
  const w = world({
    'knowledge/projects/p1/blank-lines.md': `---\n${'\n'.repeat(60_000)}tags: [api]\n---\n# Blank lines\n`,
    'knowledge/projects/p1/comment-lines.md': `---\n${' \n#\n'.repeat(15_000)}tags: [api]\n---\n# Comments\n`,
    'knowledge/projects/p1/only-comments.md': `---\n${'# c\n'.repeat(10_000)}---\n# Only comments\n`,
  });
  // A `^\s*#` comment-stripping regex (gray-matter's) took about five seconds on each of these.
  const result = bounded('query over front matter of blank and comment lines', 100, () => query(w.snapshot, 'p1 api'));
  for (const p of ['projects/p1/blank-lines.md', 'projects/p1/comment-lines.md'])
    assert.deepEqual(item(result, p).tags, ['api', 'p1']);
  assert.deepEqual(item(result, 'projects/p1/only-comments.md').tags, ['p1']);
  assertRestIntact(result);
});
