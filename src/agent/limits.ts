// The agent tools' caps (the MCP server's and the editor's alike). Query size and picks are the
// core's (§9), so every front end refuses the same input with the same message; the rest are
// the tools' own, tighter budgets (an agent's context is precious), never above the core's. An
// agent may be prompt-injected: every call is bounded whatever it asks for.
import { MAX_LOAD_PATHS, MAX_TOOL_LOAD_BYTES } from '../core';

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
/** Characters of a knowledge_query or resources/list cursor (ours are a few dozen). */
export const MAX_CURSOR_CHARS = 256;
