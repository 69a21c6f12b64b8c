// The stdio MCP server: the SDK's low-level Server (plain JSON Schemas, explicit paging) wired
// to the handlers in tools.ts and resources.ts. stdout carries the protocol only; logs go to stderr.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
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
  RequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { CONTEXT_PROMPT, INSTRUCTIONS, TAG_RESOURCE_TEMPLATE, TOOLS } from './definitions';
import { clip, complete, getContextPrompt, listResources, McpRequestError, readResource } from './resources';
import type { KnowledgeBase } from '../core';
import { LineTransport } from './stdio';
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

type StrictSchema = typeof CallToolRequestSchema | typeof ListToolsRequestSchema | typeof ListResourcesRequestSchema | typeof ListResourceTemplatesRequestSchema | typeof ReadResourceRequestSchema | typeof ListPromptsRequestSchema | typeof GetPromptRequestSchema | typeof CompleteRequestSchema;

/**
 * Registers a handler whose params are checked here rather than by the SDK: the SDK answers a
 * request with malformed params as an internal error (-32603) with a raw schema dump; a client
 * sent bad params, so this answers -32602 with the first problem in one line.
 */
function on<S extends StrictSchema>(server: Server, schema: S, handler: (request: ReturnType<S['parse']>) => unknown): void {
  const loose = schema.extend({ params: RequestSchema.shape.params });
  server.setRequestHandler(loose as unknown as S, ((request: unknown) => {
    const parsed = schema.safeParse(request);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.filter((p) => p !== 'params').join('.') || 'params';
      throw new McpRequestError(ErrorCode.InvalidParams, `Invalid params for ${(request as { method: string }).method}: ${where}: ${issue?.message ?? 'malformed'}`);
    }
    return handler(parsed.data as ReturnType<S['parse']>);
  }) as never);
}

export function createServer(kb: KnowledgeBase, version: string, log: Logger): Server {
  const server = new Server(
    { name: SERVER_NAME, title: 'aria-context knowledge', version },
    { capabilities: { tools: {}, resources: {}, prompts: {}, completions: {} }, instructions: INSTRUCTIONS },
  );

  on(server, ListToolsRequestSchema, () => ({ tools: TOOLS }));
  on(server, CallToolRequestSchema, (request) => {
    const { name } = request.params;
    const args = (request.params.arguments ?? {}) as Record<string, unknown>;
    if (name !== QUERY_TOOL && name !== LOAD_TOOL) throw new McpRequestError(ErrorCode.InvalidParams, `Unknown tool: ${clip(name)}`);
    try {
      return name === QUERY_TOOL ? runQueryTool(kb, args) : runLoadTool(kb, args);
    } catch (err) {
      // The core is meant not to throw; if it does, the agent gets a tool error and the server goes on.
      log(`${name} failed: ${(err as Error).stack ?? String(err)}`);
      return toolError(`${name} failed: ${(err as Error).message}`);
    }
  });

  on(server, ListResourcesRequestSchema, (request) =>
    guarded(log, 'resources/list', () => listResources(kb, request.params?.cursor)),
  );
  on(server, ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: [TAG_RESOURCE_TEMPLATE] }));
  on(server, ReadResourceRequestSchema, (request) => guarded(log, 'resources/read', () => readResource(kb, request.params.uri)));

  on(server, ListPromptsRequestSchema, () => ({ prompts: [CONTEXT_PROMPT] }));
  on(server, GetPromptRequestSchema, (request) => {
    if (request.params.name !== CONTEXT_PROMPT.name) throw new McpRequestError(ErrorCode.InvalidParams, `Unknown prompt: ${clip(request.params.name)}`);
    return guarded(log, 'prompts/get', () => getContextPrompt(kb, request.params.arguments));
  });
  on(server, CompleteRequestSchema, (request) =>
    guarded(log, 'completion/complete', () => complete(kb, request.params.ref as { type?: string; uri?: string; name?: string }, request.params.argument)),
  );
  return server;
}

/**
 * Connects the server to stdin/stdout. A line that is not JSON, not a JSON-RPC message or
 * longer than the cap gets a JSON-RPC error answer (stdio.ts) and the server keeps reading.
 */
export async function serveStdio(server: Server, log: Logger): Promise<void> {
  const transport = new LineTransport(process.stdin, process.stdout, log);
  await server.connect(transport);
  server.onerror = (error) => log(`Protocol error: ${error.message}`);
}
