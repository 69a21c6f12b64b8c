// The port a host implements to read and parse index.md off its own thread (a worker), and what
// a failed read leaves. A loader that gave up for size or time (a timeout, out of memory) says so
// with IndexLoadLimit: the index is then never parsed on the host's thread (that is what blocked
// or aborted the editor); the previous snapshot keeps answering and the state says why. A loader
// that failed otherwise (a worker that cannot start) is stood in for here, for a small index only.
import * as fs from 'node:fs';
import { indexPath, readIndexFor, type SnapshotOutcome } from './snapshot';
import type { Config } from '../types';

/**
 * Reads index.md off the host's thread: the answer is what readIndexFor(config) would give.
 * With one, a change on disk is re-read in the background while the previous snapshot keeps answering.
 */
export interface IndexLoader {
  load(config: Config): Promise<SnapshotOutcome>;
}

/** A loader's failure for size or time: reading the index here would block or exhaust the host. */
export class IndexLoadLimit extends Error {
  override readonly name = 'IndexLoadLimit';
}

/** The largest index.md read on the host's thread when the loader failed for another reason. */
export const IN_PLACE_FALLBACK_BYTES = 4 * 1024 * 1024;

/** After a loader failed: a snapshot read here, or why the previous one is kept. */
export type AfterFailure = { outcome: SnapshotOutcome } | { kept: string };

export function afterLoaderFailure(config: Config, err: unknown): AfterFailure {
  const why = (err as Error)?.message ?? String(err);
  if (err instanceof IndexLoadLimit) return { kept: why };
  let size = 0;
  try {
    size = fs.statSync(indexPath(config)).size;
  } catch {
    // missing or unreadable: the read here answers with its own message, cheaply
  }
  if (size > IN_PLACE_FALLBACK_BYTES)
    return { kept: `${why}; index.md (${Math.round(size / (1024 * 1024))} MB) is too large to read on this thread` };
  return { outcome: readIndexFor(config, { compact: true }) };
}

/** What the state says while a kept snapshot answers for an index.md that changed since. */
export function keptMessage(reason: string): string {
  return `index.md changed on disk but could not be re-read (${reason}). Answers come from the index as it was read before.`;
}
