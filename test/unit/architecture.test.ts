import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../helpers';

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

test('src/core imports nothing from vscode', () => {
  const files = sources(path.join(repoRoot, 'src', 'core'));
  assert.ok(files.length > 5);
  const offenders = files.filter((f) => /(from\s+['"]vscode['"]|require\(\s*['"]vscode['"]\s*\)|import\(\s*['"]vscode['"]\s*\))/.test(fs.readFileSync(f, 'utf8')));
  assert.deepEqual(offenders, []);
});

test('src/core reads no clock: "today" is always a parameter', () => {
  const offenders = sources(path.join(repoRoot, 'src', 'core')).filter((f) => /Date\.now\(\)|new Date\(\)/.test(fs.readFileSync(f, 'utf8')));
  assert.deepEqual(offenders, []);
});
