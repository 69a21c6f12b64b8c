// The small sections of index.md, read by the general code: Projects (`### key — name` and
// `Relevant tags:`), Known Tags (items with aliases, over any number of lines) and the
// Team-Shared Tag Index (entries annotated `[project: …, scope: …]`).
import type { IndexProject, KnownTag, TagEntry } from '../types';
import type { Parsed, Warn } from './parsed';
import { afterKey, clip, hasSpace, isSpace, SEPARATOR, stripTicks, trailingBracket } from './text';

export function addProject(index: Parsed, heading: string): IndexProject {
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

/**
 * `### key — name`. Without the em dash the key is the first word (a trailing `:` dropped) and
 * the rest the name, a leading `-`, `–`, `—` or `:` dropped (§F7): `### ss - Seer Service` and
 * `### ss: Seer Service` are project `ss`.
 */
function projectHeading(heading: string): { key: string; name: string | null } {
  const sep = heading.indexOf(SEPARATOR);
  if (sep >= 0) return { key: heading.slice(0, sep).trim(), name: heading.slice(sep + SEPARATOR.length).trim() || null };
  let end = 0;
  while (end < heading.length && !isSpace(heading.charCodeAt(end))) end++;
  let rest = heading.slice(end).trim();
  const c = rest.charCodeAt(0);
  if (c === 45 || c === 0x2013 || c === 0x2014 || c === 58) rest = rest.slice(1).trim();
  const key = heading.charCodeAt(end - 1) === 58 && end > 1 ? heading.slice(0, end - 1) : heading.slice(0, end);
  return { key, name: rest || null };
}

/**
 * The trailing `[project: P, scope: S]` of a team-shared entry (scope optional; keys in any
 * case, spaces allowed around them). `index` is where the annotation starts, whitespace before
 * it included.
 */
function teamAnnotation(item: string): { index: number; project: string; scope: string | null } | null {
  const b = trailingBracket(item);
  if (!b) return null;
  const inner = afterKey(b.inner, ['project']);
  if (inner === null) return null;
  const comma = inner.indexOf(',');
  let project = inner;
  let scope: string | null = null;
  if (comma >= 0) {
    const rest = afterKey(inner.slice(comma + 1), ['scope']);
    if (rest === null) return null;
    project = inner.slice(0, comma);
    scope = rest.trim() || null;
  }
  return { index: item.slice(0, b.open).trimEnd().length, project: project.trim(), scope };
}

/** Per team-shared list, its entries by identity key: keeps duplicate checks O(1) on long lists. */
export type SeenEntries = Map<unknown[], Map<string, TagEntry | true>>;

export function seenIn(seen: SeenEntries, list: unknown[]): Map<string, TagEntry | true> {
  let keys = seen.get(list);
  if (!keys) {
    keys = new Map();
    seen.set(list, keys);
  }
  return keys;
}

export function addTeamEntry(
  index: Parsed,
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
  const body = item.slice(0, m.index);
  const sep = body.indexOf(SEPARATOR);
  const p = stripTicks((sep >= 0 ? body.slice(0, sep) : body).trim());
  const description = sep >= 0 ? body.slice(sep + SEPARATOR.length).trim() || null : null;
  if (!p) {
    warn(lineNo, 'entry without a path, ignored');
    return null;
  }
  const list = index.teamShared.get(tag) ?? [];
  const keys = seenIn(seen, list);
  const key = `${project}\u0000${p}`;
  if (!keys.has(key)) {
    keys.set(key, true);
    list.push({ path: p, description, project, scope });
  }
  index.teamShared.set(tag, list);
  return { path: p, project };
}

/**
 * Known Tags may wrap over lines, joined as if each ended in a comma. A `[` opens an annotation
 * that the next `]` closes, across line ends, and commas inside it do not split items; a `[`
 * with no `]` after it is plain text (§F9). One pass over the joined text, maps for duplicates;
 * small functions, so the JIT keeps each loop optimised on a 100k-item line.
 */
export function parseKnownTags(lines: Array<[number, string]>, index: Parsed, warn: Warn, onItem?: KnownItemSink, budget: ItemBudget = NO_BUDGET): void {
  const byTag = new Map<string, KnownTag>();
  const declared: Declared[] = [];
  for (const [lineNo, item] of knownItems(lines)) readKnownItem(item, lineNo, index, byTag, declared, warn, onItem, budget);
  // Aliases after every tag is known: an alias never shadows a declared tag (§F10), and the
  // first tag to declare an alias keeps it (§F11).
  for (const [lineNo, known, aliasText, max] of declared) addAliases(aliasText, max, lineNo, known, index, byTag, warn);
}

/** The index's item budget (§F44): how many of `count` items at `lineNo` may still be kept. */
export interface ItemBudget {
  take(lineNo: number, count: number): number;
}
const NO_BUDGET: ItemBudget = { take: (_line, count) => count };

/** An alias annotation: its line, its tag, its text and how many of the aliases it lists are read. */
type Declared = [number, KnownTag, string, number];

/** The comma-separated items of the joined Known Tags lines, each with the line it starts on (one at a time: no array of every item). */
function* knownItems(lines: Array<[number, string]>): Generator<[number, string]> {
  const text = lines.map((l) => l[1]).join(',');
  const lastClose = text.lastIndexOf(']');
  let line = 0;
  let nextLine = lines.length > 1 ? lines[0][1].length + 1 : Infinity; // where line + 1 starts
  let start = 0;
  let open = false;
  // The next `,`, `[` and `]`: each found by indexOf from the last one, so the text is read once.
  const next = (ch: string, from: number) => {
    const at = text.indexOf(ch, from);
    return at < 0 ? text.length : at;
  };
  let comma = next(',', 0);
  let opening = next('[', 0);
  let closing = next(']', 0);
  for (;;) {
    if (open) {
      // inside brackets only `]` matters
      open = false;
      if (closing >= text.length) {
        comma = opening = text.length; // never closed: the rest is one item
        continue;
      }
      if (comma < closing) comma = next(',', closing + 1);
      if (opening < closing) opening = next('[', closing + 1);
      closing = next(']', closing + 1);
      continue;
    }
    if (opening < comma && opening < lastClose) {
      open = true; // a `[` with a `]` after it
      if (closing < opening) closing = next(']', opening + 1);
      opening = next('[', opening + 1);
      continue;
    }
    // `,` outside brackets, or the end: one item, on the line where it starts
    const at = comma;
    while (nextLine <= start) {
      line++;
      nextLine = line + 1 < lines.length ? nextLine + lines[line][1].length + 1 : Infinity;
    }
    if (at > start) yield [lines[line][0], text.slice(start, at)];
    if (at >= text.length) break;
    start = at + 1;
    comma = next(',', start);
    if (opening < start) opening = next('[', start);
    if (closing < start) closing = next(']', start);
  }
}

const ALIAS_KEYS = ['aliases', 'alias'];

/** Told each Known Tags item as written (its aliases before any is refused): index health places problems by it. */
export type KnownItemSink = (lineNo: number, tag: string, aliases: string[]) => void;

/** One Known Tags item: `tag` or `tag [aliases: …]`; its alias list is kept for addAliases. */
function readKnownItem(
  rawItem: string,
  lineNo: number,
  index: Parsed,
  byTag: Map<string, KnownTag>,
  declared: Declared[],
  warn: Warn,
  onItem: KnownItemSink | undefined,
  budget: ItemBudget,
): void {
  const item = rawItem.trim();
  if (!item) return;
  const b = trailingBracket(item);
  const aliasText = b ? afterKey(b.inner, ALIAS_KEYS) : null;
  if (b && aliasText === null) warn(lineNo, `Known Tags: "${clip(item.slice(b.open))}" is not an [aliases: …] annotation, ignored`);
  let tag = (b ? item.slice(0, b.open) : item).trim().toLowerCase();
  if ((tag.charCodeAt(0) === 45 || tag.charCodeAt(0) === 42 || tag.charCodeAt(0) === 43) && isSpace(tag.charCodeAt(1))) tag = tag.slice(1).trim();
  if (!tag) return;
  if (hasSpace(tag)) return warn(lineNo, `Known Tags: "${clip(tag)}" is not a tag (it holds a space), ignored`);
  if (budget.take(lineNo, 1) === 0) return; // §F44: an item, then one per alias it lists
  let known = byTag.get(tag);
  if (!known) {
    known = { tag, aliases: [] };
    byTag.set(tag, known);
    index.knownTags.push(known);
  }
  const max = aliasText === null ? 0 : budget.take(lineNo, eachAlias(aliasText, Infinity));
  if (aliasText !== null) declared.push([lineNo, known, aliasText, max]);
  if (onItem) {
    const listed: string[] = [];
    if (aliasText !== null) eachAlias(aliasText.toLowerCase(), max, (a) => void listed.push(a));
    onItem(lineNo, tag, listed);
  }
}

/** Calls `use` with each of the first `max` aliases an annotation lists (trimmed, not empty); returns how many. */
function eachAlias(text: string, max: number, use?: (alias: string) => void): number {
  let n = 0;
  for (let from = 0; from <= text.length && n < max; ) {
    let to = text.indexOf(',', from);
    if (to < 0) to = text.length;
    let a = from;
    let b = to;
    while (a < b && isSpace(text.charCodeAt(a))) a++;
    while (b > a && isSpace(text.charCodeAt(b - 1))) b--;
    if (b > a) {
      if (use) use(text.slice(a, b));
      n++;
    }
    from = to + 1;
  }
  return n;
}

/** The first `max` aliases of one annotation: lowercased once, then one string per alias. */
function addAliases(aliasText: string, max: number, lineNo: number, known: KnownTag, index: Parsed, byTag: Map<string, KnownTag>, warn: Warn): void {
  eachAlias(aliasText.toLowerCase(), max, (alias) => addAlias(alias, lineNo, known, index, byTag, warn));
}

function addAlias(alias: string, lineNo: number, known: KnownTag, index: Parsed, byTag: Map<string, KnownTag>, warn: Warn): void {
  if (alias === known.tag) return;
  if (hasSpace(alias)) return warn(lineNo, `Known Tags: alias "${clip(alias)}" of ${known.tag} holds a space, ignored`);
  const owner = index.aliases.get(alias);
  if (owner === known.tag) return;
  if (byTag.has(alias)) return warn(lineNo, `Known Tags: alias "${clip(alias)}" of ${known.tag} is itself a tag, ignored`);
  if (owner !== undefined) return warn(lineNo, `Known Tags: alias "${clip(alias)}" of ${known.tag} already belongs to ${owner}, ignored`);
  known.aliases.push(alias);
  index.aliases.set(alias, known.tag);
}
