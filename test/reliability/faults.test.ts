// Faults: a missing knowledge folder, unreadable files, a directory named x.md, symlink loops,
// a file deleted between query and load, FIFOs. Each: a clear message for the broken entry,
// everything else still works, nothing hangs.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { pickItems, renderBundle } from '../../src/core/read/loader';
import { noFolderMessage } from '../../src/core/present/messages';
import { loadItems } from '../../src/core/read/reader';
import { loadSnapshot } from '../../src/core/index/snapshot';
import { renderSummary } from '../../src/core/present/summary';
import { scanProject } from '../../src/core/match/projectTier';
import { makeHome, query, snapshotFor, TODAY, type TestHome } from './helpers';
import { tempDir } from '../helpers';
import { ensureCli, runCli } from '../cliRun';
import { bounded } from '../timing';

const INDEX = [
  '# Knowledge Index',
  '## Tag Index',
  '### api',
  '- approaches/a.md — A',
  '- approaches/b.md — B',
  '- approaches/c.md — C',
  '',
].join('\n');

function basicHome(extra: Record<string, string> = {}, index = INDEX): TestHome {
  return makeHome({
    config: { projects_enabled: 'true', projects_list: 'p1:~/Projects/p1' },
    index,
    files: {
      'knowledge/approaches/a.md': '# A\nalpha\n',
      'knowledge/approaches/b.md': '# B\nbravo\n',
      'knowledge/approaches/c.md': '# C\ncharlie\n',
      'knowledge/projects/p1/ok.md': '---\ntags: [api]\n---\n# OK note\n',
      ...extra,
    },
  });
}

function loadAll(result: ReturnType<typeof query>, h: TestHome) {
  const picks = pickItems(result, 'all');
  assert.ok(picks.ok);
  const load = loadItems(snapshotFor(h.home).config, picks.items);
  return { load, bundle: renderBundle(load) };
}

test('missing knowledge folder: the message names it and its config, no throw; the CLI exits 3', () => {
  const h = makeHome({});
  fs.rmSync(h.folder, { recursive: true });
  const noFolder = noFolderMessage(h.folder, path.join(h.home, '.claude', 'aria-knowledge.local.md'));
  const outcome = loadSnapshot({ home: h.home, env: {} });
  assert.equal(outcome.ok, false);
  if (!outcome.ok) {
    assert.equal(outcome.code, 'no-index');
    assert.equal(outcome.message, noFolder);
  }
  assert.deepEqual(runCli(['query', 'api'], h.home), { code: 3, out: `${noFolder}\n`, err: '' });
  const json = runCli(['query', 'api', '--json'], h.home);
  assert.equal(json.code, 3);
  assert.deepEqual(JSON.parse(json.out), { error: { code: 'no-index', message: noFolder } });

  // The folder is a file, or index.md is a directory: the same kind of answer, never a crash.
  fs.writeFileSync(h.folder, 'not a folder');
  assert.deepEqual(runCli(['query', 'api'], h.home), { code: 3, out: `${noFolder}\n`, err: '' });
  fs.rmSync(h.folder);
  fs.mkdirSync(path.join(h.folder, 'index.md'), { recursive: true });
  const dirIndex = runCli(['query', 'api'], h.home);
  assert.equal(dirIndex.code, 3);
  assert.match(dirIndex.out, /^Cannot read .*index\.md: it is not a regular file\.\n$/);
});

/** How the EACCES test runs the CLI: which build, and as which user. */
interface Unreadable {
  cli: string;
  uid?: number;
  gid?: number;
}

/**
 * How this machine can make a file unreadable: chmod 000 (non-root), or, as root (whom chmod
 * 000 does not stop), running the CLI as the unprivileged uid 65534. That user may not reach
 * the clone (it can sit under a folder only root enters), so it runs a copy of the build in a
 * temp folder open to all. Returns why not when neither works: the test then skips.
 */
function unreadableStrategy(h: TestHome): Unreadable | string {
  const probe = path.join(h.home, 'probe');
  fs.writeFileSync(probe, 'x');
  fs.chmodSync(probe, 0o000);
  let blocked = false;
  try {
    fs.readFileSync(probe);
  } catch (err) {
    blocked = (err as NodeJS.ErrnoException).code === 'EACCES';
  }
  fs.rmSync(probe);
  if (blocked) return { cli: ensureCli() };
  if (process.getuid?.() !== 0) return 'chmod 000 does not block reads here and the tests cannot switch users';
  const bin = tempDir('aria-rel-cli-');
  // The whole build, commands/ included: the launcher runs each command from its own bundle.
  fs.cpSync(path.dirname(ensureCli()), bin, { recursive: true, filter: (src) => !src.endsWith('.map') });
  for (const e of fs.readdirSync(bin, { recursive: true, withFileTypes: true }).filter((x) => x.isFile()))
    fs.chmodSync(path.join(e.parentPath ?? e.path, e.name), 0o644);
  // The unprivileged user must be able to walk the trees: open them up (the test locks its targets).
  const dirsOf = (root: string) =>
    fs
      .readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => path.join(e.parentPath ?? e.path, e.name));
  for (const dir of [bin, h.home, ...dirsOf(bin), ...dirsOf(h.home)]) fs.chmodSync(dir, 0o755);
  const cli = path.join(bin, path.basename(ensureCli()));
  const reach = [
    "const fs = require('node:fs');",
    'try { fs.readdirSync(process.argv[1]); fs.accessSync(process.argv[2], fs.constants.R_OK); }',
    'catch (err) { process.stderr.write(err.message); process.exit(1); }',
    'process.stdout.write(String(process.getuid()));',
  ].join(' ');
  const r = spawnSync(process.execPath, ['-e', reach, h.home, cli], { uid: 65534, gid: 65534, encoding: 'utf8' });
  if (r.status !== 0 || r.stdout !== '65534') {
    const why = r.error?.message ?? r.stderr.trim();
    return `running as root, and uid 65534 cannot run node or reach ${path.dirname(h.home)} (a folder above it may be closed to other users): ${why}`;
  }
  return { cli, uid: 65534, gid: 65534 };
}

test('unreadable files (EACCES): a clear message naming each one, everything else still loads', (t) => {
  const h = basicHome({
    'knowledge/projects/p1/locked.md': '---\ntags: [api]\n---\n# Locked note\n',
    'knowledge/projects/p1/locked-dir/inner.md': '# Inner\n',
    'knowledge/intake/ideas/2026-11-20-locked.md': '---\nproject: p1\n---\n# Locked idea\n',
    'knowledge/intake/ideas/2026-11-21-open.md': '---\nproject: p1\n---\n# Open idea\n',
  });
  const strategy = unreadableStrategy(h);
  if (typeof strategy === 'string') {
    t.skip(strategy);
    return;
  }
  t.diagnostic(
    strategy.uid === undefined
      ? 'chmod 000 blocks reads: running as this user'
      : `root ignores chmod 000: running a copy of the CLI (${strategy.cli}) as uid 65534`,
  );
  const k = (rel: string) => path.join(h.folder, rel);
  for (const rel of [
    'approaches/b.md',
    'projects/p1/locked.md',
    'projects/p1/locked-dir',
    'intake/ideas/2026-11-20-locked.md',
  ])
    fs.chmodSync(k(rel), 0o000);
  const run = (args: string[]) => {
    const env = { PATH: process.env.PATH, HOME: h.home };
    const r = spawnSync(process.execPath, [strategy.cli, ...args, '--today', TODAY], {
      env,
      encoding: 'utf8',
      timeout: 30_000,
      uid: strategy.uid,
      gid: strategy.gid,
    });
    return { code: r.status, out: r.stdout, err: r.stderr };
  };

  const summary = run(['query', 'api', 'p1']);
  assert.equal(summary.code, 0, summary.out + summary.err);
  // Listed from the index, marked unloadable at query time and counted nowhere (§5, §9).
  assert.match(summary.out, /^- approaches\/b\.md — B \(refused — permission denied; not read\) \[api\]$/m);
  assert.match(summary.out, /^Found 3 files matching/m);
  assert.match(summary.out, /^\d+\. projects\/p1\/ok\.md — OK note \[api, p1\]$/m);
  assert.match(
    summary.out,
    /^- projects\/p1\/locked\.md — locked \(refused — permission denied; not read\) \[p1\]$/m,
    'listed by name, tags unknown',
  );
  assert.match(summary.out, /^Warning: projects\/p1\/locked\.md: cannot be read: permission denied$/m);
  assert.match(summary.out, /^Warning: projects\/p1\/locked-dir\/: permission denied$/m);
  assert.match(summary.out, /^Warning: intake\/ideas\/2026-11-20-locked\.md: cannot be read: permission denied$/m);
  assert.match(summary.out, /Open idea/);

  const bundle = run(['query', 'api', 'p1', '--load', 'all']);
  assert.equal(bundle.code, 0, bundle.out + bundle.err);
  assert.match(bundle.out, /^Refused approaches\/b\.md: permission denied \(not read\)\.$/m);
  assert.match(bundle.out, /^Refused projects\/p1\/locked\.md: permission denied \(not read\)\.$/m);
  assert.match(bundle.out, /^## approaches\/a\.md$/m);
  assert.match(bundle.out, /^## approaches\/c\.md$/m);
  assert.match(bundle.out, /^## projects\/p1\/ok\.md$/m);
  assert.match(bundle.out, /^Loaded 3 knowledge files into context\.$/m);
  assert.ok(!bundle.out.includes('bravo'));

  fs.chmodSync(k('index.md'), 0o000);
  const noIndex = run(['query', 'api']);
  assert.equal(noIndex.code, 3);
  assert.equal(noIndex.out, `Cannot read ${k('index.md')}: permission denied.\n`);

  const config = path.join(h.home, '.claude', 'aria-knowledge.local.md');
  fs.chmodSync(config, 0o000);
  const noConfig = run(['query', 'api']);
  assert.equal(noConfig.code, 3);
  assert.match(
    noConfig.out,
    /^Cannot read .*aria-knowledge\.local\.md: .*aria-knowledge is not configured\. Pass --config FILE \(an aria-knowledge\.local\.md\) or --folder DIR \(the knowledge folder\)\.\n$/,
  );
});

test('a directory named x.md: walked as a folder in projects/, refused at load from the index, skipped in ideas', () => {
  const h = basicHome(
    {
      'knowledge/approaches/dir.md/inside.md': '# Inside a folder named dir.md\n',
      'knowledge/projects/p1/x.md/inner.md': '---\ntags: [api]\n---\n# Inner note\n',
      'knowledge/intake/ideas/2026-11-20-folder.md/note.md': '---\nproject: p1\n---\n# Not an idea\n',
      'knowledge/intake/ideas/2026-11-21-real.md': '---\nproject: p1\n---\n# Real idea\n',
    },
    INDEX.replace('- approaches/c.md — C', '- approaches/c.md — C\n- approaches/dir.md — A folder'),
  );
  const result = query(snapshotFor(h.home), 'api p1');
  const paths = result.items.map((i) => i.path);
  assert.ok(paths.includes('projects/p1/x.md/inner.md'));
  assert.ok(!paths.includes('projects/p1/x.md'));
  assert.ok(paths.includes('approaches/dir.md'));
  assert.deepEqual(
    result.ideas.map((i) => i.title),
    ['Real idea'],
  );
  const { load, bundle } = loadAll(result, h);
  assert.deepEqual(
    load.refused.map((r) => [r.item.path, r.reason]),
    [['approaches/dir.md', 'it is not a regular file']],
  );
  assert.match(bundle, /^Refused approaches\/dir\.md: it is not a regular file \(not read\)\.$/m);
  assert.ok(load.loaded.some((f) => f.item.path === 'projects/p1/x.md/inner.md'));
  assert.equal(
    load.loaded.length,
    result.items.filter((i) => i.selectable).length,
    'the directory is marked, not selectable',
  );
});

test('a symlink loop under projects/: the scan ends, names the loop, and still lists the other files', () => {
  const h = basicHome({ 'knowledge/projects/p1/sub/deep.md': '# Deep\n' });
  const p1 = path.join(h.folder, 'projects', 'p1');
  fs.symlinkSync('..', path.join(p1, 'sub', 'up')); // sub/up → p1: a directory cycle
  fs.symlinkSync('.', path.join(p1, 'self')); // p1/self → p1
  fs.symlinkSync('self-file.md', path.join(p1, 'self-file.md')); // a symlink to itself (ELOOP)
  fs.symlinkSync('ping.md', path.join(p1, 'pong.md')); // two symlinks pointing at each other
  fs.symlinkSync('pong.md', path.join(p1, 'ping.md'));
  fs.symlinkSync(path.join(h.folder, 'projects'), path.join(p1, 'projects-again')); // an ancestor

  const scan = bounded('scan of a project with symlink loops', 5, () => scanProject(h.folder, 'p1'));
  const listed = scan.files.map((f) => f.relPath);
  assert.ok(listed.includes('projects/p1/ok.md') && listed.includes('projects/p1/sub/deep.md'));
  assert.equal(listed.filter((p) => p.endsWith('/ok.md')).length, 1, 'the loop does not list files again');
  assert.ok(
    scan.problems.some((p) => p.includes('symlink loop')),
    scan.problems.join('; '),
  );
  // §9 A looping symlink cannot be proved inside: listed and refused like one leading out, never read.
  for (const name of ['self-file.md', 'ping.md', 'pong.md']) {
    const file = scan.files.find((f) => f.relPath === `projects/p1/${name}`);
    assert.equal(file?.problem, 'a symlink that does not lead inside the knowledge folder: listed, never read', name);
  }
  // Through the query: a result, the loops marked refused, everything loadable loads.
  const result = query(snapshotFor(h.home), 'p1');
  assert.match(renderSummary(result), /^- projects\/p1\/ping\.md — ping \(refused — /m);
  const { load } = loadAll(result, h);
  assert.deepEqual(load.loaded.length, result.items.filter((i) => i.selectable).length);
  assert.ok(load.loaded.some((f) => f.item.path === 'projects/p1/sub/deep.md'));

  // A looping symlink listed in the index is refused at load with a clear reason.
  fs.symlinkSync('loop.md', path.join(h.folder, 'approaches', 'loop.md'));
  fs.appendFileSync(path.join(h.folder, 'index.md'), '- approaches/loop.md — Loop\n');
  const again = query(snapshotFor(h.home), 'api');
  const second = loadAll(again, h);
  assert.deepEqual(
    second.load.refused.map((r) => [r.item.path, r.reason]),
    [['approaches/loop.md', 'its real path (after symlinks) is outside the allowed folders']],
  );
});

test('a file deleted (or swapped) between query and load: a clear error for that file, the others still load', () => {
  const h = basicHome({ 'knowledge/projects/p1/gone.md': '---\ntags: [api]\n---\n# Gone\n' });
  const result = query(snapshotFor(h.home), 'api p1');
  const selectable = result.items.filter((i) => i.selectable).length;
  fs.rmSync(path.join(h.folder, 'approaches', 'a.md'));
  fs.rmSync(path.join(h.folder, 'projects', 'p1', 'gone.md'));
  // b.md becomes a symlink to a file outside the folder after the query was made.
  fs.rmSync(path.join(h.folder, 'approaches', 'b.md'));
  fs.symlinkSync(h.secret, path.join(h.folder, 'approaches', 'b.md'));
  // c.md becomes a directory.
  fs.rmSync(path.join(h.folder, 'approaches', 'c.md'));
  fs.mkdirSync(path.join(h.folder, 'approaches', 'c.md'));

  const { load, bundle } = loadAll(result, h);
  assert.deepEqual(
    load.refused.map((r) => [r.item.path, r.reason]),
    [
      ['projects/p1/gone.md', 'the file does not exist'],
      ['approaches/a.md', 'the file does not exist'],
      ['approaches/b.md', 'its real path (after symlinks) is outside the allowed folders'],
      ['approaches/c.md', 'it is not a regular file'],
    ],
  );
  assert.equal(load.loaded.length, selectable - 4);
  assert.ok(load.loaded.some((f) => f.item.path === 'projects/p1/ok.md'));
  assert.match(bundle, /^Refused approaches\/a\.md: the file does not exist \(not read\)\.$/m);
  assert.match(bundle, /^Loaded 1 knowledge file into context\.$/m);
});

test('a FIFO in place of index.md, a note or an idea never blocks (bounded time)', (t) => {
  const h = basicHome({ 'knowledge/intake/ideas/2026-11-21-open.md': '---\nproject: p1\n---\n# Open idea\n' });
  const fifo = path.join(h.folder, 'pipe.md'); // named .md: the reader refuses other names before opening
  const mk = spawnSync('mkfifo', [fifo]);
  if (mk.status !== 0) {
    t.skip(`mkfifo is not available: ${mk.error?.message ?? mk.stderr}`);
    return;
  }
  fs.symlinkSync(fifo, path.join(h.folder, 'projects', 'p1', 'pipe.md'));
  fs.symlinkSync(fifo, path.join(h.folder, 'intake', 'ideas', '2026-11-22-pipe.md'));
  fs.symlinkSync(fifo, path.join(h.folder, 'approaches', 'pipe.md'));
  fs.appendFileSync(path.join(h.folder, 'index.md'), '- approaches/pipe.md — A pipe\n');
  // Run through the CLI with a timeout (runCli's hang bound): a regression hangs a child, not
  // the test runner, and the run fails with no exit code.
  const summary = runCli(['query', 'api', 'p1', '--today', TODAY], h.home);
  const bundle = runCli(['query', 'api', 'p1', '--load', 'all'], h.home);
  assert.equal(summary.code, 0, `summary: ${summary.out}${summary.err}`);
  assert.match(summary.out, /^Warning: projects\/p1\/pipe\.md: cannot be read: it is not a regular file$/m);
  assert.match(summary.out, /Open idea/);
  assert.equal(bundle.code, 0, `bundle: ${bundle.out}${bundle.err}`);
  assert.match(bundle.out, /^Refused approaches\/pipe\.md: it is not a regular file \(not read\)\.$/m);
  assert.match(bundle.out, /^Refused projects\/p1\/pipe\.md: it is not a regular file \(not read\)\.$/m);
  assert.match(bundle.out, /^## approaches\/a\.md$/m);

  fs.rmSync(path.join(h.folder, 'index.md'));
  fs.symlinkSync(fifo, path.join(h.folder, 'index.md'));
  const noIndex = runCli(['query', 'api'], h.home);
  assert.equal(noIndex.code, 3, `index: ${noIndex.out}${noIndex.err}`);
  assert.match(noIndex.out, /index\.md: it is not a regular file\.$/m);
});
