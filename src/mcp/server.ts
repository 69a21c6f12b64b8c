// The stdio MCP server: the SDK's low-level Server (plain JSON Schemas, explicit paging) wired
// to the handlers in tools.ts and resources.ts. stdout carries the protocol only; logs go to stderr.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { CONTEXT_PROMPT, INSTRUCTIONS, TAG_RESOURCE_TEMPLATE, TOOLS } from './definitions';
import { complete, getContextPrompt, listResources, McpRequestError, readResource } from './resources';
import type { KnowledgeSource } from './source';
import { LOAD_TOOL, QUERY_TOOL, runLoadTool, runQueryTool, toolError } from './tools';

export const SERVER_NAME = 'aria-context';

export interface Logger {
  (message: string): void;
}

/**
 * Runs a handler. Our request errors carry their JSON-RPC code and a clean message (the SDK's
 * McpError would prefix "MCP error -32602:" to the text sent); anything else is logged and
 * answered as an internal error.
 */
function guarded<T>(log: Logger, what: string, run: () => T): T {
  try {
    return run();
  } catch (err) {
    if (err instanceof McpRequestError) throw err;
    log(`${what} failed: ${(err as Error).stack ?? String(err)}`);
    throw new McpRequestError(ErrorCode.InternalError, `${what} failed: ${(err as Error).message}`);
  }
}

export function createServer(source: KnowledgeSource, version: string, log: Logger): Server {
  const server = new Server(
    { name: SERVER_NAME, title: 'aria-context knowledge', version },
    { capabilities: { tools: {}, resources: {}, prompts: {}, completions: {} }, instructions: INSTRUCTIONS },
  );

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOLS }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const { name } = request.params;
    const args = (request.params.arguments ?? {}) as Record<string, unknown>;
    if (name !== QUERY_TOOL && name !== LOAD_TOOL) throw new McpRequestError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
    try {
      return name === QUERY_TOOL ? runQueryTool(source, args) : runLoadTool(source, args);
    } catch (err) {
      // The core is meant not to throw; if it does, the agent gets a tool error and the server goes on.
      log(`${name} failed: ${(err as Error).stack ?? String(err)}`);
      return toolError(`${name} failed: ${(err as Error).message}`);
    }
  });

  server.setRequestHandler(ListResourcesRequestSchema, (request) =>
    guarded(log, 'resources/list', () => listResources(source, request.params?.cursor)),
  );
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: [TAG_RESOURCE_TEMPLATE] }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => guarded(log, 'resources/read', () => readResource(source, request.params.uri)));

  server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: [CONTEXT_PROMPT] }));
  server.setRequestHandler(GetPromptRequestSchema, (request) => {
    if (request.params.name !== CONTEXT_PROMPT.name) throw new McpRequestError(ErrorCode.InvalidParams, `Unknown prompt: ${request.params.name}`);
    return guarded(log, 'prompts/get', () => getContextPrompt(source, request.params.arguments));
  });
  server.setRequestHandler(CompleteRequestSchema, (request) =>
    guarded(log, 'completion/complete', () => complete(source, request.params.ref as { type?: string; uri?: string; name?: string }, request.params.argument)),
  );
  return server;
}

/**
 * Connects the server to stdin/stdout. A line that is not JSON, or not a JSON-RPC message, gets
 * a JSON-RPC error answer (the SDK would only log it) and the server keeps reading.
 */
export async function serveStdio(server: Server, log: Logger): Promise<void> {
  const transport = new StdioServerTransport();
  await server.connect(transport);
  const inner = transport.onerror;
  transport.onerror = (error: Error) => {
    inner?.(error);
    const parseError = error instanceof SyntaxError;
    const invalid = !parseError && error.name === 'ZodError';
    if (!parseError && !invalid) return;
    log(`Ignored a malformed message: ${error.message.split('\n')[0]}`);
    void transport
      .send({
        jsonrpc: '2.0',
        error: parseError ? { code: ErrorCode.ParseError, message: 'Parse error: the line is not JSON.' } : { code: ErrorCode.InvalidRequest, message: 'Invalid Request: not a JSON-RPC 2.0 message.' },
      } as never)
      .catch(() => undefined);
  };
  server.onerror = (error) => log(`Protocol error: ${error.message}`);
}
