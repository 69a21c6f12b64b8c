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
  lines: Array<{ heading: string; line: string }>;
  /** The same lines gathered by heading: a heading whose lines are alike before and after changed nothing. */
  byHeading: Map<string, string[]>;
}

/** Each rebuilt section's non-blank lines, keyed by the `### ` heading above them. */
function sectionLines(text: string | readonly Block[]): Map<string, SectionLines> {
  const out = new Map<string, SectionLines>();
  for (const block of typeof text === 'string' ? blocks(splitRaw(text).lines) : text) {
    if (block.name === null || !REBUILT.has(block.name)) continue;
    const section = out.get(block.name) ?? { lines: [], byHeading: new Map<string, string[]>() };
    let heading = '';
    let under = section.byHeading.get(heading);
    for (let i = 1; i < block.lines.length; i++) {
      const line = block.lines[i].text;
      if (line.trim() === '') continue;
      const h = /^###[ \t]/.test(line) ? atxHeading(line) : null;
      if (h) heading = h.text;
      if (h || !under) under = section.byHeading.get(heading) ?? section.byHeading.set(heading, []).get(heading)!;
      under.push(line);
      section.lines.push({ heading, line });
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
  const none: SectionLines = { lines: [], byHeading: new Map() };
  for (const name of [...GENERATED, 'projects']) {
    const was = old.get(name) ?? none;
    const is = now.get(name) ?? none;
    // Lines are matched only under the same heading text, so a heading with the same lines on both
    // sides adds and removes nothing: only the others are counted (most of a rebuild is alike).
    const changed = (heading: string) => !alike(was.byHeading.get(heading), is.byHeading.get(heading));
    const key = (l: { heading: string; line: string }) => `${l.heading}\u0000${l.line}`;
    const oldLines = was.lines.filter((l) => changed(l.heading));
    const counts = new Map<string, number>();
    for (const l of oldLines) counts.set(key(l), (counts.get(key(l)) ?? 0) + 1);
    const added: Array<{ heading: string; line: string }> = [];
    for (const l of is.lines) {
      if (!changed(l.heading)) continue;
      const n = counts.get(key(l)) ?? 0;
      if (n > 0) counts.set(key(l), n - 1);
      else added.push(l);
    }
    const removed = oldLines.filter((l) => {
      const n = counts.get(key(l)) ?? 0;
      if (n === 0) return false;
      counts.set(key(l), n - 1);
      return true;
    });
    const said = ({ heading, line }: { heading: string; line: string }) => {
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
      ({ heading, line }: { heading: string; line: string }) =>
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
