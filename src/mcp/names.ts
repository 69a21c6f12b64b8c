// The MCP tools' names, apart from their definitions so that every module can name them.
export const QUERY_TOOL = 'knowledge_query';
export const LOAD_TOOL = 'knowledge_load';
