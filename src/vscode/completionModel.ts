// Step 1 of Context: Query — the rows offered while the user types the query. Pure: takes the
// parsed index and the recent queries, returns plain rows; queryCommand.ts turns them into
// QuickPickItems. Every row is shown (the command does its own filtering on the last token).
import { plural, type KnowledgeIndex } from '../core';

export type CompletionRow =
  | { kind: 'separator'; label: string }
  /** Run the query `query` now. */
  | { kind: 'run'; label: string; description: string; query: string }
  /** A recent query: accepting it runs it. */
  | { kind: 'recent'; label: string; description: string; query: string }
  /** A completion: accepting it puts `value` in the input and keeps it open. */
  | { kind: 'complete'; label: string; description: string; detail?: string; value: string };

export interface CompletionInput {
  index: KnowledgeIndex | null;
  value: string;
  recent: readonly string[];
  /** Rows per kind of completion when the last token is empty (keeps huge indexes readable). */
  limit?: number;
}


/** Splits `api AND str` into the finished part (`api AND `) and the token being typed (`str`). */
export function splitLastToken(value: string): { head: string; last: string } {
  const m = /^(.*?[\s,]*)([^\s,]*)$/s.exec(value);
  const head = m ? m[1] : value;
  const last = m ? m[2] : '';
  return { head: head && !/[\s,]$/.test(head) ? `${head} ` : head, last };
}

/** Tokens already in the query, lowercased (so completions do not repeat them). */
function usedTokens(head: string): Set<string> {
  return new Set(head.split(/[\s,]+/).filter(Boolean).map((t) => t.toLowerCase()));
}

/** Rank for a candidate against the typed token: 0 prefix, 1 substring, -1 no match. */
function rank(candidate: string, typed: string): number {
  if (!typed) return 0;
  const c = candidate.toLowerCase();
  if (c.startsWith(typed)) return 0;
  return c.includes(typed) ? 1 : -1;
}

export function fileCount(index: KnowledgeIndex, tag: string): number {
  return index.filesByTag.get(tag.toLowerCase())?.length ?? 0;
}

export function completionRows(input: CompletionInput): CompletionRow[] {
  const { index, recent } = input;
  const value = input.value.replace(/^\s+/, '');
  const trimmed = value.trim();
  const { head, last } = splitLastToken(value);
  const typed = last.toLowerCase();
  const used = usedTokens(head);
  const limit = input.limit ?? 200;
  const rows: CompletionRow[] = [];

  if (trimmed) rows.push({ kind: 'run', label: `$(search) ${trimmed}`, description: 'Run this query', query: trimmed });

  const recentRows = recent
    .filter((q) => q.toLowerCase() !== trimmed.toLowerCase() && (!trimmed || q.toLowerCase().startsWith(trimmed.toLowerCase())))
    .map((q): CompletionRow => ({ kind: 'recent', label: `$(history) ${q}`, description: 'recent query', query: q }));
  if (recentRows.length) rows.push({ kind: 'separator', label: 'Recent queries' }, ...recentRows);
  if (!index) return rows;

  const section = (label: string, candidates: Array<{ key: string; row: Omit<Extract<CompletionRow, { kind: 'complete' }>, 'kind' | 'value'>; insert: string }>) => {
    const ranked = candidates
      .filter((c) => !used.has(c.insert.toLowerCase()))
      .map((c) => ({ c, r: rank(c.key, typed) }))
      .filter((x) => x.r >= 0)
      .sort((a, b) => a.r - b.r);
    const shown = typed ? ranked : ranked.slice(0, limit);
    if (shown.length === 0) return;
    rows.push({ kind: 'separator', label });
    for (const { c } of shown) rows.push({ kind: 'complete', ...c.row, value: `${head}${c.insert} ` });
  };

  // AND only makes sense after a first token.
  if (used.size > 0 && !used.has('and') && rank('AND', typed) === 0) {
    rows.push({ kind: 'separator', label: 'Operators' });
    rows.push({ kind: 'complete', label: 'AND', description: 'every tag must match (intersection)', value: `${head}AND ` });
  }

  section(
    'Projects',
    [...index.projects.values()].map((p) => ({
      key: p.key,
      insert: p.key,
      row: {
        label: p.key,
        description: p.name ?? 'project',
        detail: p.relevantTags.length ? `expands to: ${p.relevantTags.join(', ')}` : undefined,
      },
    })),
  );

  section(
    'Known tags',
    index.knownTags.map((t) => ({
      key: t.tag,
      insert: t.tag,
      row: {
        label: t.tag,
        description: `${plural(fileCount(index, t.tag), 'file')}${t.aliases.length ? ` · aliases: ${t.aliases.join(', ')}` : ''}`,
      },
    })),
  );

  section(
    'Aliases',
    index.knownTags.flatMap((t) =>
      t.aliases.map((alias) => ({
        key: alias,
        insert: t.tag,
        row: { label: `${alias} → ${t.tag}`, description: plural(fileCount(index, t.tag), 'file') },
      })),
    ),
  );

  const known = new Set(index.knownTags.map((t) => t.tag.toLowerCase()));
  section(
    'Other tags',
    [...index.otherTags.keys()]
      .filter((t) => !known.has(t))
      .sort()
      .map((t) => ({ key: t, insert: t, row: { label: t, description: plural(fileCount(index, t), 'file') } })),
  );

  return rows;
}

/** Recent queries, newest first, without duplicates, at most `max`. */
export function pushRecent(recent: readonly string[], query: string, max: number): string[] {
  const q = query.trim();
  if (!q || max <= 0) return [...recent].slice(0, Math.max(0, max));
  return [q, ...recent.filter((r) => r.toLowerCase() !== q.toLowerCase())].slice(0, max);
}
