// §12.9 Writing the rebuild: a new file beside index.md, then a rename over it; the old one kept as
// index.md.bak (itself written beside and renamed, so no symlink there is followed). index.md
// must be a regular file of the knowledge folder, and still hold what the rebuild was made from.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { openIndexFile } from '../index/indexFile';
import { MAX_INDEX_BYTES } from '../limits';
import { indexPath, readIndexText } from '../index/snapshot';
import type { Config } from '../types';
import { tempBeside } from '../privateFile';

export type WriteOutcome = { ok: true; backup: string | null } | { ok: false; reason: string };

/** index.md's bytes now, without following a symlink; null when there is none. */
export function readIndexForWrite(file: string): { ok: true; raw: string | null } | { ok: false; reason: string } {
  let raw: string | { tooLarge: number };
  try {
    raw = openIndexFile(file, 'replace', (fd) => fs.readFileSync(fd, 'utf8'));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { ok: true, raw: null };
    if (code === 'ESYMLINK')
      return {
        ok: false,
        reason:
          'it is a symlink; aria-context writes index.md only as a regular file of the knowledge folder, never through a link',
      };
    if (code === 'ENOTREG') return { ok: false, reason: 'it is not a regular file' };
    return { ok: false, reason: `cannot be read (${code ?? 'error'})` };
  }
  if (typeof raw !== 'string')
    return { ok: false, reason: `it is larger than ${MAX_INDEX_BYTES / (1024 * 1024)} MB (${raw.tooLarge} bytes)` };
  return { ok: true, raw };
}

/**
 * The index.md a rebuild starts from: the file it would replace; for a look only (not `write`), one
 * it may not replace (a symlink) as the reader reads it. Null raw: there is none yet.
 */
export function readRebuildSource(
  config: Config,
  write: boolean,
): { ok: true; raw: string | null } | { ok: false; cannotWrite: string } | { ok: false; cannotRead: string } {
  const current = readIndexForWrite(indexPath(config));
  if (current.ok) return current;
  if (write) return { ok: false, cannotWrite: current.reason };
  const read = readIndexText(config);
  return read.ok ? { ok: true, raw: read.text } : { ok: false, cannotRead: read.message };
}

/**
 * Replaces `folder/index.md` with `text` when it still holds `expected` (null: there is none yet).
 * A change in between (an editor's save, another run) refuses the write and leaves both as they are.
 */
export function writeIndexAtomically(folder: string, expected: string | null, text: string): WriteOutcome {
  const file = path.join(folder, 'index.md');
  let mode = 0o644;
  try {
    mode = fs.lstatSync(file).mode & 0o777;
  } catch {
    // a new index.md
  }
  const temp = tempBeside(file, text, mode, true);
  let bakTemp: string | null = null;
  // Every temporary file goes, whatever stopped the write (a folder named index.md.bak, a full disk).
  const drop = () => {
    fs.rmSync(temp, { force: true });
    if (bakTemp) fs.rmSync(bakTemp, { force: true });
  };
  try {
    const now = readIndexForWrite(file);
    if (!now.ok) return (drop(), { ok: false, reason: `index.md ${now.reason}` });
    if (now.raw !== expected)
      return (
        drop(),
        { ok: false, reason: 'index.md changed while the rebuild was being made; nothing was written (run it again)' }
      );
    if (expected === null) {
      // link fails when a file appeared meanwhile: never replaced unseen
      fs.linkSync(temp, file);
      drop();
      return { ok: true, backup: null };
    }
    const backup = `${file}.bak`;
    bakTemp = tempBeside(backup, expected, mode, true);
    fs.renameSync(bakTemp, backup);
    bakTemp = null;
    const last = readIndexForWrite(file);
    if (!last.ok || last.raw !== expected)
      return (
        drop(),
        {
          ok: false,
          reason: 'index.md changed while the rebuild was being written; nothing was written (run it again)',
        }
      );
    fs.renameSync(temp, file);
    return { ok: true, backup };
  } catch (err) {
    drop();
    const code = (err as NodeJS.ErrnoException).code;
    const what = bakTemp
      ? `its backup ${path.basename(file)}.bak could not be replaced`
      : 'index.md could not be written';
    return { ok: false, reason: `${what} (${code ?? (err as Error).message}); nothing was written` };
  }
}
