// What an agent needs to budget and judge a query result before loading: each file's size
// (bytes, and tokens at about four characters each) and why it matched. Sizes come from the
// reader's own check (checkItems), so a file the reader would refuse is never statted through.
import { checkItems, countText, parseQueryText, type Config, type QueryResult, type ResultItem } from '../core';

export interface MatchReason {
  kind: 'tag' | 'alias' | 'expansion' | 'project' | 'hint';
  value: string;
}

export interface ItemFacts {
  bytes: number | null;
  tokens: number | null;
  matchedBy: MatchReason[];
}

/** About four characters per token: what chat models' tokenizers average on English markdown. */
export function estimateTokens(chars: number): number {
  return Math.ceil(chars / 4);
}

/**
 * Why `item` matched `text` (the query as typed): every query token among its tags, as the
 * token itself, the alias typed for it, or the project whose expansion added it; a project key
 * typed; then the semantic hint the core matched. In the query's token order.
 */
export function matchReasons(item: ResultItem, result: QueryResult, text: string): MatchReason[] {
  const q = result.query;
  const aliasOf = new Map(q.resolved.map((r) => [r.canonical.toLowerCase(), r]));
  const typed = new Set<string>();
  for (const t of q.typed ?? parseQueryText(text).tokens) {
    const alias = q.resolved.find((r) => r.alias.toLowerCase() === t.toLowerCase());
    typed.add((alias ? alias.canonical : t).toLowerCase());
  }
  const tags = new Set(item.tags.map((t) => t.toLowerCase()));
  const project = item.project?.toLowerCase();
  const out: MatchReason[] = [];
  for (const token of q.tokens) {
    const key = token.toLowerCase();
    if (!tags.has(key) && key !== project) continue;
    if (typed.has(key)) {
      const alias = aliasOf.get(key);
      if (alias) out.push({ kind: 'alias', value: `${alias.alias}→${alias.canonical}` });
      else out.push({ kind: key === project ? 'project' : 'tag', value: token });
      continue;
    }
    const from = q.expanded.find((e) => e.tags.some((t) => t.toLowerCase() === key));
    if (from) out.push({ kind: 'expansion', value: `${from.project}→${token}` });
  }
  if (item.hint) out.push({ kind: 'hint', value: item.hint });
  return out;
}

/** Sizes and reasons for every item of a result, in its order. */
export function itemFacts(
  config: Config,
  result: QueryResult,
  text: string,
  sizeOf?: (absPath: string) => number | undefined,
): Map<ResultItem, ItemFacts> {
  const sizes = new Map<ResultItem, number>();
  const unknown: ResultItem[] = [];
  for (const item of result.items) {
    if (!item.selectable) continue;
    const bytes = sizeOf?.(item.absPath);
    if (bytes === undefined) unknown.push(item);
    else sizes.set(item, bytes);
  }
  for (const ok of checkItems(config, unknown).ok) sizes.set(ok.item, ok.bytes);
  const facts = new Map<ResultItem, ItemFacts>();
  for (const item of result.items) {
    const bytes = sizes.get(item) ?? null;
    facts.set(item, {
      bytes,
      tokens: bytes === null ? null : estimateTokens(bytes),
      matchedBy: matchReasons(item, result, text),
    });
  }
  return facts;
}

function formatSize(f: ItemFacts): string {
  if (f.bytes === null) return 'size unknown';
  const kb = f.bytes < 1024 ? `${f.bytes} B` : `${(f.bytes / 1024).toFixed(f.bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${kb}, ~${countText(f.tokens!)} tokens`;
}

/** The text lines that go with the summary: `n. size — why`, for the numbered items. */
export function factsLines(result: QueryResult, facts: Map<ResultItem, ItemFacts>): string[] {
  const lines: string[] = [];
  for (const item of result.items) {
    const f = facts.get(item);
    if (item.n === null || !f) continue;
    const why = f.matchedBy.map((m) => `${m.kind} ${m.value}`).join('; ');
    lines.push(`${item.n}. ${formatSize(f)}${why ? ` — ${why}` : ''}`);
  }
  return lines.length ? ['Sizes (≈4 characters a token) and why each matched:', ...lines] : [];
}
