// Every `§id` cited in the code, tests, benchmark and scripts must name a heading of
// docs/SPEC.md (`## §4 …`, `### §2.5 …`, and the fine-print items `### §F<n> …`), so a
// citation always leads somewhere.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { repoRoot, tempDir, writeTree } from '../helpers';

const SIGN = '\u00a7'; // the section sign, spelled out so this file cites nothing itself
/** `§0`, `§2.5`, `§4a`, `§F<n>`: digits with an optional `.digits` and letter, or `F` + digits. */
const CITATION = new RegExp(`${SIGN}(F\\d+|\\d+(?:\\.\\d+)?[a-z]?)(?![\\w.]*\\w)`, 'g');
const HEADING = new RegExp(`^#{1,6}[ \\t]+${SIGN}(F\\d+|\\d+(?:\\.\\d+)?[a-z]?)(?=[\\s:.,—-]|$)`, 'gm');
const SOURCE_DIRS = ['src', 'test', 'bench', 'scripts'];
const SOURCE_EXT = /\.(ts|mts|cts|js|mjs|cjs|sh)$/;

export function specHeadingIds(specText: string): Set<string> {
  return new Set([...specText.matchAll(HEADING)].map((m) => m[1]));
}

/** Every citation under `dirs` of `root`, as `id → ["file:line", …]`. */
export function citations(root: string, dirs: readonly string[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const visit = (dir: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const abs = path.join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== 'node_modules') visit(abs);
      if (!entry.isFile() || !SOURCE_EXT.test(entry.name)) continue;
      fs.readFileSync(abs, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const m of line.matchAll(CITATION)) {
            const where = `${path.relative(root, abs)}:${i + 1}`;
            found.set(m[1], [...(found.get(m[1]) ?? []), where]);
          }
        });
    }
  };
  for (const dir of dirs) visit(path.join(root, dir));
  return found;
}

function unresolved(root: string, dirs: readonly string[], specText: string): string[] {
  const headings = specHeadingIds(specText);
  return [...citations(root, dirs)]
    .filter(([id]) => !headings.has(id))
    .map(([id, where]) => `${SIGN}${id} (${where.join(', ')})`);
}

describe('spec citations', () => {
  test(`every ${SIGN}id in src/, test/, bench/ and scripts/ has a heading in docs/SPEC.md`, () => {
    const spec = fs.readFileSync(path.join(repoRoot, 'docs', 'SPEC.md'), 'utf8');
    const cited = citations(repoRoot, SOURCE_DIRS);
    assert.ok(cited.size >= 10, `expected the code to cite the spec, found ${cited.size} ids`);
    assert.deepEqual(unresolved(repoRoot, SOURCE_DIRS, spec), []);
  });

  test('docs/SPEC.md has a heading for each step id and a Fine print section', () => {
    const spec = fs.readFileSync(path.join(repoRoot, 'docs', 'SPEC.md'), 'utf8');
    const ids = specHeadingIds(spec);
    for (const id of ['0', '1', '2', '2.5', '3', '4', '4a', '4b', '4c', '4d', '4e', '5', '6', '7', '8', '9']) {
      assert.ok(ids.has(id), `no heading for ${SIGN}${id}`);
    }
    assert.match(spec, /^## Fine print$/m);
  });

  test('an id cited in a comment without a heading is reported with its file and line; fine-print ids follow the same rule', () => {
    const root = tempDir('aria-spec-refs-');
    writeTree(root, {
      'src/a.ts': `// ${SIGN}4b: the project tier\nconst x = 1; // see ${SIGN}4z and ${SIGN}F2\n`,
      'scripts/b.sh': `# ${SIGN}2.5 aliases, ${SIGN}F1.\n`,
      'src/skip.md': `${SIGN}99 is not source\n`,
    });
    const spec = `# Spec\n## ${SIGN}2 Query\n### ${SIGN}2.5 Aliases\n### ${SIGN}4b Project tier\n## Fine print\n### ${SIGN}F1 Tokens\n`;
    assert.deepEqual(unresolved(root, ['src', 'scripts'], spec), [`${SIGN}4z (src/a.ts:2)`, `${SIGN}F2 (src/a.ts:2)`]);
    // `§4` must not be satisfied by a `§4b` heading, nor `§2` by `§2.5`.
    assert.deepEqual([...specHeadingIds(`### ${SIGN}4b X\n### ${SIGN}2.5 Y\n`)].sort(), ['2.5', '4b']);
    writeTree(root, { 'test/c.ts': `// ${SIGN}4 and ${SIGN}2\n` });
    assert.deepEqual(unresolved(root, ['test'], `### ${SIGN}4b X\n### ${SIGN}2.5 Y\n`), [
      `${SIGN}4 (test/c.ts:1)`,
      `${SIGN}2 (test/c.ts:1)`,
    ]);
  });
});
