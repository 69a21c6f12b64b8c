// Every entry line of index.md as columns (its line, section, heading, path and team project), one
// record made only when read: an index of hundreds of thousands of entries keeps a few bytes a
// line for index health instead of an object each, within the parse's memory bound (§F44).
import type { EntryLines, IndexLineEntry, IndexSection } from '../types';

const CHUNK_BITS = 13;
const CHUNK_MASK = (1 << CHUNK_BITS) - 1;

export const SECTIONS: readonly IndexSection[] = ['tags', 'other', 'hints', 'team'];

/** The walk's columns, grown as entry lines come. */
export class EntryLineColumns implements EntryLines {
  private lineNumbers = new Int32Array(256);
  /**
   * Runs of records under one `###` heading: the first record's number, its section and heading.
   * A run opens at its first entry, so headings without entries cost nothing.
   */
  private readonly runStarts: number[] = [];
  private readonly runSections: number[] = [];
  private readonly runHeadings: string[] = [];
  private nextSection = -1;
  private nextHeading = '';
  /** Paths in fixed chunks: a growing array would copy itself, twice its size for a moment, at the parse's peak. */
  private readonly pathChunks: string[][] = [];
  private chunk: string[] = [];
  /** Team-shared entries only: record number → its `[project: …]`. */
  private readonly projects = new Map<number, string>();
  length = 0;

  /** The entries pushed from now on are under this section and heading. */
  under(section: IndexSection, heading: string): void {
    this.nextSection = SECTIONS.indexOf(section);
    this.nextHeading = heading;
  }

  /** One entry line: little work each, as a one-shot CLI run walks this cold. */
  push(line: number, path: string): void {
    const i = this.length;
    if (this.nextSection >= 0) this.openRun(i);
    if (i === this.lineNumbers.length) this.lineNumbers = grown(this.lineNumbers, new Int32Array(i * 2));
    this.lineNumbers[i] = line;
    if ((i & CHUNK_MASK) === 0) this.pathChunks.push((this.chunk = new Array<string>(1 << CHUNK_BITS)));
    this.chunk[i & CHUNK_MASK] = path;
    this.length = i + 1;
  }

  /** A team-shared entry line, with its project. */
  pushTeam(line: number, path: string, project: string | null): void {
    if (project !== null) this.projects.set(this.length, project);
    this.push(line, path);
  }

  private openRun(i: number): void {
    this.runStarts.push(i);
    this.runSections.push(this.nextSection);
    this.runHeadings.push(this.nextHeading);
    this.nextSection = -1;
  }

  /** Each record's columns, for an image to copy without making a record each. */
  eachColumns(
    use: (i: number, line: number, section: number, heading: string, path: string, project: string | null) => void,
  ): void {
    let run = 0;
    for (let i = 0; i < this.length; i++) {
      while (run + 1 < this.runStarts.length && this.runStarts[run + 1] <= i) run++;
      use(
        i,
        this.lineNumbers[i],
        this.runSections[run],
        this.runHeadings[run],
        this.pathChunks[i >> CHUNK_BITS][i & CHUNK_MASK],
        this.projects.get(i) ?? null,
      );
    }
  }

  at(i: number): IndexLineEntry {
    const run = this.runOf(i);
    return {
      line: this.lineNumbers[i],
      section: SECTIONS[this.runSections[run]],
      heading: this.runHeadings[run],
      path: this.pathChunks[i >> CHUNK_BITS][i & CHUNK_MASK],
      project: this.projects.get(i) ?? null,
    };
  }

  *[Symbol.iterator](): Iterator<IndexLineEntry> {
    for (let i = 0; i < this.length; i++) yield this.at(i);
  }

  /** The run holding record `i`: the last run starting at or before it. */
  private runOf(i: number): number {
    const starts = this.runStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= i) lo = mid;
      else hi = mid - 1;
    }
    return lo;
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
