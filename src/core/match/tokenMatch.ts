// §4: a token matches by tag, or as a hyphen-free substring of a semantic-hint phrase.
import { HintMatcher } from './hintMatcher';
import { MAX_HINT_FORM_CHARS } from '../limits';

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

/** A word longer than MAX_HINT_FORM_CHARS gets no hint form: it matches by tag only (§F44), so the automaton stays small. */
export function prepareTokens(tokens: string[]): PreparedToken[] {
  return tokens.map((t) => ({
    lower: t.toLowerCase(),
    hintForm: t.length > MAX_HINT_FORM_CHARS ? '' : normaliseForHint(t),
  }));
}

const matchers = new WeakMap<readonly PreparedToken[], HintMatcher>();

/** The query's hint forms in one automaton, built once per prepared query. */
export function hintMatcherFor(tokens: readonly PreparedToken[]): HintMatcher {
  let matcher = matchers.get(tokens);
  if (!matcher) {
    matcher = new HintMatcher(tokens.map((t) => t.hintForm));
    matchers.set(tokens, matcher);
  }
  return matcher;
}

/**
 * Matches every token against one file's tags and (original) hint phrases. Each phrase is
 * normalised and read once for all tokens; a token's hint is the first phrase containing it.
 */
export function matchFile(tokens: PreparedToken[], tags: Set<string>, hints: readonly string[]): TokenMatch {
  let matched = 0;
  let byTag = false;
  let hint: string | null = null;
  const firstPhrase = hints.length ? firstPhrases(tokens, tags, hints) : null;
  for (const token of tokens) {
    if (tags.has(token.lower)) {
      matched++;
      byTag = true;
      continue;
    }
    if (token.hintForm === '' || !firstPhrase) continue;
    const phrase = firstPhrase.get(token.hintForm);
    if (phrase !== undefined) {
      matched++;
      hint ??= hints[phrase];
    }
  }
  return { matched, byTag, hint };
}

/** For each hint form a token without a tag match needs: the index of the first phrase containing it. */
function firstPhrases(
  tokens: PreparedToken[],
  tags: Set<string>,
  hints: readonly string[],
): Map<string, number> | null {
  const needed = new Set<string>();
  for (const t of tokens) if (t.hintForm !== '' && !tags.has(t.lower)) needed.add(t.hintForm);
  if (needed.size === 0) return null;
  const matcher = hintMatcherFor(tokens);
  const found = new Uint32Array(matcher.words);
  const first = new Map<string, number>();
  for (let p = 0; p < hints.length && first.size < needed.size; p++) {
    found.fill(0);
    matcher.collect(normaliseForHint(hints[p]), found);
    for (let w = 0; w < found.length; w++) {
      for (let bits = found[w]; bits !== 0; bits &= bits - 1) {
        const form = matcher.forms[w * 32 + 31 - Math.clz32(bits & -bits)];
        if (needed.has(form) && !first.has(form)) first.set(form, p);
      }
    }
  }
  return first;
}

export function isMatch(m: TokenMatch, tokenCount: number, mode: 'OR' | 'AND'): boolean {
  return mode === 'AND' ? m.matched === tokenCount && tokenCount > 0 : m.matched > 0;
}

/** Within a group: most tokens matched first, then by path. */
export function byRelevance<T extends { matched: number; path: string }>(a: T, b: T): number {
  if (a.matched !== b.matched) return b.matched - a.matched;
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}
