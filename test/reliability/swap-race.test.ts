// The check-then-read race: while the reader loads a note thousands of times, another process
// keeps swapping the note for a symlink to a secret, and a folder on its path for a symlink to
// another folder. The reader opens once without following the last symlink and verifies the
// open descriptor, so no byte of the secret is ever returned.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { loadItems } from '../../src/core/read/reader';
import { MARKER, query, snapshotFor, makeHome } from './helpers';

/** The swapping process: atomic renames in a tight loop until killed. */
const SWAPPER = `
const fs = require('node:fs');
const [file, secret, dir, outsideDir] = process.argv.slice(1);
const tmpLink = file + '.link', tmpFile = file + '.tmp', dirBackup = dir + '.real';
process.stdout.write('ready\\n');
for (let i = 0; ; i++) {
  try {
    fs.symlinkSync(secret, tmpLink); fs.renameSync(tmpLink, file);
    fs.writeFileSync(tmpFile, '# Safe\\nsafe content\\n'); fs.renameSync(tmpFile, file);
    if (i % 2 === 0) {
      fs.renameSync(dir, dirBackup); fs.symlinkSync(outsideDir, dir);
      fs.unlinkSync(dir); fs.renameSync(dirBackup, dir);
    }
  } catch { /* a step raced with itself: go on */ }
}
`;

test('a note swapped for a symlink (and its folder for a symlinked folder) in a tight loop never leaks through the reader', async (t) => {
  const h = makeHome({
    index: '## Tag Index\n### api\n- approaches/race.md — Racing note\n- swapdir/inner.md — Racing folder\n',
    files: {
      'knowledge/approaches/race.md': '# Safe\nsafe content\n',
      'knowledge/swapdir/inner.md': '# Safe inner\nsafe content\n',
      'outside/swapdir/inner.md': `# ${MARKER}\n${MARKER}\n`,
    },
  });
  const snapshot = snapshotFor(h.home);
  const items = query(snapshot, 'api').items.filter((i) => i.selectable);
  assert.equal(items.length, 2);
  const child = spawn(
    process.execPath,
    [
      '-e',
      SWAPPER,
      path.join(h.folder, 'approaches', 'race.md'),
      h.secret,
      path.join(h.folder, 'swapdir'),
      path.join(h.outside, 'swapdir'),
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout!.once('data', () => resolve());
      child.once('error', reject);
    });
    let loaded = 0;
    let refused = 0;
    let tries = 0;
    const leaks: string[] = [];
    // Up to 20,000 tries, or about 8 s; past that, only until the floor below is met (a loaded
    // machine runs fewer tries in that time), and never past a hang bound of 10 times that.
    const start = performance.now();
    const enough = () => tries >= 1000 && loaded > 0 && refused > 0;
    for (; tries < 20_000; tries++) {
      const ms = performance.now() - start;
      if ((ms > 8_000 && enough()) || ms > 80_000) break;
      const load = loadItems(snapshot.config, items);
      for (const f of load.loaded)
        if (f.content.includes(MARKER) || f.realPath.startsWith(h.outside))
          leaks.push(`${f.item.path} via ${f.realPath}`);
      loaded += load.loaded.length;
      refused += load.refused.length;
    }
    t.diagnostic(`${tries} loads of 2 files: ${loaded} read, ${refused} refused`);
    assert.deepEqual(leaks, [], `${leaks.length} leaks`);
    assert.ok(tries >= 1000, `only ${tries} tries`);
    // The race really ran: both outcomes were seen.
    assert.ok(loaded > 0 && refused > 0, `loaded ${loaded}, refused ${refused}`);
  } finally {
    child.kill('SIGKILL');
    await new Promise((resolve) =>
      child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve),
    );
  }
  // The folder is left as it was (a regular folder), whatever step the swapper was in.
  const dir = path.join(h.folder, 'swapdir');
  if (fs.lstatSync(dir, { throwIfNoEntry: false })?.isSymbolicLink()) fs.unlinkSync(dir);
  if (!fs.existsSync(dir) && fs.existsSync(`${dir}.real`)) fs.renameSync(`${dir}.real`, dir);
});
