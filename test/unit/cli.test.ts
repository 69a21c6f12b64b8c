import * as assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { compileCacheFolder } from '../../src/cli/launcher';
import { INDEX_HEADER, makeHome, repoRoot, tempDir, writeTree } from '../helpers';

const cli = path.join(repoRoot, 'dist', 'cli.js');
if (!fs.existsSync(cli)) execFileSync('node', ['esbuild.mjs'], { cwd: repoRoot });

function run(args: string[], home: string, env: Record<string, string> = {}) {
  const r = spawnSync('node', [cli, ...args], {
    env: { PATH: process.env.PATH, HOME: home, ...env },
    encoding: 'utf8',
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('CLI', () => {
  const home = makeHome({
    index: `${INDEX_HEADER}## Tag Index\n### api\n- a.md — A\n`,
    files: { 'knowledge/a.md': '# A\n' },
  });

  test('usage errors come before configuration, exit 2', () => {
    const empty = tempDir();
    assert.deepEqual(run(['query'], empty), {
      code: 2,
      out: 'Usage: aria-context query <tag1> [tag2] [AND tag3]. aria-context tags lists the tags you can use.\n',
      err: '',
    });
    assert.equal(run(['query', 'AND'], empty).code, 2);
    assert.equal(run(['query', 'api', '--bogus'], empty).code, 2);
    assert.equal(run(['query', 'api', '--today', '2026-02-30'], home).code, 2);
    assert.equal(run(['frobnicate'], empty).code, 2);
  });

  test('not configured, exit 3, text and JSON', () => {
    const empty = tempDir();
    const looked = ['.claude', '.gemini/antigravity', '.codex']
      .map((d) => path.join(empty, d, 'aria-knowledge.local.md'))
      .join(', ');
    const message = `aria-knowledge is not configured. Looked for aria-knowledge.local.md in: ${looked}. Pass --config FILE (an aria-knowledge.local.md) or --folder DIR (the knowledge folder).`;
    assert.deepEqual(run(['query', 'api'], empty), { code: 3, out: `${message}\n`, err: '' });
    const json = run(['query', 'api', '--json'], empty);
    assert.equal(json.code, 3);
    assert.deepEqual(JSON.parse(json.out), { error: { code: 'not-configured', message } });
  });

  test('no index, exit 3', () => {
    const noIndex = makeHome({ files: { 'knowledge/a.md': '# A\n' } });
    assert.deepEqual(run(['query', 'api'], noIndex), {
      code: 3,
      out: `No index.md in the knowledge folder ${path.join(noIndex, 'knowledge')}. Build it from your notes with: aria-context index --write\n`,
      err: '',
    });
    assert.equal(JSON.parse(run(['query', 'api', '--json'], noIndex).out).error.code, 'no-index');
  });

  test('--config must exist; --folder overrides; KT_CONFIG is honoured', () => {
    const missing = run(['query', 'api', '--json', '--config', '/no/such.md'], home);
    assert.equal(missing.code, 3);
    assert.equal(JSON.parse(missing.out).error.code, 'config-not-found');
    const other = tempDir();
    writeTree(other, {
      'kb/index.md': `${INDEX_HEADER}## Tag Index\n### api\n- other.md — Other\n`,
      'kb/other.md': '# Other\n',
    });
    assert.match(run(['query', 'api', '--folder', path.join(other, 'kb')], home).out, /1\. other\.md — Other \[api\]/);
    writeTree(other, { 'cfg.md': `---\nknowledge_folder: ${path.join(other, 'kb')}\n---\n` });
    assert.match(run(['query', 'api'], tempDir(), { KT_CONFIG: path.join(other, 'cfg.md') }).out, /other\.md/);
  });

  test('a relative HOME, --folder or --config is named as the cause, with the absolute path it would be from here', () => {
    const parent = path.dirname(home);
    const rel = path.basename(home);
    const inParent = (args: string[], homeValue: string) => {
      const r = spawnSync('node', [cli, ...args], {
        cwd: parent,
        env: { PATH: process.env.PATH, HOME: homeValue },
        encoding: 'utf8',
      });
      return { code: r.status, out: r.stdout, err: r.stderr };
    };
    // The same folder works as an absolute HOME, so the message is about the path's form alone.
    assert.match(inParent(['query', 'api'], home).out, /a\.md — A/);
    assert.deepEqual(inParent(['query', 'api'], rel), {
      code: 3,
      out: `HOME must be an absolute path (got "${rel}"). From this directory that would be HOME="${home}".\n`,
      err: '',
    });
    const json = inParent(['query', 'api', '--json'], rel);
    assert.equal(JSON.parse(json.out).error.code, 'not-configured');
    assert.doesNotMatch(json.out, /knowledge_folder/);

    const folder = inParent(['query', 'api', '--folder', `${rel}/knowledge`], home);
    assert.equal(folder.code, 2);
    assert.equal(
      folder.out,
      `--folder must be an absolute path (got "${rel}/knowledge"). From this directory that would be --folder "${path.join(home, 'knowledge')}".\n`,
    );
    const config = inParent(['query', 'api', `--config=./${rel}/.claude/aria-knowledge.local.md`], home);
    assert.equal(config.code, 2);
    assert.match(
      config.out,
      /^--config must be an absolute path \(got "\.\/[^"]+"\)\. From this directory that would be --config "\/.+\/\.claude\/aria-knowledge\.local\.md"\.\n$/,
    );
    // `~/…` is a home path, not a relative one.
    assert.match(inParent(['query', 'api', '--folder', '~/knowledge'], home).out, /a\.md — A/);
  });

  test('--json follows the contract; --load prints the bundle', () => {
    const json = JSON.parse(run(['query', 'api', '--json'], home).out);
    assert.deepEqual(Object.keys(json), [
      'tokens',
      'mode',
      'resolved',
      'expanded',
      'found',
      'items',
      'notes',
      'ideas',
      'noMatch',
      'unlisted',
    ]);
    assert.deepEqual(json.items[0], {
      n: 1,
      category: 'cross-project',
      path: 'a.md',
      absPath: path.join(home, 'knowledge', 'a.md'),
      description: 'A',
      tags: ['api'],
      hint: null,
      project: null,
      scope: null,
      stale: false,
      available: true,
      problem: null,
    });
    const load = run(['query', 'api', '--load', '1'], home);
    assert.equal(load.out, '## a.md\n\n```markdown\n# A\n```\n\nLoaded 1 knowledge file into context.\n');
    assert.equal(run(['query', 'api', '--load', '7'], home).code, 2);
  });

  test('--help', () => {
    const help = run(['--help'], home);
    assert.equal(help.code, 0);
    assert.match(help.out, /^ {2}query <tokens…>/m);
    assert.match(help.out, /Run aria-context <command> --help/);
  });
});

describe("compiled code is cached only in the user's own private folder", () => {
  test('the compile cache folder is under home/.cache, whatever XDG_CACHE_HOME says, made private', () => {
    const home = tempDir('aria-cc-home-');
    const dir = compileCacheFolder(home, []);
    assert.equal(dir, path.join(home, '.cache', 'aria-context', `compile-node${process.versions.node}`));
    assert.equal(fs.statSync(dir!).mode & 0o777, 0o700);
  });

  test('a cache folder others can write, or one that is a symlink (a repository or a synced folder), is never used', () => {
    const shared = tempDir('aria-cc-home-');
    fs.mkdirSync(path.join(shared, '.cache', 'aria-context'), { recursive: true });
    fs.chmodSync(path.join(shared, '.cache', 'aria-context'), 0o777);
    assert.equal(compileCacheFolder(shared, []), null, 'world-writable');
    const linked = tempDir('aria-cc-home-');
    const repo = tempDir('aria-cc-repo-');
    fs.chmodSync(repo, 0o700);
    fs.mkdirSync(path.join(linked, '.cache'), { recursive: true });
    fs.symlinkSync(repo, path.join(linked, '.cache', 'aria-context'));
    assert.equal(compileCacheFolder(linked, []), null, 'a symlink to a folder elsewhere');
    assert.equal(compileCacheFolder('relative/home', []), null, 'no absolute home');
  });
});

test('a long answer reaches a reader that is slow to start reading whole (the CLI exits once it has answered)', async () => {
  const notes = Object.fromEntries(
    Array.from({ length: 120 }, (_, i) => [`knowledge/n${i}.md`, `# Note ${i}\n${'lorem ipsum '.repeat(150)}\n`]),
  );
  const entries = Array.from({ length: 120 }, (_, i) => `- n${i}.md — Note ${i}`).join('\n');
  const home = makeHome({ index: `${INDEX_HEADER}## Tag Index\n### api\n${entries}\n`, files: notes });
  const args = [cli, 'query', 'api', '--load', 'all'];
  const env = { PATH: process.env.PATH, HOME: home };
  const whole = spawnSync('node', args, { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  assert.equal(whole.status, 0);
  assert.ok(whole.stdout.length > 150_000, `more than a pipe holds (${whole.stdout.length} bytes)`);
  const child = spawn('node', args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pause();
  const code = new Promise<number | null>((resolve) => child.on('close', resolve));
  await new Promise((resolve) => setTimeout(resolve, 500));
  const chunks: Buffer[] = [];
  child.stdout.on('data', (c: Buffer) => chunks.push(c));
  child.stdout.resume();
  assert.equal(await code, 0);
  assert.equal(Buffer.concat(chunks).toString('utf8'), whole.stdout);
});
