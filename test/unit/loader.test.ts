import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { fenceFor, pickItems, renderBundle } from '../../src/core/read/loader';
import { loadItems } from '../../src/core/read/reader';
import { INDEX_HEADER, makeHome, query, snapshotFor } from '../helpers';

const index = `${INDEX_HEADER}## Tag Index
### api
- a.md — A
- b.md — B
- c.md — C
`;

describe('loading (§6)', () => {
  const home = makeHome({
    index,
    files: {
      'knowledge/a.md': 'alpha with ```` four backticks',
      'knowledge/b.md': 'bravo',
      'knowledge/c.md': 'charlie',
      'outside.md': 'OUTSIDE-MARKER',
    },
  });
  const result = query(home, 'api');
  const config = snapshotFor(home).config;

  test('picks: all, numbers, ranges, names; bad picks explain themselves', () => {
    const names = (spec: string) => {
      const p = pickItems(result, spec);
      return p.ok ? p.items.map((i) => i.path) : p.message;
    };
    assert.deepEqual(names('all'), ['a.md', 'b.md', 'c.md']);
    assert.deepEqual(names('1,3'), ['a.md', 'c.md']);
    assert.deepEqual(names('2-3 1'), ['b.md', 'c.md', 'a.md']);
    assert.deepEqual(names('b'), ['b.md']);
    assert.equal(names('4'), 'No item 4 in this result: pick from 1 to 3.');
    assert.equal(names('zzz'), 'No file named `zzz` in this result.');
  });

  test('the bundle: a section per file, a fence longer than any backtick run, the count', () => {
    const bundle = renderBundle(loadItems(config, result.items.slice(0, 2)));
    assert.equal(
      bundle,
      [
        '## a.md',
        '',
        '`````markdown',
        'alpha with ```` four backticks',
        '`````',
        '',
        '## b.md',
        '',
        '```markdown',
        'bravo',
        '```',
        '',
        'Loaded 2 knowledge files into context.',
        '',
      ].join('\n'),
    );
    assert.equal(fenceFor('no ticks'), '```');
  });

  test('a file swapped for a symlink after the query is refused at load time', () => {
    const c = path.join(home, 'knowledge', 'c.md');
    fs.rmSync(c);
    fs.symlinkSync(path.join(home, 'outside.md'), c);
    const load = loadItems(config, result.items);
    assert.deepEqual(
      load.loaded.map((f) => f.item.path),
      ['a.md', 'b.md'],
    );
    assert.deepEqual(
      load.refused.map((r) => [r.item.path, r.reason]),
      [['c.md', 'its real path (after symlinks) is outside the allowed folders']],
    );
    const bundle = renderBundle(load);
    assert.ok(!bundle.includes('OUTSIDE-MARKER'));
    assert.ok(
      bundle.includes('Refused c.md: its real path (after symlinks) is outside the allowed folders (not read).'),
    );
    assert.ok(bundle.endsWith('Loaded 2 knowledge files into context.\n'));
  });

  test('a file deleted between query and load: a clear error for it, the others load', () => {
    const fresh = query(home, 'api');
    fs.rmSync(path.join(home, 'knowledge', 'b.md'));
    const load = loadItems(config, fresh.items);
    assert.deepEqual(
      load.refused.map((r) => [r.item.path, r.reason]),
      [
        ['b.md', 'the file does not exist'],
        ['c.md', 'its real path (after symlinks) is outside the allowed folders'],
      ],
    );
    assert.deepEqual(
      load.loaded.map((f) => f.item.path),
      ['a.md'],
    );
  });

  test('large files are cut with a notice', () => {
    const big = makeHome({ index, files: { 'knowledge/a.md': 'x'.repeat(5000) } });
    const load = loadItems(snapshotFor(big).config, query(big, 'api').items.slice(0, 1), { maxBytes: 1024 });
    assert.equal(load.loaded[0].content.length, 1024);
    assert.ok(renderBundle(load).includes('(Truncated: showing the first 1 KB of 5 KB.)'));
  });
});
