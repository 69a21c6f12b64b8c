// The two tools as plain functions over the core, read through AgentSource (source.ts), for the
// MCP server and the editor's language-model tools alike (definitions.ts holds their names,
// texts and schemas): knowledge_query (the numbered summary with sizes and match reasons, plus
// the CLI's --json contract as structuredContent) and knowledge_load (the markdown bundle
// within a budget).
// Arguments are checked against the tool's schema first; every failure is a tool result with
// isError and a message a model can act on, never a throw.
import {
  itemsForPaths,
  pickItems,
  queryTooLarge,
  renderSummary,
  toJson,
  usageFor,
  type QueryResult,
  type ResultItem,
} from '../core';
import { CONTENT_ENVELOPE, sentSize, sentTextLength, serializedLength } from './answerSize';
import { loadWithinBudget, type PathRefusal } from './bundle';
import {
  LOAD_TOOL,
  MCP_NAMES,
  QUERY_TOOL,
  toolDefinitions,
  type LoadToolInput,
  type QueryToolInput,
  type ToolNames,
} from './definitions';
import { factsLines, itemFacts, type ItemFacts } from './itemFacts';
import type { Ledger } from './ledger';
import { DEFAULT_QUERY_CHARS, MAX_PATHS_PER_CALL } from './limits';
import { cutPage, decodeCursor, restLines, type QueryPage } from './queryPage';
import { checkArguments, type JsonSchema } from './schema';
import { snapshotOf, type AgentSource, type Checked } from './source';

export type ToolContent =
  | { type: 'text'; text: string }
  | { type: 'resource_link'; uri: string; name: string; title?: string; mimeType: string };

export interface ToolResult {
  [key: string]: unknown;
  content: ToolContent[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

export const toolError = (message: string): ToolResult => ({
  content: [{ type: 'text', text: message }],
  isError: true,
});
const text = (t: string): ToolResult => ({ content: [{ type: 'text', text: t }] });

export const loadHint = (names: ToolNames = MCP_NAMES) =>
  `To read files, call ${names.load} with "paths" copied from the numbered lines above (or with this "query" and "picks": "all" or numbers such as [1, 3]).`;

/**
 * One query within the core's caps (§9), checked before anything is read: a pasted or injected
 * wall of words is refused at once with the core's message; an empty one gets the usage.
 */
export function queryKnowledge(source: AgentSource, raw: unknown): Checked<QueryResult> {
  if (typeof raw !== 'string')
    return { ok: false, message: `"query" must be a string. ${usageFor('mcp')}`, invalid: true };
  const tooLarge = queryTooLarge(raw);
  if (tooLarge) return { ok: false, message: tooLarge, invalid: true };
  if (!raw.trim()) return { ok: false, message: usageFor('mcp'), invalid: true };
  const outcome = source.query(raw);
  return outcome.ok
    ? { ok: true, value: outcome.result }
    : { ok: false, message: outcome.message, invalid: outcome.kind === 'usage' };
}

export function summaryWithHint(result: QueryResult, names: ToolNames = MCP_NAMES): string {
  const summary = renderSummary(result, 'mcp');
  return result.items.some((i) => i.selectable) ? `${summary}\n${loadHint(names)}\n` : summary;
}

const schemas = new Map<string, JsonSchema>(toolDefinitions().map((t) => [t.name, t.inputSchema as JsonSchema]));
const schemaOf = (tool: string) => schemas.get(tool)!;

export interface QueryToolOptions {
  names?: ToolNames;
  /** Said before the summary (the editor's note about a query taken from the active file). */
  preface?: string;
}

/** The core's own message for an oversized query (§9), before the schema's shorter one. */
function queryCap(args: unknown): string | null {
  const q = (args as { query?: unknown } | null)?.query;
  return typeof q === 'string' ? queryTooLarge(q) : null;
}

export function runQueryTool(source: AgentSource, args: unknown, options: QueryToolOptions = {}): ToolResult {
  const wrong = queryCap(args) ?? checkArguments(args, schemaOf(QUERY_TOOL));
  if (wrong) return toolError(wrong);
  const { query, cursor } = args as QueryToolInput;
  const outcome = queryKnowledge(source, query);
  if (!outcome.ok) return toolError(outcome.message);
  const result = outcome.value;
  let from = 0;
  if (cursor !== undefined) {
    const at = decodeCursor(cursor, query, result);
    if (!at.ok) return toolError(at.message);
    from = at.offset;
  }
  const names = options.names ?? MCP_NAMES;
  const snapshot = snapshotOf(source);
  const sizes = source.sizes?.();
  // Sizes and reasons once per item, however many page sizes are tried.
  const known = new Map<ResultItem, ItemFacts>();
  const factsOf = (r: QueryResult) => {
    const missing = r.items.filter((i) => !known.has(i));
    if (missing.length && snapshot.ok)
      for (const [item, f] of itemFacts(snapshot.value.config, { ...r, items: missing }, query, sizes))
        known.set(item, f);
    return known;
  };
  const answer = (page: QueryPage): ToolResult => {
    const r = page.result;
    const facts = factsOf(r);
    const lines = factsLines(r, facts);
    const rest = restLines(page, names);
    const body = `${options.preface ?? ''}${summaryWithHint(r, names)}${lines.length ? `\n${lines.join('\n')}\n` : ''}${rest}`;
    const json = toJson(r, 'mcp'); // an agent's words, as the text's (§M)
    const items = json.items.map((item, i) => ({
      ...item,
      ...(facts.get(r.items[i]) ?? { bytes: null, tokens: null, matchedBy: [] }),
    }));
    const paging = rest ? { lines: { from: page.from + 1, to: page.to, total: page.total } } : {};
    const next = page.nextCursor ? { nextCursor: page.nextCursor } : {};
    return {
      ...text(body),
      structuredContent: { ...json, items, ...paging, ...next } as unknown as Record<string, unknown>,
    };
  };
  // What the agent receives: the text alone (the editor), or the MCP server's whole answer as sent.
  const measure = (page: QueryPage) => {
    const a = answer(page);
    return names.server ? sentSize(a) : (a.content[0] as { text: string }).text.length;
  };
  return answer(cutPage(query, result, from, DEFAULT_QUERY_CHARS, measure, names.server === true));
}

export interface LoadSession {
  /** The MCP connection's record of files sent (the editor has none: a chat keeps its own history). */
  ledger?: Ledger;
  /** The resource link sent with each file, counted against the budget (the MCP server's; the editor sends the text alone). */
  link?: (item: ResultItem) => ToolContent;
  /** Count the answer as the MCP server sends it: serialized and escaped (answerSize.ts). */
  serialized?: boolean;
}

function picked(source: AgentSource, query: string, picks: unknown): Checked<ResultItem[]> {
  const outcome = queryKnowledge(source, query);
  if (!outcome.ok) return outcome;
  const spec = picks === undefined ? 'all' : Array.isArray(picks) ? picks.map(String) : String(picks);
  const chosen = pickItems(outcome.value, spec);
  return chosen.ok ? { ok: true, value: chosen.items } : { ok: false, message: chosen.message, invalid: true };
}

export function runLoadTool(
  source: AgentSource,
  args: unknown,
  session: LoadSession = {},
  names: ToolNames = MCP_NAMES,
): ToolResult {
  const wrong =
    ((args as { paths?: unknown } | null)?.paths === undefined ? queryCap(args) : null) ??
    checkArguments(args, schemaOf(LOAD_TOOL));
  if (wrong) return toolError(wrong);
  const a = args as LoadToolInput;
  const paths = a.paths ?? [];
  if (paths.length === 0 && !a.query?.trim()) {
    return toolError(
      `Give "paths" (copied from a ${names.query} result) or a "query" with optional "picks". ${usageFor('mcp')}`,
    );
  }
  const snapshot = snapshotOf(source);
  if (!snapshot.ok) return toolError(snapshot.message);
  let refusals: PathRefusal[] = [];
  let items: ResultItem[];
  if (paths.length > 0) {
    const found = itemsForPaths(snapshot.value, paths, source.today(), { maxPaths: MAX_PATHS_PER_CALL });
    if (found.error) return toolError(found.error);
    items = found.items;
    refusals = found.refused;
  } else {
    const chosen = picked(source, a.query!, a.picks);
    if (!chosen.ok) return toolError(chosen.message);
    items = chosen.value;
  }
  const link = session.link;
  // The links count against the budget where the agent receives them with the text (§11).
  const load = loadWithinBudget(snapshot.value.config, items, {
    maxChars: a.maxChars,
    ledger: session.ledger,
    reload: a.reload === true,
    pathRefusals: refusals,
    // each link serialized in the content array, with its comma
    extraPerFile: link && ((item) => serializedLength(link(item)) + (session.serialized ? 1 : 0)),
    ...(session.serialized ? { sentLength: sentTextLength, envelope: CONTENT_ENVELOPE } : {}),
  });
  const links = link ? [...load.loaded, ...load.already].map((f) => link(f.item)) : [];
  return { content: [{ type: 'text', text: load.text }, ...links] };
}
