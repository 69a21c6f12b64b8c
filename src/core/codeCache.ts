// The CLI's V8 code cache (dist/cli.js compiles dist/cliMain.js with it): the loader hands the
// CLI a way to make the cache when it had none, and the CLI writes it beside the index cache,
// under the same rules (privateFile.ts), once it has answered.
import { createHash } from 'node:crypto';
import * as path from 'node:path';
import { MAX_CODE_CACHE_BYTES } from './limits';
import { writePrivateFile } from './privateFile';

/** Where the loader leaves its CodeCacheHandoff for the CLI (a process-wide symbol). */
export const CODE_CACHE_HANDOFF = Symbol.for('aria-context.codeCacheHandoff');

/**
 * A code cache file: the SHA-256 of V8's data, then the data. V8 checks that the data fits the
 * source, the V8 version and flags; the hash makes sure it is what was written, whole.
 */
export function wrapCodeCache(data: Buffer): Buffer {
  return Buffer.concat([createHash('sha256').update(data).digest(), data]);
}

/** V8's data from a code cache file, or null when the file is not whole. */
export function unwrapCodeCache(file: Buffer): Buffer | null {
  if (file.length <= 32) return null;
  const data = file.subarray(32);
  return createHash('sha256').update(data).digest().equals(file.subarray(0, 32)) ? data : null;
}

export interface CodeCacheHandoff {
  /** The code cache file for this build and Node version. */
  file: string;
  /** The code cache of the compiled CLI, with every function compiled so far. */
  data: () => Buffer;
}

/**
 * Writes the code cache the loader asked for, if any, when it belongs in `cacheDir` (the index
 * cache's folder, already judged usable for this config). Never throws.
 */
export function saveCodeCache(cacheDir: string, keepOut: readonly string[]): boolean {
  const slot = globalThis as Record<symbol, unknown>;
  const handoff = slot[CODE_CACHE_HANDOFF] as CodeCacheHandoff | undefined;
  delete slot[CODE_CACHE_HANDOFF];
  if (!handoff || path.dirname(handoff.file) !== cacheDir) return false;
  try {
    const data = wrapCodeCache(handoff.data());
    return data.length <= MAX_CODE_CACHE_BYTES && writePrivateFile(handoff.file, data, keepOut);
  } catch {
    return false;
  }
}
