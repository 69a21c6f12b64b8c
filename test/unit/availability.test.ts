// Availability (core/read/availability.ts) answers as the reader does, whether it looks each name up
// (a query asking about some notes of a large folder) or lists the folder (the tree's counts,
// asking about most of them): real folders with notes, missing names, symlinks in and out of
// the folder, a folder named like a note, and other file types.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { Availability } from '../../src/core/read/availability';
import { pathProblem, readAreas } from '../../src/core/read/reader';
import { makeHome, snapshotFor, tempDir } from '../helpers';

const NOTES = 600;

function largeFolder() {
  const home = makeHome({ index: '# Knowledge Index\n' });
  const dir = path.join(home, 'knowledge', 'notes');
  fs.mkdirSync(dir);
  for (let i = 0; i < NOTES; i++) fs.writeFileSync(path.join(dir, `n${i}.md`), `# note ${i}\n`);
  const outside = tempDir('aria-outside-');
  fs.writeFileSync(path.join(outside, 'secret.md'), 'secret\n');
  fs.symlinkSync(path.join(outside, 'secret.md'), path.join(dir, 'out.md'));
  fs.symlinkSync(path.join(dir, 'n1.md'), path.join(dir, 'in.md'));
  fs.mkdirSync(path.join(dir, 'folder.md'));
  fs.writeFileSync(path.join(dir, 'plain.txt'), 'not a note\n');
  const odd = ['out.md', 'in.md', 'folder.md', 'plain.txt', 'gone-1.md', 'gone-2.md', 'GONE.MD'];
  return { config: snapshotFor(home).config, dir, odd };
}

function readerSays(config: ReturnType<typeof largeFolder>['config'], abs: string) {
  return pathProblem(readAreas(config), abs, new Map(), config.home);
}

for (const [label, asked] of [
  ['a few dozen names of a folder of 600 (looked up one by one)', 48],
  ['every name of the folder (listed once)', NOTES],
] as const) {
  test(`availability agrees with the reader when asked about ${label}`, () => {
    const { config, dir, odd } = largeFolder();
    const names = [...Array.from({ length: asked }, (_, i) => `n${(i * 7) % NOTES}.md`), ...odd];
    // two rounds: the second answers from the folder's kept verdicts
    const availability = new Availability(config);
    for (let round = 0; round < 2; round++) {
      availability.newRound();
      for (const name of names) {
        const abs = path.join(dir, name);
        assert.deepEqual(availability.problem(abs), readerSays(config, abs), `${name} (round ${round + 1})`);
      }
    }
    // the odd ones are not all loadable, so agreement is not vacuous
    assert.ok(odd.some((name) => readerSays(config, path.join(dir, name)) !== null));
    assert.equal(readerSays(config, path.join(dir, 'out.md'))?.kind, 'refused');
    assert.equal(readerSays(config, path.join(dir, 'gone-1.md'))?.kind, 'missing');
  });
}

test('availability notices a note removed and one added between rounds, in a listed folder and a looked-up one', () => {
  for (const asked of [40, NOTES]) {
    const { config, dir } = largeFolder();
    const availability = new Availability(config);
    const ask = () => {
      availability.newRound();
      for (let i = 0; i < asked; i++) availability.problem(path.join(dir, `n${i}.md`));
    };
    ask();
    fs.rmSync(path.join(dir, 'n3.md'));
    fs.writeFileSync(path.join(dir, 'new.md'), '# new\n');
    ask();
    assert.equal(availability.problem(path.join(dir, 'n3.md'))?.kind, 'missing', `asked ${asked}`);
    assert.equal(availability.problem(path.join(dir, 'new.md')), null, `asked ${asked}`);
  }
});
