// §9 The reader's one way to open a file it has decided may be read: without following a final
// symlink, the descriptor proved to be the checked file before a byte of it is used.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describeFsError, realOrNull } from '../paths';

export type OpenOutcome =
  | { ok: true; fd: number; realPath: string; size: number; mtimeMs: number }
  | { ok: false; reason: string; missing?: boolean };

export const SWAPPED = 'it changed while it was being opened (a symlink was swapped in)';

/**
 * A scan's shortcut past resolving every file: the file's real path taken as its folder's
 * (resolved once per folder) plus its name, opened without following a final symlink, the
 * descriptor verified to be that very path. Null on any doubt (a symlinked note, a folder moved
 * since), and the full resolution decides; so a verdict other than a clean open is never its own.
 */
export function openInRealFolder(
  normal: string,
  realFolders: Map<string, string | null>,
  allowed: (real: string) => boolean,
): OpenOutcome | null {
  const dir = path.dirname(normal);
  let realDir = realFolders.get(dir);
  if (realDir === undefined) realFolders.set(dir, (realDir = realOrNull(dir)));
  if (realDir === null) return null;
  const name = normal.slice(dir.length + (dir.endsWith(path.sep) ? 0 : 1));
  const real = realDir.endsWith(path.sep) ? realDir + name : realDir + path.sep + name;
  if (!allowed(real) || !/\.md$/i.test(real)) return null;
  const opened = openVerified(real);
  return opened.ok ? opened : null;
}

/**
 * Opens an already resolved path without following a final symlink and without blocking on
 * a FIFO, then checks the descriptor: a regular file, and the very file at `real` (its path
 * in /proc on Linux; elsewhere the same device and inode as `real`, which must still resolve
 * to itself). Any doubt refuses.
 */
export function openVerified(real: string): OpenOutcome {
  const flags = fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0) | (fs.constants.O_NONBLOCK ?? 0);
  let fd: number;
  try {
    fd = fs.openSync(real, flags);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    // ELOOP from O_NOFOLLOW: the final component became a symlink after the check.
    return {
      ok: false,
      reason: code === 'ELOOP' || code === 'EMLINK' ? SWAPPED : describeFsError(err, 'it cannot be read'),
    };
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) return closeWith(fd, 'it is not a regular file');
    if (!descriptorIs(fd, real, stat)) return closeWith(fd, SWAPPED);
    return { ok: true, fd, realPath: real, size: stat.size, mtimeMs: stat.mtimeMs };
  } catch (err) {
    return closeWith(fd, describeFsError(err, 'it cannot be read'));
  }
}

const PROC_FD = process.platform === 'linux' && fs.existsSync('/proc/self/fd');

function descriptorIs(fd: number, real: string, stat: fs.Stats): boolean {
  if (PROC_FD) {
    try {
      return fs.readlinkSync(`/proc/self/fd/${fd}`) === real;
    } catch {
      return false;
    }
  }
  try {
    const now = fs.lstatSync(real);
    return now.isFile() && now.dev === stat.dev && now.ino === stat.ino && fs.realpathSync.native(real) === real;
  } catch {
    return false;
  }
}

function closeWith(fd: number, reason: string): { ok: false; reason: string } {
  fs.closeSync(fd);
  return { ok: false, reason };
}
