// "Check on access" for hosts without a file watcher (a CLI-like server, an MCP process): the
// files a snapshot was read from are stamped when it is read and re-stated before each use.
// A few stats per access: index.md and the config candidates. Project folders and the ideas
// folder need nothing here: their cached scans re-check their own folder stamps (dirStamps.ts).
// A stamp is the stat key of fileStamp.ts (ctime and inode included). A small file (the config)
// is also compared by content every time, and a larger one while its key is racy (taken within
// the file system's clock tick of its last change), so two writes in one tick are not one.
import * as fs from 'node:fs';
import { stampOf } from '../read/fileStamp';
import { nodeCrypto } from './nodeCrypto';
import { MAX_INDEX_BYTES } from '../limits';

/** Files up to this size are compared by content on every check: a config costs one small read. */
export const CONTENT_CHECKED_BYTES = 64 * 1024;

interface Taken {
  key: string;
  open: StampOpener;
  /** A hash of the content while the key alone cannot be trusted, else null. */
  hash: string | null;
}

/**
 * Opens a stamped file and hands the descriptor to `hash`, closing it after; index.md's is the one
 * opener of index.md. Throws what the open threw.
 */
export type StampOpener = (file: string, hash: (fd: number) => string) => string;

/** Any other stamped file (a config candidate): opened without blocking on a FIFO. */
const openPlain: StampOpener = (file, hash) => {
  const fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  try {
    return hash(fd);
  } finally {
    fs.closeSync(fd);
  }
};

/** A hash of a regular file's content (up to the index cap), or a marker; never blocks on a FIFO. */
function contentHash(file: string, open: StampOpener): string {
  try {
    return open(file, hashOf);
  } catch (err) {
    return `!${(err as NodeJS.ErrnoException).code ?? 'error'}`;
  }
}

function hashOf(fd: number): string {
  const st = fs.fstatSync(fd);
  if (!st.isFile()) return '!not-a-file';
  const hash = nodeCrypto().createHash('sha256');
  // Sized to the file (a config is a few hundred bytes, checked on every access): a fresh
  // megabyte each time was most of the MCP server's garbage. One more byte sees growth.
  const buffer = Buffer.allocUnsafe(Math.min(1024 * 1024, st.size + 1));
  let total = 0;
  for (let n; total <= MAX_INDEX_BYTES && (n = fs.readSync(fd, buffer, 0, buffer.length, null)) > 0; total += n)
    hash.update(buffer.subarray(0, n));
  return hash.digest('hex');
}

function take(file: string, clock: (() => number) | undefined, open: StampOpener): Taken {
  const now = stampOf(file, clock?.());
  const byContent = now.isFile && (now.racy || now.size <= CONTENT_CHECKED_BYTES);
  return { key: now.key, open, hash: byContent ? contentHash(file, open) : null };
}

export class AccessStamps {
  private stamps = new Map<string, Taken>();

  /** `clock`: the host's (ms since the epoch); without one, large files are compared by content every time. */
  constructor(private readonly clock?: () => number) {}

  /** Records the files' current state; call before reading them, so a change during the read shows later. */
  take(files: readonly string[]): void {
    this.stamps = new Map(files.map((f) => [f, take(f, this.clock, openPlain)]));
  }

  /** Adds one more file to the stamps taken, opened by `open` when its content is compared. */
  add(file: string, open: StampOpener = openPlain): void {
    this.stamps.set(file, take(file, this.clock, open));
  }

  /** The stamped files whose state differs now. */
  changed(): string[] {
    return [...this.stamps].filter(([file, was]) => this.differs(file, was)).map(([file]) => file);
  }

  private differs(file: string, was: Taken): boolean {
    const now = stampOf(file, this.clock?.());
    if (now.key !== was.key) return true;
    if (was.hash === null) return false;
    if (contentHash(file, was.open) !== was.hash) return true;
    // Same content and out of the racy window now: any later write gets a later ctime.
    if (!now.racy && now.size > CONTENT_CHECKED_BYTES) was.hash = null;
    return false;
  }
}
