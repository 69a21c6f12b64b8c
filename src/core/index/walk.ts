// The one reader of index.md's lines, problem lines warned about in line order. Lists are created
// at their first entry line, so the order of tags and phrases never depends on what is stored.
// Every item kept counts against the item budget (§F44): the heap grows at most linearly in index.md.
import { indexItemBudget, indexItemsOver, MAX_INDEX_WARNINGS } from '../limits';
import { EntryStore } from './entryStore';
import { emptyLines, emptyLists, MAX_PROBLEM_LINES, notListedLine } from './parsed';
import { withTables } from './lookups';
import { addProject, addTeamEntry, parseKnownTags, type SeenEntries } from './sections';
import type { IndexProject, KnowledgeIndex } from '../types';
import {
  afterLabel,
  atxHeading,
  bulletStart,
  bulletText,
  clip,
  entryText,
  SECTIONS,
  sectionName,
  trimmedSlice,
  type Section,
} from './text';

/**
 * Walks `text` (walkText's), whose first line is line `first + 1` of the file; `chars`: index.md's
 * length (§F44). The index it returns holds its line records and its lookup tables.
 */
export function walkIndex(text: string, first: number, chars = text.length): KnowledgeIndex {
  const w = new Walker(indexItemBudget(chars));
  let lineNo = first;
  for (let pos = 0; pos < text.length;) {
    let end = text.indexOf('\n', pos);
    if (end < 0) end = text.length;
    lineNo++;
    // No line is too long to be an entry (§F2): every step of line() is linear in the line.
    const line = trimmedSlice(text, pos, end);
    if (line) w.line(line, lineNo);
    pos = end + 1;
  }
  return w.finish();
}

class Walker {
  readonly index = emptyLists();
  readonly lines = emptyLines();
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
  /** Items kept (§F44), and the line of the first one dropped. */
  private used = 0;
  private over = 0;

  constructor(private readonly budget: number) {}

  private take(lineNo: number): boolean {
    return this.room(lineNo, 1) === 1;
  }

  private room(lineNo: number, n: number): number {
    const fits = Math.min(n, this.budget - this.used);
    this.used += fits;
    if (fits < n && this.over === 0) this.over = lineNo;
    return fits;
  }

  private readonly warn = (lineNo: number, message: string): void => {
    const lines = this.lines;
    if (lines.problems.length < MAX_PROBLEM_LINES) lines.problems.push({ line: lineNo, message });
    lines.problemCount++;
    if (this.index.warnings.length < MAX_INDEX_WARNINGS)
      this.index.warnings.push(`index.md line ${lineNo}: ${message}`);
    else this.skipped++;
  };

  private enter(section: Section, heading: string | null): void {
    this.section = section;
    this.heading = heading;
    this.headingLower = heading === null ? '' : heading.toLowerCase();
    this.list = null;
    // The entry lines that follow are under this heading (entryLines.ts opens their run at the first).
    if (heading !== null && section !== null && section !== 'known' && section !== 'projects')
      this.lines.entries.under(section, this.headingLower);
  }

  line(line: string, lineNo: number): void {
    const { index } = this;
    const h = line.charCodeAt(0) === 35 ? atxHeading(line) : null; // '#': only then can it be a heading
    if (h !== null && h.level === 3 && this.section !== null) {
      this.enter(this.section, h.text);
      if (this.section === 'projects') this.project = this.take(lineNo) ? addProject(index, h.text) : null;
      return;
    }
    if (h !== null && h.level === 2) {
      this.enter(SECTIONS.get(sectionName(h.text)) ?? null, null);
      if (this.section === 'team') index.hasTeamSharedSection = true;
      if (this.section === 'known' && this.lines.knownTagsLine === null) this.lines.knownTagsLine = lineNo;
      this.project = null;
      return;
    }
    if (h !== null && h.level === 1) {
      this.enter(null, this.heading); // a new top-level document heading ends the current section
      return;
    }
    // §F5 `####`…`######` are not entries, in Known Tags too: warned, they declare nothing.
    if (h !== null && this.section === 'known')
      return this.warn(
        lineNo,
        `a level-${h.level} heading in Known Tags is not a list of tags, ignored: "${clip(line)}"`,
      );
    const section = this.section;
    if (section === null) {
      const rebuilt = afterLabel(line, 'last rebuilt:');
      if (rebuilt && !index.lastRebuilt) {
        index.lastRebuilt = rebuilt;
        this.lines.lastRebuilt = { line: lineNo, text: rebuilt };
      }
      return;
    }
    // (A `###` heading in a section was read first, above; `####`…`######` are not entries.)
    if (section === 'projects') return this.relevantTags(line, lineNo);
    if (section === 'known') {
      if (this.take(lineNo)) this.knownText.push([lineNo, bulletText(line) ?? line]); // a bulleted Known Tags line is its item (§F9)
      return;
    }
    const at = bulletStart(line);
    if (at < 0) return this.warn(lineNo, `not an entry line, ignored: "${clip(line)}"`);
    if (this.heading === null || this.heading === '')
      return this.warn(lineNo, `entry outside a ### heading, ignored: "${clip(line)}"`);
    // An entry line is an item, and so is the list its heading opens (§F44).
    if (!this.take(lineNo)) return;
    if (section === 'team') {
      const fresh = !index.teamShared.has(this.headingLower);
      const added = addTeamEntry(index, this.headingLower, line.slice(at), lineNo, this.warn, this.seen);
      if (added && fresh) this.used++;
      if (added) this.lines.entries.pushTeam(lineNo, added.path, added.project);
      return;
    }
    const hints = section === 'hints';
    const entry = entryText(section, line, at);
    if (!entry.path)
      return this.warn(lineNo, hints ? 'hint entry without a path, ignored' : 'entry without a path, ignored');
    if (this.list === null) {
      const lists = (hints ? index.hints : section === 'tags' ? index.tagIndex : index.otherTags) as Map<
        string,
        unknown[]
      >;
      const key = hints ? this.heading : this.headingLower;
      const list = lists.get(key);
      if (list === undefined) this.used++;
      this.list = list ?? [];
      lists.set(key, this.list);
    }
    this.store.add(this.list, hints, entry.path, entry.description);
    this.lines.entries.push(lineNo, entry.path);
  }

  /** `Relevant tags: a, b` under a project heading; other lines of a project are informational. */
  private relevantTags(line: string, lineNo: number): void {
    const tags = afterLabel(line, 'relevant tags:');
    const project = this.project;
    if (tags === null || !project) return;
    let seen = this.relevant.get(project);
    if (!seen) {
      seen = new Set(project.relevantTags.map((t) => t.toLowerCase()));
      this.relevant.set(project, seen);
    }
    // §F16: duplicates compare case-insensitively, the first spelling is kept.
    for (const part of tags.split(',')) {
      const tag = part.trim();
      const key = tag.toLowerCase();
      if (tag !== '' && !seen.has(key) && this.take(lineNo)) {
        seen.add(key);
        project.relevantTags.push(tag);
      }
    }
  }

  finish(): KnowledgeIndex {
    const { index, lines } = this;
    const onItem = (line: number, tag: string, aliases: readonly string[]) =>
      void lines.knownTags.push({ line, tag, aliases });
    parseKnownTags(this.knownText, index, this.warn, (n, count) => this.room(n, count), onItem);
    if (this.over > 0) {
      const over = indexItemsOver(this.over, this.budget);
      index.warnings.push(over); // listed even past the cap
      lines.problems.push({ line: this.over, message: over.replace(/^index\.md line \d+: /, '') });
      lines.problemCount++;
    }
    if (this.skipped > 0) index.warnings.push(notListedLine(this.skipped));
    return withTables(index, lines);
  }
}
