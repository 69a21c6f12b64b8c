// When the index worker fails for size or time, the editor's knowledge base keeps the snapshot
// it has, says why, and never parses index.md on its own thread instead. A real worker thread,
// bundled as the extension ships it, made to fail with a tiny heap or a tiny timeout.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, describe, test } from 'node:test';
import { KnowledgeBase, type KnowledgeChange } from '../../src/core/kb/knowledgeBase';
import { type IndexLoader, IN_PLACE_FALLBACK_BYTES } from '../../src/core/index/indexLoader';
import type { SnapshotOutcome } from '../../src/core/index/snapshot';
import type { Config } from '../../src/core/types';
import { IndexWorker } from '../../src/indexWorker/client';
import { bundledIndexWorker, indexWith, makeHome } from '../helpers';

function setup(loader: IndexLoader) {
  const home = makeHome({ index: indexWith('X one'), files: { 'knowledge/notes/x.md': '# X\n' } });
  const indexFile = path.join(home, 'knowledge', 'index.md');
  const logged: string[] = [];
  const kb = new KnowledgeBase({
    sources: () => ({ home, env: {} }),
    today: () => '2026-11-30',
    loader,
    log: (l) => logged.push(l),
  });
  return { indexFile, kb, logged };
}

function answer(kb: KnowledgeBase): { description: string | null | undefined; warnings: string[] } {
  const outcome = kb.query('api');
  assert.ok(outcome.ok, outcome.ok ? '' : outcome.message);
  return { description: outcome.result.items[0]?.description, warnings: outcome.result.warnings };
}

function nextChange(kb: KnowledgeBase): Promise<KnowledgeChange> {
  return new Promise((resolve) => {
    const d = kb.onDidChange((c) => {
      d.dispose();
      resolve(c);
    });
  });
}

/** Rewrites index.md, reports it, and waits for the background read to end. */
async function changeIndex(kb: KnowledgeBase, indexFile: string, text: string): Promise<void> {
  fs.writeFileSync(indexFile, text);
  const changed = nextChange(kb);
  kb.changed([indexFile]);
  assert.equal(await changed, 'snapshot');
}

function assertKept(kb: KnowledgeBase, logged: string[], why: RegExp): void {
  const state = kb.state();
  assert.equal(state.kind, 'ready');
  assert.match(state.kind === 'ready' ? (state.stale ?? '') : '', why, 'the state says why');
  const { description, warnings } = answer(kb);
  assert.equal(description, 'X one', 'the previous snapshot answers');
  assert.match(warnings[0] ?? '', /could not be re-read/, 'queries show the error');
  assert.ok(
    logged.some((l) => /keeping the index read before/.test(l)),
    logged.join('\n'),
  );
  assert.ok(!logged.some((l) => /reading it here/.test(l)), 'not parsed on this thread');
}

describe('an index worker that fails for size or time', () => {
  let script = '';
  before(async () => {
    script = await bundledIndexWorker(); // the worker as the extension ships it
  });

  test('out of memory: the previous snapshot is kept and the state says the worker ran out of memory', async () => {
    const { indexFile, kb, logged } = setup(
      new IndexWorker(script, { resourceLimits: { maxOldGenerationSizeMb: 4, maxYoungGenerationSizeMb: 1 } }).loader,
    );
    assert.equal(answer(kb).description, 'X one');
    await changeIndex(kb, indexFile, indexWith('X two', { bulk: 100_000 }));
    assertKept(kb, logged, /ran out of memory/);
  });

  test('too slow: the previous snapshot is kept and the state says the worker gave no answer in time', async () => {
    const { indexFile, kb, logged } = setup(new IndexWorker(script, { timeoutMs: 1 }).loader);
    assert.equal(answer(kb).description, 'X one');
    await changeIndex(kb, indexFile, indexWith('X two'));
    assertKept(kb, logged, /gave no answer in 0\.001 s/);
    await changeIndex(kb, indexFile, indexWith('X three'));
    assertKept(kb, logged, /gave no answer/);
    kb.reload('Refresh');
    assert.deepEqual(answer(kb), { description: 'X three', warnings: [] }, 'a reload reads it and clears the error');
  });

  test('with a worker that works again, the next change is read and the error goes away', async () => {
    const failing = new IndexWorker(script, { timeoutMs: 1 });
    const working = new IndexWorker(script);
    let current = failing;
    const { indexFile, kb } = setup({
      load: (config: Config): Promise<SnapshotOutcome> => current.loader.load(config),
    });
    kb.state();
    await changeIndex(kb, indexFile, indexWith('X two'));
    assert.equal(answer(kb).description, 'X one');
    current = working;
    await changeIndex(kb, indexFile, indexWith('X three'));
    assert.deepEqual(answer(kb), { description: 'X three', warnings: [] });
  });
});

describe('a loader that fails for another reason', () => {
  test('a large index.md is not read on this thread either: the previous snapshot is kept', async () => {
    const loader: IndexLoader = { load: () => Promise.reject(new Error('no worker')) };
    const { indexFile, kb, logged } = setup(loader);
    kb.state();
    const big = indexWith('X two', { bulk: 100_000 });
    assert.ok(Buffer.byteLength(big) > IN_PLACE_FALLBACK_BYTES);
    await changeIndex(kb, indexFile, big);
    assertKept(kb, logged, /no worker; index\.md \(\d+ MB\) is too large to read on this thread/);
  });
});
