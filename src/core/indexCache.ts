// The index cache: index.md's parsed image (indexParser/image/file.ts) kept in the user's cache
// folder, one file per index.md, so a process that answers one query and exits (the CLI) need
// not parse index.md again while it is unchanged. It holds only what index.md said: what may be
// read is still decided by the reader from the config (§9), so a cache file, even a forged one,
// can claim no more than a hostile index.md could.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { compactIndex, parseIndex } from './indexParser';
import type { IndexImage } from './indexParser/image/compact';
import { decodeImage, encodeImage, type ImageFileStamp } from './indexParser/image/file';
import { RACY_WINDOW_MS, settled, statKey } from './fileStamp';
import { MAX_INDEX_BYTES, MAX_INDEX_IMAGE_BYTES } from './limits';

// An index.md younger than the racy window (fileStamp.ts) is not cached: a second write within
// the same timestamp tick, same size, would leave its stamp unchanged and the cache stale.
export { RACY_WINDOW_MS, settled };
import { openRegularFile } from './paths';
import { privateFolder, readPrivateFile, writePrivateFile } from './privateFile';
import type { Config } from './types';

/** What a front end passes to use the cache (snapshot.ts). */
export interface IndexCacheSettings {
  /** The producing build's identity: a file written by any other build is never used. */
  producer: string;
  /** The cache folder (indexCacheDir). */
  dir: string;
  /** The current time in ms (the racy-clean rule). */
  now: number;
}

/** A cache file to write for one index.md, as it was stamped when it was opened: plain data (a child process can run it). */
export interface IndexCacheJob {
  producer: string;
  indexFile: string;
  key: string;
  cacheFile: string;
  /** Folders the cache must not be written in: the knowledge folder and every project root. */
  keepOut: string[];
}

/**
 * `$XDG_CACHE_HOME/aria-context` (when absolute, as the XDG spec requires) or
 * `<home>/.cache/aria-context`; null when neither gives an absolute path.
 */
export function indexCacheDir(env: Record<string, string | undefined>, home: string): string | null {
  const xdg = env.XDG_CACHE_HOME;
  if (xdg && path.isAbsolute(xdg)) return path.join(xdg, 'aria-context');
  return path.isAbsolute(home) ? path.join(home, '.cache', 'aria-context') : null;
}

/** Whether the environment turns the cache off (`ARIA_CONTEXT_NO_CACHE=1`, or any value but 0/false/empty). */
export function cacheDisabledByEnv(env: Record<string, string | undefined>): boolean {
  const v = env.ARIA_CONTEXT_NO_CACHE?.trim().toLowerCase();
  return v !== undefined && v !== '' && v !== '0' && v !== 'false';
}

/** index.md's identity as the descriptor it was opened with shows it: any write or swap changes it. */
export function indexKey(indexFile: string, st: fs.BigIntStats): string {
  return `${path.resolve(indexFile)}\n${statKey(st)}`;
}

/** The cache file for an index.md: named by a hash of its absolute path. */
export function cacheFileFor(dir: string, indexFile: string): string {
  return path.join(dir, `${createHash('sha256').update(path.resolve(indexFile)).digest('hex').slice(0, 32)}.index`);
}

export function keepOutOf(config: Config): string[] {
  return [config.knowledgeFolder, ...[...config.projectsList.values()].map((p) => p.root)];
}

/**
 * The cached image for `stamp`, or null: no file, not a regular file (a symlink is not
 * followed), not this user's, writable by others, too large, short, or written by another build
 * or for another state of index.md. Never throws.
 */
export function readCachedImage(
  cacheFile: string,
  stamp: ImageFileStamp,
  keepOut: readonly string[],
): IndexImage | null {
  const buf = readPrivateFile(cacheFile, MAX_INDEX_IMAGE_BYTES, keepOut);
  return buf === null ? null : decodeImage(buf, stamp);
}

/**
 * Writes `image` as the cache file of `job`, atomically (a temp file in the same folder, then
 * rename), the folder 0700 and the file 0600. Skipped (false) when the folder is inside the
 * knowledge folder or a project root, is not a private folder of this user's, or cannot be
 * written. Never throws.
 */
export function writeCachedImage(job: IndexCacheJob, image: IndexImage): boolean {
  try {
    if (!privateFolder(path.dirname(job.cacheFile), job.keepOut)) return false;
    const bytes = encodeImage(image, { producer: job.producer, key: job.key });
    return bytes.length <= MAX_INDEX_IMAGE_BYTES && writePrivateFile(job.cacheFile, bytes, job.keepOut);
  } catch {
    return false;
  }
}

/** A writer holding its lock longer than this is taken to have died. */
const LOCK_STALE_MS = 60_000;

const lockFileOf = (job: IndexCacheJob) => `${job.cacheFile}.lock`;

/** Whether a writer for this cache file is at work (its lock is fresh): another need not start. */
export function cacheWriterRunning(job: IndexCacheJob, now: number): boolean {
  try {
    return now - fs.lstatSync(lockFileOf(job)).mtimeMs < LOCK_STALE_MS;
  } catch {
    return false;
  }
}

/** Takes the writer's lock (a file made exclusively), replacing a stale one; false when another writer holds it. */
function takeLock(lock: string, now: number): boolean {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.closeSync(
        fs.openSync(
          lock,
          fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | (fs.constants.O_NOFOLLOW ?? 0),
          0o600,
        ),
      );
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') return false;
      try {
        if (now - fs.lstatSync(lock).mtimeMs < LOCK_STALE_MS) return false;
        fs.rmSync(lock, { force: true });
      } catch {
        return false;
      }
    }
  }
  return false;
}

/**
 * Runs a job: reads index.md again, and writes its image only if it is still the file the job
 * was stamped from and old enough (settled). For a process of its own, after the answer (the
 * CLI), so the query that missed is not slowed by the full parse; one writer per cache file at
 * a time. Never throws.
 */
export function runIndexCacheJob(job: IndexCacheJob, now: () => number): boolean {
  if (!privateFolder(path.dirname(job.cacheFile), job.keepOut)) return false;
  const lock = lockFileOf(job);
  if (!takeLock(lock, now())) return false;
  try {
    const fd = openRegularFile(job.indexFile);
    let text: string;
    try {
      const st = fs.fstatSync(fd, { bigint: true });
      if (indexKey(job.indexFile, st) !== job.key || st.size > BigInt(MAX_INDEX_BYTES) || !settled(st, now()))
        return false;
      text = fs.readFileSync(fd, 'utf8');
    } finally {
      fs.closeSync(fd);
    }
    return writeCachedImage(job, compactIndex(parseIndex(text)));
  } catch {
    return false;
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

/** A job from untrusted text (a child process's argument), or null when it is not one. */
export function parseIndexCacheJob(text: string): IndexCacheJob | null {
  try {
    const j = JSON.parse(text) as IndexCacheJob;
    const isAbs = (s: unknown) => typeof s === 'string' && path.isAbsolute(s);
    if (!j || typeof j.producer !== 'string' || j.producer === '' || typeof j.key !== 'string') return null;
    if (!isAbs(j.indexFile) || !isAbs(j.cacheFile) || !Array.isArray(j.keepOut) || !j.keepOut.every(isAbs)) return null;
    return { producer: j.producer, indexFile: j.indexFile, key: j.key, cacheFile: j.cacheFile, keepOut: j.keepOut };
  } catch {
    return null;
  }
}
