// isInside answers two normal POSIX paths by comparing strings (the reader asks it for every file
// of a result); this holds it equal to the path.relative rule on every kind of path.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { test } from 'node:test';
import { isInside } from '../../src/core/paths';
import { prng } from '../prng';

function byRelative(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  if (rel === '' || path.isAbsolute(rel)) return false;
  return rel !== '..' && !rel.startsWith(`..${path.sep}`);
}

test('isInside equals the path.relative rule for normal, odd and relative paths, prefixes and siblings', () => {
  const parts = ['a', 'b', 'ab', '..', '.', '', '..a', 'a..', '.md', 'é'];
  const rand = prng(20261201);
  const pathOf = () => {
    const n = Math.floor(rand() * 5);
    const segs = Array.from({ length: n }, () => parts[Math.floor(rand() * parts.length)]);
    const lead = rand() < 0.85 ? '/' : '';
    return `${lead}${segs.join('/')}${rand() < 0.1 ? '/' : ''}`;
  };
  const fixed = ['/', '/a', '/a/b', '/ab', '/a/..b', '/a/b/', '/a//b', '/a/./b', '/a/../a/b', 'a/b', ''];
  const all = [...fixed, ...Array.from({ length: 400 }, pathOf)];
  let inside = 0;
  for (const child of all)
    for (const parent of all) {
      const expected = byRelative(child, parent);
      if (expected) inside++;
      assert.equal(isInside(child, parent), expected, `isInside(${JSON.stringify(child)}, ${JSON.stringify(parent)})`);
    }
  assert.ok(inside > 100, `the cases include paths inside others (${inside})`);
});
