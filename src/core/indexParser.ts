// §1: parse the `index.md` written by aria-knowledge's /index into lookup tables.
// Tolerant by design: unknown sections are skipped, duplicates merged, odd lines reported.
//
// Built for speed on large indexes (tens of thousands of entry lines), with results equal to
// the straightforward parser kept in test/reliability/referenceIndexParser.ts, which the
// differential tests (and the seeded fuzzer) hold it to: the common entry line is read from
// offsets into the text, everything else by the general code; the lookup tables are built on
// first use; and a process that answers one query (the CLI) can store just the entries that
// query reads (parseIndexForQuery).
import { normaliseRelative } from './paths';
import { parseQueryText, resolveQuery } from './query';
import type {
  IndexedFile,
  IndexProject,
  KnowledgeIndex,
  KnownTag,
  TagEntry,
  TeamSharedEntry,
  TeamSharedFile,
} from './types';

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

/** The lookup tables, derived from what the walk reads and built on first use. */
type Lookups = Pick<KnowledgeIndex, 'files' | 'filesByTag' | 'filesByHint' | 'normalisedHints'>;

/** What the walk over index.md reads. */
type Parsed = Omit<KnowledgeIndex, keyof Lookups | 'teamSharedFiles'>;

function emptyParsed(): Parsed {
  return {
    lastRebuilt: null,
    projects: new Map(),
    knownTags: [],
    aliases: new Map(),
    tagIndex: new Map(),
    otherTags: new Map(),
    hints: new Map(),
    teamShared: new Map(),
    hasTeamSharedSection: false,
    warnings: [],
  };
}

export function emptyIndex(): KnowledgeIndex {
  return withLookups(emptyParsed());
}

/**
 * The index with its derived lookup tables built on first use and then kept: a query needs
 * them, a reload that nobody queries does not. They are plain (enumerable) properties to
 * every reader; the index is never changed after the parse, so building late reads the same data.
 */
function withLookups(p: Parsed): KnowledgeIndex {
  let lookups: Lookups | null = null;
  let teamFiles: Map<string, TeamSharedFile> | null = null;
  const get = (): Lookups => (lookups ??= buildLookups(p));
  return {
    lastRebuilt: p.lastRebuilt,
    projects: p.projects,
    knownTags: p.knownTags,
    aliases: p.aliases,
    tagIndex: p.tagIndex,
    otherTags: p.otherTags,
    hints: p.hints,
    teamShared: p.teamShared,
    get files() {
      return get().files;
    },
    get teamSharedFiles() {
      return (teamFiles ??= buildTeamSharedFiles(p.teamShared));
    },
    get filesByTag() {
      return get().filesByTag;
    },
    get filesByHint() {
      return get().filesByHint;
    },
    get normalisedHints() {
      return get().normalisedHints;
    },
    hasTeamSharedSection: p.hasTeamSharedSection,
    warnings: p.warnings,
  };
}

/** What String.prototype.trim and the regex `\s` strip: WhiteSpace and LineTerminator. */
function isSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 ||
    c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  );
}

export function parseIndex(raw: string): KnowledgeIndex {
  return withLookups(walkIndex(raw, false).index);
}

/**
 * The index as one query sees it, for a process that runs that query and exits (the CLI).
 * Everything the query reads is exactly what parseIndex gives: config-independent sections,
 * warnings, the hint phrases, and every file listed under a queried tag or a matching hint
 * phrase with all its listings (so its tags, hints and description). Other files are left out,
 * which spares building tens of thousands of entries the query never looks at. Any other use
 * of the index (another query, the tag tree) needs parseIndex.
 */
export function parseIndexForQuery(raw: string, input: string | readonly string[]): KnowledgeIndex {
  const walk = walkIndex(raw, true);
  const query = resolveQuery(walk.index, parseQueryText(input));
  const tokens = query.tokens.map((t) => ({ lower: t.toLowerCase(), hintForm: normaliseForHint(t) }));
  // The lists a query reads in full: those of its tags and of the hint phrases it matches.
  const lists = new Set<unknown>();
  const { tagIndex, otherTags, hints } = walk.index;
  for (const token of tokens) {
    for (const map of [tagIndex, otherTags]) {
      const list = map.get(token.lower);
      if (list) lists.add(list);
    }
  }
  for (const [phrase, list] of hints) {
    const normalised = normaliseForHint(phrase);
    if (tokens.some((t) => t.hintForm !== '' && normalised.includes(t.hintForm))) lists.add(list);
  }
  // Their files, by the key the lookup tables give them; then only those files' entries are kept.
  const { queue } = walk;
  const read = new Uint8Array(queue.lists.length);
  for (let id = 0; id < read.length; id++) if (lists.has(queue.lists[id])) read[id] = 1;
  const keys = new Set<string>();
  for (let k = 0; k < queue.length; k += 5) if (read[queue.ints[k]] === 1) keys.add(fileKey(queue.path(k, walk.text)));
  storeEntriesOf(walk, keys);
  return withLookups(walk.index);
}

/**
 * One walk over the lines: sections, headings, the small sections (projects, known tags,
 * team-shared) parsed, every problem line warned about in line order. The entries of Tag
 * Index, Other Tags and the Semantic Hints Index are checked, then stored, or with `defer`
 * queued (where their path and description lie, or their text when a rare form needed the
 * general code) for storeEntriesOf to store later in the same order. Their lists are created
 * here, at each list's first entry, so the order of tags and phrases never depends on what
 * is stored.
 */
interface Walk {
  index: Parsed;
  text: string;
  queue: EntryQueue;
}

/**
 * Entries the walk read and left to store: per entry five integers (its list's number, then
 * where its path and its description lie in the text; no description: -1) in an Int32Array,
 * which the garbage collector never has to copy. An entry read by the general code has its
 * path and description text kept aside. Lists are numbered in the order they were created.
 */
class EntryQueue {
  ints = new Int32Array(1 << 15);
  /** In integers: five per entry. */
  length = 0;
  readonly lists: unknown[][] = [];
  /** Whether list `id` holds hint paths (not tag entries). */
  readonly hint: boolean[] = [];
  private readonly texts = new Map<number, [string, string | null]>();

  push(list: number, from: number, to: number, dFrom: number, dTo: number): void {
    let ints = this.ints;
    const k = this.length;
    if (k + 5 > ints.length) {
      ints = new Int32Array(ints.length * 2);
      ints.set(this.ints);
      this.ints = ints;
    }
    ints[k] = list;
    ints[k + 1] = from;
    ints[k + 2] = to;
    ints[k + 3] = dFrom;
    ints[k + 4] = dTo;
    this.length = k + 5;
  }

  pushText(list: number, path: string, description: string | null): void {
    this.texts.set(this.length, [path, description]);
    this.push(list, -1, -1, -1, -1);
  }

  path(k: number, text: string): string {
    const from = this.ints[k + 1];
    return from >= 0 ? text.slice(from, this.ints[k + 2]) : this.texts.get(k)![0];
  }

  description(k: number, text: string): string | null {
    if (this.ints[k + 1] < 0) return this.texts.get(k)![1];
    const from = this.ints[k + 3];
    return from >= 0 ? text.slice(from, this.ints[k + 4]) : null;
  }
}

function walkIndex(raw: string, defer: boolean): Walk {
  let text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  // CR line ends or a front matter block: the same lines, joined with `\n` after the front
  // matter, so the walk below reads one kind of text; `first` keeps the line numbers right.
  let first = 0;
  if (text.includes('\r') || text.startsWith('---')) {
    const lines = text.split(/\r\n|\r|\n/);
    if (/^---[ \t]*$/.test(lines[0] ?? '')) {
      const close = lines.findIndex((l, i) => i > 0 && /^(---|\.\.\.)[ \t]*$/.test(l));
      if (close > 0) first = close + 1;
    }
    text = (first > 0 ? lines.slice(first) : lines).join('\n');
  }
  const w = new Walker(text, defer);
  const queue = defer ? w.queue : null;
  const store = w.store;
  // The walk's state as locals, read again after each line the Walker handles.
  let entries = false;
  let hints = false;
  let list = -1; // the number of the current heading's entry list, once it has one
  // Where the next separator starts (at or after the current item): found once for many
  // lines, since most hint lines have none and the search must not rescan the text.
  let nextSep = -1;
  // This loop runs once per line of a large index, often before the JIT has optimised it: it
  // stays small and tests the common character classes inline, and hands every line but the
  // common entry line to the Walker. `x <= 32 || x >= 0xa0` guards each isSpace call.
  let pos = 0;
  for (let lineNo = first + 1; pos <= text.length; lineNo++) {
    // The line is text[s, e).
    let s = pos;
    let e = text.indexOf('\n', pos);
    if (e < 0) e = text.length;
    pos = e + 1;
    // Known Tags is exempt: a large knowledge base writes every tag on one long line, and its
    // parse is linear. Skipping it silently dropped every alias.
    if (e - s > MAX_LINE_CHARS && w.section !== 'known') {
      if (w.section !== null) w.warn(lineNo, `line longer than ${MAX_LINE_CHARS} characters skipped`);
      continue;
    }
    // trim(), as offsets
    if (s === e) continue;
    let c = text.charCodeAt(s);
    if (c <= 32 || c >= 0xa0) {
      while (s < e && isSpace(text.charCodeAt(s))) s++;
      if (s === e) continue;
      c = text.charCodeAt(s);
    }
    let x = text.charCodeAt(e - 1);
    if (x <= 32 || x >= 0xa0) while (isSpace(text.charCodeAt(e - 1))) e--;

    // The bulk of an index: `- path — description` (or `- path`) under a heading of Tag Index,
    // Other Tags or the Semantic Hints Index, read from offsets: the same steps as bulletText
    // and entryText take on the trimmed line.
    x = text.charCodeAt(s + 1);
    if (entries && (c === 45 || c === 42 || c === 43) && (x === 32 || x === 9) && s + 1 < e) {
      let from = s + 2; // the item: the line after the bullet, trimmed (its end is the line's)
      x = text.charCodeAt(from);
      if (x <= 32 || x >= 0xa0) {
        while (isSpace(text.charCodeAt(from))) from++;
        x = text.charCodeAt(from);
      }
      const ticked = x === 96;
      if (nextSep < from) {
        nextSep = text.indexOf(SEPARATOR, from);
        if (nextSep < 0) nextSep = text.length;
      }
      const sep = nextSep + SEPARATOR.length <= e ? nextSep : -1;
      let to = sep >= 0 ? sep : e; // the path, trimmed (it starts with no space)
      x = text.charCodeAt(to - 1);
      if (x <= 32 || x >= 0xa0) while (isSpace(text.charCodeAt(to - 1))) to--;
      let dFrom = -1;
      if (sep >= 0 && !hints) {
        dFrom = sep + SEPARATOR.length;
        x = text.charCodeAt(dFrom);
        if (x <= 32 || x >= 0xa0) while (dFrom < e && isSpace(text.charCodeAt(dFrom))) dFrom++;
        if (dFrom === e) dFrom = -1;
      }
      if (ticked) {
        w.ticked(text.slice(from, to), dFrom >= 0 ? text.slice(dFrom, e) : null, lineNo);
        continue;
      }
      if (list < 0) list = w.listFor();
      if (queue !== null) queue.push(list, from, to, dFrom, e);
      else store!.add(w.queue.lists[list], hints, text.slice(from, to), dFrom >= 0 ? text.slice(dFrom, e) : null);
      continue;
    }
    // Everything else goes to the Walker, in a call the JIT keeps out of this loop: its
    // branches, first taken in a later section, must not throw this loop's optimised code away.
    w.line(text.slice(s, e), lineNo);
    entries = w.entries;
    hints = w.hints;
    list = -1;
  }
  return w.finish();
}

/** The state of the walk, and everything it does but read the common entry line. */
class Walker {
  readonly index = emptyParsed();
  section: Section = null;
  /** Whether an entry line may take the fast path: a plain bullet under a ### heading of Tag Index, Other Tags or the Semantic Hints Index. */
  entries = false;
  hints = false;
  private heading: string | null = null;
  private headingLower = '';
  private project: IndexProject | null = null;
  private readonly knownText: string[] = [];
  private readonly seen: SeenEntries = new Map();
  readonly queue = new EntryQueue();
  /** The number of each list (see EntryQueue). */
  private readonly listIds = new Map<unknown[], number>();
  /** Where the current heading's list is kept, and under which key. */
  private lists: Map<string, unknown[]> = new Map();
  private listKey = '';
  readonly store: EntryStore | null;
  private skipped = 0;
  /** Without U+2028/U+2029 in the text, a bullet line can be read without the regex (same result). */
  private readonly plainBullets: boolean;

  constructor(
    private readonly text: string,
    defer: boolean,
  ) {
    this.store = defer ? null : new EntryStore();
    this.plainBullets = !text.includes('\u2028') && !text.includes('\u2029');
  }

  warn(lineNo: number, message: string): void {
    if (this.index.warnings.length < MAX_WARNINGS) this.index.warnings.push(`index.md line ${lineNo}: ${message}`);
    else this.skipped++;
  }

  /** An entry whose path (and description) the general code has read. */
  private entryText(path: string, description: string | null, lineNo: number): void {
    if (!path) return this.warn(lineNo, this.hints ? 'hint entry without a path, ignored' : 'entry without a path, ignored');
    const list = this.listFor();
    if (this.store) this.store.add(this.queue.lists[list], this.hints, path, description);
    else this.queue.pushText(list, path, description);
  }

  /** An entry of the fast path whose path is in backticks. */
  ticked(path: string, description: string | null, lineNo: number): void {
    this.entryText(stripTicks(path), description, lineNo);
  }

  /**
   * The list entries under this heading go to, created on its first entry. The same steps for
   * every kind of list: a branch first taken late in a large index would undo the JIT's work.
   */
  listFor(): number {
    let list = this.lists.get(this.listKey);
    if (list === undefined) {
      list = [];
      this.lists.set(this.listKey, list);
      this.listIds.set(list, this.queue.lists.length);
      this.queue.lists.push(list);
      this.queue.hint.push(this.hints);
    }
    return this.listIds.get(list)!;
  }

  private setSection(section: Section, heading: string | null): void {
    this.section = section;
    this.heading = heading;
    this.headingLower = heading === null ? '' : heading.toLowerCase();
    this.hints = section === 'hints';
    const { index } = this;
    this.lists = (this.hints ? index.hints : section === 'tags' ? index.tagIndex : index.otherTags) as Map<string, unknown[]>;
    this.listKey = this.hints ? heading ?? '' : this.headingLower;
    this.entries = this.plainBullets && !!heading && (section === 'tags' || section === 'other' || section === 'hints');
  }

  /** Any line but a fast-path entry or heading: `line` is trimmed and not empty. */
  line(line: string, lineNo: number): void {
    const { index } = this;
    const isHeading = line.charCodeAt(0) === 35; // '#': only then can the heading patterns match
    // `### heading` in a section (the common case, read without the regexes below): the text
    // after `###` and any space (the line is trimmed).
    if (isHeading && this.section !== null && line.charCodeAt(1) === 35 && line.charCodeAt(2) === 35 && line.charCodeAt(3) !== 35) {
      let from = 3;
      while (from < line.length && isSpace(line.charCodeAt(from))) from++;
      this.setSection(this.section, line.slice(from));
      if (this.section === 'projects') this.project = addProject(index, this.heading!);
      return;
    }
    if (isHeading && /^##(?!#)/.test(line)) {
      const name = line.replace(/^##\s*/, '').trim().toLowerCase();
      this.setSection(SECTIONS[name] ?? null, null);
      if (this.section === 'team') index.hasTeamSharedSection = true;
      this.project = null;
      return;
    }
    if (isHeading && /^#(?!#)/.test(line)) {
      this.setSection(null, this.heading); // a new top-level document heading ends the current section
      return;
    }
    const section = this.section;
    if (section === null) {
      const m = /^Last rebuilt:\s*(.+)$/i.exec(line);
      if (m && !index.lastRebuilt) index.lastRebuilt = m[1].trim();
      return;
    }
    // (A `###` heading in a section was read first, above.)

    switch (section) {
      case 'projects': {
        const m = /^Relevant tags:\s*(.*)$/i.exec(line);
        const project = this.project;
        if (m && project) {
          for (const tag of splitList(m[1])) if (!project.relevantTags.includes(tag)) project.relevantTags.push(tag);
        }
        break; // other lines of a project are informational
      }
      case 'known':
        this.knownText.push(line);
        break;
      case 'tags':
      case 'other':
      case 'hints':
      case 'team': {
        const item = bulletText(line, this.plainBullets);
        if (item === null) {
          this.warn(lineNo, `not an entry line, ignored: "${clip(line)}"`);
          break;
        }
        if (this.heading === null || this.heading === '') {
          this.warn(lineNo, `entry outside a ### heading, ignored: "${clip(line)}"`);
          break;
        }
        if (section === 'team') {
          addTeamEntry(index, this.headingLower, item, lineNo, (n, message) => this.warn(n, message), this.seen);
          break;
        }
        const entry = entryText(section, item);
        this.entryText(entry.path, entry.description, lineNo);
        break;
      }
    }
  }

  finish(): Walk {
    const { index } = this;
    if (this.skipped > 0) index.warnings.push(`index.md: ${this.skipped} more problem line(s) not listed`);
    parseKnownTags(this.knownText, index);
    return { index, text: this.text, queue: this.queue };
  }
}

/** The queued entries of the files with these keys into their lists, in line order. */
function storeEntriesOf(walk: Walk, keys: Set<string>): void {
  const { queue, text } = walk;
  const { ints } = queue;
  const store = new EntryStore();
  // With no `\`, `//` or `/.` anywhere in the text, a path that does not start with `.` is
  // its own key (isNormalPath), so a cheap signature of its text rules out nearly every other
  // file's entry before any string is made.
  const plain = !text.includes('\\') && !text.includes('//') && !text.includes('/.');
  const signatures = new Set<number>();
  if (plain) for (const key of keys) signatures.add(signature(key, 0, key.length));
  for (let k = 0; k < queue.length; k += 5) {
    const from = ints[k + 1];
    if (plain && from >= 0 && text.charCodeAt(from) !== 46 && !signatures.has(signature(text, from, ints[k + 2]))) continue;
    const p = queue.path(k, text);
    const list = ints[k];
    if (keys.has(fileKey(p))) store.add(queue.lists[list], queue.hint[list], p, queue.description(k, text));
  }
}

/** Length and three characters of s[from, to) (not empty) as a small integer: equal texts, equal signatures. */
function signature(s: string, from: number, to: number): number {
  const n = to - from;
  return ((n & 0xff) << 22) | ((s.charCodeAt(from) & 0x7f) << 15) | ((s.charCodeAt(from + (n >> 1)) & 0x7f) << 8) | (s.charCodeAt(to - 4 > from ? to - 4 : from) & 0xff);
}

/**
 * Stores entries into their lists: once per list and spelling of the path, a later
 * description filling an empty one (hint lists hold paths, without descriptions). A short
 * list is searched directly; from SHORT_LIST entries on, a list gets a Map of its paths, so
 * duplicate checks stay O(1) on long lists without a Map for every heading.
 */
class EntryStore {
  private readonly seen: SeenEntries = new Map();
  private list: unknown[] = [];
  private keys: Map<string, TagEntry | true> | undefined = undefined;

  add(list: unknown[], hint: boolean, p: string, description: string | null): void {
    if (list !== this.list) {
      this.list = list;
      this.keys = this.seen.get(list);
    }
    let keys = this.keys;
    if (keys === undefined && list.length >= SHORT_LIST) {
      keys = new Map();
      for (const item of list) keys.set(hint ? (item as string) : (item as TagEntry).path, hint ? true : (item as TagEntry));
      this.seen.set(list, keys);
      this.keys = keys;
    }
    let existing: TagEntry | true | undefined;
    if (keys !== undefined) {
      existing = keys.get(p);
    } else if (hint) {
      if (list.includes(p)) existing = true;
    } else {
      for (let i = 0; i < list.length; i++) {
        if ((list[i] as TagEntry).path === p) {
          existing = list[i] as TagEntry;
          break;
        }
      }
    }
    if (hint) {
      if (existing) return;
      keys?.set(p, true);
      list.push(p);
      return;
    }
    if (existing) {
      if (!(existing as TagEntry).description && description) (existing as TagEntry).description = description;
      return;
    }
    const entry: TagEntry = { path: p, description };
    keys?.set(p, entry);
    list.push(entry);
  }
}

const SHORT_LIST = 16;

function addProject(index: Parsed, heading: string): IndexProject {
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

/** Per team-shared list, its entries by identity key: keeps duplicate checks O(1) on long lists. */
type SeenEntries = Map<unknown[], Map<string, TagEntry | true>>;

function seenIn(seen: SeenEntries, list: unknown[]): Map<string, TagEntry | true> {
  let keys = seen.get(list);
  if (!keys) {
    keys = new Map();
    seen.set(list, keys);
  }
  return keys;
}

/** Path and description of a Tag Index, Other Tags or hint entry (`item`: the trimmed text after the bullet). */
function entryText(section: 'tags' | 'other' | 'hints', item: string): { path: string; description: string | null } {
  const sep = item.indexOf(SEPARATOR);
  const path = stripTicks((sep >= 0 ? item.slice(0, sep) : item).trim());
  if (section === 'hints') return { path, description: null };
  return { path, description: sep >= 0 ? item.slice(sep + SEPARATOR.length).trim() || null : null };
}

function addTeamEntry(
  index: Parsed,
  tag: string,
  item: string,
  lineNo: number,
  warn: (lineNo: number, message: string) => void,
  seen: SeenEntries,
): void {
  const m = teamAnnotation(item);
  if (!m || !m.project) return warn(lineNo, `team-shared entry without [project: …], ignored: "${clip(item)}"`);
  const project = m.project.toLowerCase();
  const scope = m.scope ? m.scope.toLowerCase() : null;
  const body = item.slice(0, m.index);
  const sep = body.indexOf(SEPARATOR);
  const p = stripTicks((sep >= 0 ? body.slice(0, sep) : body).trim());
  const description = sep >= 0 ? body.slice(sep + SEPARATOR.length).trim() || null : null;
  if (!p) return warn(lineNo, 'entry without a path, ignored');
  const list = index.teamShared.get(tag) ?? [];
  const keys = seenIn(seen, list);
  const key = `${project}\u0000${p}`;
  if (!keys.has(key)) {
    keys.set(key, true);
    list.push({ path: p, description, project, scope });
  }
  index.teamShared.set(tag, list);
}

/**
 * Known Tags may wrap over lines (joined as if each ended in a comma). Brackets are read
 * before commas so `kubernetes [aliases: k8s, kube]` stays one item.
 */
function parseKnownTags(lines: string[], index: Parsed): void {
  const items: string[] = [];
  for (const line of lines) {
    let depth = 0;
    let start = 0;
    for (let i = 0; i < line.length; i++) {
      const c = line.charCodeAt(i);
      if (c === 91) depth++; // `[`
      else if (c === 93) depth = depth > 0 ? depth - 1 : 0; // `]`
      else if (c === 44 && depth === 0) {
        // `,` outside brackets
        items.push(line.slice(start, i));
        start = i + 1;
      }
    }
    items.push(line.slice(start));
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

/** The key of a path in `files`: the path itself, or its normalised form when that differs. */
function fileKey(p: string): string {
  return isNormalPath(p) ? p : normaliseRelative(p);
}

function buildLookups(index: Parsed): Lookups {
  const files = new Map<string, IndexedFile>();
  const filesByTag = new Map<string, IndexedFile[]>();
  const filesByHint = new Map<string, IndexedFile[]>();
  const normalisedHints: Array<[string, string]> = [];
  const fileFor = (p: string): IndexedFile => {
    const key = fileKey(p);
    let file = files.get(key);
    if (!file) {
      file = { path: key, description: null, tags: new Set(), hints: [] };
      if (p !== key) file.written = p; // so a refusal names the entry the way the user wrote it
      files.set(key, file);
    }
    return file;
  };
  for (const map of [index.tagIndex, index.otherTags]) {
    for (const [tag, entries] of map) {
      let list = filesByTag.get(tag);
      for (const entry of entries) {
        const file = fileFor(entry.path);
        if (!file.tags.has(tag)) {
          file.tags.add(tag);
          if (!list) {
            list = [];
            filesByTag.set(tag, list);
          }
          list.push(file);
        }
        if (!file.description && entry.description) file.description = entry.description;
      }
    }
  }
  for (const [phrase, paths] of index.hints) {
    normalisedHints.push([normaliseForHint(phrase), phrase]);
    const list: IndexedFile[] = [];
    for (const p of paths) {
      const file = fileFor(p);
      if (!file.hints.includes(phrase)) {
        file.hints.push(phrase);
        list.push(file);
      }
    }
    filesByHint.set(phrase, list);
  }
  return { files, filesByTag, filesByHint, normalisedHints };
}

function buildTeamSharedFiles(teamShared: Map<string, TeamSharedEntry[]>): Map<string, TeamSharedFile> {
  const teamSharedFiles = new Map<string, TeamSharedFile>();
  for (const [tag, entries] of teamShared) {
    for (const entry of entries) {
      const key = `${entry.project}\u0000${entry.path}`;
      let file = teamSharedFiles.get(key);
      if (!file) {
        file = { path: entry.path, description: entry.description, project: entry.project, scope: entry.scope, headings: new Set() };
        teamSharedFiles.set(key, file);
      }
      file.headings.add(tag);
      if (!file.description && entry.description) file.description = entry.description;
      if (!file.scope && entry.scope) file.scope = entry.scope;
    }
  }
  return teamSharedFiles;
}

/** Lowercase with hyphens removed: the form both tokens and hint phrases take for matching. */
export function normaliseForHint(s: string): string {
  return s.toLowerCase().replace(/-/g, '');
}

export type { TagEntry, TeamSharedEntry };
