// §12.9 Writing the rebuild: a new file beside index.md, then a rename over it; the old one kept as
// index.md.bak (itself written beside and renamed, so no symlink there is followed). index.md
// must be a regular file of the knowledge folder, and still hold what the rebuild was made from.
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

export type WriteOutcome = { ok: true; backup: string | null } | { ok: false; reason: string };

/** index.md's bytes now, without following a symlink; null when there is none. */
export function readIndexForWrite(file: string): { ok: true; raw: string | null } | { ok: false; reason: string } {
  let st: fs.Stats;
  try {
    st = fs.lstatSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { ok: true, raw: null };
    return { ok: false, reason: `cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  if (st.isSymbolicLink())
    return {
      ok: false,
      reason:
        'it is a symlink; aria-context writes index.md only as a regular file of the knowledge folder, never through a link',
    };
  if (!st.isFile()) return { ok: false, reason: 'it is not a regular file' };
  const fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0));
  try {
    return { ok: true, raw: fs.readFileSync(fd, 'utf8') };
  } finally {
    fs.closeSync(fd);
  }
}

function tempBeside(file: string, text: string, mode: number): string {
  const temp = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${process.pid}.${crypto.randomBytes(6).toString('hex')}.tmp`,
  );
  const fd = fs.openSync(temp, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL, mode);
  try {
    fs.writeFileSync(fd, text);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  return temp;
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
  const temp = tempBeside(file, text, mode);
  const drop = () => fs.rmSync(temp, { force: true });
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
    const bakTemp = tempBeside(backup, expected, mode);
    fs.renameSync(bakTemp, backup);
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
    return { ok: false, reason: `index.md could not be written: ${(err as Error).message}` };
  }
}
