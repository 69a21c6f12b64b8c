// The walk over the lines of index.md: sections, headings, the small sections handed to
// sections.ts, every problem line warned about in line order, and the entries of Tag Index,
// Other Tags and the Semantic Hints Index stored into their lists. Lists are created at their
// first entry line, so the order of tags and phrases never depends on what is stored.
import { EntryStore } from './entryStore';
import { emptyParsed, type Parsed } from './parsed';
import type { KnownTag } from '../types';
import { addProject, addTeamEntry, parseKnownTags, type SeenEntries } from './sections';
import type { IndexProject } from '../types';
import { afterLabel, atxHeading, bulletText, clip, entryText, isSpace, SECTIONS, SEPARATOR, sectionName, stripTicks, type Section } from './text';

const MAX_WARNINGS = 50;

/**
 * Which entries a walk stores. The full parse stores all; a walk for one query (forQuery.ts)
 * stores the lists the query reads whole and, from the other lists, only its files' entries.
 */
export interface EntryFilter {
  /** Whether the list under this heading is read whole (`key`: the lowercased tag, or the hint phrase as written). */
  wanted(hints: boolean, key: string): boolean;
  /** Whether the entry whose path is text[from, to) is kept although its list is not wanted. */
  keeps(text: string, from: number, to: number): boolean;
}

/** The whole text: every entry stored (filter null) or those the filter keeps. */
export function walkIndex(text: string, first: number, filter: EntryFilter | null = null): Parsed {
  const w = new Walker(filter);
  walkLines(w, text, 0, text.length, first + 1);
  return w.finish();
}

/**
 * The lines of text[from, to) (`from` a line start, `to` a line start or the end), the first
 * numbered `lineNo`. Returns the number the next line has.
 */
export function walkLines(w: Walker, text: string, from: number, to: number, lineNo: number): number {
  const store = w.store;
  // The walk's state as locals, read again after each line the Walker handles.
  let entries = w.entries;
  let hints = w.hints;
  let wanted = w.wanted;
  let list: unknown[] | null = null; // the current heading's entry list, once it has one
  // Where the next separator starts (at or after the current item): found once for many
  // lines, since most hint lines have none and the search must not rescan the text. Kept on
  // the Walker between calls, which read the text in order.
  let nextSep = w.nextSep;
  // This loop runs once per line of a large index, often before the JIT has optimised it: it
  // stays small and tests the common character classes inline, and hands every line but the
  // common entry line to the Walker. `x <= 32 || x >= 0xa0` guards each isSpace call.
  let pos = from;
  for (; pos < to; lineNo++) {
    // The line is text[s, e).
    let s = pos;
    let e = text.indexOf('\n', pos);
    if (e < 0 || e > to) e = to;
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
      if (list === null) list = w.listFor();
      if (wanted || w.filter!.keeps(text, from, to)) store.add(list, hints, text.slice(from, to), dFrom >= 0 ? text.slice(dFrom, e) : null);
      continue;
    }
    // Everything else goes to the Walker, in a call the JIT keeps out of this loop: its
    // branches, first taken in a later section, must not throw this loop's optimised code away.
    w.line(text.slice(s, e), lineNo);
    entries = w.entries;
    hints = w.hints;
    wanted = w.wanted;
    list = null;
  }
  w.nextSep = nextSep;
  return lineNo;
}

/** Known Tags already read (by a walk of their sections alone): the walk then skips their lines. */
export interface KnownRead {
  knownTags: KnownTag[];
  aliases: Map<string, string>;
  /** Its warnings in order, each with the line number of the file. */
  warnings: Array<[number, string]>;
}

/** The state of the walk, and everything it does but read the common entry line. */
export class Walker {
  readonly index = emptyParsed();
  section: Section = null;
  /** Whether an entry line may take the fast path: a plain bullet under a ### heading of Tag Index, Other Tags or the Semantic Hints Index. */
  entries = false;
  hints = false;
  /** Whether every entry under the current heading is stored (always, without a filter). */
  wanted = true;
  /** Where the next ` — ` starts, at or after the last entry read (see walkLines). */
  nextSep = -1;
  private heading: string | null = null;
  private headingLower = '';
  private project: IndexProject | null = null;
  private readonly knownText: Array<[number, string]> = [];
  private readonly seen: SeenEntries = new Map();
  /** Where the current heading's list is kept, and under which key. */
  private lists: Map<string, unknown[]> = new Map();
  private listKey = '';
  readonly store = new EntryStore();
  private skipped = 0;
  /** Each project's relevant tags, lowercased: duplicates dropped in O(1) (§F16). */
  private readonly relevant = new Map<IndexProject, Set<string>>();

  constructor(
    readonly filter: EntryFilter | null = null,
    private readonly known: KnownRead | null = null,
  ) {}

  warn(lineNo: number, message: string): void {
    if (this.index.warnings.length < MAX_WARNINGS) this.index.warnings.push(`index.md line ${lineNo}: ${message}`);
    else this.skipped++;
  }

  /** An entry whose path (and description) the general code has read. */
  private entryText(path: string, description: string | null, lineNo: number): void {
    if (!path) return this.warn(lineNo, this.hints ? 'hint entry without a path, ignored' : 'entry without a path, ignored');
    const list = this.listFor();
    if (this.wanted || this.filter!.keeps(path, 0, path.length)) this.store.add(list, this.hints, path, description);
  }

  /** An entry of the fast path whose path is in backticks. */
  ticked(path: string, description: string | null, lineNo: number): void {
    this.entryText(stripTicks(path), description, lineNo);
  }

  /**
   * The list entries under this heading go to, created on its first entry. The same steps for
   * every kind of list: a branch first taken late in a large index would undo the JIT's work.
   */
  listFor(): unknown[] {
    let list = this.lists.get(this.listKey);
    if (list === undefined) {
      list = [];
      this.lists.set(this.listKey, list);
    }
    return list;
  }

  /** Enters a section (and heading) as its heading lines would. */
  setSection(section: Section, heading: string | null): void {
    this.section = section;
    this.heading = heading;
    this.headingLower = heading === null ? '' : heading.toLowerCase();
    this.hints = section === 'hints';
    const { index } = this;
    this.lists = (this.hints ? index.hints : section === 'tags' ? index.tagIndex : index.otherTags) as Map<string, unknown[]>;
    this.listKey = this.hints ? heading ?? '' : this.headingLower;
    this.entries = !!heading && (section === 'tags' || section === 'other' || section === 'hints');
    this.wanted = this.filter === null || (this.entries && this.filter.wanted(this.hints, this.listKey));
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
        if (this.known !== null) break; // read already: finish adds what it gave
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

  /**
   * Known Tags from the lines walked so far, for a later walk to take over (KnownRead): their
   * warnings kept apart, numbered as this walk numbered the lines.
   */
  readKnown(): KnownRead {
    const warnings: Array<[number, string]> = [];
    parseKnownTags(this.knownText, this.index, (n, message) => warnings.push([n, message]));
    return { knownTags: this.index.knownTags, aliases: this.index.aliases, warnings };
  }

  finish(): Parsed {
    const { index } = this;
    if (this.known === null) parseKnownTags(this.knownText, index, (n, message) => this.warn(n, message));
    else {
      index.knownTags = this.known.knownTags;
      index.aliases = this.known.aliases;
      for (const [n, message] of this.known.warnings) this.warn(n, message);
    }
    if (this.skipped > 0) index.warnings.push(`index.md: ${this.skipped} more problem line(s) not listed`);
    if (this.filter !== null) {
      // Lists were created at their first entry line as in the full walk, so the ones that
      // hold entries keep the full walk's order; the ones left empty are not part of the index.
      for (const map of [index.tagIndex, index.otherTags, index.hints]) for (const [key, list] of map) if (list.length === 0) map.delete(key);
    }
    return index;
  }
}
