// Node's compile cache holds code: an entry is accepted when its source has the same length and
// CRC-32 as the file required (V8 itself checks only the length), so whoever can write the cache
// folder runs code in our processes. These tests forge such an entry for the CLI's query bundle
// (a file of the same length, same CRC-32, whose top level writes a mark), prove that Node runs
// it when the folder is used, and that the CLI never uses a folder that a repository, a synced
// knowledge folder or another user can write into (src/cli/launcher.ts compileCacheFolder).
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as nodeModule from 'node:module';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import * as zlib from 'node:zlib';
import { compileCacheFolder } from '../../src/cli/launcher';
import { ensureCli } from '../cliRun';
import { INDEX_HEADER, makeHome, repoRoot, tempDir, writeTree } from '../helpers';

const crc32 = (zlib as unknown as { crc32?: (data: Uint8Array) => number }).crc32;
const hasCompileCache = typeof (nodeModule as { enableCompileCache?: unknown }).enableCompileCache;
const skip =
  crc32 === undefined || hasCompileCache !== 'function'
    ? 'this Node has no compile cache (22.1+) or zlib.crc32'
    : false;

/**
 * A source with `original`'s UTF-8 length, UTF-16 length and CRC-32 whose top level runs
 * `payload`: the payload, then a comment holding as many two-byte characters as the original has
 * extra bytes, and twelve characters whose low six bits are solved for the CRC (over GF(2)).
 */
export function forgeSource(original: Buffer, payload: string): Buffer {
  const units = original.toString('utf8').length;
  const extra = original.length - units;
  const FIX = 12;
  const head = `${payload};/*`;
  const tail = '*/\n';
  const fill = units - extra - head.length - FIX - tail.length;
  assert.ok(fill >= 0, 'the original is long enough to hold the payload');
  const forged = Buffer.from(`${head}${'@'.repeat(FIX)}${'é'.repeat(extra)}${' '.repeat(fill)}${tail}`, 'utf8');
  assert.equal(forged.length, original.length);
  const base = crc32!(forged);
  // One row per free bit: what flipping it does to the CRC (CRC-32 is affine in the bits).
  const rows: { v: number; bits: number[] }[] = [];
  for (let i = 0; i < FIX; i++)
    for (let k = 0; k < 6; k++) {
      forged[head.length + i] ^= 1 << k;
      rows.push({ v: (crc32!(forged) ^ base) >>> 0, bits: [i * 6 + k] });
      forged[head.length + i] ^= 1 << k;
    }
  const basis: ({ v: number; bits: number[] } | undefined)[] = new Array(32);
  for (const row of rows) {
    let r = row;
    for (let b = 31; b >= 0 && r.v !== 0; b--) {
      if (((r.v >>> b) & 1) === 0) continue;
      const pivot = basis[b];
      if (!pivot) {
        basis[b] = r;
        break;
      }
      r = { v: (r.v ^ pivot.v) >>> 0, bits: xorSets(r.bits, pivot.bits) };
    }
  }
  let want = (crc32!(original) ^ base) >>> 0;
  let flips: number[] = [];
  for (let b = 31; b >= 0 && want !== 0; b--) {
    if (((want >>> b) & 1) === 0) continue;
    const pivot = basis[b];
    assert.ok(pivot, 'the free bits span every CRC');
    want = (want ^ pivot.v) >>> 0;
    flips = xorSets(flips, pivot.bits);
  }
  for (const bit of flips) forged[head.length + Math.floor(bit / 6)] ^= 1 << (bit % 6);
  assert.equal(crc32!(forged), crc32!(original));
  assert.equal(forged.toString('utf8').length, units);
  return forged;
}

function xorSets(a: number[], b: number[]): number[] {
  const out = new Set(a);
  for (const x of b)
    if (out.has(x)) out.delete(x);
    else out.add(x);
  return [...out];
}

const nodeFile = (dir: string) => path.join(dir, '.cache', 'aria-context', `compile-node${process.versions.node}`);

describe('a forged compile-cache entry never runs in the CLI', { skip }, () => {
  ensureCli();
  // A copy of the built package, so the entry is forged for a path no other test uses.
  const pkg = tempDir('aria-cc-pkg-');
  fs.cpSync(path.join(repoRoot, 'dist'), path.join(pkg, 'dist'), { recursive: true });
  const cli = path.join(pkg, 'dist', 'cli.js');
  const bundle = path.join(pkg, 'dist', 'commands', 'query.js');
  const original = fs.readFileSync(bundle);
  const markDir = tempDir('aria-cc-mark-');
  const payload = 'require("fs").writeFileSync(process.env.ARIA_FORGED_MARK,"forged code ran")';

  // The entry: Node compiles the forged file at the bundle's path into a staging cache.
  const staging = tempDir('aria-cc-staging-');
  fs.writeFileSync(bundle, forgeSource(original, payload));
  const make = spawnSync(
    process.execPath,
    ['-e', `require('node:module').enableCompileCache(${JSON.stringify(staging)}); require(${JSON.stringify(bundle)})`],
    { env: { PATH: process.env.PATH, ARIA_FORGED_MARK: path.join(markDir, 'making') }, encoding: 'utf8' },
  );
  fs.writeFileSync(bundle, original);
  assert.equal(make.status, 0, make.stderr);

  const index = `${INDEX_HEADER}## Tag Index\n### api\n- a.md — A\n`;
  function run(home: string, mark: string, args: string[] = [], env: Record<string, string> = {}) {
    const r = spawnSync(process.execPath, [cli, 'query', 'api', '--today', '2026-11-30', ...args], {
      env: { PATH: process.env.PATH, HOME: home, ARIA_FORGED_MARK: path.join(markDir, mark), ...env },
      encoding: 'utf8',
    });
    return { out: r.stdout, ran: fs.existsSync(path.join(markDir, mark)) };
  }
  /** The staged entry, copied into `dir` (made 0700 where missing). */
  function plant(dir: string): void {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    fs.cpSync(staging, dir, { recursive: true });
  }

  test('the forged entry is one Node runs: required through the cache folder, its code runs instead of the bundle', () => {
    const r = spawnSync(
      process.execPath,
      [
        '-e',
        `require('node:module').enableCompileCache(${JSON.stringify(staging)}); require(${JSON.stringify(bundle)})`,
      ],
      { env: { PATH: process.env.PATH, ARIA_FORGED_MARK: path.join(markDir, 'control') }, encoding: 'utf8' },
    );
    assert.equal(r.status, 0, r.stderr);
    assert.ok(fs.existsSync(path.join(markDir, 'control')), 'the forged entry ran');
    // and the CLI does use a folder that passes the rule: only the rule stands in the way
    const home = makeHome({ index, files: { 'knowledge/a.md': '# A\n' } });
    plant(nodeFile(home));
    assert.equal(run(home, 'private').ran, true, 'a private folder of the user is trusted, as the index cache is');
  });

  test('~/.cache a symlink into a clone (a project root): the entry never runs, the answer is the same', () => {
    const home = makeHome({
      index,
      config: { projects_list: 'proj-a:proj-a' },
      files: { 'knowledge/a.md': '# A\n', 'Projects/proj-a/README.md': '# a clone\n' },
    });
    plant(nodeFile(path.join(home, 'Projects', 'proj-a')));
    fs.symlinkSync(path.join(home, 'Projects', 'proj-a', '.cache'), path.join(home, '.cache'));
    const r = run(home, 'symlink');
    assert.equal(r.ran, false);
    assert.equal(r.out, run(home, 'symlink-nocache', [], { ARIA_CONTEXT_NO_CACHE: '1' }).out);
    assert.match(r.out, /a\.md/);
  });

  test('HOME inside a configured project root, or the cache inside the knowledge folder: the entry never runs', () => {
    const inRoot = makeHome({ index, config: { projects_list: 'me:~' }, files: { 'knowledge/a.md': '# A\n' } });
    plant(nodeFile(inRoot));
    assert.equal(run(inRoot, 'project-root').ran, false);
    assert.equal(compileCacheFolder(inRoot, [inRoot]), null);

    // a knowledge folder given with --folder that holds the cache folder (read from the flags)
    const home = tempDir('aria-cc-home-');
    const folder = path.join(home, '.cache');
    writeTree(home, {
      '.cache/index.md': index,
      '.cache/a.md': '# A\n',
      'notes/index.md': index,
      'notes/a.md': '# A\n',
    });
    plant(nodeFile(home));
    const r = run(home, 'knowledge-folder', ['--folder', folder]);
    assert.equal(r.ran, false);
    assert.match(r.out, /a\.md/);
    const elsewhere = run(home, 'knowledge-folder-control', ['--folder', path.join(home, 'notes')]);
    assert.equal(elsewhere.ran, true, 'with the knowledge folder elsewhere, the same entry is used');
  });

  test('a folder on the way others can write: the entry never runs', () => {
    const home = makeHome({ index, files: { 'knowledge/a.md': '# A\n' } });
    plant(nodeFile(home));
    fs.chmodSync(path.join(home, '.cache'), 0o777);
    assert.equal(run(home, 'group-writable').ran, false);
    fs.chmodSync(path.join(home, '.cache'), 0o700);
    assert.equal(run(home, 'switched-off', [], { ARIA_CONTEXT_NO_CACHE: '1' }).ran, false, 'ARIA_CONTEXT_NO_CACHE=1');
  });
});

// Node turns its compile cache on from NODE_COMPILE_CACHE before dist/cli.js runs, so the rule
// above never judges that folder; the commands setup registers clear it (SPEC §13.3). Here the
// folder is one another local user can write, holding their entries forged for dist/mcp.js and
// dist/commands/hook.js (planted as uid 65534 when the tests run as root).
describe('NODE_COMPILE_CACHE naming a folder others can write: never used by what setup registers', { skip }, () => {
  ensureCli();
  const pkg = tempDir('aria-cc-env-pkg-');
  fs.cpSync(path.join(repoRoot, 'dist'), path.join(pkg, 'dist'), { recursive: true });
  const cli = path.join(pkg, 'dist', 'cli.js');
  const targets = [path.join(pkg, 'dist', 'mcp.js'), path.join(pkg, 'dist', 'commands', 'hook.js')];
  const markDir = tempDir('aria-cc-env-mark-');
  const payload = 'require("fs").writeFileSync(process.env.ARIA_FORGED_MARK,"forged code ran")';

  const staging = tempDir('aria-cc-env-staging-');
  const originals = targets.map((t) => fs.readFileSync(t));
  targets.forEach((t, n) => fs.writeFileSync(t, forgeSource(originals[n], payload)));
  const make = spawnSync(
    process.execPath,
    [
      '-e',
      `require('node:module').enableCompileCache(${JSON.stringify(staging)}); ${targets.map((t) => `require(${JSON.stringify(t)})`).join('; ')}`,
    ],
    { env: { PATH: process.env.PATH, ARIA_FORGED_MARK: path.join(markDir, 'making') }, encoding: 'utf8' },
  );
  targets.forEach((t, n) => fs.writeFileSync(t, originals[n]));
  assert.equal(make.status, 0, make.stderr);

  // the shared folder, and the other user's entries in it
  const shared = tempDir('aria-cc-env-shared-');
  fs.chmodSync(shared, 0o777);
  let planter = 'this user';
  if (process.getuid?.() === 0) {
    for (const e of fs.readdirSync(staging, { recursive: true, withFileTypes: true }))
      fs.chmodSync(path.join(e.parentPath ?? e.path, e.name), e.isDirectory() ? 0o755 : 0o644);
    fs.chmodSync(staging, 0o755);
    const cp = spawnSync('cp', ['-R', `${staging}/.`, shared], { uid: 65534, gid: 65534, encoding: 'utf8' });
    if (cp.status === 0) planter = 'uid 65534';
  }
  if (planter === 'this user') fs.cpSync(staging, shared, { recursive: true });

  const home = makeHome({
    index: `${INDEX_HEADER}## Tag Index\n### api\n- a.md — A\n### stripe\n- a.md — A\n`,
    files: { 'knowledge/a.md': '# A\n' },
  });
  const codexHome = path.join(home, '.codex');
  const setup = spawnSync(process.execPath, [cli, 'setup', 'codex', '--hooks', '--yes'], {
    env: { PATH: process.env.PATH, HOME: home, CODEX_HOME: codexHome },
    encoding: 'utf8',
  });
  assert.equal(setup.status, 0, setup.stdout);
  const toml = fs.readFileSync(path.join(codexHome, 'config.toml'), 'utf8');
  const table = /\[mcp_servers\.aria-context\]\ncommand = (".*")\nargs = \[(.*)\]\nenv = \{ (.*) \}\n/.exec(toml);
  assert.ok(table, toml);
  const command = JSON.parse(table[1]) as string;
  const args = JSON.parse(`[${table[2]}]`) as string[];
  const registeredEnv = Object.fromEntries(
    [...table[3].matchAll(/("[^"]*") = ("[^"]*")/g)].map((m) => [JSON.parse(m[1]), JSON.parse(m[2])]),
  ) as Record<string, string>;
  const hooks = JSON.parse(fs.readFileSync(path.join(codexHome, 'hooks.json'), 'utf8')) as {
    hooks: Record<string, { hooks: { command: string }[] }[]>;
  };
  const hookLine = hooks.hooks.SessionStart[0].hooks[0].command;

  /** What the client's environment holds: the user's shell exported NODE_COMPILE_CACHE. */
  const clientEnv = (mark: string) => ({
    PATH: process.env.PATH,
    HOME: home,
    NODE_COMPILE_CACHE: shared,
    ARIA_FORGED_MARK: path.join(markDir, mark),
  });
  const initialize = `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } })}\n`;
  function server(mark: string, env: Record<string, string>) {
    const r = spawnSync(command, args, {
      env: { ...clientEnv(mark), ...env },
      input: initialize,
      encoding: 'utf8',
      timeout: 30_000,
    });
    return { out: r.stdout, ran: fs.existsSync(path.join(markDir, mark)) };
  }
  function hook(mark: string, line: string) {
    const payload = JSON.stringify({
      session_id: 's',
      cwd: home,
      hook_event_name: 'UserPromptSubmit',
      prompt: 'api stripe',
    });
    const r = spawnSync('sh', ['-c', line], {
      env: clientEnv(mark),
      input: payload,
      encoding: 'utf8',
      timeout: 30_000,
    });
    return { status: r.status, ran: fs.existsSync(path.join(markDir, mark)) };
  }

  test(`control: without the registered environment the entries ${planter} planted run, in the server and in the hook`, () => {
    assert.equal(server('server-control', {}).ran, true, 'the forged mcp.js entry ran');
    assert.ok(hookLine.includes('NODE_COMPILE_CACHE= exec '), hookLine);
    assert.equal(
      hook('hook-control', hookLine.replace('NODE_COMPILE_CACHE= ', '')).ran,
      true,
      'the forged hook.js entry ran',
    );
  });

  test('the server as setup registers it (its env clears NODE_COMPILE_CACHE): the entry never runs, the server answers', () => {
    assert.deepEqual(registeredEnv, { NODE_COMPILE_CACHE: '' });
    const r = server('server', registeredEnv);
    assert.equal(r.ran, false);
    assert.match(r.out, /"result":\{[^\n]*"serverInfo"/);
  });

  test('the hook as setup registers it (its command line clears NODE_COMPILE_CACHE): the entry never runs', () => {
    const r = hook('hook', hookLine);
    assert.equal(r.status, 0);
    assert.equal(r.ran, false);
  });
});
