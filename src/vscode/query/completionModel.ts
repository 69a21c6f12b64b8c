// Step 1 of Context: Query — the rows offered while the user types the query. Pure: takes a
// catalogue built once per snapshot and the recent queries, returns plain rows; queryCommand.ts
// turns them into QuickPickItems. Typing must feel instant at 10k notes and 1,000 tags: the
// catalogue (labels, lowercased keys) is computed once per index, each keystroke only filters it
// (narrowing the previous keystroke's matches when the token grew), and every section is capped
// to what a person can read. A row's count is the core's one count of what querying it returns
// (tagCounts.ts), asked only for the rows shown and memoised per snapshot by the caller.
import { describeCounts, operatorOf, type KnowledgeIndex, type TagCounter } from '../../core';

export type CompletionRow =
  | { kind: 'separator'; label: string }
  /** Run the query `query` now. */
  | { kind: 'run'; label: string; description: string; query: string }
  /** The input cannot run as it is: the reason, shown in the list and the title; Enter does nothing. */
  | { kind: 'invalid'; label: string; description: string; message: string }
  /** A recent query: accepting it runs it. */
  | { kind: 'recent'; label: string; description: string; query: string }
  /** A completion: accepting it puts `value` in the input and keeps it open. */
  | { kind: 'complete'; label: string; description: string; detail?: string; value: string };

type Section = 'Projects' | 'Known tags' | 'Aliases' | 'Other tags';

interface Candidate {
  section: Section;
  /** Lowercased text matched against the typed token. */
  key: string;
  /** What goes into the query. */
  insert: string;
  insertLower: string;
  label: string;
  description: string;
  detail?: string;
  /** What is queried for the row's count: the tag itself (an alias counts as its tag). */
  countQuery: string;
}

export interface CompletionCatalogue {
  readonly candidates: readonly Candidate[];
}

export interface CompletionInput {
  catalogue: CompletionCatalogue | null;
  value: string;
  recent: readonly string[];
  /** Rows per section (keeps huge indexes readable). */
  limit?: number;
  /** What querying a tag, alias or project key returns, in words (memoized by the caller per snapshot). */
  queryCount?: (query: string) => string | undefined;
}

export const SECTION_LIMIT = 25;

/** Splits `api AND str` into the finished part (`api AND `) and the token being typed (`str`). */
export function splitLastToken(value: string): { head: string; last: string } {
  const m = /^(.*?[\s,]*)([^\s,]*)$/s.exec(value);
  const head = m ? m[1] : value;
  const last = m ? m[2] : '';
  return { head: head && !/[\s,]$/.test(head) ? `${head} ` : head, last };
}

/** Tokens already in the query, lowercased (so completions do not repeat them). */
function usedTokens(head: string): Set<string> {
  return new Set(
    head
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((t) => t.toLowerCase()),
  );
}

/** Why the text cannot run as a query (empty, or only operators), in the editor's words; null when it can. */
export function queryProblem(value: string): string | null {
  const tokens = value.split(/[\s,]+/).filter(Boolean);
  if (tokens.length === 0) return 'Type a tag, alias or project key, e.g. stripe or api AND pagination.';
  // the core's reading of the words (§2): `(and)` is AND, as every other front end reads it
  if (tokens.every((t) => operatorOf(t) !== null))
    return 'AND joins two tags: put a tag on each side, e.g. api AND pagination.';
  return null;
}

/** Every completion candidate of an index, computed once per snapshot. */
export function buildCatalogue(index: KnowledgeIndex): CompletionCatalogue {
  const candidates: Candidate[] = [];
  const projectKeys = new Set([...index.projects.keys()].map((k) => k.toLowerCase()));
  // A project key that is also a known tag is listed once, as a project: its aliases go with it.
  const aliasesOf = new Map(index.knownTags.map((t) => [t.tag.toLowerCase(), t.aliases]));
  for (const p of index.projects.values()) {
    const aliases = aliasesOf.get(p.key.toLowerCase()) ?? [];
    const details = [
      p.relevantTags.length ? `expands to: ${p.relevantTags.join(', ')}` : '',
      aliases.length ? `aliases: ${aliases.join(', ')}` : '',
    ].filter(Boolean);
    candidates.push({
      section: 'Projects',
      key: p.key.toLowerCase(),
      insert: p.key,
      insertLower: p.key.toLowerCase(),
      label: p.key,
      description: p.name ?? 'project',
      detail: details.length ? details.join(' · ') : undefined,
      countQuery: p.key,
    });
  }
  for (const t of index.knownTags) {
    const isProject = projectKeys.has(t.tag.toLowerCase());
    const aliases = t.aliases.length ? `${isProject ? ' · ' : ''}aliases: ${t.aliases.join(', ')}` : '';
    candidates.push({
      section: 'Known tags',
      key: t.tag.toLowerCase(),
      insert: t.tag,
      insertLower: t.tag.toLowerCase(),
      label: t.tag,
      description: `${isProject ? 'project key' : ''}${aliases}`,
      countQuery: t.tag,
    });
    for (const alias of t.aliases) {
      candidates.push({
        section: 'Aliases',
        key: alias.toLowerCase(),
        insert: t.tag,
        insertLower: t.tag.toLowerCase(),
        label: `${alias} → ${t.tag}`,
        description: isProject ? 'project key' : '',
        countQuery: t.tag,
      });
    }
  }
  const known = new Set(index.knownTags.map((t) => t.tag.toLowerCase()));
  for (const t of [...index.otherTags.keys()].filter((t) => !known.has(t)).sort()) {
    candidates.push({
      section: 'Other tags',
      key: t.toLowerCase(),
      insert: t,
      insertLower: t.toLowerCase(),
      label: t,
      description: '',
      countQuery: t,
    });
  }
  return { candidates };
}

/** Remembers the last keystroke's matches: a token that grew only narrows them. */
export class CompletionFilter {
  private lastTyped: string | null = null;
  private lastMatches: readonly Candidate[] = [];
  private catalogue: CompletionCatalogue | null = null;

  matches(catalogue: CompletionCatalogue, typed: string): readonly Candidate[] {
    const from =
      this.catalogue === catalogue && this.lastTyped !== null && typed.startsWith(this.lastTyped)
        ? this.lastMatches
        : catalogue.candidates;
    const matches = typed ? from.filter((c) => c.key.includes(typed)) : catalogue.candidates;
    this.catalogue = catalogue;
    this.lastTyped = typed;
    this.lastMatches = matches;
    return matches;
  }
}

const SECTIONS: readonly Section[] = ['Projects', 'Known tags', 'Aliases', 'Other tags'];

export function completionRows(input: CompletionInput, filter = new CompletionFilter()): CompletionRow[] {
  const { catalogue, recent } = input;
  const value = input.value.replace(/^\s+/, '');
  const trimmed = value.trim();
  const { head, last } = splitLastToken(value);
  const typed = last.toLowerCase();
  const used = usedTokens(head);
  const limit = input.limit ?? SECTION_LIMIT;
  const rows: CompletionRow[] = [];

  const problem = queryProblem(trimmed);
  if (problem) rows.push({ kind: 'invalid', label: `$(info) ${problem}`, description: '', message: problem });
  else rows.push({ kind: 'run', label: `$(search) ${trimmed}`, description: 'Run this query', query: trimmed });

  const recentRows = recent
    .filter(
      (q) =>
        q.toLowerCase() !== trimmed.toLowerCase() && (!trimmed || q.toLowerCase().startsWith(trimmed.toLowerCase())),
    )
    .slice(0, limit)
    .map((q): CompletionRow => ({ kind: 'recent', label: `$(history) ${q}`, description: 'recent query', query: q }));
  if (recentRows.length) rows.push({ kind: 'separator', label: 'Recent queries' }, ...recentRows);
  if (!catalogue) return rows;

  // AND only makes sense after a first token.
  if (
    [...used].some((t) => !operatorOf(t)) &&
    ![...used].some((t) => operatorOf(t) === 'AND') &&
    'and'.startsWith(typed)
  ) {
    rows.push({ kind: 'separator', label: 'Operators' });
    rows.push({
      kind: 'complete',
      label: 'AND',
      description: 'every tag must match (intersection)',
      value: `${head}AND `,
    });
  }

  const matches = filter.matches(catalogue, typed);
  // A name is shown once, in the first section that has it (a project key is often a known tag
  // too); an alias row (`pay → payments`) is a name of its own.
  const offered = new Set<string>();
  for (const section of SECTIONS) {
    // Prefix matches first, then substrings; stop once the section is full.
    const prefix: Candidate[] = [];
    const inside: Candidate[] = [];
    for (const c of matches) {
      if (c.section !== section || used.has(c.insertLower) || offered.has(c.label.toLowerCase())) continue;
      if (!typed || c.key.startsWith(typed)) {
        if (prefix.length < limit) prefix.push(c);
      } else if (inside.length < limit) inside.push(c);
      if (prefix.length >= limit) break;
    }
    const shown = [...prefix, ...inside].slice(0, limit);
    if (shown.length === 0) continue;
    rows.push({ kind: 'separator', label: section });
    for (const c of shown) offered.add(c.label.toLowerCase());
    for (const c of shown) {
      const counted = input.queryCount?.(c.countQuery);
      const description = !counted
        ? c.description
        : c.section === 'Projects'
          ? `${c.description} · ${counted}`
          : c.description.startsWith('project key')
            ? c.description.replace(/^project key/, `project key: ${counted}`)
            : [counted, c.description].filter(Boolean).join(' · ');
      rows.push({ kind: 'complete', label: c.label, description, detail: c.detail, value: `${head}${c.insert} ` });
    }
  }
  return rows;
}

/** Recent queries, newest first, without duplicates, at most `max`. */
export function pushRecent(recent: readonly string[], query: string, max: number): string[] {
  const q = query.trim();
  if (!q || max <= 0) return [...recent].slice(0, Math.max(0, max));
  return [q, ...recent.filter((r) => r.toLowerCase() !== q.toLowerCase())].slice(0, max);
}

/** Recent queries without `query` (the row's remove button). */
export function removeRecent(recent: readonly string[], query: string): string[] {
  return recent.filter((r) => r.toLowerCase() !== query.toLowerCase());
}

/** A row's count text: the core's one count over the snapshot (undefined while none is loaded). */
export function queryCountOf(counter: TagCounter | undefined): (query: string) => string | undefined {
  return (query) => {
    const counts = counter?.counts(query);
    return counts ? describeCounts(counts) : undefined;
  };
}
