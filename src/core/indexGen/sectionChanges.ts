// §12.8 What a rebuild changes beyond the pairs: the lines of generated sections (and the derived
// project lines) that differ, each said once, so --check leaves no difference unexplained.
import { atxHeading } from '../index/text';
import { blocks, GENERATED, SECTION_TITLES, splitRaw } from './splice';

const PER_SECTION = 10;
/** The sections a rebuild writes: the generated ones and the projects' derived lines (Known Tags is re-annotated, not rebuilt). */
const REBUILT = new Set([...GENERATED, 'projects']);
/** The sections whose `### ` headings are tags of the diff's pairs. */
const PAIRED = new Set(['tag index', 'other tags', 'team-shared tag index']);

/** Each section's non-blank lines, keyed by the `### ` heading above them (a line of an entry list is `heading\0line`). */
function sectionLines(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const block of blocks(splitRaw(text).lines)) {
    if (block.name === null || !REBUILT.has(block.name)) continue;
    const list = out.get(block.name) ?? [];
    let heading = '';
    for (const { text: line } of block.lines.slice(1)) {
      if (line.trim() === '') continue;
      const h = /^###[ \t]/.test(line) ? atxHeading(line) : null;
      if (h) heading = h.text;
      list.push(`${heading}\u0000${line}`);
    }
    out.set(block.name, list);
  }
  return out;
}

/**
 * The changed lines of each generated section, `Section: removed: line` and `Section: added: line`, except the
 * entry lines of a (heading, path) pair the diff already lists (`explained`: heading → paths).
 */
export function sectionChanges(
  before: string,
  after: string,
  explained: ReadonlyMap<string, ReadonlySet<string>>,
): string[] {
  const old = sectionLines(before);
  const now = sectionLines(after);
  const out: string[] = [];
  for (const name of [...GENERATED, 'projects']) {
    const counts = new Map<string, number>();
    for (const l of old.get(name) ?? []) counts.set(l, (counts.get(l) ?? 0) + 1);
    const added: string[] = [];
    for (const l of now.get(name) ?? []) {
      const n = counts.get(l) ?? 0;
      if (n > 0) counts.set(l, n - 1);
      else added.push(l);
    }
    const removed = (old.get(name) ?? []).filter((l) => {
      const n = counts.get(l) ?? 0;
      if (n === 0) return false;
      counts.set(l, n - 1);
      return true;
    });
    const said = (l: string) => {
      const [heading, line] = l.split('\u0000');
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
    const shown = (change: string) => (l: string) => {
      const [heading, line] = l.split('\u0000');
      return `${heading && !line.startsWith('###') ? ` (${heading})` : ''}: ${change}: ${line}`;
    };
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
