// The index parser as it was before it was rewritten for speed (commit 16d3892), kept verbatim
// as the reference the differential tests compare src/core/indexParser.ts against (indexDiff.ts).
// Do not optimise it: its value is being plainly the behaviour.
import { normaliseRelative } from '../../src/core/paths';
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

const SECTIONS: Record<string, Section> = {
  'projects': 'projects',
  'known tags': 'known',
  'tag index': 'tags',
  'other tags': 'other',
  'semantic hints index': 'hints',
  'team-shared tag index': 'team',
};

/** Em dash with spaces: the separator between a path and its description. */
const SEPARATOR = ' — ';
const MAX_WARNINGS = 50;
/** Longer lines are not knowledge entries; skipping them keeps hostile input cheap. */
const MAX_LINE_CHARS = 8192;

export function emptyIndex(): KnowledgeIndex {
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

  let start = 0;
  if (lines && /^---[ \t]*$/.test(lines[0] ?? '')) {
    const close = lines.findIndex((l, i) => i > 0 && /^(---|\.\.\.)[ \t]*$/.test(l));
    if (close > 0) start = close + 1;
  }

  let section: Section = null;
  let heading: string | null = null;
  let headingLower = '';
  // Without U+2028/U+2029 in the text, a bullet line can be read without the regex (same result).
  const plainBullets = !text.includes('\u2028') && !text.includes('\u2029');
  let project: IndexProject | null = null;
  const knownText: string[] = [];
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
    // Known Tags is exempt: a large knowledge base writes every tag on one long line, and its
    // parse is linear. Skipping it silently dropped every alias.
    if (raw.length > MAX_LINE_CHARS && section !== 'known') {
      if (section !== null) warn(lineNo, `line longer than ${MAX_LINE_CHARS} characters skipped`);
      continue;
    }
    const line = raw.trim();
    if (line === '') continue;
    const isHeading = line.charCodeAt(0) === 35; // '#': only then can the heading patterns match

    if (isHeading && /^##(?!#)/.test(line)) {
      const name = line.replace(/^##\s*/, '').trim().toLowerCase();
      section = SECTIONS[name] ?? null;
      if (section === 'team') index.hasTeamSharedSection = true;
      heading = null;
      project = null;
      continue;
    }
    if (isHeading && /^#(?!#)/.test(line)) {
      section = null; // a new top-level document heading ends the current section
      continue;
    }
    if (section === null) {
      const m = /^Last rebuilt:\s*(.+)$/i.exec(line);
      if (m && !index.lastRebuilt) index.lastRebuilt = m[1].trim();
      continue;
    }
    if (isHeading && /^###(?!#)/.test(line)) {
      heading = line.replace(/^###\s*/, '').trim();
      headingLower = heading.toLowerCase();
      if (section === 'projects') project = addProject(index, heading);
      continue;
    }

    switch (section) {
      case 'projects': {
        const m = /^Relevant tags:\s*(.*)$/i.exec(line);
        if (m && project) {
          for (const tag of splitList(m[1])) if (!project.relevantTags.includes(tag)) project.relevantTags.push(tag);
        }
        break; // other lines of a project are informational
      }
      case 'known':
        knownText.push(line);
        break;
      case 'tags':
      case 'other':
      case 'hints':
      case 'team': {
        const item = bulletText(line, plainBullets);
        if (item === null) {
          warn(lineNo, `not an entry line, ignored: "${clip(line)}"`);
          break;
        }
        if (heading === null || heading === '') {
          warn(lineNo, `entry outside a ### heading, ignored: "${clip(line)}"`);
          break;
        }
        addEntry(index, section, heading, headingLower, item, lineNo, warn, seen);
        break;
      }
    }
  }
  if (skipped > 0) index.warnings.push(`index.md: ${skipped} more problem line(s) not listed`);

  parseKnownTags(knownText, index);
  buildLookups(index);
  return index;
}

function addProject(index: KnowledgeIndex, heading: string): IndexProject {
  const sep = heading.indexOf(SEPARATOR);
  const key = (sep >= 0 ? heading.slice(0, sep) : heading.split(/\s+/)[0]).trim();
  const name = sep >= 0 ? heading.slice(sep + SEPARATOR.length).trim() || null : null;
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

function bulletText(line: string, plain: boolean): string | null {
  const c = line.charCodeAt(0);
  if (c !== 45 && c !== 42 && c !== 43) return null; // not `-`, `*` or `+`
  // `\s+(.*)$` then trim: on a line without line terminators, a space or tab after the
  // bullet means a match, and the trimmed rest is the captured text trimmed.
  const d = line.charCodeAt(1);
  if (plain && (d === 32 || d === 9)) return line.slice(1).trim();
  const m = /^[-*+]\s+(.*)$/.exec(line);
  return m ? m[1].trim() : null;
}

function clip(s: string): string {
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

/** Splits `a, b, c` on commas, dropping empties. */
function splitList(s: string): string[] {
  return s.split(',').map((t) => t.trim()).filter(Boolean);
}

function stripTicks(p: string): string {
  if (p.charCodeAt(0) !== 96) return p; // no leading backtick: the pattern cannot match
  const m = /^`([^`]*)`$/.exec(p);
  return m ? m[1].trim() : p;
}

/**
 * The trailing `[project: P, scope: S]` of a team-shared entry, found by a linear scan: the
 * equivalent regex backtracked quadratically on long lines (seconds per line of hostile input).
 * `index` is where the annotation starts, whitespace before it included.
 */
function teamAnnotation(item: string): { index: number; project: string; scope: string | null } | null {
  const text = item.trimEnd();
  const end = text.length - 1;
  if (end < 0 || text[end] !== ']') return null;
  const marker = /\[project:/gi;
  marker.lastIndex = text.lastIndexOf(']', end - 1) + 1; // the annotation holds no other `]`
  for (let m = marker.exec(text); m !== null && m.index < end; m = marker.exec(text)) {
    const inner = text.slice(m.index + m[0].length, end);
    const comma = inner.indexOf(',');
    let project = inner;
    let scope: string | null = null;
    if (comma >= 0) {
      const after = inner.slice(comma + 1).trimStart();
      if (!/^scope:/i.test(after)) {
        marker.lastIndex = m.index + 1;
        continue;
      }
      project = inner.slice(0, comma);
      scope = after.slice('scope:'.length).trim() || null;
    }
    return { index: text.slice(0, m.index).trimEnd().length, project: project.trim(), scope };
  }
  return null;
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
  index: KnowledgeIndex,
  section: 'tags' | 'other' | 'hints' | 'team',
  heading: string,
  headingLower: string,
  item: string,
  lineNo: number,
  warn: (lineNo: number, message: string) => void,
  seen: SeenEntries,
): void {
  if (section === 'hints') {
    const sep = item.indexOf(SEPARATOR);
    const p = stripTicks((sep >= 0 ? item.slice(0, sep) : item).trim());
    if (!p) return warn(lineNo, 'hint entry without a path, ignored');
    const list = index.hints.get(heading) ?? [];
    const keys = seenIn(seen, list);
    if (!keys.has(p)) {
      keys.set(p, true);
      list.push(p);
    }
    index.hints.set(heading, list);
    return;
  }

  let body = item;
  let project: string | null = null;
  let scope: string | null = null;
  if (section === 'team') {
    const m = teamAnnotation(body);
    if (!m || !m.project) return warn(lineNo, `team-shared entry without [project: …], ignored: "${clip(item)}"`);
    project = m.project.toLowerCase();
    scope = m.scope ? m.scope.toLowerCase() : null;
    body = body.slice(0, m.index);
  }
  const sep = body.indexOf(SEPARATOR);
  const p = stripTicks((sep >= 0 ? body.slice(0, sep) : body).trim());
  const description = sep >= 0 ? body.slice(sep + SEPARATOR.length).trim() || null : null;
  if (!p) return warn(lineNo, 'entry without a path, ignored');

  const tag = headingLower;
  if (section === 'team') {
    const list = index.teamShared.get(tag) ?? [];
    const keys = seenIn(seen, list);
    const key = `${project}\u0000${p}`;
    if (!keys.has(key)) {
      keys.set(key, true);
      list.push({ path: p, description, project: project!, scope });
    }
    index.teamShared.set(tag, list);
    return;
  }
  const map = section === 'tags' ? index.tagIndex : index.otherTags;
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
}

/**
 * Known Tags may wrap over lines (joined as if each ended in a comma). Brackets are read
 * before commas so `kubernetes [aliases: k8s, kube]` stays one item.
 */
function parseKnownTags(lines: string[], index: KnowledgeIndex): void {
  const items: string[] = [];
  for (const line of lines) {
    let depth = 0;
    let current = '';
    for (const ch of line) {
      if (ch === '[') depth++;
      if (ch === ']') depth = Math.max(0, depth - 1);
      if (ch === ',' && depth === 0) {
        items.push(current);
        current = '';
      } else {
        current += ch;
      }
    }
    items.push(current);
  }
  const byTag = new Map<string, KnownTag>();
  for (const rawItem of items) {
    const item = rawItem.trim();
    if (!item) continue;
    const m = aliasAnnotation(item);
    const tag = (m ? m.tag : item).trim().replace(/^[-*]\s+/, '').toLowerCase();
    if (!tag || /\s/.test(tag)) continue;
    const aliases = m ? splitList(m.aliases).map((a) => a.toLowerCase()) : [];
    let known = byTag.get(tag);
    if (!known) {
      known = { tag, aliases: [] };
      byTag.set(tag, known);
      index.knownTags.push(known);
    }
    for (const alias of aliases) {
      if (alias === tag || known.aliases.includes(alias)) continue;
      known.aliases.push(alias);
      if (!index.aliases.has(alias)) index.aliases.set(alias, tag);
    }
  }
}

/**
 * `tag [aliases: a, b]` split into the tag and the alias list text, by a linear scan (the
 * equivalent regex backtracked quadratically on long lines). Null when there is no annotation.
 */
function aliasAnnotation(item: string): { tag: string; aliases: string } | null {
  const end = item.length - 1; // item is trimmed
  if (end < 0 || item[end] !== ']') return null;
  const marker = /\[aliases?:/gi;
  marker.lastIndex = item.lastIndexOf(']', end - 1) + 1; // the annotation holds no other `]`
  const m = marker.exec(item);
  if (!m || m.index >= end) return null;
  return { tag: item.slice(0, m.index).trim(), aliases: item.slice(m.index + m[0].length, end) };
}

/**
 * True when normaliseRelative(p) would return p unchanged: no backslash, no empty, `.` or `..`
 * segment (those start the path or follow a `/`). Skips path.normalize for nearly every entry.
 */
function isNormalPath(p: string): boolean {
  return p !== '' && p.charCodeAt(0) !== 46 && !p.includes('\\') && !p.includes('//') && !p.includes('/.');
}

function buildLookups(index: KnowledgeIndex): void {
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
        file = { path: entry.path, description: entry.description, project: entry.project, scope: entry.scope, headings: new Set() };
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
