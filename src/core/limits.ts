// §9 Input caps shared by every front end (CLI, editor, chat, agent tools, any server): input
// from a person, a pasted prompt or a prompt-injected agent is refused with a clear message
// before any work grows with it.

/** Characters in one query (after joining its words). */
export const MAX_QUERY_CHARS = 2000;
/** Words (tags, aliases, project keys, AND/OR) in one query. */
export const MAX_QUERY_TOKENS = 64;
/** Paths named in one load call (an agent tool, a server). */
export const MAX_LOAD_PATHS = 200;
/** Pick words (`1`, `2-4`, names) in one load call. */
export const MAX_PICKS = 200;
/** Bytes of file content one tool load call returns, over all its files. */
export const MAX_TOOL_LOAD_BYTES = 1024 * 1024;
/** A config file larger than this is refused before it is read. */
export const MAX_CONFIG_BYTES = 4 * 1024 * 1024;
/** `index.md` larger than this is refused before it is read. */
export const MAX_INDEX_BYTES = 64 * 1024 * 1024;
/**
 * A cached index image (indexCache.ts) larger than this is neither written nor read: its
 * strings are at most twice index.md's bytes, its tables a few numbers per entry line.
 */
export const MAX_INDEX_IMAGE_BYTES = 4 * MAX_INDEX_BYTES;
/** The CLI's V8 code cache (a few hundred KB) is neither read nor written larger than this. */
export const MAX_CODE_CACHE_BYTES = 16 * 1024 * 1024;

/** Why a query is too large to run, or null when it is within the caps. */
export function queryTooLarge(input: string | readonly string[]): string | null {
  let chars = 0;
  if (typeof input === 'string') chars = input.length;
  else for (const word of input) chars += word.length + 1;
  if (chars > MAX_QUERY_CHARS) {
    return `The query is too long (${chars} characters; at most ${MAX_QUERY_CHARS}). Ask for a few tags, e.g. \`api pagination\`.`;
  }
  const text = typeof input === 'string' ? input : input.join(' ');
  const words = text.split(/[\s,]+/).filter(Boolean).length;
  if (words > MAX_QUERY_TOKENS) {
    return `The query has too many words (${words}; at most ${MAX_QUERY_TOKENS}). Ask for a few tags, e.g. \`api pagination\`.`;
  }
  return null;
}

export function tooManyPaths(count: number): string {
  return `Too many paths in one call (${count}; at most ${MAX_LOAD_PATHS}). Load them in smaller batches.`;
}

export function tooManyPicks(count: number): string {
  return `Too many picks (${count}; at most ${MAX_PICKS}). Use \`all\` or ranges like \`2-40\`.`;
}

export function totalCapReason(capBytes: number): string {
  return `the ${Math.round(capBytes / 1024)} KB limit for one load call was reached before this file; load it in another call`;
}

export function indexTooLarge(file: string, size: number): string {
  return `${file} is larger than ${MAX_INDEX_BYTES / (1024 * 1024)} MB (${size} bytes): it was not read. Rebuild it with /index, or check that it is the knowledge index.`;
}
