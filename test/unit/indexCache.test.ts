// The index cache in the core (src/core/index/indexCache.ts, index/image/file.ts): real files in
// temp folders, the snapshot read through it, and every way a cache file must be refused.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { runQuery } from '../../src/core/match/engine';
import {
  runIndexCacheJob,
  type IndexCacheJob,
  type IndexCacheSettings,
  cacheFileFor,
  indexKey,
  RACY_WINDOW_MS,
  readCachedImage,
  settled,
  writeCachedImage,
} from '../../src/core/index/indexCache';
import { loadSnapshot, type SnapshotOutcome } from '../../src/core/index/snapshot';
import { renderSummary } from '../../src/core/present/summary';
import { parseIndex } from '../../src/core/index/parse';
import { compactIndex } from '../../src/core/index/image/compact';
import { decodeImage, encodeImage } from '../../src/core/index/image/file';
import { INDEX_HEADER, makeHome, tempDir } from '../helpers';

const INDEX = `${INDEX_HEADER}## Known Tags\napi [aliases: apis]\n\n## Tag Index\n### api\n- a.md — Alpha\n- b.md — Beta\n### web\n- b.md — Beta\n- c.md\n\n## Semantic Hints Index\n### "rest calls"\n- a.md\n`;
const OTHER = `${INDEX_HEADER}## Tag Index\n### api\n- forged.md — Forged\n`;
const PRODUCER = 'test-build-1';
const past = new Date(Date.now() - 60_000);

/** A HOME whose index.md is older than the racy window, and a cache folder of its own. */
function setup(index = INDEX) {
  const home = makeHome({ index });
  const indexFile = path.join(home, 'knowledge', 'index.md');
  fs.utimesSync(indexFile, past, past);
  const cacheDir = path.join(tempDir('aria-cache-'), 'aria-context');
  return { home, indexFile, cacheDir, cacheFile: cacheFileFor(cacheDir, indexFile) };
}

/** The clock as the cache sees it: ctime cannot be set, so "now" is moved past the racy window instead. */
const later = () => Date.now() + RACY_WINDOW_MS + 1000;

function read(home: string, cache: IndexCacheSettings | undefined): SnapshotOutcome {
  return loadSnapshot({ home, env: {} }, { cache });
}

function summary(outcome: SnapshotOutcome, text = 'api'): string {
  assert.ok(outcome.ok, outcome.ok ? '' : outcome.message);
  const r = runQuery(outcome.snapshot, text, { today: '2026-11-30' });
  assert.ok(r.ok);
  return renderSummary(r.result);
}

function warm(s: ReturnType<typeof setup>): IndexCacheJob {
  const miss = read(s.home, { producer: PRODUCER, dir: s.cacheDir, now: later() });
  assert.ok(miss.ok && miss.cacheJob, 'a miss on a settled index.md leaves a job');
  assert.equal(runIndexCacheJob(miss.cacheJob, later), true);
  return miss.cacheJob;
}

/** Rewrites the cache file with OTHER's image under the same stamp: a hit then answers "forged". */
function forge(s: ReturnType<typeof setup>, job: IndexCacheJob): void {
  fs.writeFileSync(
    s.cacheFile,
    encodeImage(compactIndex(parseIndex(OTHER)), { producer: job.producer, key: job.key })!,
    { mode: 0o600 },
  );
}

describe('index cache', () => {
  test('bytes and back: the decoded image is the encoded one; any other producer, key, truncation or flipped byte decodes to null', () => {
    const image = compactIndex(parseIndex(INDEX));
    const stamp = { producer: PRODUCER, key: 'k' };
    const bytes = encodeImage(image, stamp)!;
    const own = Buffer.alloc(bytes.length);
    bytes.copy(own);
    const back = decodeImage(own, stamp);
    assert.ok(back);
    assert.deepEqual({ ...back, strings: { ...back.strings } }, { ...image, strings: { ...image.strings } });
    assert.equal(decodeImage(own, { producer: 'test-build-2', key: 'k' }), null);
    assert.equal(decodeImage(own, { producer: PRODUCER, key: 'k2' }), null);
    for (const cut of [0, 7, 47, 48, 100, own.length - 1])
      assert.equal(decodeImage(Buffer.from(own.subarray(0, cut)), stamp), null, `cut at ${cut}`);
    for (let at = 0; at < own.length; at += Math.max(1, Math.floor(own.length / 97))) {
      const flipped = Buffer.from(own);
      flipped[at] ^= 0x40;
      assert.equal(decodeImage(flipped, stamp), null, `byte ${at} flipped`);
    }
  });

  test('a miss parses and leaves a job; once written, the next read opens the image without parsing index.md', () => {
    const s = setup();
    const settings = { producer: PRODUCER, dir: s.cacheDir, now: later() };
    const expected = summary(read(s.home, undefined));
    const job = warm(s);
    assert.equal(fs.statSync(s.cacheDir).mode & 0o777, 0o700);
    assert.equal(fs.statSync(s.cacheFile).mode & 0o777, 0o600);
    const hit = read(s.home, settings);
    assert.ok(hit.ok && hit.cacheJob === undefined, 'a hit leaves no job');
    assert.equal(summary(hit), expected);
    forge(s, job);
    assert.match(summary(read(s.home, settings)), /forged\.md/, 'a hit answers from the cache file alone');
    assert.equal(summary(read(s.home, undefined)), expected, 'without the cache, index.md answers');
  });

  test('index.md changed (same size, new mtime; or renamed over) is a miss, and its job replaces the file', () => {
    const s = setup();
    const settings = { producer: PRODUCER, dir: s.cacheDir, now: later() };
    forge(s, warm(s));
    const newer = new Date(Date.now() - 30_000);
    fs.utimesSync(s.indexFile, newer, newer);
    const miss = read(s.home, settings);
    assert.ok(miss.ok && miss.cacheJob);
    assert.doesNotMatch(summary(miss), /forged/);
    assert.ok(runIndexCacheJob(miss.cacheJob, later));
    forge(s, miss.cacheJob);
    const replacement = `${s.indexFile}.new`;
    fs.writeFileSync(replacement, INDEX.replace('Alpha', 'Alpha'));
    fs.utimesSync(replacement, newer, newer);
    fs.renameSync(replacement, s.indexFile);
    const renamed = read(s.home, settings);
    assert.ok(renamed.ok && renamed.cacheJob);
    assert.doesNotMatch(summary(renamed), /forged/);
  });

  test('index.md younger than the racy window leaves no job, and a job run while it is still young writes nothing', () => {
    const s = setup();
    const st = fs.statSync(s.indexFile, { bigint: true });
    // "Now" is when index.md was written, not the clock: a loaded machine may take the racy
    // window to get from the write to here.
    const now = Number(st.ctimeMs > st.mtimeMs ? st.ctimeMs : st.mtimeMs);
    assert.equal(settled(st, now), false, 'ctime is now');
    const miss = read(s.home, { producer: PRODUCER, dir: s.cacheDir, now });
    assert.ok(miss.ok && miss.cacheJob === undefined);
    const job: IndexCacheJob = {
      producer: PRODUCER,
      indexFile: s.indexFile,
      key: indexKey(s.indexFile, st),
      cacheFile: s.cacheFile,
      keepOut: [],
    };
    assert.equal(
      runIndexCacheJob(job, () => now),
      false,
    );
    assert.equal(fs.existsSync(s.cacheFile), false);
    assert.equal(
      runIndexCacheJob({ ...job, key: `${job.key}x` }, later),
      false,
      'a job for another state of index.md writes nothing',
    );
    assert.equal(fs.existsSync(s.cacheFile), false);
  });

  test('a corrupt, truncated, other-build, world-writable or symlinked cache file is ignored, and the next job replaces it', () => {
    const s = setup();
    const settings = { producer: PRODUCER, dir: s.cacheDir, now: later() };
    const expected = summary(read(s.home, undefined));
    const job = warm(s);
    const good = fs.readFileSync(s.cacheFile);
    const target = path.join(path.dirname(s.cacheDir), 'elsewhere.index');
    const spoilers: Record<string, () => void> = {
      corrupt: () => {
        const b = Buffer.from(good);
        b[b.length - 3] ^= 1;
        fs.writeFileSync(s.cacheFile, b);
      },
      truncated: () => fs.writeFileSync(s.cacheFile, good.subarray(0, good.length >> 1)),
      empty: () => fs.writeFileSync(s.cacheFile, ''),
      'other build': () =>
        fs.writeFileSync(
          s.cacheFile,
          encodeImage(compactIndex(parseIndex(OTHER)), { producer: 'another-build', key: job.key })!,
        ),
      'group/world-writable': () => {
        forge(s, job);
        fs.chmodSync(s.cacheFile, 0o666);
      },
      symlinked: () => {
        fs.writeFileSync(target, encodeImage(compactIndex(parseIndex(OTHER)), { producer: PRODUCER, key: job.key })!, {
          mode: 0o600,
        });
        fs.rmSync(s.cacheFile);
        fs.symlinkSync(target, s.cacheFile);
      },
      'a directory': () => {
        fs.rmSync(s.cacheFile);
        fs.mkdirSync(s.cacheFile);
      },
    };
    if (process.getuid?.() === 0) {
      spoilers['foreign owner'] = () => {
        forge(s, job);
        fs.chownSync(s.cacheFile, 4242, 4242);
      };
    }
    for (const [name, spoil] of Object.entries(spoilers)) {
      fs.rmSync(s.cacheFile, { recursive: true, force: true });
      fs.writeFileSync(s.cacheFile, good, { mode: 0o600 });
      spoil();
      const miss = read(s.home, settings);
      assert.ok(miss.ok && miss.cacheJob, `${name}: a miss`);
      assert.equal(summary(miss), expected, `${name}: answered from index.md`);
      if (name === 'a directory') continue; // rename cannot replace a directory: still a miss next time, never an error
      assert.ok(runIndexCacheJob(miss.cacheJob, later), `${name}: replaced`);
      const st = fs.lstatSync(s.cacheFile);
      assert.ok(st.isFile() && (st.mode & 0o777) === 0o600, `${name}: a private regular file again`);
      const hit = read(s.home, settings);
      assert.ok(hit.ok && hit.cacheJob === undefined, `${name}: a hit after the rewrite`);
      assert.equal(summary(hit), expected);
    }
    assert.match(fs.readFileSync(target, 'latin1'), /forged\.md/, 'the symlink was replaced, not written through');
  });

  test('a cache folder that cannot be made or written: the answer stands, nothing is written, nothing throws', () => {
    const s = setup();
    const blocker = path.join(tempDir('aria-cache-ro-'), 'file');
    fs.writeFileSync(blocker, 'not a folder');
    const expected = summary(read(s.home, undefined));
    for (const dir of [path.join(blocker, 'aria-context'), '/proc/aria-context-cannot-exist']) {
      const miss = read(s.home, { producer: PRODUCER, dir, now: later() });
      assert.equal(summary(miss), expected);
      assert.ok(miss.ok && miss.cacheJob);
      assert.equal(runIndexCacheJob(miss.cacheJob, later), false);
    }
    const shared = path.join(tempDir('aria-cache-shared-'), 'aria-context');
    fs.mkdirSync(shared, { mode: 0o777 });
    fs.chmodSync(shared, 0o777);
    const miss = read(s.home, { producer: PRODUCER, dir: shared, now: later() });
    assert.ok(miss.ok && miss.cacheJob);
    assert.equal(runIndexCacheJob(miss.cacheJob, later), false, 'a folder others can write is not used');
    assert.deepEqual(fs.readdirSync(shared), []);
  });

  test('never inside the knowledge folder or a project root (by path or through a symlink); a knowledge folder under the cache folder is fine', () => {
    const project = tempDir('aria-cache-project-');
    const s = setup();
    fs.appendFileSync(path.join(s.home, '.claude', 'aria-knowledge.local.md'), '');
    const config = path.join(s.home, '.claude', 'aria-knowledge.local.md');
    fs.writeFileSync(
      config,
      fs.readFileSync(config, 'utf8').replace('---\n\n', `projects_list: "p:${project}"\n---\n\n`),
    );
    const knowledge = path.join(s.home, 'knowledge');
    const link = path.join(tempDir('aria-cache-link-'), 'cache');
    fs.symlinkSync(project, link);
    for (const dir of [
      path.join(knowledge, '.cache', 'aria-context'),
      knowledge,
      path.join(project, 'aria-context'),
      path.join(link, 'aria-context'),
    ]) {
      const miss = read(s.home, { producer: PRODUCER, dir, now: later() });
      assert.ok(miss.ok && miss.cacheJob, dir);
      assert.equal(runIndexCacheJob(miss.cacheJob, later), false, dir);
      assert.equal(writeCachedImage(miss.cacheJob, compactIndex(parseIndex(INDEX))), false, dir);
      // and a file planted there is not read either
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(
        cacheFileFor(dir, s.indexFile),
        encodeImage(compactIndex(parseIndex(OTHER)), { producer: PRODUCER, key: miss.cacheJob.key })!,
        { mode: 0o600 },
      );
      assert.equal(
        readCachedImage(
          cacheFileFor(dir, s.indexFile),
          { producer: PRODUCER, key: miss.cacheJob.key },
          miss.cacheJob.keepOut,
        ),
        null,
        dir,
      );
      assert.doesNotMatch(summary(read(s.home, { producer: PRODUCER, dir, now: later() })), /forged/, dir);
    }
    const before = fs.readdirSync(knowledge, { recursive: true }).sort();
    // The knowledge folder inside the cache folder: the file goes beside it, never into it.
    const outer = tempDir('aria-cache-outer-');
    const home = makeHome({ index: INDEX });
    const inner = path.join(outer, 'aria-context', 'kb');
    fs.mkdirSync(path.dirname(inner), { recursive: true, mode: 0o700 });
    fs.renameSync(path.join(home, 'knowledge'), inner);
    fs.utimesSync(path.join(inner, 'index.md'), past, past);
    const cfg = path.join(home, '.claude', 'aria-knowledge.local.md');
    fs.writeFileSync(cfg, fs.readFileSync(cfg, 'utf8').replace('~/knowledge', inner));
    const miss = read(home, { producer: PRODUCER, dir: path.join(outer, 'aria-context'), now: later() });
    assert.ok(miss.ok && miss.cacheJob);
    assert.ok(runIndexCacheJob(miss.cacheJob, later));
    assert.deepEqual(fs.readdirSync(inner).sort(), ['index.md']);
    assert.deepEqual(fs.readdirSync(knowledge, { recursive: true }).sort(), before);
  });
});
