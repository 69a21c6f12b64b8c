// §12.9 A rebuild held to its readers' bounds: one note lists at most so many tags and hints, and
// a rebuild that the readers would refuse (over 64 MB, or over §F44's item budget) is never made,
// so no write, forced or not, leaves an index.md that every reader refuses.
import { indexItemBudget, MAX_INDEX_BYTES } from '../limits';
import { countText } from '../present/plural';
import { staleMonths, writableHeading, writablePath, writableTag, type GenSettings } from './model';
import type { ScannedNote } from './read';
import { blocks, GENERATED, splitRaw } from './splice';

/** Tags one note contributes (its path-derived project tag besides); no real note comes near. */
export const MAX_NOTE_TAGS = 500;
/** Semantic hints one note contributes. */
export const MAX_NOTE_HINTS = 500;

/** The note with at most MAX_NOTE_TAGS tags and MAX_NOTE_HINTS hints, and the warning naming it when it had more. */
export function capNote(note: ScannedNote): { note: ScannedNote; warning: string | null } {
  const tags = note.ownTags.length;
  const hints = note.hints.length;
  if (tags <= MAX_NOTE_TAGS && hints <= MAX_NOTE_HINTS) return { note, warning: null };
  const ownTags = note.ownTags.slice(0, MAX_NOTE_TAGS);
  const capped: ScannedNote = {
    ...note,
    ownTags,
    tags: note.project && !ownTags.includes(note.project) ? [...ownTags, note.project] : ownTags,
    hints: note.hints.slice(0, MAX_NOTE_HINTS),
  };
  const over = [
    tags > MAX_NOTE_TAGS ? `${countText(tags)} tags` : '',
    hints > MAX_NOTE_HINTS ? `${countText(hints)} semantic hints` : '',
  ].filter(Boolean);
  return {
    note: capped,
    warning:
      `${note.path} declares ${over.join(' and ')}: only the first ${MAX_NOTE_TAGS} tags and ` +
      `${MAX_NOTE_HINTS} hints of a note are indexed; the rest are left out`,
  };
}

/** How large the rebuild would be, and which notes make it so. */
export interface RebuildSize {
  bytes: number;
  items: number;
  /** Bytes of index.md a rebuild carries (everything but its generated sections). */
  carried: number;
  /** The notes that contribute most, largest first. */
  top: Array<{ path: string; bytes: number; tags: number; hints: number }>;
}

const utf8 = (s: string) => Buffer.byteLength(s, 'utf8');
/** `### ` + a heading + its line end, and the blank line before it. */
const HEADING = 6;
/** `- ` + ` — ` (an em dash is 3 bytes) + the line end. */
const ENTRY = 8;
/** ` (no tags in frontmatter)` after an untagged note's entry. */
const UNTAGGED = 25;
/** A Stale Files line but for its numbers' digits. */
const STALE = 64;
/** Each generated section's heading and blank lines, and a project's derived lines. */
const SECTION = 64;

/**
 * The rebuild's size in bytes and its §F44 items (entries and the lists their headings open),
 * from the notes, before any of it is built; it stops counting new headings once past the caps,
 * so what it holds stays below what the rebuild would hold.
 */
export function rebuildSize(
  notes: readonly ScannedNote[],
  raw: string | null,
  projects: number,
  settings: GenSettings,
): RebuildSize {
  const carried = carriedBytes(raw);
  let bytes = carried + SECTION * (GENERATED.length + projects);
  let items = 0;
  const headings = new Set<string>();
  const maxItems = indexItemBudget(MAX_INDEX_BYTES);
  const per: RebuildSize['top'] = [];
  const heading = (key: string, text: string): number => {
    if (headings.has(key) || bytes > MAX_INDEX_BYTES || items > maxItems) return 0;
    headings.add(key);
    items++;
    return HEADING + utf8(text);
  };
  for (const note of notes) {
    if (!writablePath(note.path, note.description)) continue;
    const pathBytes = utf8(note.path);
    const entry = ENTRY + pathBytes + utf8(note.description);
    let mine = note.tags.length === 0 ? entry + UNTAGGED : 0;
    // `### path`, then `Last updated: D (N months ago) — threshold: M months`
    if (staleMonths(note.lastUpdated, settings) !== null) mine += HEADING + pathBytes + STALE;
    if (note.tier !== 'team')
      for (const phrase of note.hints)
        if (writableHeading(phrase)) {
          mine += heading(`h\u0000${phrase}`, phrase) + 3 + pathBytes;
          items++;
        }
    const team = note.tier === 'team' ? utf8(` [project: ${note.project}, scope: ${note.scope}]`) : 0;
    for (const tag of note.tags)
      if (writableTag(tag)) {
        mine += heading(`${note.tier === 'team' ? 't' : 'i'}\u0000${tag}`, tag) + entry + team;
        items++;
      }
    bytes += mine;
    per.push({ path: note.path, bytes: mine, tags: note.tags.length, hints: note.hints.length });
  }
  headings.clear();
  const top = per.sort((a, b) => b.bytes - a.bytes).slice(0, 5);
  return { bytes, items, carried, top };
}

/** Bytes of index.md outside its generated sections: what a rebuild carries. */
function carriedBytes(raw: string | null): number {
  if (raw === null) return 1024; // the title, Known Tags' seed vocabulary, Last rebuilt
  let generated = 0;
  for (const block of blocks(splitRaw(raw).lines))
    if (block.name !== null && GENERATED.includes(block.name))
      for (const line of block.lines) generated += utf8(line.text) + line.eol.length;
  return utf8(raw) - generated;
}

/** Why a rebuild of this size may not be made (null: it may), naming the notes that contribute most. */
export function overReadersCap(
  size: { bytes: number; items: number; chars?: number },
  counted: Pick<RebuildSize, 'top' | 'carried'>,
): string | null {
  const top = counted.top;
  const budget = indexItemBudget(size.chars ?? size.bytes);
  if (size.bytes <= MAX_INDEX_BYTES && size.items <= budget) return null;
  const mb = (n: number) => `${(n / (1024 * 1024)).toFixed(1)} MB`;
  const sizeText = (n: number) => (n < 1024 * 1024 ? `${Math.ceil(n / 1024)} KB` : mb(n));
  const what =
    size.bytes > MAX_INDEX_BYTES
      ? `more than ${MAX_INDEX_BYTES / (1024 * 1024)} MB (at least ${mb(size.bytes)})`
      : `more entries and lists than an index.md of its size may declare (at most ${countText(budget)})`;
  const notes = top
    .map((t) => `${t.path} (${sizeText(t.bytes)}: ${countText(t.tags)} tags, ${countText(t.hints)} hints)`)
    .join(', ');
  // What index.md carries counts too: when it is most of the rebuild, the notes are not the cause.
  const carried =
    counted.carried * 2 > size.bytes || !notes
      ? ` index.md's own sections, which a rebuild carries (Known Tags, Entities, …), are ${sizeText(counted.carried)} of it: trim them there.`
      : '';
  const why = notes
    ? `The notes that contribute most: ${notes}. Give them fewer tags or hints, or move them out of the scanned folders.${carried}`
    : carried.trim();
  return `the rebuild would be ${what}, which no reader of index.md accepts: nothing may be written, even with --force. ${why.replace(/\.$/, '')}`;
}
