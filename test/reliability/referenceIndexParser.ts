// The index parser as it was before it was rewritten for speed (commit 16d3892), kept as the
// reference the differential tests compare src/core/index/parse.ts against (indexDiff.ts), with
// the fine-print rules (docs/SPEC.md, Fine print, §F) written in the plainest way since (the
// Known Tags `[` without `]`, paths holding ` — `, annotation keys in any order: issue 20). Do not
// optimise it: its value is being plainly the behaviour.
import { indexItemBudget, indexItemsOver } from '../../src/core/limits';
import { normaliseRelative } from '../../src/core/paths';
import { emptyLines } from '../../src/core/index/parsed';
import type {
  IndexedFile,
  IndexProject,
  KnowledgeIndex,
  KnownTag,
  TagEntry,
  TeamSharedEntry,
  TeamSharedFile,
} from '../../src/core/types';

type Section = 'projects' | 'known' | 'tags' | 'other' | 'hints' | 'team' | null;

const SECTIONS: ReadonlyMap<string, Section> = new Map<string, Section>([
  ['projects', 'projects'],
  ['known tags', 'known'],
  ['tag index', 'tags'],
  ['other tags', 'other'],
  ['semantic hints index', 'hints'],
  ['team-shared tag index', 'team'],
]);

/** Em dash with spaces: the separator between a path and its description. */
const SEPARATOR = ' — ';
const MAX_WARNINGS = 50;

/** The index while it is filled in: its tables as plain (writable) Maps. */
type MutableIndex = {
  [K in keyof KnowledgeIndex]: KnowledgeIndex[K] extends ReadonlyMap<infer A, infer B> ? Map<A, B> : KnowledgeIndex[K];
};

export function emptyIndex(): MutableIndex {
  return {
    lastRebuilt: null,
    projects: new Map(),
    knownTags: [],
    aliases: new Map(),
    tagIndex: new Map(),
    otherTags: new Map(),
    hints: new Map(),
    teamShared: new Map(),
    files: new Map(),
    teamSharedFiles: new Map(),
    filesByTag: new Map(),
    filesByHint: new Map(),
    normalisedHints: [],
    hasTeamSharedSection: false,
    warnings: [],
    lines: emptyLines(),
  };
}

export function parseIndex(raw: string): KnowledgeIndex {
  const index = emptyIndex();
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  // CR line ends or a front matter block need the full array of lines. The common index has
  // neither and is walked line by line (same lines), so no array of every line outlives its use.
  const lines = text.includes('\r') || text.startsWith('---') ? text.split(/\r\n|\r|\n/) : null;
  let skipped = 0;
  const warn = (lineNo: number, message: string) => {
    if (index.warnings.length < MAX_WARNINGS) index.warnings.push(`index.md line ${lineNo}: ${message}`);
    else skipped++;
  };
  // §F44: every item kept is counted; past the budget nothing more is kept.
  const budget = { max: indexItemBudget(raw.length), used: 0, over: 0 };
  const room = (lineNo: number, n: number): number => {
    const fits = Math.min(n, budget.max - budget.used);
    budget.used += fits;
    if (fits < n && budget.over === 0) budget.over = lineNo;
    return fits;
  };
  const take = (lineNo: number) => room(lineNo, 1) === 1;

  let start = 0;
  if (lines && /^---[ \t]*$/.test(lines[0] ?? '')) {
    const close = lines.findIndex((l, i) => i > 0 && /^(---|\.\.\.)[ \t]*$/.test(l));
    if (close > 0) start = close + 1;
  }

  let section: Section = null;
  let heading: string | null = null;
  let headingLower = '';
  let project: IndexProject | null = null;
  const knownText: Array<[number, string]> = [];
  const seen: SeenEntries = new Map();

  let pos = 0;
  for (let i = start; lines ? i < lines.length : pos <= text.length; i++) {
    const lineNo = i + 1;
    let raw: string;
    if (lines) {
      raw = lines[i];
    } else {
      let end = text.indexOf('\n', pos);
      if (end < 0) end = text.length;
      raw = text.slice(pos, end);
      pos = end + 1;
    }
    const line = raw.trim();
    if (line === '') continue;
    const h = heading_(line);

    if (h && h.level === 2) {
      const name = h.text.toLowerCase().replace(/\s+/g, ' ');
      section = SECTIONS.get(name) ?? null;
      if (section === 'team') index.hasTeamSharedSection = true;
      heading = null;
      project = null;
      continue;
    }
    if (h && h.level === 1) {
      section = null; // a new top-level document heading ends the current section
      continue;
    }
    if (section === null) {
      const m = /^Last rebuilt:([^]*)$/i.exec(line);
      if (m && m[1].trim() && !index.lastRebuilt) index.lastRebuilt = m[1].trim();
      continue;
    }
    if (h && h.level === 3) {
      heading = h.text;
      headingLower = heading.toLowerCase();
      if (section === 'projects') project = take(lineNo) ? addProject(index, heading) : null;
      continue;
    }

    switch (section) {
      case 'projects': {
        const m = /^Relevant tags:([^]*)$/i.exec(line);
        if (m && project) {
          for (const tag of splitList(m[1])) {
            if (!project.relevantTags.some((t) => t.toLowerCase() === tag.toLowerCase()) && take(lineNo))
              project.relevantTags.push(tag);
          }
        }
        break; // other lines of a project are informational
      }
      case 'known':
        // §F5: a `####`–`######` line is not a Known Tags line: warned, it declares nothing
        if (h) warn(lineNo, `a level-${h.level} heading in Known Tags is not a list of tags, ignored: "${clip(line)}"`);
        else if (take(lineNo)) knownText.push([lineNo, bulletText(line) ?? line]);
        break;
      case 'tags':
      case 'other':
      case 'hints':
      case 'team': {
        const item = bulletText(line);
        if (item === null) {
          warn(lineNo, `not an entry line, ignored: "${clip(line)}"`);
          break;
        }
        if (heading === null || heading === '') {
          warn(lineNo, `entry outside a ### heading, ignored: "${clip(line)}"`);
          break;
        }
        if (!take(lineNo)) break; // an entry line is an item, and so is a list it opens
        if (addEntry(index, section, heading, headingLower, item, lineNo, warn, seen)) budget.used++;
        break;
      }
    }
  }
  parseKnownTags(knownText, index, warn, room);
  if (budget.over > 0) index.warnings.push(indexItemsOver(budget.over, budget.max));
  if (skipped > 0) index.warnings.push(`index.md: ${skipped} more problem line(s) not listed`);

  buildLookups(index);
  return index;
}

/** A CommonMark ATX heading: 1–6 `#` then a space, a tab or the end; closing hashes dropped. */
function heading_(line: string): { level: number; text: string } | null {
  const m = /^(#{1,6})(?:[ \t]|$)/.exec(line);
  if (!m) return null;
  const rest = line.slice(m[1].length);
  const text = /^#*$/.test(rest) ? '' : rest.replace(/[ \t]#+$/, '');
  return { level: m[1].length, text: text.trim() };
}

function addProject(index: MutableIndex, heading: string): IndexProject {
  const sep = heading.indexOf(SEPARATOR);
  let key: string;
  let name: string | null;
  if (sep >= 0) {
    key = heading.slice(0, sep).trim();
    name = heading.slice(sep + SEPARATOR.length).trim() || null;
  } else {
    const m = /^(\S*)([^]*)$/.exec(heading)!;
    key = m[1].length > 1 ? m[1].replace(/:$/, '') : m[1];
    name =
      m[2]
        .trim()
        .replace(/^[-–—:]/, '')
        .trim() || null;
  }
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

function bulletText(line: string): string | null {
  return /^[-*+]\s/.test(line) ? line.slice(1).trim() : null;
}

function clip(s: string): string {
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

/** Splits `a, b, c` on commas, dropping empties. */
function splitList(s: string): string[] {
  return s
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

function stripTicks(p: string): string {
  if (p.charCodeAt(0) !== 96) return p; // no leading backtick: the pattern cannot match
  const m = /^`([^`]*)`$/.exec(p);
  return m ? m[1].trim() : p;
}

/**
 * The trailing `[…]` of a team-shared entry: `key: value` items, `project` (not empty) and
 * optionally `scope`, each once, in any order; empty items skipped. `index`: where it starts,
 * space before it included.
 */
function teamAnnotation(item: string): { index: number; project: string; scope: string | null } | null {
  const text = item.trimEnd();
  if (!text.endsWith(']')) return null;
  const open = text.lastIndexOf('[');
  if (open < 0) return null;
  const values = new Map<string, string>();
  for (const part of text.slice(open + 1, -1).split(',')) {
    if (part.trim() === '') continue;
    const m = /^\s*(project|scope)\s*:([^]*)$/i.exec(part);
    if (!m || values.has(m[1].toLowerCase())) return null;
    values.set(m[1].toLowerCase(), m[2].trim());
  }
  const project = values.get('project');
  if (!project) return null;
  return { index: text.slice(0, open).trimEnd().length, project, scope: values.get('scope') || null };
}

/**
 * Path and description (§F19): in an item holding `.md` (any case) the path ends at the first
 * ` — ` (or a final ` —`) after its first `.md`, and is the whole item without one; in any other
 * item it ends at the first ` — `.
 */
function splitEntry(item: string): { path: string; description: string | null } {
  const md = item.toLowerCase().indexOf('.md');
  const from = md < 0 ? 0 : md + 3;
  let sep = item.indexOf(SEPARATOR, from);
  if (sep < 0 && item.endsWith(' —') && item.length - 2 >= from) sep = item.length - 2;
  if (sep < 0) return { path: stripTicks(item.trim()), description: null };
  return {
    path: stripTicks(item.slice(0, sep).trim()),
    description: item.slice(sep + SEPARATOR.length).trim() || null,
  };
}

/** Per entry list, its entries by identity key: keeps duplicate checks O(1) on long tag lists. */
type SeenEntries = Map<unknown[], Map<string, TagEntry | true>>;

function seenIn(seen: SeenEntries, list: unknown[]): Map<string, TagEntry | true> {
  let keys = seen.get(list);
  if (!keys) {
    keys = new Map();
    seen.set(list, keys);
  }
  return keys;
}

function addEntry(
  index: MutableIndex,
  section: 'tags' | 'other' | 'hints' | 'team',
  heading: string,
  headingLower: string,
  item: string,
  lineNo: number,
  warn: (lineNo: number, message: string) => void,
  seen: SeenEntries,
): boolean {
  if (section === 'hints') {
    const p = splitEntry(item).path;
    if (!p) {
      warn(lineNo, 'hint entry without a path, ignored');
      return false;
    }
    const opened = !index.hints.has(heading);
    const list = index.hints.get(heading) ?? [];
    const keys = seenIn(seen, list);
    if (!keys.has(p)) {
      keys.set(p, true);
      list.push(p);
    }
    index.hints.set(heading, list);
    return opened;
  }

  let body = item;
  let project: string | null = null;
  let scope: string | null = null;
  if (section === 'team') {
    const m = teamAnnotation(body);
    if (!m || !m.project) {
      warn(lineNo, `team-shared entry without [project: …], ignored: "${clip(item)}"`);
      return false;
    }
    project = m.project.toLowerCase();
    scope = m.scope ? m.scope.toLowerCase() : null;
    body = body.slice(0, m.index);
  }
  const { path: p, description } = splitEntry(body);
  if (!p) {
    warn(lineNo, 'entry without a path, ignored');
    return false;
  }

  const tag = headingLower;
  if (section === 'team') {
    const opened = !index.teamShared.has(tag);
    const list = index.teamShared.get(tag) ?? [];
    const keys = seenIn(seen, list);
    const key = `${project}\u0000${p}`;
    if (!keys.has(key)) {
      keys.set(key, true);
      list.push({ path: p, description, project: project!, scope });
    }
    index.teamShared.set(tag, list);
    return opened;
  }
  const map = section === 'tags' ? index.tagIndex : index.otherTags;
  const opened = !map.has(tag);
  const list = map.get(tag) ?? [];
  const keys = seenIn(seen, list);
  const existing = keys.get(p) as TagEntry | undefined;
  if (existing) {
    if (!existing.description && description) existing.description = description;
  } else {
    const entry: TagEntry = { path: p, description };
    keys.set(p, entry);
    list.push(entry);
  }
  map.set(tag, list);
  return opened;
}

/**
 * Known Tags may wrap over lines (joined as if each ended in a comma). `[` opens an annotation
 * the next `]` closes; commas inside it do not split items. A `[` with another `[`, or the end,
 * before any `]` has no `]`: its item ends with its line, or at the last comma before that next
 * `[` when it is on the same line (without such a comma, the `[` is plain text).
 */
function parseKnownTags(
  lines: Array<[number, string]>,
  index: MutableIndex,
  warn: (lineNo: number, message: string) => void,
  room: (lineNo: number, n: number) => number,
): void {
  const chars: Array<[number, string]> = [];
  lines.forEach(([lineNo, text], i) => {
    for (const ch of text.split('')) chars.push([lineNo, ch]);
    if (i < lines.length - 1) chars.push([lines[i + 1][0], ',']);
  });
  const joined = chars.map((c) => c[1]).join('');
  // For each position: the next `]` and `[` after it, the end of its line (its comma, or the
  // end), and the last comma before it. Tables, so a line of unclosed brackets stays linear.
  const n = joined.length;
  const nextClose: number[] = [];
  const nextOpen: number[] = [];
  const lineEnd: number[] = [];
  for (let i = n - 1, close = -1, open = -1, end = n; i >= 0; i--) {
    nextClose[i] = close;
    nextOpen[i] = open;
    if (i + 1 < n && chars[i + 1][0] !== chars[i][0]) end = i + 1;
    lineEnd[i] = end;
    if (joined[i] === ']') close = i;
    if (joined[i] === '[') open = i;
  }
  const prevComma: number[] = [];
  for (let i = 0, last = -1; i < n; i++) {
    prevComma[i] = last;
    if (joined[i] === ',') last = i;
  }
  const items: Array<[number, string, boolean]> = [];
  let current = '';
  let currentLine = 0;
  for (let i = 0; i < n;) {
    const [lineNo, ch] = chars[i];
    if (current === '') currentLine = lineNo;
    if (ch === ',') {
      items.push([currentLine, current, false]);
      current = '';
      i++;
    } else if (ch === '[') {
      const close = nextClose[i];
      const reopen = nextOpen[i];
      if (close >= 0 && (reopen < 0 || close < reopen)) {
        current += joined.slice(i, close + 1);
        i = close + 1;
        continue;
      }
      // no `]`: the item ends with its line, or at the last comma before the next `[` on it;
      // without a comma between the two, this `[` is plain text
      let end = lineEnd[i];
      if (reopen >= 0 && reopen < end) {
        if (prevComma[reopen] < i) {
          current += ch;
          i++;
          continue;
        }
        end = prevComma[reopen];
      }
      items.push([currentLine, current + joined.slice(i, end), true]);
      current = '';
      i = joined[end] === ',' ? end + 1 : end;
    } else {
      current += ch;
      i++;
    }
  }
  items.push([currentLine, current, false]);
  const byTag = new Map<string, KnownTag>();
  const declared: Array<[number, KnownTag, string]> = [];
  for (const [lineNo, rawItem, unclosed] of items) {
    let item = rawItem.trim();
    if (!item) continue;
    if (unclosed) {
      warn(
        lineNo,
        `Known Tags: "${clip(item.slice(item.lastIndexOf('[')))}" has no closing "]", read as if it ended there`,
      );
      item += ']';
    }
    const open = item.endsWith(']') ? item.lastIndexOf('[', item.length - 2) : -1;
    const m = open >= 0 ? /^[\s,]*alias(?:es)?\s*:([^]*)\]$/i.exec(item.slice(open + 1)) : null;
    if (open >= 0 && !m)
      warn(lineNo, `Known Tags: "${clip(item.slice(open))}" is not an [aliases: …] annotation, ignored`);
    const tag = (open >= 0 ? item.slice(0, open) : item)
      .trim()
      .toLowerCase()
      .replace(/^[-*+]\s/, '')
      .trim();
    if (!tag) continue;
    if (/\s/.test(tag)) {
      warn(lineNo, `Known Tags: "${clip(tag)}" is not a tag (it holds a space), ignored`);
      continue;
    }
    if (room(lineNo, 1) === 0) continue; // the item, then each alias it lists (§F44)
    let known = byTag.get(tag);
    if (!known) {
      known = { tag, aliases: [] };
      byTag.set(tag, known);
      index.knownTags.push(known);
    }
    if (m) {
      const listed = splitList(m[1]);
      for (const alias of listed.slice(0, room(lineNo, listed.length)))
        declared.push([lineNo, known, alias.toLowerCase()]);
    }
  }
  for (const [lineNo, known, alias] of declared) {
    if (alias === known.tag || known.aliases.includes(alias)) continue;
    if (/\s/.test(alias)) warn(lineNo, `Known Tags: alias "${clip(alias)}" of ${known.tag} holds a space, ignored`);
    else if (byTag.has(alias))
      warn(lineNo, `Known Tags: alias "${clip(alias)}" of ${known.tag} is itself a tag, ignored`);
    else if (index.aliases.has(alias))
      warn(
        lineNo,
        `Known Tags: alias "${clip(alias)}" of ${known.tag} already belongs to ${index.aliases.get(alias)}, ignored`,
      );
    else {
      known.aliases.push(alias);
      index.aliases.set(alias, known.tag);
    }
  }
}

/**
 * True when normaliseRelative(p) would return p unchanged: no backslash, no empty, `.` or `..`
 * segment (those start the path or follow a `/`). Skips path.normalize for nearly every entry.
 */
function isNormalPath(p: string): boolean {
  return p !== '' && p.charCodeAt(0) !== 46 && !p.includes('\\') && !p.includes('//') && !p.includes('/.');
}

function buildLookups(index: MutableIndex): void {
  const fileFor = (p: string): IndexedFile => {
    const key = isNormalPath(p) ? p : normaliseRelative(p);
    let file = index.files.get(key);
    if (!file) {
      file = { path: key, description: null, tags: new Set(), hints: [] };
      if (p !== key) file.written = p; // so a refusal names the entry the way the user wrote it
      index.files.set(key, file);
    }
    return file;
  };
  for (const map of [index.tagIndex, index.otherTags]) {
    for (const [tag, entries] of map) {
      let list = index.filesByTag.get(tag);
      for (const entry of entries) {
        const file = fileFor(entry.path);
        if (!file.tags.has(tag)) {
          file.tags.add(tag);
          if (!list) {
            list = [];
            index.filesByTag.set(tag, list);
          }
          list.push(file);
        }
        if (!file.description && entry.description) file.description = entry.description;
      }
    }
  }
  for (const [phrase, paths] of index.hints) {
    index.normalisedHints.push([normaliseForHint(phrase), phrase]);
    const list: IndexedFile[] = [];
    for (const p of paths) {
      const file = fileFor(p);
      if (!file.hints.includes(phrase)) {
        file.hints.push(phrase);
        list.push(file);
      }
    }
    index.filesByHint.set(phrase, list);
  }
  for (const [tag, entries] of index.teamShared) {
    for (const entry of entries) {
      const key = `${entry.project}\u0000${entry.path}`;
      let file: TeamSharedFile | undefined = index.teamSharedFiles.get(key);
      if (!file) {
        file = {
          path: entry.path,
          description: entry.description,
          project: entry.project,
          scope: entry.scope,
          headings: new Set(),
        };
        index.teamSharedFiles.set(key, file);
      }
      file.headings.add(tag);
      if (!file.description && entry.description) file.description = entry.description;
      if (!file.scope && entry.scope) file.scope = entry.scope;
    }
  }
}

/** Lowercase with hyphens removed: the form both tokens and hint phrases take for matching. */
export function normaliseForHint(s: string): string {
  return s.toLowerCase().replace(/-/g, '');
}

export type { TagEntry, TeamSharedEntry };
