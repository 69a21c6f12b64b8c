// Check on access: a stamped file counts as changed after any rewrite, however its size and
// times are kept, and a file left alone never does. Real files in a temp dir.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { AccessStamps, CONTENT_CHECKED_BYTES } from '../../src/core/kb/accessStamps';
import { fileStamp } from '../../src/core/read/fileStamp';
import { tempDir } from '../helpers';

/** Rewrites in place, same size, and puts the times back exactly (whole seconds). */
function sameSizeRewrite(file: string, content: string): void {
  assert.equal(Buffer.byteLength(content), fs.statSync(file).size);
  const fd = fs.openSync(file, 'r+');
  fs.writeSync(fd, content, 0, 'utf8');
  fs.closeSync(fd);
  fs.utimesSync(file, 1_700_000_000, 1_700_000_000);
}

describe('access stamps', () => {
  for (const [name, size] of [
    ['a small file (compared by content)', 100],
    ['a large file (compared by its stat key)', CONTENT_CHECKED_BYTES * 2],
  ] as const) {
    test(`${name}: a same-size rewrite with the mtime put back is a change; no rewrite is none`, () => {
      const file = path.join(tempDir('aria-stamps-'), 'index.md');
      fs.writeFileSync(file, 'a'.repeat(size));
      fs.utimesSync(file, 1_700_000_000, 1_700_000_000);
      const stamps = new AccessStamps(Date.now);
      stamps.take([file]);
      assert.deepEqual(stamps.changed(), []);
      sameSizeRewrite(file, 'b'.repeat(size));
      assert.deepEqual(stamps.changed(), [file]);
      stamps.take([file]);
      assert.deepEqual(stamps.changed(), []);
    });
  }

  test('a file swapped for another with the same size and times is a change (its inode)', () => {
    const dir = tempDir('aria-stamps-');
    const file = path.join(dir, 'index.md');
    fs.writeFileSync(file, 'x'.repeat(CONTENT_CHECKED_BYTES * 2));
    const stamps = new AccessStamps(Date.now);
    stamps.take([file]);
    fs.writeFileSync(path.join(dir, 'other'), 'x'.repeat(CONTENT_CHECKED_BYTES * 2));
    fs.renameSync(path.join(dir, 'other'), file);
    assert.deepEqual(stamps.changed(), [file]);
  });

  test("a folder's stamp changes when a file is added, even with the folder's mtime put back", () => {
    const dir = tempDir('aria-stamps-');
    fs.utimesSync(dir, 1_700_000_000, 1_700_000_000);
    const before = fileStamp(dir);
    fs.writeFileSync(path.join(dir, 'new.md'), '# New\n');
    fs.utimesSync(dir, 1_700_000_000, 1_700_000_000);
    assert.notEqual(fileStamp(dir), before);
    assert.equal(fileStamp(path.join(dir, 'missing')), '-');
  });
});
