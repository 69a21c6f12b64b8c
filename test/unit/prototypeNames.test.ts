// Every table keyed by text from index.md, notes, aliases.md or the config looks up its own keys
// only: a section, tag, alias, hint phrase or project key named like an Object.prototype member
// (`constructor`, `__proto__`, `toString`…) behaves as any other name in query, check and index
// (§1 the walk, §12.7 the splice, §2.5 aliases, §3 project keys, §12.3 the generated tables).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { makeHome } from '../helpers';
import { runCli } from '../cliRun';

const TODAY = '2026-12-04';
const NAMES = [...new Set([...Object.getOwnPropertyNames(Object.prototype), '__proto__'])].sort();

function run(home: string, args: string[]) {
  return runCli([...args, '--today', TODAY], home);
}

interface JsonItem {
  path: string;
  category: string;
}

function queryPaths(home: string, words: string): string[] {
  const r = run(home, ['query', words, '--json']);
  assert.ok(r.code === 0 || r.code === 1, r.err);
  const items = (JSON.parse(r.out) as { items: JsonItem[] }).items;
  return items.map((i) => i.path).sort();
}

function checkProblems(home: string): string[] {
  const r = run(home, ['check', '--json']);
  const report = JSON.parse(r.out) as { problems: Array<{ code: string; message: string }> };
  // A seeded Known tag no note uses is a problem of every new index: not what is looked at here.
  return report.problems.filter((p) => p.code !== 'unused-tag').map((p) => `${p.code}: ${p.message}`);
}

function indexCheck(home: string) {
  return JSON.parse(run(home, ['index', '--check', '--json']).out) as {
    unchanged: boolean;
    errors: unknown[];
    added: unknown[];
    removed: unknown[];
  };
}

describe('Object.prototype names are names like any other', () => {
  test('as tags and hint phrases of notes: indexed, queried, checked and rebuilt as any tag', () => {
    const files: Record<string, string> = {};
    NAMES.forEach((name, i) => {
      files[`knowledge/approaches/p${i}.md`] =
        `---\ntags: ["${name}", plain]\nsemantic-hints: ["${name}"]\n---\n# Note ${i}\n`;
    });
    const home = makeHome({ files });
    const written = run(home, ['index', '--write']);
    assert.equal(written.code, 0, written.out + written.err);
    const text = fs.readFileSync(path.join(home, 'knowledge', 'index.md'), 'utf8');
    NAMES.forEach((name, i) => {
      assert.ok(text.includes(`### ${name.toLowerCase()}\n`), `### ${name}`);
      assert.ok(text.includes(`### ${name}\n- approaches/p${i}.md\n`), `hint ${name}`);
      const found = queryPaths(home, name.toLowerCase());
      assert.ok(found.includes(`approaches/p${i}.md`), `${name}: ${found.join(', ')}`);
    });
    assert.deepEqual(checkProblems(home), []);
    const again = indexCheck(home);
    assert.deepEqual([again.unchanged, again.errors, again.added, again.removed], [true, [], [], []]);
  });

  test('as section names of index.md: carried and read as unknown sections, never as a list', () => {
    const sections = NAMES.map((name) => `## ${name}\n\n### api\n- approaches/a.md — A\n`).join('\n');
    const index = `# Knowledge Index\n\nLast rebuilt: 2026-12-01\n\n## Known Tags\n\napi\n\n## Tag Index\n\n### api\n- approaches/a.md — A\n\n${sections}`;
    const home = makeHome({ index, files: { 'knowledge/approaches/a.md': '---\ntags: [api]\n---\n# A\n' } });
    assert.deepEqual(checkProblems(home), []);
    const tags = run(home, ['tags', '--json']);
    assert.doesNotMatch(tags.out, /other/i, tags.out);
    const c = indexCheck(home);
    assert.deepEqual([c.errors, c.added, c.removed], [[], [], []]);
    const written = run(home, ['index', '--write']);
    assert.equal(written.code, 0, written.out + written.err);
    const after = fs.readFileSync(path.join(home, 'knowledge', 'index.md'), 'utf8');
    assert.ok(after.endsWith(sections), after);
  });

  test('as aliases (aliases.md and Known Tags annotations): each resolves to its tag', () => {
    const aliases = NAMES.map((name) => `- \`${name}\` → \`api\``).join('\n');
    const home = makeHome({
      files: {
        'knowledge/approaches/a.md': '---\ntags: [api]\n---\n# A\n',
        'knowledge/aliases.md': `# Aliases\n\n${aliases}\n`,
      },
    });
    const written = run(home, ['index', '--write']);
    assert.equal(written.code, 0, written.out + written.err);
    for (const name of NAMES)
      assert.deepEqual(queryPaths(home, name.toLowerCase()), ['approaches/a.md'], `alias ${name}`);
    assert.deepEqual(checkProblems(home), []);
    assert.equal(indexCheck(home).unchanged, true);
  });

  test('as project keys of the config: each project is its own', () => {
    const keys = NAMES.map((n) => n.toLowerCase()).filter((k, i, all) => all.indexOf(k) === i);
    const files: Record<string, string> = {};
    keys.forEach((key, i) => (files[`knowledge/projects/${key}/n${i}.md`] = `# Note ${i}\n`));
    const home = makeHome({
      config: { projects_enabled: 'true', projects_list: keys.map((k) => `${k}:${k}`).join(',') },
      files,
    });
    const written = run(home, ['index', '--write']);
    assert.equal(written.code, 0, written.out + written.err);
    const text = fs.readFileSync(path.join(home, 'knowledge', 'index.md'), 'utf8');
    keys.forEach((key, i) => {
      assert.ok(text.includes(`### ${key}\nProject-tier files: 1 (decisions: 0, patterns: 0, other: 1)\n`), key);
      const found = queryPaths(home, key).filter((p) => p.startsWith('projects/'));
      assert.deepEqual(found, [`projects/${key}/n${i}.md`], key);
    });
    assert.deepEqual(checkProblems(home), []);
    assert.equal(indexCheck(home).unchanged, true);
  });
});
