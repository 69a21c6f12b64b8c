// The CLI's index cache, through the built dist/cli.js: a run that misses answers from index.md
// and leaves a detached writer behind; the next run answers from the cache file alone. The
// cache folder is a temp XDG_CACHE_HOME (nothing is written into the repository).
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, describe, test } from 'node:test';
import { parseIndex } from '../../src/core/index/parse';
import { compactIndex } from '../../src/core/index/image/compact';
import { encodeImage, readStamp } from '../../src/core/index/image/file';
import { INDEX_HEADER, makeHome, repoRoot, tempDir } from '../helpers';

const cli = path.join(repoRoot, 'dist', 'cli.js');
if (!fs.existsSync(cli)) execFileSync('node', ['esbuild.mjs'], { cwd: repoRoot });

const INDEX = `${INDEX_HEADER}## Tag Index\n### api\n- a.md — Alpha\n- b.md — Beta\n- ../escape.md — refused\n`;
const FORGED = `${INDEX_HEADER}## Tag Index\n### api\n- forged.md — Forged\n`;

function run(home: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync('node', [cli, 'query', ...args, '--today', '2026-11-30'], {
    env: { PATH: process.env.PATH, HOME: home, ...env },
    encoding: 'utf8',
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** The one cache file under `dir` once the detached writer has renamed it into place (or null after 15 s). */
function waitForCacheFile(dir: string): string | null {
  for (let i = 0; i < 300; i++) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.index')) : [];
    if (files.length === 1) return path.join(dir, files[0]);
    sleep(50);
  }
  return null;
}

/** Rewrites `file` with FORGED's image under the stamp the CLI wrote (its build, index.md's key). */
function forge(file: string): void {
  const stamp = readStamp(fs.readFileSync(file));
  assert.ok(stamp, 'the CLI wrote a readable stamp');
  fs.writeFileSync(file, encodeImage(compactIndex(parseIndex(FORGED)), stamp)!, { mode: 0o600 });
}

describe('CLI index cache', () => {
  const homes: string[] = [];
  const newHome = () => {
    const home = makeHome({ index: INDEX, files: { 'knowledge/a.md': '# A\n', 'knowledge/b.md': '# B\n' } });
    homes.push(home);
    return home;
  };
  const [hitHome, optOutHome, readOnlyHome, forgedHome] = [newHome(), newHome(), newHome(), newHome()];
  // index.md is cached only once it is older than the racy window (mtime and ctime): once for all.
  before(() => sleep(2100));

  test('a miss answers and leaves the cache behind; the next run answers from it alone, the same to the byte', () => {
    const xdg = tempDir('aria-xdg-');
    const env = { XDG_CACHE_HOME: xdg };
    const plain = run(hitHome, ['api'], { ARIA_CONTEXT_NO_CACHE: '1' });
    const first = run(hitHome, ['api'], env);
    assert.deepEqual(first, plain);
    const file = waitForCacheFile(path.join(xdg, 'aria-context'));
    assert.ok(file, 'the detached writer wrote the cache file');
    assert.equal(fs.statSync(path.join(xdg, 'aria-context')).mode & 0o777, 0o700);
    assert.equal(fs.statSync(file).mode & 0o777, 0o600);
    const ino = fs.statSync(file).ino;
    for (const args of [
      ['api'],
      ['api', '--json'],
      ['api', '--load', 'all'],
      ['api', '--load', 'all', '--json'],
      ['nothing'],
    ]) {
      assert.deepEqual(run(hitHome, args, env), run(hitHome, [...args, '--no-cache'], env), args.join(' '));
    }
    sleep(300);
    assert.equal(fs.statSync(file).ino, ino, 'a hit does not rewrite the file');
    forge(file);
    assert.match(run(hitHome, ['api'], env).out, /forged\.md — Forged/, 'a hit reads no index.md');
    // index.md rewritten to the same size: its times change, the forged image is no longer used
    const indexFile = path.join(hitHome, 'knowledge', 'index.md');
    fs.writeFileSync(indexFile, INDEX.replace('Alpha', 'Alpho'));
    const changed = run(hitHome, ['api'], env);
    assert.match(changed.out, /a\.md — Alpho/);
    assert.doesNotMatch(changed.out, /forged/);
  });

  test('--no-cache and ARIA_CONTEXT_NO_CACHE=1 neither read nor write the cache', () => {
    const xdg = tempDir('aria-xdg-');
    const env = { XDG_CACHE_HOME: xdg };
    for (const [args, extra] of [
      [['api', '--no-cache'], {}],
      [['api'], { ARIA_CONTEXT_NO_CACHE: '1' }],
    ] as const) {
      assert.equal(run(optOutHome, [...args], { ...env, ...extra }).code, 0);
    }
    sleep(1500);
    assert.equal(fs.existsSync(path.join(xdg, 'aria-context')), false, 'nothing written');
    run(optOutHome, ['api'], env);
    const file = waitForCacheFile(path.join(xdg, 'aria-context'));
    assert.ok(file);
    forge(file);
    assert.match(run(optOutHome, ['api'], env).out, /forged/);
    assert.doesNotMatch(run(optOutHome, ['api', '--no-cache'], env).out, /forged/);
    assert.doesNotMatch(run(optOutHome, ['api'], { ...env, ARIA_CONTEXT_NO_CACHE: '1' }).out, /forged/);
    assert.equal(run(optOutHome, ['api', '--no-cache=yes'], env).code, 2, '--no-cache takes no value');
  });

  test('a cache folder that cannot be written: the same answer, exit 0, nothing on stderr', () => {
    const blocker = path.join(tempDir('aria-xdg-ro-'), 'file');
    fs.writeFileSync(blocker, '');
    const expected = run(readOnlyHome, ['api', '--no-cache']);
    for (const env of [
      { XDG_CACHE_HOME: blocker },
      { XDG_CACHE_HOME: path.join(blocker, 'sub') },
      { XDG_CACHE_HOME: 'relative/cache' },
    ]) {
      assert.deepEqual(run(readOnlyHome, ['api'], env), expected, JSON.stringify(env));
    }
    // a relative XDG_CACHE_HOME is ignored (XDG): HOME's .cache is used
    assert.ok(waitForCacheFile(path.join(readOnlyHome, '.cache', 'aria-context')));
    sleep(500);
    assert.deepEqual(fs.readdirSync(path.join(readOnlyHome, 'knowledge')).sort(), ['a.md', 'b.md', 'index.md']);
  });

  test('a forged cache file whose values are out of range (a hash table with no empty slot, ids past the pools, overlapping strings) is refused when opened or when read: the CLI answers from index.md, never hangs', () => {
    const xdg = tempDir('aria-xdg-');
    const env = { XDG_CACHE_HOME: xdg };
    const expected = run(forgedHome, ['api'], { ARIA_CONTEXT_NO_CACHE: '1' });
    run(forgedHome, ['api'], env);
    const file = waitForCacheFile(path.join(xdg, 'aria-context'));
    assert.ok(file, 'the first run left a cache file');
    const stamp = readStamp(fs.readFileSync(file));
    assert.ok(stamp);
    const forgeries: Record<string, (image: ReturnType<typeof compactIndex>) => void> = {
      'no empty slot': (image) => image.files.table.slots.fill(1),
      'a file id past the pools': (image) => image.files.keys.fill(1 << 30),
      'a list past its items': (image) => image.filesByTag.starts.fill(1 << 20, 1),
      'a hash slot naming no key': (image) => image.filesByTag.table.slots.fill(-3),
      'a file number past the files': (image) => image.filesByTag.items.fill(1 << 24),
      "a string id past the pools in a file's tags": (image) => image.files.tags.fill(-2),
      'string bounds that go back (overlapping strings)': (image) => {
        const bounds = image.strings.narrowBounds;
        bounds[1] = bounds[bounds.length - 1];
      },
      "a file's tags past its tag list": (image) => image.files.tagStarts.fill(7, 1),
      'small sections of the wrong shape': (image) =>
        Object.assign(image.small, { knownTags: [{ tag: 7, aliases: 'x' }] }),
    };
    for (const [name, spoil] of Object.entries(forgeries)) {
      const image = compactIndex(parseIndex(FORGED));
      spoil(image);
      fs.writeFileSync(file, encodeImage(image, stamp)!, { mode: 0o600 });
      const r = spawnSync('node', [cli, 'query', 'api', 'forged', '--today', '2026-11-30'], {
        env: { PATH: process.env.PATH, HOME: forgedHome, ...env },
        encoding: 'utf8',
        timeout: 30_000,
      });
      assert.equal(r.error, undefined, `${name}: the CLI finished`);
      assert.equal(r.status, 0, `${name}: ${r.stderr}`);
      assert.doesNotMatch(r.stdout, /forged\.md/, `${name}: nothing from the forged file`);
      assert.match(r.stdout, /a\.md/, `${name}: answered from index.md`);
      assert.equal(r.stderr, '', name);
    }
    assert.match(expected.out, /a\.md/);
  });
});
