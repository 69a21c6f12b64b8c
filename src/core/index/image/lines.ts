// The line records in an image: the entry lines as columns of string ids (one per entry line of
// index.md), the few others as plain data; a reader decodes them only when index health asks.
import type { IndexLines } from '../../types';
import { EntryLineColumns, EntryLinesView, SECTIONS } from '../entryLines';
import { CorruptImageError, type StringsBuilder, type StringsView } from './strings';

export interface LinesImage {
  line: Int32Array;
  section: Uint8Array;
  heading: Int32Array;
  path: Int32Array;
  /** A string id, or -1 for none. */
  project: Int32Array;
}

/** Everything but the entries (a few thousand records at most), kept with the image's small sections. */
export type SmallLines = Omit<IndexLines, 'entries'>;

/** The entries as columns; the rest as plain data, copied by the caller with the other small sections. */
export function compactLines(lines: IndexLines, strings: StringsBuilder): { columns: LinesImage; small: SmallLines } {
  const n = lines.entries.length;
  const out: LinesImage = {
    line: new Int32Array(n),
    section: new Uint8Array(n),
    heading: new Int32Array(n),
    path: new Int32Array(n),
    project: new Int32Array(n),
  };
  const { entries: _entries, ...small } = lines;
  const put = (i: number, line: number, section: number, heading: string, path: string, project: string | null) => {
    out.line[i] = line;
    out.section[i] = section;
    out.heading[i] = strings.id(heading);
    out.path[i] = strings.id(path);
    out.project[i] = project === null ? -1 : strings.id(project);
  };
  // The walk's columns are copied as they are; records from elsewhere one by one.
  if (lines.entries instanceof EntryLineColumns) lines.entries.eachColumns(put);
  else
    for (let i = 0; i < n; i++) {
      const e = lines.entries.at(i);
      put(i, e.line, SECTIONS.indexOf(e.section), e.heading, e.path, e.project);
    }
  return { columns: out, small };
}

export function linesFromImage(image: LinesImage, small: SmallLines, strings: StringsView): IndexLines {
  const entries = new EntryLinesView(image.line.length, (i) => {
    const section = SECTIONS[image.section[i]];
    if (section === undefined) throw new CorruptImageError();
    return {
      line: image.line[i],
      section,
      heading: strings.get(image.heading[i]),
      path: strings.get(image.path[i]),
      project: strings.orNull(image.project[i]),
    };
  });
  return { ...small, entries };
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isLine = (v: unknown): v is number => Number.isSafeInteger(v);

/** Whether a value read back from a cache file has the shape of a LinesImage (validate.ts). */
export function openableLines(l: LinesImage, s: SmallLines): boolean {
  const n = l.line instanceof Int32Array ? l.line.length : -1;
  const ints = (a: unknown) => a instanceof Int32Array && a.length === n;
  return (
    s !== null &&
    typeof s === 'object' &&
    n >= 0 &&
    l.section instanceof Uint8Array &&
    l.section.length === n &&
    ints(l.heading) &&
    ints(l.path) &&
    ints(l.project) &&
    (s.lastRebuilt === null || (isLine(s.lastRebuilt.line) && isString(s.lastRebuilt.text))) &&
    Array.isArray(s.knownTags) &&
    s.knownTags.every(
      (k) => isLine(k.line) && isString(k.tag) && Array.isArray(k.aliases) && k.aliases.every(isString),
    ) &&
    (s.knownTagsLine === null || isLine(s.knownTagsLine)) &&
    Array.isArray(s.problems) &&
    s.problems.every((p) => isLine(p.line) && isString(p.message)) &&
    isLine(s.problemCount)
  );
}
