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
import { normaliseForHint } from './tokenMatch';
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
    // No line is too long to be an entry (§F2): every step below is linear in the line.
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
  private readonly knownText: Array<[number, string]> = [];
  private readonly seen: SeenEntries = new Map();
  readonly queue = new EntryQueue();
  /** The number of each list (see EntryQueue). */
  private readonly listIds = new Map<unknown[], number>();
  /** Where the current heading's list is kept, and under which key. */
  private lists: Map<string, unknown[]> = new Map();
  private listKey = '';
  readonly store: EntryStore | null;
  private skipped = 0;
  /** Each project's relevant tags, lowercased: duplicates dropped in O(1) (§F16). */
  private readonly relevant = new Map<IndexProject, Set<string>>();

  constructor(
    private readonly text: string,
    defer: boolean,
  ) {
    this.store = defer ? null : new EntryStore();
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
    this.entries = !!heading && (section === 'tags' || section === 'other' || section === 'hints');
  }

  /** Any line but a fast-path entry: `line` is trimmed and not empty. */
  line(line: string, lineNo: number): void {
    const { index } = this;
    const h = line.charCodeAt(0) === 35 ? atxHeading(line) : null; // '#': only then can it be a heading
    if (h !== null && h.level === 3 && this.section !== null) {
      this.setSection(this.section, h.text);
      if (this.section === 'projects') this.project = addProject(index, h.text);
      return;
    }
    if (h !== null && h.level === 2) {
      this.setSection(SECTIONS[sectionName(h.text)] ?? null, null);
      if (this.section === 'team') index.hasTeamSharedSection = true;
      this.project = null;
      return;
    }
    if (h !== null && h.level === 1) {
      this.setSection(null, this.heading); // a new top-level document heading ends the current section
      return;
    }
    const section = this.section;
    if (section === null) {
      const rebuilt = afterLabel(line, 'last rebuilt:');
      if (rebuilt && !index.lastRebuilt) index.lastRebuilt = rebuilt;
      return;
    }
    // (A `###` heading in a section was read first, above; `####`…`######` are not entries.)

    switch (section) {
      case 'projects': {
        const tags = afterLabel(line, 'relevant tags:');
        const project = this.project;
        if (tags !== null && project) {
          let seen = this.relevant.get(project);
          if (!seen) {
            seen = new Set(project.relevantTags.map((t) => t.toLowerCase()));
            this.relevant.set(project, seen);
          }
          // §F16: duplicates compare case-insensitively, the first spelling is kept.
          for (let from = 0; from <= tags.length; ) {
            let to = tags.indexOf(',', from);
            if (to < 0) to = tags.length;
            const tag = tags.slice(from, to).trim();
            from = to + 1;
            const key = tag.toLowerCase();
            if (tag !== '' && !seen.has(key)) {
              seen.add(key);
              project.relevantTags.push(tag);
            }
          }
        }
        break; // other lines of a project are informational
      }
      case 'known':
        this.knownText.push([lineNo, bulletText(line) ?? line]); // a bulleted Known Tags line is its item (§F9)
        break;
      case 'tags':
      case 'other':
      case 'hints':
      case 'team': {
        const item = bulletText(line);
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
    parseKnownTags(this.knownText, index, (n, message) => this.warn(n, message));
    if (this.skipped > 0) index.warnings.push(`index.md: ${this.skipped} more problem line(s) not listed`);
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
 * description filling an empty one (§F20) (hint lists hold paths, without descriptions). A short
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
 * The item of a bullet line (`line` trimmed): `-`, `*` or `+` then whitespace (§F3). U+2028 and
 * U+2029 are ordinary whitespace inside a line; only `\n`, `\r\n` and `\r` end one (§F4).
 */
function bulletText(line: string): string | null {
  const c = line.charCodeAt(0);
  if (c !== 45 && c !== 42 && c !== 43) return null; // not `-`, `*` or `+`
  return line.length > 1 && isSpace(line.charCodeAt(1)) ? line.slice(1).trim() : null;
}

/**
 * An ATX heading (CommonMark): one to six `#`, then a space or tab or the end of the line
 * (`line` is trimmed); a closing run of `#` after a space or tab is dropped (§F5). Null when the
 * line is not a heading: `###api` is text.
 */
export function atxHeading(line: string): { level: number; text: string } | null {
  let level = 0;
  while (level < line.length && line.charCodeAt(level) === 35) level++;
  if (level === 0 || level > 6) return null;
  if (level < line.length) {
    const c = line.charCodeAt(level);
    if (c !== 32 && c !== 9) return null;
  }
  let end = line.length;
  let hashes = end;
  while (hashes > level && line.charCodeAt(hashes - 1) === 35) hashes--;
  if (hashes === level) end = level; // only hashes after the opening run: an empty heading
  else if (hashes < end && (line.charCodeAt(hashes - 1) === 32 || line.charCodeAt(hashes - 1) === 9)) end = hashes;
  return { level, text: line.slice(level, end).trim() };
}

/** A `##` heading's text as a section name: case and runs of whitespace do not matter (§F6). */
function sectionName(text: string): string {
  return text.toLowerCase().split(/\s+/).join(' ');
}

/**
 * The trimmed rest of `line` after `label` (lowercase ASCII letters, spaces and `:`), compared
 * case-insensitively, or null. By character codes: no string is made for a line that is not it.
 */
function afterLabel(line: string, label: string): string | null {
  if (line.length < label.length) return null;
  for (let i = 0; i < label.length; i++) {
    const want = label.charCodeAt(i);
    const c = line.charCodeAt(i);
    if (c !== want && !(want >= 97 && want <= 122 && c === want - 32)) return null;
  }
  return line.slice(label.length).trim();
}

/**
 * `### key — name`. Without the em dash the key is the first word (a trailing `:` dropped) and
 * the rest the name, a leading `-`, `–`, `—` or `:` dropped (§F7): `### ss - Seer Service` and
 * `### ss: Seer Service` are project `ss`.
 */
export function projectHeading(heading: string): { key: string; name: string | null } {
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

function clip(s: string): string {
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

/** Splits `a, b, c` on commas, dropping empties. */
function splitList(s: string): string[] {
  return s.split(',').map((t) => t.trim()).filter(Boolean);
}

/** `` `path` `` is the path inside the backticks, trimmed (§F18). */
function stripTicks(p: string): string {
  if (p.charCodeAt(0) !== 96) return p; // no leading backtick: the pattern cannot match
  const m = /^`([^`]*)`$/.exec(p);
  return m ? m[1].trim() : p;
}

/**
 * The trailing `[…]` of an item: from the last `[` to the final `]` (an annotation holds no
 * other bracket). Found with two scans from the end, so any line is read in linear time.
 */
function trailingBracket(item: string): { open: number; inner: string } | null {
  const text = item.trimEnd();
  const end = text.length - 1;
  if (end < 0 || text.charCodeAt(end) !== 93) return null;
  const open = text.lastIndexOf('[', end - 1);
  return open < 0 ? null : { open, inner: text.slice(open + 1, end) };
}

/** `key:` (any case, whitespace around it allowed) at the start of `text`: the rest, or null (§F8). */
function afterKey(text: string, keys: readonly string[]): string | null {
  let from = 0; // a line end inside the brackets reads as a comma: skip those too
  while (from < text.length && (isSpace(text.charCodeAt(from)) || text.charCodeAt(from) === 44)) from++;
  const colon = text.indexOf(':', from);
  if (colon < 0) return null;
  return keys.includes(text.slice(from, colon).trim().toLowerCase()) ? text.slice(colon + 1) : null;
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
type SeenEntries = Map<unknown[], Map<string, TagEntry | true>>;

function seenIn(seen: SeenEntries, list: unknown[]): Map<string, TagEntry | true> {
  let keys = seen.get(list);
  if (!keys) {
    keys = new Map();
    seen.set(list, keys);
  }
  return keys;
}

/** Path and description of a Tag Index, Other Tags or hint entry (`item`: the trimmed text after the bullet); the first ` — ` separates them (§F19). */
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

type Warn = (lineNo: number, message: string) => void;

/**
 * Known Tags may wrap over lines, joined as if each ended in a comma. A `[` opens an annotation
 * that the next `]` closes, across line ends, and commas inside it do not split items; a `[`
 * with no `]` after it is plain text (§F9). One pass over the joined text, maps for duplicates;
 * small functions, so the JIT keeps each loop optimised on a 100k-item line.
 */
function parseKnownTags(lines: Array<[number, string]>, index: Parsed, warn: Warn): void {
  const byTag = new Map<string, KnownTag>();
  const declared: Array<[number, KnownTag, string]> = [];
  for (const [lineNo, item] of knownItems(lines)) readKnownItem(item, lineNo, index, byTag, declared, warn);
  // Aliases after every tag is known: an alias never shadows a declared tag (§F10), and the
  // first tag to declare an alias keeps it (§F11).
  for (const [lineNo, known, aliasText] of declared) addAliases(aliasText, lineNo, known, index, byTag, warn);
}

/** The comma-separated items of the joined Known Tags lines, each with the line it starts on. */
function knownItems(lines: Array<[number, string]>): Array<[number, string]> {
  const text = lines.map((l) => l[1]).join(',');
  const lastClose = text.lastIndexOf(']');
  const items: Array<[number, string]> = [];
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
    if (at > start) items.push([lines[line][0], text.slice(start, at)]);
    if (at >= text.length) break;
    start = at + 1;
    comma = next(',', start);
    if (opening < start) opening = next('[', start);
    if (closing < start) closing = next(']', start);
  }
  return items;
}

/** Whether `s` holds whitespace (what the regex `\s` matches). */
function hasSpace(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (isSpace(s.charCodeAt(i))) return true;
  return false;
}

const ALIAS_KEYS = ['aliases', 'alias'];

/** One Known Tags item: `tag` or `tag [aliases: …]`; its alias list is kept for addAliases. */
function readKnownItem(
  rawItem: string,
  lineNo: number,
  index: Parsed,
  byTag: Map<string, KnownTag>,
  declared: Array<[number, KnownTag, string]>,
  warn: Warn,
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
  let known = byTag.get(tag);
  if (!known) {
    known = { tag, aliases: [] };
    byTag.set(tag, known);
    index.knownTags.push(known);
  }
  if (aliasText !== null) declared.push([lineNo, known, aliasText]);
}

/** The aliases of one annotation: lowercased once, then one string per alias. */
function addAliases(aliasText: string, lineNo: number, known: KnownTag, index: Parsed, byTag: Map<string, KnownTag>, warn: Warn): void {
  const lower = aliasText.toLowerCase();
  for (let from = 0; from <= lower.length; ) {
    let to = lower.indexOf(',', from);
    if (to < 0) to = lower.length;
    let a = from;
    let b = to;
    while (a < b && isSpace(lower.charCodeAt(a))) a++;
    while (b > a && isSpace(lower.charCodeAt(b - 1))) b--;
    if (b > a) addAlias(lower.slice(a, b), lineNo, known, index, byTag, warn);
    from = to + 1;
  }
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

/**
 * True when normaliseRelative(p) would return p unchanged: no backslash, no empty, `.` or `..`
 * segment (those start the path or follow a `/`). Skips path.normalize for nearly every entry.
 */
function isNormalPath(p: string): boolean {
  return p !== '' && p.charCodeAt(0) !== 46 && !p.includes('\\') && !p.includes('//') && !p.includes('/.');
}

/** The key of a path in `files`: the path itself, or its normalised form when that differs (§F17). */
function fileKey(p: string): string {
  return isNormalPath(p) ? p : normaliseRelative(p);
}

function buildLookups(index: Parsed): Lookups {
  const files = new Map<string, IndexedFile>();
  const filesByTag = new Map<string, IndexedFile[]>();
  const filesByHint = new Map<string, IndexedFile[]>();
  const normalisedHints: Array<[string, string]> = [];
  // A path spelled `./a.md` thousands of times (a hint flood) is normalised once.
  const keys = new Map<string, string>();
  const fileFor = (p: string): IndexedFile => {
    let key = isNormalPath(p) ? p : keys.get(p);
    if (key === undefined) {
      key = normaliseRelative(p);
      keys.set(p, key);
    }
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
      // Phrases are read one at a time, so a file holds this one only if it was the last added.
      if (file.hints[file.hints.length - 1] !== phrase) {
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

// The matching rule lives with the others in tokenMatch.ts; re-exported for existing importers.
export { normaliseForHint };

export type { TagEntry, TeamSharedEntry };
