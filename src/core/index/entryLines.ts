// Every entry line of index.md as columns (its line, section, heading, path and team project), one
// record made only when read: an index of hundreds of thousands of entries keeps a few bytes a
// line for index health instead of an object each, within the parse's memory bound (§F44).
import type { EntryLines, IndexLineEntry, IndexSection } from '../types';

export const SECTIONS: readonly IndexSection[] = ['tags', 'other', 'hints', 'team'];

/** The walk's columns, grown as entry lines come. */
export class EntryLineColumns implements EntryLines {
  private lineNumbers = new Int32Array(256);
  private sections = new Uint8Array(256);
  private readonly headings: string[] = [];
  private readonly paths: string[] = [];
  /** Team-shared entries only: record number → its `[project: …]`. */
  private readonly projects = new Map<number, string>();
  length = 0;

  push(entry: IndexLineEntry): void {
    const i = this.length;
    if (i === this.lineNumbers.length) {
      this.lineNumbers = grown(this.lineNumbers, new Int32Array(i * 2));
      this.sections = grown(this.sections, new Uint8Array(i * 2));
    }
    this.lineNumbers[i] = entry.line;
    this.sections[i] = SECTIONS.indexOf(entry.section);
    this.headings.push(entry.heading);
    this.paths.push(entry.path);
    if (entry.project !== null) this.projects.set(i, entry.project);
    this.length = i + 1;
  }

  at(i: number): IndexLineEntry {
    return {
      line: this.lineNumbers[i],
      section: SECTIONS[this.sections[i]],
      heading: this.headings[i],
      path: this.paths[i],
      project: this.projects.get(i) ?? null,
    };
  }

  *[Symbol.iterator](): Iterator<IndexLineEntry> {
    for (let i = 0; i < this.length; i++) yield this.at(i);
  }
}

function grown<T extends Int32Array | Uint8Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

/** Entry lines read by record number from elsewhere (an image's columns). */
export class EntryLinesView implements EntryLines {
  constructor(
    readonly length: number,
    private readonly record: (i: number) => IndexLineEntry,
  ) {}

  at(i: number): IndexLineEntry {
    return this.record(i);
  }

  *[Symbol.iterator](): Iterator<IndexLineEntry> {
    for (let i = 0; i < this.length; i++) yield this.record(i);
  }
}
