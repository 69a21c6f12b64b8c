// §2 How a typed word becomes a tag: surrounding punctuation is dropped unless the index knows the
// word as written (`stripe?` is `stripe`, `c++` and `.net` stay), and a word the index does not
// know gets the nearest known tags as a suggestion (`kubernets` → kubernetes).
import type { KnowledgeIndex } from '../types';

export type SpellingIndex = Pick<
  KnowledgeIndex,
  'aliases' | 'projects' | 'tagIndex' | 'otherTags' | 'knownTags' | 'teamShared'
>;

/** How many characters of a leading or trailing punctuation run are tried one by one against the index. */
const TRIM_TRIES = 8;
/** Suggestions a no-match names at most. */
export const MAX_SUGGESTIONS = 3;
/** Tag spellings compared for a suggestion at most (§F44: bounded work on a large index). */
const MAX_CANDIDATES = 100_000;

// Beside the index, not on it: made only when a query matches nothing, and the index value is plain
// data a worker posts and the cache file stores, which a table built on demand must not join.
const knownSets = new WeakMap<SpellingIndex, Set<string>>();

/** Every spelling a query token can name, lowercased: tags, aliases, project keys, team-shared headings. */
function knownSpellings(index: SpellingIndex): Set<string> {
  let known = knownSets.get(index);
  if (!known) {
    known = new Set<string>();
    for (const map of [index.tagIndex, index.otherTags, index.aliases, index.projects, index.teamShared])
      for (const key of map.keys()) known.add(key.toLowerCase());
    for (const t of index.knownTags) known.add(t.tag.toLowerCase());
    knownSets.set(index, known);
  }
  return known;
}

export function isKnownSpelling(index: SpellingIndex, token: string): boolean {
  return knownSpellings(index).has(token.toLowerCase());
}

const LEADING = /^\p{P}+/u;
const TRAILING = /\p{P}+$/u;

/** A token without the punctuation runs around it; a token of punctuation only as written (§F24). */
export function bareWord(token: string): string {
  const lead = LEADING.exec(token)?.[0].length ?? 0;
  if (lead === token.length) return token;
  return token.slice(lead, token.length - (TRAILING.exec(token)?.[0].length ?? 0));
}

/**
 * The word a token stands for (§2): as written when the index knows it; else with the fewest
 * surrounding punctuation characters removed that make a known spelling; else with all of
 * them removed. A token of punctuation only stays as written (§F24).
 */
export function trimToken(index: SpellingIndex, token: string): string {
  const known = knownSpellings(index);
  if (known.has(token.toLowerCase())) return token;
  const lead = LEADING.exec(token)?.[0].length ?? 0;
  if (lead === token.length) return token;
  const trail = TRAILING.exec(token)?.[0].length ?? 0;
  if (lead === 0 && trail === 0) return token;
  for (let removed = 1; removed <= Math.min(lead, TRIM_TRIES) + Math.min(trail, TRIM_TRIES); removed++) {
    for (let i = Math.min(removed, lead, TRIM_TRIES); i >= 0; i--) {
      const j = removed - i;
      if (j > Math.min(trail, TRIM_TRIES)) break;
      const form = token.slice(i, token.length - j);
      if (known.has(form.toLowerCase())) return form;
    }
  }
  return token.slice(lead, token.length - trail);
}

/** How far apart two words are (optimal string alignment: an edit, or two neighbours swapped), or more than `max`. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      row.push(d);
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length];
}

/** The edits a word of this length may be away from a tag to be suggested. */
function tolerance(length: number): number {
  return length <= 4 ? 1 : length <= 8 ? 2 : 3;
}

/**
 * Whether `spelling` may be suggested for `word` at all (§5): a 1-letter word gets nothing, and a
 * 2-letter word only a tag of its own length (one substitution or its two letters swapped), since
 * an insertion or deletion reaches every 1-letter tag and most 3-letter ones: noise, not a guess.
 */
function mayNear(word: string, spelling: string): boolean {
  return word.length > 2 || (word.length === 2 && spelling.length === 2);
}

/**
 * The known tags nearest to the tokens the index does not know (a misspelling's likely meaning),
 * fewest edits first then in UTF-16 code-unit order, at most MAX_SUGGESTIONS in all; an alias is
 * suggested as its tag. Empty when every token is known or nothing is near.
 */
export function nearestTags(index: SpellingIndex, tokens: readonly string[]): string[] {
  return nearestSpellings(index, tokens).map((s) => s.tag);
}

/**
 * nearestTags with, for a tag suggested because the word was near one of its aliases (`strip`
 * near `ship`, an alias of deployment), that alias: a suggestion never looks unrelated.
 */
export function nearestSpellings(
  index: SpellingIndex,
  tokens: readonly string[],
): Array<{ tag: string; alias?: string }> {
  const known = knownSpellings(index);
  const unknown = tokens.map((t) => t.toLowerCase()).filter((t) => t.length >= 2 && !known.has(t));
  if (unknown.length === 0) return [];
  const found = new Map<string, { d: number; alias?: string }>();
  let compared = 0;
  for (const spelling of known) {
    if (++compared > MAX_CANDIDATES) break;
    for (const word of unknown) {
      if (!mayNear(word, spelling)) continue;
      const max = tolerance(word.length);
      const d = distance(word, spelling, max);
      if (d > max) continue;
      const tag = index.aliases.get(spelling) ?? spelling;
      if (unknown.includes(tag)) continue;
      const before = found.get(tag);
      // the nearest spelling wins; at the same distance the tag itself, which needs no explaining
      if (before === undefined || d < before.d || (d === before.d && before.alias && spelling === tag))
        found.set(tag, spelling === tag ? { d } : { d, alias: spelling });
    }
  }
  return [...found]
    .sort((a, b) => a[1].d - b[1].d || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, MAX_SUGGESTIONS)
    .map(([tag, { alias }]) => (alias ? { tag, alias } : { tag }));
}
