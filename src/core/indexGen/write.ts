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

export type WriteOutcome =
  | { ok: true; backup: string | null }
  /** `concurrent`: another program changed index.md between the check and the write. */
  | { ok: false; reason: string; concurrent?: boolean };

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
 * Only the file whose content was checked is replaced, and it ends up in index.md.bak by rename:
 * it is moved aside first and proved to be that file (device, inode, size, mtime), and the rebuild
 * goes in by a link that fails if a save created index.md meanwhile. A save racing the write is
 * never lost: it stays (or is put back) as index.md, or is kept as index.md.bak, and the write is
 * refused as a concurrent edit.
 */
export function writeIndexAtomically(folder: string, expected: string | null, text: string): WriteOutcome {
  const file = path.join(folder, 'index.md');
  if (expected === null) return writeNew(file, text);
  let outcome: WriteOutcome | { tooLarge: number };
  try {
    outcome = openIndexFile(file, 'replace', (fd, checked) => replaceChecked(file, fd, checked, expected, text));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return concurrent('it was moved or deleted while the rebuild was being made');
    const now = readIndexForWrite(file);
    return { ok: false, reason: `index.md ${now.ok ? `cannot be read (${code ?? 'error'})` : now.reason}` };
  }
  return 'tooLarge' in outcome ? concurrent('it changed while the rebuild was being made') : outcome;
}

/** A refusal because another program changed index.md between the check and the write (exit 4 in the CLI). */
function concurrent(what: string): WriteOutcome {
  return {
    ok: false,
    concurrent: true,
    reason: `index.md changed meanwhile (${what}): another program saved it, and its save is kept; nothing was written (run it again)`,
  };
}

type Stamp = Pick<fs.BigIntStats, 'dev' | 'ino' | 'size' | 'mtimeNs' | 'ctimeNs'>;

/** The same file, unchanged: identity and size and mtime, and ctime while it has not been moved. */
function sameFile(a: Stamp, b: Stamp, ctime: boolean): boolean {
  return (
    a.dev === b.dev &&
    a.ino === b.ino &&
    a.size === b.size &&
    a.mtimeNs === b.mtimeNs &&
    (!ctime || a.ctimeNs === b.ctimeNs)
  );
}

function replaceChecked(
  file: string,
  fd: number,
  checked: fs.BigIntStats,
  expected: string,
  text: string,
): WriteOutcome {
  if (fs.readFileSync(fd, 'utf8') !== expected) return concurrent('it changed while the rebuild was being made');
  const mode = Number(checked.mode) & 0o777;
  const backup = `${file}.bak`;
  const temp = tempBeside(file, text, mode, true);
  // The name the checked file is moved to first: a unique empty file beside index.md.bak, renamed over.
  let aside: string | null = tempBeside(backup, '', mode);
  const drop = () => {
    fs.rmSync(temp, { force: true });
    if (aside) fs.rmSync(aside, { force: true });
  };
  try {
    if (!sameFile(fs.lstatSync(file, { bigint: true }), checked, true))
      return (drop(), concurrent('it changed while the rebuild was being made'));
    fs.renameSync(file, aside);
    // Whatever was index.md at the rename is at `aside` now: the checked file, or a save that landed just before.
    const moved = fs.lstatSync(aside, { bigint: true });
    const inPlace = fs.fstatSync(fd, { bigint: true });
    if (!sameFile(moved, checked, false) || !sameFile(inPlace, checked, false)) {
      const where = putBack(aside, file, backup);
      aside = null;
      drop();
      return concurrent(`a save landed just as the rebuild was being written; it is ${where}`);
    }
    try {
      fs.renameSync(aside, backup);
    } catch (err) {
      const where = putBack(aside, file, backup);
      aside = null;
      drop();
      const code = (err as NodeJS.ErrnoException).code;
      return {
        ok: false,
        reason: `its backup index.md.bak could not be replaced (${code ?? 'error'}); nothing was written (index.md is ${where})`,
      };
    }
    aside = null;
    try {
      // A link, not a rename: it fails when a save created index.md meanwhile, which is then never replaced.
      fs.linkSync(temp, file);
    } catch (err) {
      drop();
      if ((err as NodeJS.ErrnoException).code === 'EEXIST')
        return concurrent(
          'a save created it while the rebuild was being written; the index.md the rebuild was made from is index.md.bak',
        );
      throw err;
    }
    drop();
    return { ok: true, backup };
  } catch (err) {
    drop();
    const code = (err as NodeJS.ErrnoException).code;
    return {
      ok: false,
      reason: `index.md could not be written (${code ?? (err as Error).message}); nothing was written`,
    };
  }
}

/** Moves a file taken aside back to index.md (never over a newer save: then it is kept as index.md.bak); says where it is. */
function putBack(aside: string, file: string, backup: string): string {
  try {
    fs.linkSync(aside, file);
    fs.rmSync(aside, { force: true });
    return 'index.md again';
  } catch {
    try {
      fs.renameSync(aside, backup);
      return 'index.md.bak, as another save is index.md';
    } catch {
      return `${path.basename(aside)} beside index.md, as neither index.md nor index.md.bak could take it`;
    }
  }
}

/** A folder without index.md gets one by a link, which fails when a file appeared meanwhile: never replaced unseen. */
function writeNew(file: string, text: string): WriteOutcome {
  let temp: string | null = null;
  try {
    temp = tempBeside(file, text, 0o644, true);
    fs.linkSync(temp, file);
    return { ok: true, backup: null };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return concurrent('another program created it while the rebuild was being made');
    return {
      ok: false,
      reason: `index.md could not be written (${code ?? (err as Error).message}); nothing was written`,
    };
  } finally {
    if (temp) fs.rmSync(temp, { force: true });
  }
}
