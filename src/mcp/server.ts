// The stdio MCP server: the SDK's v2 low-level Server wired to the agent tools (src/agent/) and
// to resources.ts. Why low-level: McpServer's registerTool takes a Standard Schema and validates
// with it, while each tool's plain JSON Schema is written once (src/agent/definitions.ts), shared
// with the editor's languageModelTools and checked by src/agent/schema.ts in both. Why our own
// line transport (stdio.ts): the SDK's buffers input without a bound and ends the process past
// its cap, where ours holds one bounded line, answers an over-long one and reads on.
// serveStdio picks the protocol era from the client's first message: the 2026-07-28 revision
// (server/discover, a per-request envelope, no initialize) or a 2025 revision (initialize); one
// instance per connection either way, with its own ledger of files sent. stdout carries the
// protocol only; logs go to stderr.
import { ProtocolError, ProtocolErrorCode, ResourceNotFoundError, Server } from '@modelcontextprotocol/server';
import { serveStdio as serveOnStdio, type StdioServerHandle } from '@modelcontextprotocol/server/stdio';
import { escapeOutputDeep, NOTES_ARE_REFERENCE, type KnowledgeBase, type ResultItem } from '../core';
import { LOAD_TOOL, QUERY_OUTPUT_SCHEMA, QUERY_TOOL, TOOLS } from '../agent/definitions';
import { Ledger } from '../agent/ledger';
import { arrivedProblem, type JsonSchema } from '../agent/schema';
import { kbSource } from '../agent/source';
import { runLoadTool, runQueryTool, toolError, type ToolContent, type ToolResult } from '../agent/tools';
import {
  clip,
  complete,
  CONTEXT_PROMPT,
  getContextPrompt,
  listResources,
  McpRequestError,
  readResource,
  RESOURCE_NOT_FOUND,
  TAG_RESOURCE_TEMPLATE,
} from './resources';
import { ARRIVED_ARGUMENTS, LineTransport } from './stdio';
import { fileUri } from './uris';

export const SERVER_NAME = 'aria-context';

export const INSTRUCTIONS =
  `aria-context serves the user's aria-knowledge notes. Call ${QUERY_TOOL} with tags to find notes (paths, descriptions, tags), ` +
  `then ${LOAD_TOOL} with the paths you need. ${NOTES_ARE_REFERENCE}`;

/** The link to a loaded file's resource, sent after knowledge_load's text. */
const resourceLink = (item: ResultItem): ToolContent => ({
  type: 'resource_link',
  uri: fileUri(item.path),
  name: item.path,
  ...(item.description ? { title: item.description } : {}),
  mimeType: 'text/markdown',
});

export interface Logger {
  (message: string): void;
}

/**
 * Runs a handler. Our request errors carry their JSON-RPC code and a clean message; anything
 * else is logged and answered as an internal error.
 */
function guarded<T>(log: Logger, what: string, run: () => T, uri?: string): T {
  try {
    return escapeOutputDeep(run()); // §9 the output boundary: others' text leaves as data
  } catch (err) {
    if (err instanceof McpRequestError) {
      // A missing resource: -32602 with the URI as data, as the SDK sends it on every revision.
      if (err.code === RESOURCE_NOT_FOUND && uri !== undefined) throw new ResourceNotFoundError(uri, err.message);
      throw new ProtocolError(err.code, err.message);
    }
    log(`${what} failed: ${(err as Error).stack ?? String(err)}`);
    throw new ProtocolError(ProtocolErrorCode.InternalError, `${what} failed: ${(err as Error).message}`);
  }
}

const schemaOf = (name: string): JsonSchema => (TOOLS.find((t) => t.name === name)?.inputSchema ?? {}) as JsonSchema;

export function createServer(kb: KnowledgeBase, version: string, log: Logger): Server {
  const server = new Server(
    { name: SERVER_NAME, title: 'aria-context knowledge', version },
    { capabilities: { tools: {}, resources: {}, prompts: {}, completions: {} }, instructions: INSTRUCTIONS },
  );
  const source = kbSource(kb);
  const ledger = new Ledger(); // this connection's: a new client starts with nothing sent

  server.setRequestHandler('tools/list', () => ({ tools: TOOLS as never }));
  server.setRequestHandler('tools/call', (request) => {
    const { name } = request.params;
    const args = request.params.arguments ?? {};
    if (name !== QUERY_TOOL && name !== LOAD_TOOL)
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${clip(name)}`);
    let result: ToolResult;
    try {
      const arrived = request.params._meta?.[ARRIVED_ARGUMENTS];
      const smuggled = Array.isArray(arrived) ? arrivedProblem(arrived as string[], args, schemaOf(name)) : null;
      result = smuggled
        ? toolError(smuggled)
        : name === QUERY_TOOL
          ? runQueryTool(source, args)
          : runLoadTool(source, args, { ledger, link: resourceLink, serialized: true });
    } catch (err) {
      // The core is meant not to throw; if it does, the agent gets a tool error and the server goes on.
      log(`${name} failed: ${(err as Error).stack ?? String(err)}`);
      result = toolError(`${name} failed: ${(err as Error).message}`);
    }
    return server.projectCallToolResult(
      escapeOutputDeep(result) as never,
      name === QUERY_TOOL && !result.isError ? QUERY_OUTPUT_SCHEMA : undefined,
    );
  });

  server.setRequestHandler('resources/list', (request) =>
    guarded(log, 'resources/list', () => listResources(kb, request.params?.cursor)),
  );
  server.setRequestHandler('resources/templates/list', () => ({ resourceTemplates: [TAG_RESOURCE_TEMPLATE] }));
  server.setRequestHandler('resources/read', (request) =>
    guarded(log, 'resources/read', () => readResource(kb, request.params.uri), request.params.uri),
  );

  server.setRequestHandler('prompts/list', () => ({ prompts: [CONTEXT_PROMPT] }));
  server.setRequestHandler('prompts/get', (request) => {
    if (request.params.name !== CONTEXT_PROMPT.name)
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown prompt: ${clip(request.params.name)}`);
    return guarded(log, 'prompts/get', () => getContextPrompt(kb, request.params.arguments));
  });
  server.setRequestHandler('completion/complete', (request) =>
    guarded(log, 'completion/complete', () =>
      complete(kb, request.params.ref as { type?: string; uri?: string; name?: string }, request.params.argument),
    ),
  );
  server.onerror = (error) => log(`Protocol error: ${error.message}`);
  return server;
}

/**
 * Serves stdin/stdout, one server (from `factory`) per connection, in the era the client opens
 * with. A line that is not JSON, not a JSON-RPC message or longer than the cap gets a JSON-RPC
 * error answer (stdio.ts) and the server keeps reading.
 */
export function serveStdio(factory: () => Server, log: Logger): StdioServerHandle {
  const transport = new LineTransport(process.stdin, process.stdout, log);
  return serveOnStdio(factory, { transport, onerror: (error) => log(`Protocol error: ${error.message}`) });
}
