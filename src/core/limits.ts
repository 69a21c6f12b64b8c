// §9 Input caps shared by every front end (CLI, editor, chat, agent tools, any server): input
// from a person, a pasted prompt or a prompt-injected agent is refused with a clear message
// before any work grows with it.
import { countText } from './present/plural';

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
 * §F44 What index.md may declare: entries, lists, projects, relevant tags, Known Tags lines,
 * known tags, alias annotations and aliases count as one item each, and the parse keeps at most
 * INDEX_ITEMS_BASE of them plus one per INDEX_CHARS_PER_ITEM characters of index.md. No item
 * costs the parse more than a few hundred bytes, so its heap grows at most a fixed multiple of
 * index.md's size, however densely a hostile file packs them; a real index (the benchmark's 100k
 * notes: about one item per 70 characters) stays far below.
 */
export const INDEX_ITEMS_BASE = 100_000;
export const INDEX_CHARS_PER_ITEM = 32;
/** Relevant tags the project keys of one query add in all (§F44): the query stays small whatever index.md lists. */
export const MAX_EXPANDED_TAGS = 256;
/** A query word longer than this (after alias resolution or expansion) matches tags only, no hint phrase (§F44). */
export const MAX_HINT_FORM_CHARS = 256;

export function expansionCapped(project: string, used: number, listed: number): string {
  return (
    `Project \`${project}\` lists ${countText(listed)} relevant tags; the query used ${used} of them ` +
    `(at most ${MAX_EXPANDED_TAGS} per query).`
  );
}
/** Index warnings listed; the rest are counted in one line (§F42). */
export const MAX_INDEX_WARNINGS = 50;

/** How many items (§F44) an index.md of `chars` characters may declare. */
export function indexItemBudget(chars: number): number {
  return INDEX_ITEMS_BASE + Math.floor(chars / INDEX_CHARS_PER_ITEM);
}

/** What the item budget's warning says (§F44), for the generator to know its rebuild would meet it. */
export const ITEMS_OVER = 'more entries, tags and aliases than an index.md of this size may declare';

/** The one warning for an index.md over its item budget (§F44); `line`: the first item dropped. */
export function indexItemsOver(line: number, budget: number): string {
  return (
    `index.md line ${line}: ${ITEMS_OVER} ` +
    `(${countText(budget)}: ${countText(INDEX_ITEMS_BASE)} plus one per ${INDEX_CHARS_PER_ITEM} characters); ` +
    'from this one on they were ignored. Rebuild it (aria-context index --write), or check that it is the knowledge index.'
  );
}

/**
 * A cached index image (indexCache.ts) larger than this is neither written nor read: its
 * strings are at most twice index.md's bytes, its tables a few numbers per entry line.
 */
export const MAX_INDEX_IMAGE_BYTES = 4 * MAX_INDEX_BYTES;

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

// The advice works: a rebuild cannot read what is over the cap either, so the user trims it first.
export function indexTooLarge(file: string, size: number): string {
  return `${file} is larger than ${MAX_INDEX_BYTES / (1024 * 1024)} MB (${size} bytes): it was not read. Check that it is the knowledge index; if it is, delete its generated sections (Tag Index, Other Tags, Semantic Hints Index, Team-Shared Tag Index, Stale Files, Untagged Files) and run aria-context index --write to make them again.`;
}
