// §2, §2.5 and §3: split the query, resolve aliases, expand project keys.
import { expansionCapped, MAX_EXPANDED_TAGS } from '../limits';
import { bareWord, trimToken, type SpellingIndex } from './tagSpelling';
import type { Expansion, ParsedQuery, QueryMode, ResolvedAlias } from '../types';

export interface RawQuery {
  tokens: string[];
  mode: QueryMode;
}

/**
 * `AND` or `OR` when a word is that operator (§2, §F37): in any case, once the punctuation around
 * it is trimmed (`(AND)`, `"or"`), whatever the index holds, as trimming a tag does; else null.
 */
export function operatorOf(word: string): QueryMode | null {
  const upper = bareWord(word).toUpperCase();
  return upper === 'AND' || upper === 'OR' ? upper : null;
}

/** Splits on any Unicode whitespace and commas (§F23); `AND` (any case) selects intersection, `OR` is dropped. */
export function parseQueryText(input: string | readonly string[]): RawQuery {
  const text = typeof input === 'string' ? input : input.join(' ');
  let mode: QueryMode = 'OR';
  const tokens: string[] = [];
  for (const token of text.split(/[\s,]+/)) {
    if (!token) continue;
    const operator = operatorOf(token);
    if (operator === 'AND') mode = 'AND';
    else if (operator === null) tokens.push(token);
  }
  return { tokens, mode };
}

export function resolveQuery(index: SpellingIndex, raw: RawQuery): ParsedQuery {
  const resolved: ResolvedAlias[] = [];
  const afterAliases: string[] = [];
  const typedWords: string[] = [];
  for (const typed of raw.tokens) {
    const token = trimToken(index, typed); // §2: `stripe?` is `stripe`
    if (!token) continue;
    typedWords.push(token);
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
  // Every token of the query that is a project key keeps itself and adds its relevant tags,
  // whatever the order and whatever an earlier expansion added; each project expands once,
  // and a relevant tag that is itself a project key is not expanded in turn (§3, §F12).
  const expanded: Expansion[] = [];
  const expandedProjects = new Set<string>();
  const capped: string[] = [];
  let added = 0;
  for (const token of afterAliases) {
    add(token);
    const key = token.toLowerCase();
    const project = raw.mode === 'OR' ? index.projects.get(key) : undefined;
    if (project && !expandedProjects.has(key) && project.relevantTags.length > 0) {
      expandedProjects.add(key);
      // §F44: a query adds at most MAX_EXPANDED_TAGS relevant tags in all; the rest are named in one note.
      const tags = project.relevantTags.slice(0, MAX_EXPANDED_TAGS - added);
      if (tags.length < project.relevantTags.length)
        capped.push(expansionCapped(token, tags.length, project.relevantTags.length));
      if (tags.length === 0) continue;
      added += tags.length;
      expanded.push({ project: token, tags });
      for (const tag of tags) add(tag);
    }
  }
  return { tokens, mode: raw.mode, resolved, expanded, ...(capped.length ? { capped } : {}), typed: typedWords };
}
