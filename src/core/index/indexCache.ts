// The index cache: index.md's image, one file per index.md in the user's cache folder, so the CLI
// need not parse an unchanged index.md again. It holds only what index.md said and the reader still
// decides from the config what may be read (§9): a forged file claims no more than a hostile index.md.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseIndex } from './parse';
import { compactIndex, type IndexImage } from './image/compact';
import { hashString } from './image/hashTable';
import { decodeImage, encodeImage, type ImageFileStamp } from './image/file';
import { RACY_WINDOW_MS, settled, statKey } from '../read/fileStamp';
import { openIndexFile } from './indexFile';
import { MAX_INDEX_IMAGE_BYTES } from '../limits';
import { privateFolder, readPrivateFile, writePrivateFile } from '../privateFile';
import type { Config } from '../types';

// A younger index.md is not cached: a same-size rewrite in the same timestamp tick keeps its stamp.
export { RACY_WINDOW_MS, settled };

export interface IndexCacheSettings {
  /** The build's identity: a file written by any other build is never used. */
  producer: string;
  dir: string;
  now: number;
  /** The file was found corrupt on the last read (CorruptImageError): parse index.md, and leave a job to rewrite it. */
  ignoreFile?: boolean;
}

/** Plain data, so a child process can run it; stamped when index.md was opened. */
export interface IndexCacheJob {
  producer: string;
  indexFile: string;
  key: string;
  cacheFile: string;
  /** The knowledge folder and every project root: never written in. */
  keepOut: string[];
}

/** XDG requires an absolute `$XDG_CACHE_HOME`; null when no absolute folder is known. */
export function indexCacheDir(env: Record<string, string | undefined>, home: string): string | null {
  const xdg = env.XDG_CACHE_HOME;
  if (xdg && path.isAbsolute(xdg)) return path.join(xdg, 'aria-context');
  return path.isAbsolute(home) ? path.join(home, '.cache', 'aria-context') : null;
}

/** Any value of ARIA_CONTEXT_NO_CACHE but 0, false or empty turns the cache off. */
export function cacheDisabledByEnv(env: Record<string, string | undefined>): boolean {
  const v = env.ARIA_CONTEXT_NO_CACHE?.trim().toLowerCase();
  return v !== undefined && v !== '' && v !== '0' && v !== 'false';
}

/** Taken from the opened descriptor: any write or swap changes it. */
export function indexKey(indexFile: string, st: fs.BigIntStats): string {
  return `${path.resolve(indexFile)}\n${statKey(st)}`;
}

export function cacheFileFor(dir: string, indexFile: string): string {
  return path.join(dir, `${pathHash(path.resolve(indexFile))}.index`);
}

/**
 * The image tables' string hash (FNV-1a, mixed) over the path from two seeds: a name, not a secret.
 * A collision only makes two index.md files take turns in one cache file (each stamp misses the other's).
 */
function pathHash(p: string): string {
  const hex = (seed: number) => hashString(p, seed).toString(16).padStart(8, '0');
  return hex(0x811c9dc5) + hex(0x9e3779b9);
}

/** Where no cache file is read or written: the knowledge folder and every project root the config names, refused ones too. */
export function keepOutOf(config: Config): string[] {
  return [
    config.knowledgeFolder,
    ...[...config.projectsList.values()].map((p) => p.root),
    ...(config.refusedRoots ?? []),
  ];
}

/** Null unless a private regular file of this user's holds the image for exactly `stamp`. Never throws. */
export function readCachedImage(
  cacheFile: string,
  stamp: ImageFileStamp,
  keepOut: readonly string[],
): IndexImage | null {
  const buf = readPrivateFile(cacheFile, MAX_INDEX_IMAGE_BYTES, keepOut);
  return buf === null ? null : decodeImage(buf, stamp);
}

/** Atomic, private (0700 folder, 0600 file), never inside keepOut; false when skipped. Never throws. */
export function writeCachedImage(job: IndexCacheJob, image: IndexImage): boolean {
  try {
    if (!privateFolder(path.dirname(job.cacheFile), job.keepOut)) return false;
    const bytes = encodeImage(image, { producer: job.producer, key: job.key });
    return (
      bytes !== null && bytes.length <= MAX_INDEX_IMAGE_BYTES && writePrivateFile(job.cacheFile, bytes, job.keepOut)
    );
  } catch {
    return false;
  }
}

/** A writer holding its lock longer than this is taken to have died. */
const LOCK_STALE_MS = 60_000;

const lockFileOf = (job: IndexCacheJob) => `${job.cacheFile}.lock`;

export function cacheWriterRunning(job: IndexCacheJob, now: number): boolean {
  try {
    return now - fs.lstatSync(lockFileOf(job)).mtimeMs < LOCK_STALE_MS;
  } catch {
    return false;
  }
}

/** An exclusively created file; a stale one is replaced. */
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
 * Run by a process of its own after the CLI's answer, so the query that missed is not slowed by the
 * parse. Writes only if index.md is still the file stamped, and settled. Never throws.
 */
export function runIndexCacheJob(job: IndexCacheJob, now: () => number): boolean {
  if (!privateFolder(path.dirname(job.cacheFile), job.keepOut)) return false;
  const lock = lockFileOf(job);
  if (!takeLock(lock, now())) return false;
  try {
    // The snapshot's key was taken through this opener too: a file swapped in since is a miss.
    const text = openIndexFile(job.indexFile, { reader: { knowledgeFolder: path.dirname(job.indexFile) } }, (fd, st) =>
      indexKey(job.indexFile, st) === job.key && settled(st, now()) ? fs.readFileSync(fd, 'utf8') : null,
    );
    if (typeof text !== 'string') return false;
    return writeCachedImage(job, compactIndex(parseIndex(text)));
  } catch {
    return false;
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

/** From untrusted text (a child process's argument). */
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
