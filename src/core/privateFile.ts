// Files of the user's own cache folder (the CLI's index cache, the hook's ledger, the folder Node's
// compile cache may use): read only when they are regular files of this user's that no one else can
// write, written atomically and privately, never inside the knowledge folder or a project root
// (which other people may sync into). Nothing here throws: a file that fails a check is simply not
// there. tempBeside is the one atomic writer every front end's file write goes through.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isInside, realOrSelf } from './paths';

/** Whether the cache folder lies in (or is) one of `keepOut`, by path or after symlinks. */
function insideKeepOut(dir: string, keepOut: readonly string[]): boolean {
  const abs = path.resolve(dir);
  const real = realOrSelf(abs);
  return keepOut.some((root) => {
    const r = path.resolve(root);
    const rr = realOrSelf(r);
    return [abs, real].some((d) => d === r || d === rr || isInside(d, r) || isInside(d, rr));
  });
}

/**
 * mkdir -p with mode 0700, one level at a time from the nearest existing folder: bounded by
 * the path's depth (Node 20's recursive mkdirSync can spin forever on some paths, e.g. in /proc).
 */
function makeFolders(dir: string): void {
  const missing: string[] = [];
  for (let d = path.resolve(dir); ;) {
    try {
      fs.lstatSync(d);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      missing.push(d);
      const up = path.dirname(d);
      if (up === d) break;
      d = up;
    }
  }
  for (const d of missing.reverse()) {
    try {
      fs.mkdirSync(d, 0o700);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
}

/** A file or folder of this user's with none of `forbidden` mode bits (default: group/world write); always true where modes mean nothing. */
export function ownedAndPrivate(st: fs.Stats, forbidden = 0o022): boolean {
  if (process.platform === 'win32') return true;
  const uid = process.getuid?.();
  return (uid === undefined || st.uid === uid) && (st.mode & forbidden) === 0;
}

/**
 * `file`'s bytes in a Buffer of its own (offset 0), or null: missing, not a regular file (a
 * symlink is not followed), not this user's, writable by others, over `maxBytes`, shorter than
 * its size said, or in a folder of `keepOut`. `ownerOnly`: also refused when the file or its
 * folder (not a symlink) is readable by others: what this code writes (0600 in a 0700 folder),
 * and what a clone or a sync into a folder does not make.
 */
export function readPrivateFile(
  file: string,
  maxBytes: number,
  keepOut: readonly string[],
  options: { ownerOnly?: boolean } = {},
): Buffer | null {
  try {
    if (insideKeepOut(path.dirname(file), keepOut)) return null;
    if (options.ownerOnly) {
      const dir = fs.lstatSync(path.dirname(file));
      if (!dir.isDirectory() || !ownedAndPrivate(dir, 0o077)) return null;
    }
    const fd = fs.openSync(
      file,
      fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0) | (fs.constants.O_NONBLOCK ?? 0),
    );
    try {
      const st = fs.fstatSync(fd);
      if (!st.isFile() || !ownedAndPrivate(st, options.ownerOnly ? 0o077 : 0o022) || st.size > maxBytes) return null;
      const buf = Buffer.allocUnsafeSlow(st.size);
      let done = 0;
      while (done < buf.length) {
        const n = fs.readSync(fd, buf, done, buf.length - done, done);
        if (n === 0) return null;
        done += n;
      }
      return buf;
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return null;
  }
}

/**
 * Makes `dir` (0700) if needed; whether it is then a folder of this user's that no one else can
 * write, outside `keepOut`. `from` (a folder above `dir`, e.g. HOME): also every folder from its
 * real path down to `dir` must be a real folder (no symlink) of this user's that no one else can
 * write, and only those are made; so `dir`'s real path is `from`'s own plus the rest, as a cache
 * holding code requires.
 */
export function privateFolder(
  dir: string,
  keepOut: readonly string[],
  options: { ownerOnly?: boolean; from?: string } = {},
): boolean {
  const forbidden = options.ownerOnly ? 0o077 : 0o022;
  try {
    if (insideKeepOut(dir, keepOut)) return false;
    if (options.from !== undefined) return privateChain(options.from, dir, forbidden) && !insideKeepOut(dir, keepOut);
    makeFolders(dir);
    const st = fs.lstatSync(dir);
    // checked again once made: a folder found through a symlink is judged by its real path too
    return st.isDirectory() && ownedAndPrivate(st, forbidden) && !insideKeepOut(dir, keepOut);
  } catch {
    return false;
  }
}

/** Every folder from `top`'s real path down to `dir` (made 0700 where missing) a real, private folder of this user's. */
function privateChain(top: string, dir: string, forbidden: number): boolean {
  const rest = path.relative(path.resolve(top), path.resolve(dir));
  if (rest.startsWith('..') || path.isAbsolute(rest)) return false;
  let d = fs.realpathSync(top);
  for (const part of ['', ...rest.split(path.sep).filter((p) => p !== '')]) {
    d = path.join(d, part);
    let st: fs.Stats;
    try {
      st = fs.lstatSync(d);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') return false;
      fs.mkdirSync(d, 0o700);
      st = fs.lstatSync(d);
    }
    if (!st.isDirectory() || !ownedAndPrivate(st, forbidden)) return false;
  }
  return true;
}

/** Temporary files written by this process: with the pid, a name no other writer uses. */
let tempCount = 0;

/**
 * Writes `data` to a new file beside `file` (O_EXCL, never through a symlink) and returns its
 * path, for the caller to rename over `file`; `sync` flushes it to disk first. A failed write
 * leaves no temporary file.
 */
export function tempBeside(file: string, data: string | Uint8Array, mode: number, sync = false): string {
  // Unique, not secret: O_EXCL never opens a name that exists, and loading node:crypto for random
  // bytes would slow every hook run.
  const temp = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${process.pid}.${++tempCount}.${Math.random().toString(36).slice(2, 10)}.tmp`,
  );
  const fd = fs.openSync(
    temp,
    fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | (fs.constants.O_NOFOLLOW ?? 0),
    mode,
  );
  try {
    fs.writeFileSync(fd, data);
    if (sync) fs.fsyncSync(fd);
  } catch (err) {
    fs.closeSync(fd);
    fs.rmSync(temp, { force: true });
    throw err;
  }
  fs.closeSync(fd);
  return temp;
}

/**
 * Writes `bytes` as `file` (0600) through a temp file in the same folder and a rename, so a
 * reader sees the old file or the new one, never half of one; false when the folder is not a
 * privateFolder or the write fails.
 */
export function writePrivateFile(file: string, bytes: Uint8Array, keepOut: readonly string[]): boolean {
  if (!privateFolder(path.dirname(file), keepOut)) return false;
  let temp: string | null = null;
  try {
    temp = tempBeside(file, bytes, 0o600);
    fs.renameSync(temp, file);
    temp = null;
    return true;
  } catch {
    return false;
  } finally {
    if (temp !== null) fs.rmSync(temp, { force: true });
  }
}
