// Projects headings, Known Tags (items with aliases, over any number of lines) and the
// Team-Shared Tag Index (entries annotated `[project: …, scope: …]`).
import type { IndexProject, KnownTag, TagEntry } from '../types';
import type { IndexLists, Warn } from './parsed';
import { afterKey, clip, entryText, hasSpace, isSpace, SEPARATOR, trailingBracket, trimmedSlice } from './text';

export function addProject(index: IndexLists, heading: string): IndexProject {
  const { key, name } = projectHeading(heading);
  const id = key.toLowerCase();
  const existing = index.projects.get(id);
  if (existing) {
    if (!existing.name && name) existing.name = name;
    return existing;
  }
  const project: IndexProject = { key, name, relevantTags: [] };
  index.projects.set(id, project);
  return project;
}

/** A `## Projects` heading's project key (§F7). */
export function projectKey(heading: string): string {
  return projectHeading(heading).key;
}

/** `### key — name`; without the em dash, `### ss - Seer Service` and `### ss: Seer Service` are `ss` (§F7). */
function projectHeading(heading: string): { key: string; name: string | null } {
  const sep = heading.indexOf(SEPARATOR);
  if (sep >= 0)
    return { key: heading.slice(0, sep).trim(), name: heading.slice(sep + SEPARATOR.length).trim() || null };
  let end = 0;
  while (end < heading.length && !isSpace(heading.charCodeAt(end))) end++;
  let rest = heading.slice(end).trim();
  const c = rest.charCodeAt(0);
  if (c === 45 || c === 0x2013 || c === 0x2014 || c === 58) rest = rest.slice(1).trim();
  const key = heading.charCodeAt(end - 1) === 58 && end > 1 ? heading.slice(0, end - 1) : heading.slice(0, end);
  return { key, name: rest || null };
}

/** The trailing `[project: P, scope: S]` (§F41, §F8); `index`: where it starts, whitespace before included. */
function teamAnnotation(item: string): { index: number; project: string; scope: string | null } | null {
  const b = trailingBracket(item);
  if (!b) return null;
  let project: string | null = null;
  let scope: string | null = null;
  for (const part of b.inner.split(',')) {
    if (part.trim() === '') continue;
    const colon = part.indexOf(':');
    const key = colon < 0 ? '' : part.slice(0, colon).trim().toLowerCase();
    const value = part.slice(colon + 1).trim();
    if (key === 'project' && project === null) project = value;
    else if (key === 'scope' && scope === null) scope = value;
    else return null;
  }
  if (!project) return null;
  return { index: item.slice(0, b.open).trimEnd().length, project, scope: scope || null };
}

/** Each list's entries by key: duplicate checks stay O(1) on long lists. */
export type SeenEntries = Map<unknown[], Map<string, TagEntry | true>>;

export function addTeamEntry(
  index: IndexLists,
  tag: string,
  item: string,
  lineNo: number,
  warn: Warn,
  seen: SeenEntries,
): { path: string; project: string } | null {
  const m = teamAnnotation(item);
  if (!m || !m.project) {
    warn(lineNo, `team-shared entry without [project: …], ignored: "${clip(item)}"`);
    return null;
  }
  const project = m.project.toLowerCase();
  const scope = m.scope ? m.scope.toLowerCase() : null;
  const { path: p, description } = entryText('team', item.slice(0, m.index));
  if (!p) {
    warn(lineNo, 'entry without a path, ignored');
    return null;
  }
  const list = index.teamShared.get(tag) ?? [];
  const keys = seen.get(list) ?? new Map<string, TagEntry | true>();
  seen.set(list, keys);
  const key = `${project}\u0000${p}`;
  if (!keys.has(key)) {
    keys.set(key, true);
    list.push({ path: p, description, project, scope });
  }
  index.teamShared.set(tag, list);
  return { path: p, project };
}

// Known Tags lines are joined as if each ended in a comma (§F9).

export function parseKnownTags(
  lines: Array<[number, string]>,
  index: IndexLists,
  warn: Warn,
  budget: ItemBudget,
  onItem?: KnownItemSink,
): void {
  const byTag = new Map<string, KnownTag>();
  const declared: Declared[] = [];
  for (const [lineNo, item, unclosed] of knownItems(lines))
    readKnownItem(item, unclosed, lineNo, index, byTag, declared, warn, onItem, budget);
  // Aliases after every tag is known: an alias never shadows a declared tag (§F10), and the
  // first tag to declare an alias keeps it (§F11).
  for (const [lineNo, known, aliasText, max] of declared)
    eachAlias(aliasText.toLowerCase(), max, (alias) => addAlias(alias, lineNo, known, index, byTag, warn));
}

/** How many of `count` items at `lineNo` may still be kept (§F44). */
export type ItemBudget = (lineNo: number, count: number) => number;

/** Line, tag, alias text, and how many of its aliases fit the budget. */
type Declared = [number, KnownTag, string, number];

/**
 * The items with their first line and whether a `[` misses its `]`. A `[` opens an annotation the
 * next `]` closes, across line ends. A `[` followed by another `[`, or the end, before any `]` ends
 * with its line, or at the last comma before that next `[` on the same line; with no comma between
 * them it is plain text. Yielded one at a time: no array of every item.
 */
function* knownItems(lines: Array<[number, string]>): Generator<[number, string, boolean]> {
  const text = lines.map((l) => l[1]).join(',');
  const ends: number[] = []; // where each line ends in the joined text: its comma, or the end
  let end = -1;
  for (const [, line] of lines) ends.push((end += line.length + 1));
  let itemLine = 0; // the line an item starts on, and the line of a `[`: each only moves forward
  let bracketLine = 0;
  const item = (from: number, to: number, unclosed: boolean): [number, string, boolean] | null => {
    while (ends[itemLine] < from) itemLine++;
    return to > from ? [lines[itemLine][0], text.slice(from, to), unclosed] : null;
  };
  // The next `,`, `[` and `]`: each found by indexOf from the last one, so the text is read once.
  const next = (ch: string, from: number) => {
    const at = text.indexOf(ch, from);
    return at < 0 ? text.length : at;
  };
  let comma = next(',', 0);
  let opening = next('[', 0);
  let closing = next(']', 0);
  for (let start = 0, pos = 0; ;) {
    if (comma < pos) comma = next(',', pos);
    if (opening < pos) opening = next('[', pos);
    if (opening >= comma) {
      // `,` outside brackets, or the end: one item
      const it = item(start, comma, false);
      if (it) yield it;
      if (comma >= text.length) break;
      start = pos = comma + 1;
      continue;
    }
    const open = opening;
    if (closing <= open) closing = next(']', open + 1);
    opening = next('[', open + 1);
    if (closing < opening) {
      pos = closing + 1; // closed: commas and line ends inside it do not split
      continue;
    }
    // Missing its `]`: the item ends with the line, or at the last comma before the next `[`
    // on it; with no comma between the two, this `[` is plain text.
    while (ends[bracketLine] < open) bracketLine++;
    let to = ends[bracketLine];
    if (opening < to) {
      if (comma > opening) {
        pos = open + 1;
        continue;
      }
      // `comma` is the first one after the `[`; the one this stops at is kept for the next item
      for (; comma < opening; comma = next(',', comma + 1)) to = comma;
    }
    const it = item(start, to, true);
    if (it) yield it;
    if (to >= text.length) break;
    start = pos = text.charCodeAt(to) === 44 ? to + 1 : to;
  }
}

const ALIAS_KEYS = ['aliases', 'alias'];

/** Each item as written, aliases before any is refused (index health). */
export type KnownItemSink = (lineNo: number, tag: string, aliases: readonly string[]) => void;

const NO_ALIASES: readonly string[] = Object.freeze([]);

/** `tag` or `tag [aliases: …]`; the alias list is read once every tag is known. */
function readKnownItem(
  rawItem: string,
  unclosed: boolean,
  lineNo: number,
  index: IndexLists,
  byTag: Map<string, KnownTag>,
  declared: Declared[],
  warn: Warn,
  onItem: KnownItemSink | undefined,
  budget: ItemBudget,
): void {
  let item = rawItem.trim();
  if (!item) return;
  if (unclosed) {
    warn(
      lineNo,
      `Known Tags: "${clip(item.slice(item.lastIndexOf('[')))}" has no closing "]", read as if it ended there`,
    );
    item += ']';
  }
  const b = trailingBracket(item);
  const aliasText = b ? afterKey(b.inner, ALIAS_KEYS) : null;
  if (b && aliasText === null)
    warn(lineNo, `Known Tags: "${clip(item.slice(b.open))}" is not an [aliases: …] annotation, ignored`);
  let tag = (b ? item.slice(0, b.open) : item).trim().toLowerCase();
  if ((tag.charCodeAt(0) === 45 || tag.charCodeAt(0) === 42 || tag.charCodeAt(0) === 43) && isSpace(tag.charCodeAt(1)))
    tag = tag.slice(1).trim();
  if (!tag) return;
  if (hasSpace(tag)) return warn(lineNo, `Known Tags: "${clip(tag)}" is not a tag (it holds a space), ignored`);
  if (budget(lineNo, 1) === 0) return; // §F44: an item, then one per alias it lists
  let known = byTag.get(tag);
  if (!known) {
    known = { tag, aliases: [] };
    byTag.set(tag, known);
    index.knownTags.push(known);
  }
  const max = aliasText === null ? 0 : budget(lineNo, eachAlias(aliasText, Infinity));
  if (aliasText !== null) declared.push([lineNo, known, aliasText, max]);
  if (onItem) {
    // Most items list no alias: they share one empty list rather than each making its own.
    if (aliasText === null || max === 0) return onItem(lineNo, tag, NO_ALIASES);
    const listed: string[] = [];
    eachAlias(aliasText.toLowerCase(), max, (a) => void listed.push(a));
    onItem(lineNo, tag, listed);
  }
}

/** Calls `use` with each of the first `max` non-empty aliases; returns how many. */
function eachAlias(text: string, max: number, use?: (alias: string) => void): number {
  let n = 0;
  for (let from = 0; from <= text.length && n < max;) {
    let to = text.indexOf(',', from);
    if (to < 0) to = text.length;
    const alias = trimmedSlice(text, from, to);
    if (alias) {
      use?.(alias);
      n++;
    }
    from = to + 1;
  }
  return n;
}

function addAlias(
  alias: string,
  lineNo: number,
  known: KnownTag,
  index: IndexLists,
  byTag: Map<string, KnownTag>,
  warn: Warn,
): void {
  if (alias === known.tag) return;
  if (hasSpace(alias)) return warn(lineNo, `Known Tags: alias "${clip(alias)}" of ${known.tag} holds a space, ignored`);
  const owner = index.aliases.get(alias);
  if (owner === known.tag) return;
  if (byTag.has(alias))
    return warn(lineNo, `Known Tags: alias "${clip(alias)}" of ${known.tag} is itself a tag, ignored`);
  if (owner !== undefined)
    return warn(lineNo, `Known Tags: alias "${clip(alias)}" of ${known.tag} already belongs to ${owner}, ignored`);
  known.aliases.push(alias);
  index.aliases.set(alias, known.tag);
}
