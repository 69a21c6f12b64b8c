// The MCP server's caps. Query size and picks are the core's (§9), so every front end refuses
// the same input with the same message; the rest are this server's own, tighter budgets (an
// agent's context is precious), never above the core's. An agent may be prompt-injected:
// every call is bounded whatever it asks for.
import { MAX_LOAD_PATHS, MAX_PICKS, MAX_QUERY_CHARS, MAX_TOOL_LOAD_BYTES } from '../core';

export { MAX_PICKS, MAX_QUERY_CHARS };
/** Paths one knowledge_load call may name. */
export const MAX_PATHS_PER_CALL = Math.min(25, MAX_LOAD_PATHS);
/** Characters of one path or picks string. */
export const MAX_PATH_CHARS = 1024;
/** Bytes of one file in a tool result or resource. */
export const FILE_BYTES = 64 * 1024;
/** Bytes of file content one knowledge_load call (or tag resource) returns in total. */
export const CALL_BYTES = Math.min(256 * 1024, MAX_TOOL_LOAD_BYTES);
/** Characters one knowledge_load answer holds by default: under the agents' own thresholds (Claude Code saves results over 50,000 characters to a file). */
export const DEFAULT_LOAD_CHARS = 40_000;
/** Characters of one knowledge_query answer, text and structured content together: the same budget as a load's; the rest of a result comes page by page. */
export const DEFAULT_QUERY_CHARS = DEFAULT_LOAD_CHARS;
/** The most a call may ask for with maxChars (CALL_BYTES: every character is at least a byte). */
export const MAX_LOAD_CHARS = CALL_BYTES;
/** The least a call may ask for: room for a heading, some content and the list of what did not fit. */
export const MIN_LOAD_CHARS = 1_000;
/** Paths named one by one in a "not loaded" list; the rest are counted (and given as picks). */
export const MAX_NAMED_SKIPPED = 25;
/** Files one connection's ledger remembers as loaded (the oldest is forgotten first). */
export const MAX_LEDGER_FILES = 10_000;
/** Resources per resources/list page. */
export const RESOURCE_PAGE_SIZE = 100;
/** Tag completions offered for the resource template. */
export const MAX_COMPLETIONS = 100;
/** Bytes of one incoming JSON-RPC message (one stdio line): every valid request fits in far less. */
export const MAX_LINE_BYTES = 1024 * 1024;
/**
 * Requests being answered at once on one connection: past it, and while stdout is backed up,
 * no more input is read (a client that pipelines without reading cannot pile answers up).
 */
export const MAX_IN_FLIGHT = 8;
/** Characters of a resource URI: a capped path or query, every character percent-encoded. */
export const MAX_URI_CHARS = 3 * Math.max(MAX_PATH_CHARS, MAX_QUERY_CHARS) + 64;
/** Characters of the value a completion is asked for (a tag, or a query being typed). */
export const MAX_COMPLETION_INPUT_CHARS = MAX_QUERY_CHARS;
/** Characters of all completion values in one answer together. */
export const MAX_COMPLETION_CHARS = 16 * 1024;
/** Characters of a resources/list cursor (ours are a few dozen). */
export const MAX_CURSOR_CHARS = 256;
/** Characters of a caller's value quoted back in an error message. */
export const MAX_ECHO_CHARS = 120;
