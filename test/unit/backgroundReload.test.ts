// A change on disk re-read in the background (the editor's path): the previous snapshot answers
// until the new one is in, listeners hear the change only then, bursts coalesce, a synchronous
// reload wins over a stale read, and a loader that fails falls back to reading here. Run with a
// controllable loader (the ordering) and with the real worker thread, built from its source.
import { spawnSync } from 'node:child_process';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, describe, test } from 'node:test';
import { checkIndex } from '../../src/core/health/indexHealth';
import { KnowledgeBase, type KnowledgeChange } from '../../src/core/kb/knowledgeBase';
import { type IndexLoader } from '../../src/core/index/indexLoader';
import { readIndexFor, readIndexText, type SnapshotOutcome } from '../../src/core/index/snapshot';
import type { Config } from '../../src/core/types';
import { IndexWorker } from '../../src/indexWorker/client';
import { bundledIndexWorker, configText, indexWith, makeHome, tempDir } from '../helpers';

const KNOWN = { knownTags: true };

/** A loader whose reads the test finishes by hand, each with what the real read gives at that moment. */
class HeldLoader implements IndexLoader {
  readonly pending: Array<{ config: Config; finish: () => void; fail: (err: Error) => void }> = [];
  load(config: Config): Promise<SnapshotOutcome> {
    return new Promise((resolve, reject) => {
      this.pending.push({ config, finish: () => resolve(readIndexFor(config)), fail: reject });
    });
  }
}

function setup(loader: IndexLoader, sources?: () => { home: string; env: Record<string, string> }) {
  const home = makeHome({ index: indexWith('X one', KNOWN) });
  const indexFile = path.join(home, 'knowledge', 'index.md');
  const changes: KnowledgeChange[] = [];
  const logged: string[] = [];
  const kb = new KnowledgeBase({
    sources: sources ?? (() => ({ home, env: {} })),
    today: () => '2026-11-30',
    loader,
    log: (l) => logged.push(l),
  });
  kb.onDidChange((c) => changes.push(c));
  return { home, indexFile, kb, changes, logged };
}

function description(kb: KnowledgeBase): string | null | undefined {
  const outcome = kb.query('api');
  assert.ok(outcome.ok, outcome.ok ? '' : outcome.message);
  return outcome.result.items[0]?.description;
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

/** Resolves at the next change listeners hear. */
function nextChange(kb: KnowledgeBase): Promise<KnowledgeChange> {
  return new Promise((resolve) => {
    const d = kb.onDidChange((c) => {
      d.dispose();
      resolve(c);
    });
  });
}

describe('a change on disk read in the background', () => {
  test('the previous snapshot answers until the new one is in; listeners hear the change then', async () => {
    const loader = new HeldLoader();
    const { indexFile, kb, changes } = setup(loader);
    assert.equal(description(kb), 'X one');
    assert.equal(loader.pending.length, 0, 'the first load is read at once, where it is asked for');
    const first = kb.snapshot();
    fs.writeFileSync(indexFile, indexWith('X two', KNOWN));
    assert.equal(kb.changed([indexFile]), 'snapshot');
    assert.equal(loader.pending.length, 1);
    assert.equal(kb.snapshot(), first, 'the same snapshot until the read finishes');
    assert.equal(description(kb), 'X one');
    assert.deepEqual(changes, [], 'nobody is told before there is something new to show');
    loader.pending[0].finish();
    await settled();
    assert.deepEqual(changes, ['snapshot']);
    assert.equal(description(kb), 'X two');
    assert.equal(kb.loads, 2);
  });

  test('the knowledge base says it is reading from the first change until the last queued read is in (the tree\'s "reloading…")', async () => {
    const loader = new HeldLoader();
    const { indexFile, kb } = setup(loader);
    kb.state();
    const heard: boolean[] = [];
    kb.onDidChangeReading((r) => heard.push(r));
    assert.equal(kb.reading, false);
    fs.writeFileSync(indexFile, indexWith('X two', KNOWN));
    kb.changed([indexFile]);
    assert.equal(kb.reading, true);
    kb.changed([indexFile]); // during the read: one more read queued
    loader.pending[0].finish();
    await settled();
    assert.equal(kb.reading, true, 'still reading: the queued read');
    loader.pending[1].finish();
    await settled();
    assert.equal(kb.reading, false);
    assert.equal(heard[0], true);
    assert.equal(heard[heard.length - 1], false);
  });

  test('changes during a read cost one more read, not one each', async () => {
    const loader = new HeldLoader();
    const { indexFile, kb, changes } = setup(loader);
    kb.state();
    for (let i = 0; i < 5; i++) {
      fs.writeFileSync(indexFile, indexWith(`X ${i}`, KNOWN));
      kb.changed([indexFile]);
    }
    assert.equal(loader.pending.length, 1);
    loader.pending[0].finish();
    await settled();
    assert.equal(loader.pending.length, 2, 'one more read for the changes that came during the first');
    loader.pending[1].finish();
    await settled();
    assert.equal(loader.pending.length, 2);
    assert.equal(description(kb), 'X 4');
    assert.deepEqual(changes, ['snapshot', 'snapshot']);
  });

  test('a synchronous reload (settings, Refresh) during a read makes that read stale: it is dropped', async () => {
    const loader = new HeldLoader();
    const one = makeHome({ index: indexWith('from one', KNOWN) });
    const two = makeHome({ index: indexWith('from two', KNOWN) });
    let home = one;
    const { kb, changes } = setup(loader, () => ({ home, env: {} }));
    assert.equal(description(kb), 'from one');
    kb.changed([path.join(one, 'knowledge', 'index.md')]);
    home = two;
    kb.reload('settings changed');
    assert.equal(description(kb), 'from two');
    loader.pending[0].finish();
    await settled();
    assert.equal(description(kb), 'from two', 'the stale read of the old folder is not swapped in');
    assert.deepEqual(changes, ['reload']);
  });

  test('a loader that fails is logged and the index is read here instead', async () => {
    const loader = new HeldLoader();
    const { indexFile, kb, changes, logged } = setup(loader);
    kb.state();
    fs.writeFileSync(indexFile, indexWith('X after a failure', KNOWN));
    kb.changed([indexFile]);
    loader.pending[0].fail(new Error('no worker'));
    await settled();
    assert.equal(description(kb), 'X after a failure');
    assert.deepEqual(changes, ['snapshot']);
    assert.ok(
      logged.some((l) => /no worker.*reading it here/.test(l)),
      logged.join('\n'),
    );
  });

  test('a change of index.md alone keeps the config; a config file in the batch, or during the read, has it read again', async () => {
    const loader = new HeldLoader();
    const home = makeHome({ index: indexWith('X one', KNOWN) });
    const indexFile = path.join(home, 'knowledge', 'index.md');
    const config = path.join(home, '.claude', 'aria-knowledge.local.md');
    let asked = 0;
    const { kb } = setup(loader, () => (asked++, { home, env: {} }));
    kb.state();
    assert.equal(asked, 1);
    kb.changed([indexFile]);
    loader.pending[0].finish();
    await settled();
    assert.equal(asked, 1, 'index.md alone: the config is not read again');
    kb.changed([indexFile, config]);
    loader.pending[1].finish();
    await settled();
    assert.equal(asked, 2, 'a config file in the batch: read again');
    kb.changed([indexFile]);
    kb.changed([config]);
    loader.pending[2].finish();
    await settled();
    loader.pending[3].finish();
    await settled();
    assert.equal(asked, 3, 'a config file changed during the read: the next read reads it');
  });

  test('a config that stops working is seen at once, without a read of the index', async () => {
    const loader = new HeldLoader();
    const { home, kb, changes } = setup(loader);
    kb.state();
    const config = path.join(home, '.claude', 'aria-knowledge.local.md');
    fs.writeFileSync(config, configText({ knowledge_folder: '' }));
    kb.changed([config]);
    await settled();
    assert.equal(loader.pending.length, 0);
    assert.equal(kb.state().kind, 'notConfigured');
    assert.deepEqual(changes, ['snapshot']);
  });
});

describe('the first read through the loader (prepare)', () => {
  test('nothing is read in place: the loader reads, the host only installs what it answers', async () => {
    const loader = new HeldLoader();
    const { kb, home } = setup(loader);
    const ready = kb.prepare();
    assert.equal(loader.pending.length, 1, 'the first read went to the loader');
    assert.equal(kb.isLoaded, false, 'nothing is installed before the loader answers');
    assert.equal(kb.prepare(), ready, 'one read for every caller meanwhile');
    loader.pending[0].finish();
    const state = await ready;
    assert.equal(state.kind, 'ready');
    assert.equal(kb.loads, 1);
    assert.equal(description(kb), 'X one');
    assert.equal(loader.pending.length, 1, 'the query read nothing again');
    fs.rmSync(home, { recursive: true, force: true });
  });

  test('a reload during the first read reads the newer sources; a read in place meanwhile stands', async () => {
    const loader = new HeldLoader();
    const { kb, indexFile } = setup(loader);
    const ready = kb.prepare();
    kb.reload('settings');
    fs.writeFileSync(indexFile, indexWith('X newer', KNOWN));
    loader.pending[0].finish();
    await settled();
    assert.equal(loader.pending.length, 2, 'the stale read is read again');
    loader.pending[1].finish();
    assert.equal((await ready).kind, 'ready');
    assert.equal(description(kb), 'X newer');
    const other = setup(new HeldLoader());
    const racing = other.kb.prepare();
    assert.equal(description(other.kb), 'X one', 'a caller that cannot wait reads in place');
    (other.kb as unknown as { options: { loader: HeldLoader } }).options.loader.pending[0].finish();
    assert.equal(await racing, other.kb.state(), 'the state read in place stands');
    assert.equal(other.kb.loads, 1);
  });
});

describe('the index worker', () => {
  let script = '';
  before(async () => {
    script = await bundledIndexWorker(); // the worker as the extension ships it
  });

  test('reads and parses index.md on its thread: the snapshot answers as one read here does', async () => {
    const { indexFile, kb, changes } = setup(new IndexWorker(script).loader);
    assert.equal(description(kb), 'X one');
    fs.writeFileSync(
      indexFile,
      `${indexWith('X from the worker', KNOWN)}### api\n- notes/y.md — Y\n- ../outside.md — refused later\n`,
    );
    const changed = nextChange(kb);
    kb.changed([indexFile]);
    assert.equal(await changed, 'snapshot');
    const here = readIndexFor(kb.snapshot()!.config);
    assert.ok(here.ok);
    const outcome = kb.query('api');
    const local = new KnowledgeBase({
      sources: () => ({ home: path.dirname(path.dirname(indexFile)), env: {} }),
      today: () => '2026-11-30',
    }).query('api');
    assert.ok(outcome.ok && local.ok);
    assert.deepEqual(outcome.result, local.result);
    assert.deepEqual([...kb.snapshot()!.index.files.keys()], [...here.snapshot.index.files.keys()]);
    assert.deepEqual(changes, ['snapshot']);
  });

  test('one worker answers the saves of a while, each from index.md as it is then; idle, it is ended and the next save starts another', async () => {
    const worker = new IndexWorker(script, { idleMs: 200 });
    const { indexFile, kb } = setup(worker.loader);
    kb.state();
    for (const text of ['X second', 'X third']) {
      fs.writeFileSync(indexFile, indexWith(text, KNOWN));
      const changed = nextChange(kb);
      kb.changed([indexFile]);
      assert.equal(await changed, 'snapshot');
      assert.equal(description(kb), text);
      await worker.check(kb.snapshot()!); // the load's own check: the worker is then idle
    }
    assert.equal(worker.counts.jobs, 2);
    assert.equal(worker.counts.workersStarted, 1, 'the second save went to the same worker');
    // ended once idle: waited for as a condition (a loaded machine only makes it later)
    for (let waited = 0; worker.running > 0 && waited < 30_000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(worker.running, 0, 'the idle worker was ended');
    fs.writeFileSync(indexFile, indexWith('X after a pause', KNOWN));
    const changed = nextChange(kb);
    kb.changed([indexFile]);
    await changed;
    assert.equal(description(kb), 'X after a pause');
    assert.equal(worker.counts.workersStarted, 2, 'the idle worker was ended; a new one read the file');
    worker.dispose();
  });

  test('saves in quick succession (a worker may still be checking the last load): each answers from index.md as it is then; afterwards one idle worker stays, and dispose ends it', async () => {
    const worker = new IndexWorker(script);
    const { indexFile, kb } = setup(worker.loader);
    kb.state();
    fs.writeFileSync(indexFile, indexWith('X busy', KNOWN));
    let changed = nextChange(kb);
    kb.changed([indexFile]);
    await changed;
    const report = worker.check(kb.snapshot()!); // not awaited: the first worker may still be checking
    fs.writeFileSync(indexFile, indexWith('X meanwhile', KNOWN));
    changed = nextChange(kb);
    kb.changed([indexFile]);
    await changed;
    assert.equal(description(kb), 'X meanwhile');
    await report;
    await worker.check(kb.snapshot()!);
    // both done: at most one stays
    for (let waited = 0; worker.running > 1 && waited < 30_000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(worker.running, 1, 'one idle worker is kept');
    worker.dispose();
    assert.equal(worker.running, 0);
  });

  test('an idle worker stays for the next job without keeping the process alive', () => {
    // In a process of its own: what keeps its event loop alive is then the worker's alone.
    const home = makeHome({ index: indexWith('X one', KNOWN) });
    const child = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `const { IndexWorker } = require(${JSON.stringify(path.join(__dirname, '../../src/indexWorker/client.ts'))});
const { loadConfig } = require(${JSON.stringify(path.join(__dirname, '../../src/core/config/config.ts'))});
const config = loadConfig({ home: ${JSON.stringify(home)}, env: {} });
const worker = new IndexWorker(${JSON.stringify(script)});
worker.loader.load(config.config).then(async (outcome) => {
  await worker.check({ config: config.config, index: outcome.snapshot.index });
  setImmediate(() => console.log(JSON.stringify({ resident: worker.running > 0, alive: process.getActiveResourcesInfo() })));
});`,
      ],
      { encoding: 'utf8', timeout: 120_000 },
    );
    assert.equal(child.status, 0, child.stderr);
    const { resident, alive } = JSON.parse(child.stdout.trim().split('\n').pop()!) as {
      resident: boolean;
      alive: string[];
    };
    assert.equal(resident, true, 'the worker stays for the next job');
    assert.deepEqual(
      alive.filter((r) => r === 'MessagePort' || r === 'Worker'),
      [],
      'but holds the process no longer than its job',
    );
  });

  test('an index.md that is gone comes back as "no index" with its message', async () => {
    const { indexFile, kb } = setup(new IndexWorker(script).loader);
    kb.state();
    fs.rmSync(indexFile);
    const changed = nextChange(kb);
    kb.changed([indexFile]);
    await changed;
    const state = kb.state();
    assert.equal(state.kind, 'noIndex');
    assert.match(state.kind === 'noIndex' ? state.message : '', /index/i);
  });

  test("the index health's cheap check runs on the worker and reports what it reports here", async () => {
    const { indexFile, kb } = setup(new IndexWorker(script).loader);
    fs.writeFileSync(
      indexFile,
      `${indexWith('X one', KNOWN)}- notes/x.md — again\n- ../../etc/passwd.md — outside\nnot a list line\n`,
    );
    kb.reload('test');
    const snapshot = kb.snapshot()!;
    const text = readIndexText(snapshot.config);
    assert.ok(text.ok);
    const here = checkIndex(snapshot, text.text);
    assert.deepEqual(
      new Set(here.problems.map((p) => p.kind)),
      new Set(['duplicate', 'refused', 'missing-file', 'unparsed']),
      'the index has one problem of each kind',
    );
    const worker = new IndexWorker(script);
    const checked = await worker.check(snapshot);
    assert.deepEqual(checked.health, here);
    assert.ok(checked.health);
    const lines = text.text.split('\n');
    for (const p of here.problems)
      assert.equal(checked.lines[p.line], lines[p.line - 1], `the text of line ${p.line} comes along`);
    fs.rmSync(indexFile);
    assert.equal((await worker.check(snapshot)).health, null, 'no index.md, no report');
  });

  test('a snapshot the worker loaded gets the report its load computed on the same parse, without another worker', async () => {
    const worker = new IndexWorker(script);
    const { indexFile, kb } = setup(worker.loader);
    kb.state();
    fs.writeFileSync(indexFile, `${indexWith('X one', KNOWN)}- notes/x.md — again\n`);
    const changed = nextChange(kb);
    kb.changed([indexFile]);
    await changed;
    assert.equal(worker.counts.jobs, 1);
    const snapshot = kb.snapshot()!;
    const text = readIndexText(snapshot.config);
    assert.ok(text.ok);
    const checked = await worker.check(snapshot);
    assert.equal(worker.counts.jobs, 1, 'no second worker, no second parse');
    assert.deepEqual(checked.health, checkIndex(snapshot, text.text));
    assert.ok(checked.health?.problems.some((p) => p.kind === 'duplicate'));
  });

  test('a worker that cannot start (its file missing) falls back to reading here', async () => {
    const { indexFile, kb, logged } = setup(
      new IndexWorker(path.join(tempDir('aria-no-worker-'), 'missing.js')).loader,
    );
    kb.state();
    fs.writeFileSync(indexFile, indexWith('X without a worker', KNOWN));
    const changed = nextChange(kb);
    kb.changed([indexFile]);
    await changed;
    assert.equal(description(kb), 'X without a worker');
    assert.ok(logged.some((l) => /reading it here/.test(l)));
  });
});
