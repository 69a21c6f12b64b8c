// §2, §2.5 and §3: split the query, resolve aliases, expand project keys.
import type { Expansion, KnowledgeIndex, ParsedQuery, QueryMode, ResolvedAlias } from './types';

export interface RawQuery {
  tokens: string[];
  mode: QueryMode;
}

/** Splits on whitespace and commas; `AND` (any case) selects intersection, `OR` is dropped. */
export function parseQueryText(input: string | readonly string[]): RawQuery {
  const text = typeof input === 'string' ? input : input.join(' ');
  let mode: QueryMode = 'OR';
  const tokens: string[] = [];
  for (const token of text.split(/[\s,]+/)) {
    if (!token) continue;
    const upper = token.toUpperCase();
    if (upper === 'AND') mode = 'AND';
    else if (upper !== 'OR') tokens.push(token);
  }
  return { tokens, mode };
}

export function resolveQuery(index: Pick<KnowledgeIndex, 'aliases' | 'projects'>, raw: RawQuery): ParsedQuery {
  const resolved: ResolvedAlias[] = [];
  const afterAliases: string[] = [];
  for (const token of raw.tokens) {
    const canonical = index.aliases.get(token.toLowerCase());
    if (canonical && canonical !== token.toLowerCase()) {
      resolved.push({ alias: token, canonical });
      afterAliases.push(canonical);
    } else {
      afterAliases.push(token);
    }
  }

  const tokens: string[] = [];
  const seen = new Set<string>();
  const add = (t: string) => {
    const key = t.toLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    tokens.push(t);
  };
  const expanded: Expansion[] = [];
  for (const token of afterAliases) {
    const isNew = !seen.has(token.toLowerCase());
    add(token);
    const project = raw.mode === 'OR' ? index.projects.get(token.toLowerCase()) : undefined;
    if (project && isNew && project.relevantTags.length > 0) {
      expanded.push({ project: token, tags: [...project.relevantTags] });
      for (const tag of project.relevantTags) add(tag);
    }
  }
  return { tokens, mode: raw.mode, resolved, expanded };
}
