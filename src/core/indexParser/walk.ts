// The one reader of index.md's lines: sections, headings, the small sections handed to
// sections.ts, every problem line warned about in line order, and the entries of Tag Index,
// Other Tags and the Semantic Hints Index stored into their lists. Lists are created at their
// first entry line, so the order of tags and phrases never depends on what is stored. Given an
// IndexLines, it also notes where each entry, known tag and `Last rebuilt` line is (index health).
import { EntryStore } from './entryStore';
import { emptyParsed, notListedLine, type IndexLines, type Parsed } from './parsed';
import { addProject, addTeamEntry, parseKnownTags, type SeenEntries } from './sections';
import type { IndexProject } from '../types';
import { afterLabel, atxHeading, bulletStart, bulletText, clip, entryText, isSpace, SECTIONS, sectionName, type Section } from './text';

const MAX_WARNINGS = 50;

/** Walks `text` (walkText's), whose first line is line `first + 1` of the file. */
export function walkIndex(text: string, first: number, lines: IndexLines | null = null): Parsed {
  const w = new Walker(lines);
  let lineNo = first;
  for (let pos = 0; pos < text.length; ) {
    let end = text.indexOf('\n', pos);
    if (end < 0) end = text.length;
    lineNo++;
    // No line is too long to be an entry (§F2): every step of line() is linear in the line.
    // Trimmed by offsets, so the line is one string (most lines need no trimming at all).
    let s = pos;
    let e = end;
    while (s < e && isSpace(text.charCodeAt(s))) s++;
    while (e > s && isSpace(text.charCodeAt(e - 1))) e--;
    if (s < e) w.line(text.slice(s, e), lineNo);
    pos = end + 1;
  }
  return w.finish();
}

class Walker {
  readonly index = emptyParsed();
  private section: Section = null;
  private heading: string | null = null;
  private headingLower = '';
  private project: IndexProject | null = null;
  /** The current heading's entry list, created at its first entry. */
  private list: unknown[] | null = null;
  private readonly knownText: Array<[number, string]> = [];
  private readonly seen: SeenEntries = new Map();
  private readonly store = new EntryStore();
  private skipped = 0;
  /** Each project's relevant tags, lowercased: duplicates dropped in O(1) (§F16). */
  private readonly relevant = new Map<IndexProject, Set<string>>();

  constructor(private readonly lines: IndexLines | null) {}

  private warn(lineNo: number, message: string): void {
    if (this.index.warnings.length < MAX_WARNINGS) this.index.warnings.push(`index.md line ${lineNo}: ${message}`);
    else this.skipped++;
  }

  private enter(section: Section, heading: string | null): void {
    this.section = section;
    this.heading = heading;
    this.headingLower = heading === null ? '' : heading.toLowerCase();
    this.list = null;
  }

  /** One line, trimmed and not empty. */
  line(line: string, lineNo: number): void {
    const { index } = this;
    const h = line.charCodeAt(0) === 35 ? atxHeading(line) : null; // '#': only then can it be a heading
    if (h !== null && h.level === 3 && this.section !== null) {
      this.enter(this.section, h.text);
      if (this.section === 'projects') this.project = addProject(index, h.text);
      return;
    }
    if (h !== null && h.level === 2) {
      this.enter(SECTIONS[sectionName(h.text)] ?? null, null);
      if (this.section === 'team') index.hasTeamSharedSection = true;
      if (this.section === 'known' && this.lines && this.lines.knownTagsLine === null) this.lines.knownTagsLine = lineNo;
      this.project = null;
      return;
    }
    if (h !== null && h.level === 1) {
      this.enter(null, this.heading); // a new top-level document heading ends the current section
      return;
    }
    const section = this.section;
    if (section === null) {
      const rebuilt = afterLabel(line, 'last rebuilt:');
      if (rebuilt && !index.lastRebuilt) {
        index.lastRebuilt = rebuilt;
        if (this.lines) this.lines.lastRebuilt = { line: lineNo, text: rebuilt };
      }
      return;
    }
    // (A `###` heading in a section was read first, above; `####`…`######` are not entries.)
    if (section === 'projects') return this.relevantTags(line);
    if (section === 'known') {
      this.knownText.push([lineNo, bulletText(line) ?? line]); // a bulleted Known Tags line is its item (§F9)
      return;
    }
    const at = bulletStart(line);
    if (at < 0) return this.warn(lineNo, `not an entry line, ignored: "${clip(line)}"`);
    if (this.heading === null || this.heading === '') return this.warn(lineNo, `entry outside a ### heading, ignored: "${clip(line)}"`);
    if (section === 'team') {
      const added = addTeamEntry(index, this.headingLower, line.slice(at), lineNo, (n, message) => this.warn(n, message), this.seen);
      if (added && this.lines) this.lines.entries.push({ line: lineNo, section, heading: this.headingLower, path: added.path, project: added.project });
      return;
    }
    const hints = section === 'hints';
    const entry = entryText(section, line, at);
    if (!entry.path) return this.warn(lineNo, hints ? 'hint entry without a path, ignored' : 'entry without a path, ignored');
    if (this.list === null) {
      const lists = (hints ? index.hints : section === 'tags' ? index.tagIndex : index.otherTags) as Map<string, unknown[]>;
      const key = hints ? this.heading : this.headingLower;
      this.list = lists.get(key) ?? [];
      lists.set(key, this.list);
    }
    this.store.add(this.list, hints, entry.path, entry.description);
    if (this.lines) this.lines.entries.push({ line: lineNo, section, heading: this.headingLower, path: entry.path, project: null });
  }

  /** `Relevant tags: a, b` under a project heading; other lines of a project are informational. */
  private relevantTags(line: string): void {
    const tags = afterLabel(line, 'relevant tags:');
    const project = this.project;
    if (tags === null || !project) return;
    let seen = this.relevant.get(project);
    if (!seen) {
      seen = new Set(project.relevantTags.map((t) => t.toLowerCase()));
      this.relevant.set(project, seen);
    }
    // §F16: duplicates compare case-insensitively, the first spelling is kept.
    for (const raw of tags.split(',')) {
      const tag = raw.trim();
      const key = tag.toLowerCase();
      if (tag !== '' && !seen.has(key)) {
        seen.add(key);
        project.relevantTags.push(tag);
      }
    }
  }

  finish(): Parsed {
    const { index, lines } = this;
    const onItem = lines ? (line: number, tag: string, aliases: string[]) => void lines.knownTags.push({ line, tag, aliases }) : undefined;
    parseKnownTags(this.knownText, index, (n, message) => this.warn(n, message), onItem);
    if (this.skipped > 0) index.warnings.push(notListedLine(this.skipped));
    return index;
  }
}
