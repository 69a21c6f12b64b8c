// §12.9 A save racing `index --write` is never lost: the write replaces only the index.md whose
// content it checked, moved to index.md.bak by rename; a save that lands between the check and
// the rename stays (or is put back) as index.md, or is kept as index.md.bak, and the write is
// refused as a concurrent edit. The racing save is injected deterministically at each step (real
// files, real renames, the seam being the fs call itself), then raced for real by another process.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import * as path from 'node:path';
import { describe, mock, test } from 'node:test';
import { writeIndexAtomically } from '../../src/core/indexGen/write';
import { tempDir } from '../helpers';

const OLD = '# Knowledge Index\n\nLast rebuilt: 2026-11-01\n';
const NEW = '# Knowledge Index\n\nLast rebuilt: 2026-12-04\n';
const SAVED = '# Knowledge Index\n\nLast rebuilt: 2026-11-01\n\nA line the user just saved.\n';

/** An editor's atomic save: a temp file beside, renamed over index.md (the real rename, not the seam's). */
function atomicSave(file: string, text: string, rename: typeof fs.renameSync): void {
  const temp = `${file}.editor-save`;
  fs.writeFileSync(temp, text);
  rename(temp, file);
}

/** A folder whose index.md holds OLD (and an older index.md.bak). */
function folder(): { dir: string; file: string } {
  const dir = tempDir('aria-write-race-');
  fs.writeFileSync(path.join(dir, 'index.md'), OLD);
  fs.writeFileSync(path.join(dir, 'index.md.bak'), '# an older backup\n');
  return { dir, file: path.join(dir, 'index.md') };
}

/** The write run with `race` done once, at the first call of `fs[method]` that `at` picks (the seam), then the call itself. */
function writeWithRace(
  dir: string,
  method: 'renameSync' | 'linkSync',
  at: (from: fs.PathLike, to: fs.PathLike) => boolean,
  race: () => void,
): { fired: boolean; outcome: ReturnType<typeof writeIndexAtomically> } {
  const real = fs[method];
  let fired = false;
  mock.method(fs, method, (from: fs.PathLike, to: fs.PathLike) => {
    if (!fired && at(from, to)) {
      fired = true;
      race();
    }
    return real(from, to);
  });
  try {
    const outcome = writeIndexAtomically(dir, OLD, NEW);
    return { fired, outcome };
  } finally {
    mock.restoreAll();
  }
}

/** Every text in the folder: nothing lost means the save is in one of them. */
const texts = (dir: string) => fs.readdirSync(dir).map((n) => fs.readFileSync(path.join(dir, n), 'utf8'));

describe('a save racing --write (deterministic seams)', () => {
  test('a save that lands just before the write renames anything at index.md is kept as index.md', () => {
    const { dir, file } = folder();
    const realRename = fs.renameSync;
    // The seam: the first rename that moves index.md or puts something at it, i.e. after every check.
    const { fired, outcome } = writeWithRace(
      dir,
      'renameSync',
      (from, to) => from === file || to === file,
      () => atomicSave(file, SAVED, realRename),
    );
    assert.ok(fired, 'the seam was reached');
    assert.equal(fs.readFileSync(file, 'utf8'), SAVED, 'the save is index.md');
    assert.deepEqual(outcome, {
      ok: false,
      concurrent: true,
      reason:
        'index.md changed meanwhile (a save landed just as the rebuild was being written; it is index.md again): another program saved it, and its save is kept; nothing was written (run it again)',
    });
    assert.equal(fs.readFileSync(`${file}.bak`, 'utf8'), '# an older backup\n', 'the backup is untouched');
    assert.deepEqual(fs.readdirSync(dir).sort(), ['index.md', 'index.md.bak'], 'no temporary file is left');
  });

  test('a save that lands while index.md is moved aside is never replaced; the checked one is the backup', () => {
    const { dir, file } = folder();
    const realRename = fs.renameSync;
    const { fired, outcome } = writeWithRace(
      dir,
      'linkSync',
      (from, to) => to === file,
      () => atomicSave(file, SAVED, realRename),
    );
    assert.ok(fired);
    assert.equal(fs.readFileSync(file, 'utf8'), SAVED);
    assert.equal(fs.readFileSync(`${file}.bak`, 'utf8'), OLD);
    assert.equal(outcome.ok, false);
    assert.ok(!outcome.ok && outcome.concurrent);
    assert.deepEqual(fs.readdirSync(dir).sort(), ['index.md', 'index.md.bak']);
  });

  test('an edit in place of the checked file after the check is put back, not replaced', () => {
    const { dir, file } = folder();
    const { fired, outcome } = writeWithRace(
      dir,
      'renameSync',
      (from) => from === file,
      () => fs.appendFileSync(file, 'typed in place\n'), // same inode: size and mtime change
    );
    assert.ok(fired);
    assert.equal(fs.readFileSync(file, 'utf8'), `${OLD}typed in place\n`);
    assert.ok(!outcome.ok && outcome.concurrent);
  });

  test('without a race: the new text is index.md and the checked file is index.md.bak (the same inode, by rename)', () => {
    const { dir, file } = folder();
    const inode = fs.statSync(file).ino;
    assert.deepEqual(writeIndexAtomically(dir, OLD, NEW), { ok: true, backup: `${file}.bak` });
    assert.equal(fs.readFileSync(file, 'utf8'), NEW);
    assert.equal(fs.readFileSync(`${file}.bak`, 'utf8'), OLD);
    assert.equal(fs.statSync(`${file}.bak`).ino, inode);
    assert.deepEqual(fs.readdirSync(dir).sort(), ['index.md', 'index.md.bak']);
  });
});

/** The saver: read index.md, add its next line, save it atomically; `count` times, then exit. */
const SAVER = `
const fs = require('node:fs');
const [file, count] = [process.argv[1], Number(process.argv[2])];
for (let i = 1; i <= count; i++) {
  let text = null;
  while (text === null) {
    try { text = fs.readFileSync(file, 'utf8'); } catch { /* moved aside for a moment: read again */ }
  }
  fs.writeFileSync(file + '.saving', text + 'save ' + i + '\\n');
  fs.renameSync(file + '.saving', file);
}
`;

test('stress: real atomic saves raced by real writes; every save survives (bounded, no timing assertion)', async () => {
  const { dir, file } = folder();
  const SAVES = 3000;
  const saver = spawn(process.execPath, ['-e', SAVER, file, String(SAVES)], { stdio: 'ignore' });
  const done = new Promise<number | null>((resolve) => saver.on('exit', resolve));
  let running = true;
  void done.then(() => (running = false));
  let writes = 0;
  let refused = 0;
  // Each write rebuilds from what it read; a save landing meanwhile must survive it.
  for (let i = 0; running && i < 20_000; i++) {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      await new Promise((r) => setImmediate(r));
      continue;
    }
    const outcome = writeIndexAtomically(dir, text, `${text}rebuild ${i}\n`);
    if (outcome.ok) writes++;
    else refused++;
    if (i % 8 === 0) await new Promise((r) => setImmediate(r)); // let the saver's exit be seen
  }
  assert.equal(await done, 0);
  const final = fs.readFileSync(file, 'utf8');
  const missing = Array.from({ length: SAVES }, (_, k) => `save ${k + 1}`).filter(
    (line) => !final.includes(`${line}\n`),
  );
  assert.deepEqual(missing, [], `${writes} writes, ${refused} refused; in the folder: ${texts(dir).length} files`);
});
