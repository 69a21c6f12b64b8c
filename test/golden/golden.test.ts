// The golden queries (test/golden/cases.json over examples/knowledge-home), through the core
// and the built CLI. Everything they read is in the repository.
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { toJson } from '../../src/core/present/json';
import { pickItems, renderBundle } from '../../src/core/read/loader';
import { loadItems } from '../../src/core/read/reader';
import { renderSummary } from '../../src/core/present/summary';
import { fixtureCopy, fixtureHomeDir, goldenFile, query, readGolden, repoRoot, snapshotFor, tempDir } from '../helpers';

const cli = path.join(repoRoot, 'dist', 'cli.js');

function ensureBuilt(): void {
  if (!fs.existsSync(cli)) execFileSync('node', ['esbuild.mjs'], { cwd: repoRoot, stdio: 'inherit' });
}

function runCli(home: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync('node', [cli, ...args], {
    env: { PATH: process.env.PATH, HOME: home, ...env },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const knowledgeItems = (items: Array<{ category: string; path: string }>) =>
  items.filter((i) => i.category !== 'tracked-artifact').map((i) => [i.category, i.path]);

const sources = [{ title: 'golden queries', home: fixtureHomeDir, golden: goldenFile }];

for (const source of sources)
  describe(source.title, () => {
    const home = fixtureCopy('aria-golden-', source);
    const golden = readGolden(source.golden);
    ensureBuilt();

    for (const c of golden.cases) {
      test(`core: ${c.name}`, () => {
        const result = query(home, c.args.join(' '), golden.today);
        assert.deepEqual(knowledgeItems(result.items), c.items);
        const text = renderSummary(result);
        for (const s of [...(c.text_has ?? []), ...(c.aria_has ?? [])])
          assert.ok(text.includes(s), `summary lacks ${JSON.stringify(s)}:\n${text}`);
        for (const s of c.text_not ?? []) assert.ok(!text.includes(s), `summary has ${JSON.stringify(s)}:\n${text}`);
        // the JSON contract carries the same items in the same order
        assert.deepEqual(knowledgeItems(toJson(result).items), c.items);
      });

      test(`cli: ${c.name}`, () => {
        const text = runCli(home, ['query', ...c.args, '--today', golden.today]);
        assert.equal(text.status, 0, text.stdout + text.stderr);
        // §M a terminal's words: aria's lines that name a slash command are worded for it
        for (const s of [...(c.text_has ?? []), ...(c.plain_has ?? [])])
          assert.ok(text.stdout.includes(s), `CLI output lacks ${JSON.stringify(s)}`);
        for (const s of c.aria_has ?? [])
          assert.ok(!text.stdout.includes(s), `CLI output has aria's ${JSON.stringify(s)}`);
        for (const s of c.text_not ?? []) assert.ok(!text.stdout.includes(s), `CLI output has ${JSON.stringify(s)}`);
        const json = runCli(home, ['query', ...c.args, '--json', '--today', golden.today]);
        assert.equal(json.status, 0);
        const parsed = JSON.parse(json.stdout) as {
          items: Array<{ category: string; path: string }>;
          noMatch: boolean;
        };
        assert.deepEqual(knowledgeItems(parsed.items), c.items);
        assert.equal(parsed.noMatch, c.items.length === 0);
      });
    }

    test('load case through the core', () => {
      const result = query(home, golden.load_case.args.join(' '), golden.today);
      const picks = pickItems(result, 'all');
      assert.ok(picks.ok);
      const bundle = renderBundle(loadItems(snapshotFor(home).config, picks.items));
      for (const s of golden.load_case.must_have) assert.ok(bundle.includes(s), `bundle lacks ${s}`);
      for (const s of golden.load_case.must_not) assert.ok(!bundle.includes(s), `bundle has ${s}`);
    });

    test('load case through the CLI', () => {
      const out = runCli(home, ['query', ...golden.load_case.args, '--load', 'all', '--today', golden.today]);
      assert.equal(out.status, 0);
      for (const s of golden.load_case.must_have) assert.ok(out.stdout.includes(s), `CLI bundle lacks ${s}`);
      for (const s of golden.load_case.must_not) assert.ok(!out.stdout.includes(s), `CLI bundle has ${s}`);
      assert.match(out.stdout, /Loaded 3 knowledge files into context\.\n$/);
    });

    test('every case prints the same bytes from the index cache as from index.md: text, --json, --load', () => {
      // index.md is cached once it is older than the racy window; the cache goes to a temp folder.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2100);
      const env = { XDG_CACHE_HOME: tempDir('aria-golden-xdg-') };
      const dir = path.join(env.XDG_CACHE_HOME, 'aria-context');
      runCli(home, ['query', 'api', '--today', golden.today], env); // the miss that writes it
      for (let i = 0; i < 300 && !(fs.existsSync(dir) && fs.readdirSync(dir).some((f) => f.endsWith('.index'))); i++)
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
      const file = fs.readdirSync(dir).find((f) => f.endsWith('.index'));
      assert.ok(file, 'the cache was written');
      const ino = fs.statSync(path.join(dir, file)).ino;
      const runs = [
        ...golden.cases.flatMap((c) => [[...c.args], [...c.args, '--json']]),
        [...golden.load_case.args, '--load', 'all'],
        [...golden.load_case.args, '--load', 'all', '--json'],
        [...golden.load_case.args, '--load', '1'],
      ];
      for (const args of runs) {
        const full = ['query', ...args, '--today', golden.today];
        assert.deepEqual(runCli(home, full, env), runCli(home, [...full, '--no-cache'], env), args.join(' '));
      }
      assert.equal(fs.statSync(path.join(dir, file)).ino, ino, 'every run above was a hit');
    });

    test('no tokens: the usage message and exit code 2', () => {
      const out = runCli(home, ['query']);
      assert.equal(out.status, 2);
      assert.equal(
        out.stdout,
        'Usage: aria-context query <tag1> [tag2] [AND tag3]. aria-context tags lists the tags you can use.\n',
      );
    });
  });
