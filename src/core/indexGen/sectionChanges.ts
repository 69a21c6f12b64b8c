// §12.8 What a rebuild changes beyond the pairs: the lines of generated sections (and the derived
// project lines) that differ, each said once, so --check leaves no difference unexplained.
import { atxHeading } from '../index/text';
import { blocks, GENERATED, SECTION_TITLES, splitRaw, type Block } from './splice';

const PER_SECTION = 10;
/** The sections a rebuild writes: the generated ones and the projects' derived lines (Known Tags is re-annotated, not rebuilt). */
const REBUILT = new Set([...GENERATED, 'projects']);
/** The sections whose `### ` headings are tags of the diff's pairs. */
const PAIRED = new Set(['tag index', 'other tags', 'team-shared tag index']);

/** A section's non-blank lines in order, each with the text of the `### ` heading above it. */
interface SectionLines {
  headings: string[];
  lines: string[];
  /** The same lines gathered by heading: a heading whose lines are alike before and after changed nothing. */
  byHeading: Map<string, string[]>;
}

/** Each rebuilt section's non-blank lines, keyed by the `### ` heading above them. */
function sectionLines(text: string | readonly Block[]): Map<string, SectionLines> {
  const out = new Map<string, SectionLines>();
  for (const block of typeof text === 'string' ? blocks(splitRaw(text).lines) : text) {
    if (block.name === null || !REBUILT.has(block.name)) continue;
    const section = out.get(block.name) ?? { headings: [], lines: [], byHeading: new Map<string, string[]>() };
    let heading = '';
    let under = section.byHeading.get(heading);
    for (let i = 1; i < block.lines.length; i++) {
      const line = block.lines[i].text;
      if (line.trim() === '') continue;
      const h = /^###[ \t]/.test(line) ? atxHeading(line) : null;
      if (h) heading = h.text;
      if (h || !under) under = section.byHeading.get(heading) ?? section.byHeading.set(heading, []).get(heading)!;
      under.push(line);
      section.headings.push(heading);
      section.lines.push(line);
    }
    out.set(block.name, section);
  }
  return out;
}

function alike(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The changed lines of each generated section, `Section: removed: line` and `Section: added: line`, except the
 * entry lines of a (heading, path) pair the diff already lists (`explained`: heading → paths).
 */
export function sectionChanges(
  before: string | readonly Block[],
  after: string | readonly Block[],
  explained: ReadonlyMap<string, ReadonlySet<string>>,
): string[] {
  const old = sectionLines(before);
  const now = sectionLines(after);
  const out: string[] = [];
  const none: SectionLines = { headings: [], lines: [], byHeading: new Map() };
  for (const name of [...GENERATED, 'projects']) {
    const was = old.get(name) ?? none;
    const is = now.get(name) ?? none;
    // Lines are matched only under the same heading text, so a heading with the same lines on both
    // sides adds and removes nothing: only the others are counted, each heading on its own.
    const counts = new Map<string, Map<string, number>>();
    for (const heading of new Set([...was.byHeading.keys(), ...is.byHeading.keys()])) {
      const had = was.byHeading.get(heading);
      if (alike(had, is.byHeading.get(heading))) continue;
      const count = new Map<string, number>();
      for (const l of had ?? []) count.set(l, (count.get(l) ?? 0) + 1);
      counts.set(heading, count);
    }
    type At = { heading: string; line: string };
    const added: At[] = [];
    is.lines.forEach((line, i) => {
      const count = counts.get(is.headings[i]);
      if (!count) return;
      const n = count.get(line) ?? 0;
      if (n > 0) count.set(line, n - 1);
      else added.push({ heading: is.headings[i], line });
    });
    const removed: At[] = [];
    was.lines.forEach((line, i) => {
      const count = counts.get(was.headings[i]);
      const n = count?.get(line) ?? 0;
      if (n === 0) return;
      count!.set(line, n - 1);
      removed.push({ heading: was.headings[i], line });
    });
    const said = ({ heading, line }: At) => {
      const paths = explained.get(heading);
      if (!paths) return false;
      if (line.startsWith('###')) return PAIRED.has(name); // a tag heading whose pairs are listed
      if (!line.startsWith('- ')) return false;
      // The path ends at the line's end or at one of its spaces: try each.
      for (let at = line.indexOf(' ', 2); ; at = line.indexOf(' ', at + 1)) {
        if (paths.has(at < 0 ? line.slice(2) : line.slice(2, at))) return true;
        if (at < 0) return false;
      }
    };
    // A line under a `### ` heading is said with it: `Stale Files (path): added: Last updated: …`
    // (a word, not `-`/`+`, which would read as a second bullet before an entry's own `- `).
    const shown =
      (change: string) =>
      ({ heading, line }: At) =>
        `${heading && !line.startsWith('###') ? ` (${heading})` : ''}: ${change}: ${line}`;
    const lines = [
      ...removed.filter((l) => !said(l)).map(shown('removed')),
      ...added.filter((l) => !said(l)).map(shown('added')),
    ];
    for (const l of lines.slice(0, PER_SECTION)) out.push(`${SECTION_TITLES[name]}${l}`);
    if (lines.length > PER_SECTION)
      out.push(`${SECTION_TITLES[name]}: and ${lines.length - PER_SECTION} more changed lines`);
  }
  return out;
}
