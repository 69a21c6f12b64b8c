// §12.8 What a rebuild drops that a person wrote: a generated section is replaced whole (splice.ts),
// so any line in it that is not of the shape the generator writes there (prose, a table, a
// `####` heading, a comment) is lost; `--check` lists each with its line so nothing goes unsaid.
import { afterLabel, atxHeading, bulletStart } from '../index/text';
import { isIsoDate } from '../match/staleness';
import { blocks, GENERATED, rebuiltLineOf, SECTION_TITLES, splitRaw } from './splice';

export interface DroppedLine {
  /** 1-based, as an editor numbers index.md's lines (front matter counted). */
  line: number;
  /** The section it is in, as the rebuild titles it; null before the first section. */
  section: string | null;
  text: string;
}

/** Dropped lines listed; past it they are counted (a hostile index.md could hold millions). */
export const MAX_DROPPED_LISTED = 1000;

/** Whether the generator writes a line of this shape in section `name` (the rebuild's own lines). */
function generatedShape(name: string, text: string): boolean {
  const t = text.trim();
  if (t === '') return true;
  const h = t.charCodeAt(0) === 35 ? atxHeading(t) : null;
  if (h) return h.level === 3;
  if (name === 'stale files') return afterLabel(t, 'last updated:') !== null;
  return bulletStart(text) >= 0;
}

/** The hand-written lines a rebuild of `raw` drops, at most MAX_DROPPED_LISTED, and how many in all. */
export function droppedLines(raw: string): { listed: DroppedLine[]; count: number } {
  const { lines } = splitRaw(raw);
  const listed: DroppedLine[] = [];
  let count = 0;
  const drop = (line: number, section: string | null, text: string) => {
    count++;
    if (listed.length < MAX_DROPPED_LISTED) listed.push({ line, section, text });
  };
  // The `Last rebuilt:` value is the date; hand text after it is kept (splice.ts), any other value is replaced.
  const rebuilt = rebuiltLineOf(lines);
  if (rebuilt !== null) {
    const value = afterLabel(lines[rebuilt - 1].text.trim(), 'last rebuilt:') ?? '';
    if (!isIsoDate(value.slice(0, 10))) drop(rebuilt, null, lines[rebuilt - 1].text);
  }
  let lineNo = 0;
  for (const block of blocks(lines)) {
    const start = lineNo;
    lineNo += block.lines.length;
    const name = block.name;
    if (name === null || !GENERATED.includes(name)) continue;
    // Its `## ` heading (k = 0) is written again; every other line of another shape is lost.
    for (let k = 1; k < block.lines.length; k++)
      if (!generatedShape(name, block.lines[k].text)) drop(start + k + 1, SECTION_TITLES[name], block.lines[k].text);
  }
  return { listed, count };
}
