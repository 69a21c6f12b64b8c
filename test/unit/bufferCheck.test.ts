// Index health of an unsaved index.md: the cheap check of the buffer's text (core checkIndexText),
// in place and on the index worker, gives the text's own line numbers, so a fixed entry goes and
// the problems after it follow the buffer before anything is saved.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { checkIndexText } from '../../src/core/health/indexHealth';
import { IndexWorker } from '../../src/indexWorker/client';
import { bundledIndexWorker, INDEX_HEADER, makeHome, snapshotFor, lineOf } from '../helpers';

const onDisk =
  `${INDEX_HEADER}## Tag Index\n### api\n- a.md — A\n- a.md — A\n- b.md — B\n` +
  '### web\n- ../outside.md — Outside the folder\n';
const home = makeHome({ index: onDisk, files: { 'knowledge/a.md': '# A\n', 'knowledge/b.md': '# B\n' } });
const config = snapshotFor(home).config;
/** The quick fix's edit: the second listing of a.md removed, in the buffer only. */
const fixed = onDisk.replace('- a.md — A\n- a.md — A\n', '- a.md — A\n');

function kinds(report: { health: { problems: Array<{ kind: string; line: number }> } }) {
  return report.health.problems.map((p) => `${p.kind}@${p.line}`).sort();
}

test('the buffer with a fix applied: the fixed entry is gone and the next problem moves up a line', () => {
  const saved = checkIndexText(config, onDisk);
  assert.ok(saved);
  const refusedBefore = lineOf(onDisk, '- ../outside.md — Outside the folder');
  assert.deepEqual(kinds(saved), [`duplicate@${lineOf(onDisk, '- b.md — B') - 1}`, `refused@${refusedBefore}`]);

  const buffer = checkIndexText(config, fixed);
  assert.ok(buffer);
  assert.deepEqual(kinds(buffer), [`refused@${refusedBefore - 1}`]);
  assert.equal(buffer.lines[refusedBefore - 1], '- ../outside.md — Outside the folder');
  assert.equal(fs.readFileSync(path.join(home, 'knowledge', 'index.md'), 'utf8'), onDisk, 'nothing written');
});

test('the index worker checks a text it is given, not the file on disk', async () => {
  const worker = new IndexWorker(await bundledIndexWorker());
  try {
    const report = await worker.checkText(config, fixed);
    assert.ok(report.health);
    assert.deepEqual(kinds(report as Parameters<typeof kinds>[0]), [
      `refused@${lineOf(onDisk, '- ../outside.md — Outside the folder') - 1}`,
    ]);
  } finally {
    worker.dispose();
  }
});
