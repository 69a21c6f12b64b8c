// The MCP server's own input and output caps, in one place so they can follow the core's
// limits later. An agent may be prompt-injected: every call is bounded whatever it asks for.

/** Characters of query text a call may carry (a tag query is a few words). */
export const MAX_QUERY_CHARS = 1000;
/** Paths one knowledge_load call may name. */
export const MAX_PATHS_PER_CALL = 25;
/** Characters of one path or picks string. */
export const MAX_PATH_CHARS = 1024;
/** Bytes of one file in a tool result or resource: an agent's context is precious. */
export const FILE_BYTES = 64 * 1024;
/** Bytes of file content one knowledge_load call (or tag resource) returns in total. */
export const CALL_BYTES = 256 * 1024;
/** Resources per resources/list page. */
export const RESOURCE_PAGE_SIZE = 100;
/** Tag completions offered for the resource template. */
export const MAX_COMPLETIONS = 100;
