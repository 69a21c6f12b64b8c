// §4: a token matches by tag, or as a hyphen-free substring of a semantic-hint phrase.

/** Lowercase with hyphens removed: the form both tokens and hint phrases take for matching. */
export function normaliseForHint(s: string): string {
  return s.toLowerCase().replace(/-/g, '');
}

export interface TokenMatch {
  /** How many query tokens matched. */
  matched: number;
  /** Whether any token matched through a tag. */
  byTag: boolean;
  /** The first hint phrase a token matched through, if any. */
  hint: string | null;
}

/** Query tokens prepared once per query. */
export interface PreparedToken {
  lower: string;
  hintForm: string;
}

export function prepareTokens(tokens: string[]): PreparedToken[] {
  return tokens.map((t) => ({ lower: t.toLowerCase(), hintForm: normaliseForHint(t) }));
}

/** Matches every token against one file's tags and (original) hint phrases. */
export function matchFile(tokens: PreparedToken[], tags: Set<string>, hints: readonly string[]): TokenMatch {
  let matched = 0;
  let byTag = false;
  let hint: string | null = null;
  for (const token of tokens) {
    if (tags.has(token.lower)) {
      matched++;
      byTag = true;
      continue;
    }
    if (token.hintForm === '') continue;
    const phrase = hints.find((h) => normaliseForHint(h).includes(token.hintForm));
    if (phrase !== undefined) {
      matched++;
      hint ??= phrase;
    }
  }
  return { matched, byTag, hint };
}

export function isMatch(m: TokenMatch, tokenCount: number, mode: 'OR' | 'AND'): boolean {
  return mode === 'AND' ? m.matched === tokenCount && tokenCount > 0 : m.matched > 0;
}

/** Within a group: most tokens matched first, then by path. */
export function byRelevance<T extends { matched: number; path: string }>(a: T, b: T): number {
  if (a.matched !== b.matched) return b.matched - a.matched;
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}
