// The one opener of index.md: the snapshot's read, the index cache's job and the rebuild's read
// before it replaces the file all come through here, each sized the same way (§9).
import * as fs from 'node:fs';
import { MAX_INDEX_BYTES } from '../limits';
import { openKnowledgeFile } from '../read/reader';

/**
 * `reader`: the reader's rule for the knowledge folder (a symlink inside it followed); `replace`:
 * the file a rebuild will rename over, which must be a regular file and is never reached through a
 * link (a symlink throws ESYMLINK, anything else ENOTREG).
 */
export type IndexAccess = { reader: { knowledgeFolder: string; home?: string } } | 'replace';

/**
 * Opens index.md without blocking on a FIFO, sizes it (§9: a huge or sparse index.md is never read
 * whole) and hands the descriptor to `use`, closing it after; throws what the open threw.
 */
export function openIndexFile<T>(
  file: string,
  access: IndexAccess,
  use: (fd: number, stat: fs.BigIntStats) => T,
): T | { tooLarge: number } {
  const fd =
    access === 'replace'
      ? openToReplace(file)
      : openKnowledgeFile(access.reader.knowledgeFolder, file, access.reader.home);
  try {
    const stat = fs.fstatSync(fd, { bigint: true });
    if (stat.size > BigInt(MAX_INDEX_BYTES)) return { tooLarge: Number(stat.size) };
    return use(fd, stat);
  } finally {
    fs.closeSync(fd);
  }
}

function openToReplace(file: string): number {
  const st = fs.lstatSync(file);
  if (st.isSymbolicLink()) throw Object.assign(new Error('a symlink'), { code: 'ESYMLINK' });
  if (!st.isFile()) throw Object.assign(new Error('not a regular file'), { code: 'ENOTREG' });
  return fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0));
}
