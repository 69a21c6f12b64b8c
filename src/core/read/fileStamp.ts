// A file's identity for "did it change?": device, inode, size, type and permissions, and both
// the modification and the change time in nanoseconds. Anyone can put an mtime back
// (utimes); the ctime is set by the kernel on every write, rename, chmod or utimes, so a
// rewrite in place with the same size and the old mtime still changes the key. One limit
// remains: two writes inside one tick of the file system's clock share a ctime; a key taken
// within RACY_WINDOW_MS of its ctime is "racy" and the holder must check by content.
import * as fs from 'node:fs';

/** Longer than any file system's timestamp granularity (FAT: 2 s) and small clock skew. */
export const RACY_WINDOW_MS = 2000;

export interface FileStamp {
  /** Equal keys: the same file, unchanged (unless `racy`). '-' when missing, `!CODE` when not stat-able. */
  key: string;
  /** Taken too close to its last change for the key alone to be trusted. */
  racy: boolean;
  size: number;
  isFile: boolean;
}

/** The key of a stat taken with `{ bigint: true }`. */
export function statKey(st: fs.BigIntStats): string {
  return `${st.dev}:${st.ino}:${st.mode}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`;
}

/** Whether a file last changed at `st` is beyond the racy window at `now` (ms since the epoch). */
export function settled(st: fs.BigIntStats, now: number): boolean {
  const newest = Number((st.mtimeNs > st.ctimeNs ? st.mtimeNs : st.ctimeNs) / 1_000_000n);
  return Math.abs(now - newest) >= RACY_WINDOW_MS;
}

/**
 * Stats `file` (following symlinks, as a read would). Never throws. `now` (ms since the epoch,
 * the host's clock: the core reads none) decides `racy`; without it every stamp is racy.
 */
export function stampOf(file: string, now?: number): FileStamp {
  try {
    // A missing file is the common case (most config candidates): no exception to build for it.
    const st = fs.statSync(file, { bigint: true, throwIfNoEntry: false });
    if (!st) return { key: '-', racy: false, size: 0, isFile: false };
    return {
      key: statKey(st),
      racy: now === undefined || !settled(st, now),
      size: Number(st.size),
      isFile: st.isFile(),
    };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return {
      key: code === 'ENOENT' || code === 'ENOTDIR' ? '-' : `!${code ?? 'error'}`,
      racy: false,
      size: 0,
      isFile: false,
    };
  }
}

/** The key alone, for holders that re-read whatever changed (folders, scans). */
export function fileStamp(file: string): string {
  return stampOf(file, 0).key;
}
