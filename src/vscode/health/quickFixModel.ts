// Quick fixes for index.md's problems, as plain data: each takes the buffer's text as it is now
// (never what was on disk when the problem was found), checks that the line still says what
// the problem was about, and returns the one edit that fixes it, or null. The editor applies
// the edit to the buffer and the user saves (quickFixes.ts); nothing here reads or writes a file.
import { parseIndex, type IndexLineEntry, type NoteFacts } from '../../core';

/** One replacement: lines [startLine, endLine) of the buffer (0-based) become `text`. */
export interface LineEdit {
  startLine: number;
  endLine: number;
  /** Whole lines, each ending with the buffer's line break (none after the buffer's last line). */
  text: string;
  /** When the replaced lines run to the end of the buffer: the last line has no line break. */
  toEnd: boolean;
}

export interface QuickFix {
  title: string;
  edit: LineEdit;
}

interface Buffer {
  lines: string[];
  eol: string;
  entries: IndexLineEntry[];
  knownTags: Set<string>;
}

function buffer(text: string): Buffer {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const parsed = parseIndex(text).lines;
  return {
    lines: text.split(eol),
    eol,
    entries: [...parsed.entries],
    knownTags: new Set(parsed.knownTags.map((t) => t.tag)),
  };
}

/** The listing on a 1-based line, when that line is still one (Tag Index or Other Tags). */
function listingAt(b: Buffer, line: number): IndexLineEntry | undefined {
  return b.entries.find((e) => e.line === line && (e.section === 'tags' || e.section === 'other'));
}

/**
 * Removes a duplicate listing, or a listing whose file is missing: the line goes. `expected`:
 * the line's text when the problem was found; a line that says something else now gets no fix.
 */
export function removeEntryFix(
  text: string,
  line: number,
  why: 'duplicate' | 'missing',
  expected?: string,
): QuickFix | null {
  const b = buffer(text);
  const entry = b.entries.find((e) => e.line === line);
  if (!entry || (expected !== undefined && b.lines[line - 1]?.trim() !== expected.trim())) return null;
  // A duplicate is only one while another listing of the path stays under the same heading.
  if (
    why === 'duplicate' &&
    !b.entries.some(
      (e) =>
        e !== entry &&
        e.section === entry.section &&
        e.heading === entry.heading &&
        samePath(e.path, entry.path) &&
        e.project === entry.project,
    )
  )
    return null;
  const next = b.lines.filter((_, i) => i !== line - 1);
  const title =
    why === 'duplicate'
      ? `Remove the duplicate listing of ${entry.path}`
      : `Remove the listing of missing ${entry.path} under ${entry.heading}`;
  return { title, edit: lineEdit(b, next) };
}

/** Lists a note that is not indexed under each of its front-matter tags. */
export function addNoteFix(text: string, note: NoteFacts): QuickFix | null {
  if (note.tags.length === 0) return null;
  const b = buffer(text);
  const listed = new Set(b.entries.filter((e) => samePath(e.path, note.rel)).map((e) => e.heading));
  const missing = note.tags.filter((t) => !listed.has(t));
  if (missing.length === 0) return null;
  const line = `- ${note.rel} — ${note.description}`;
  let lines = b.lines;
  for (const tag of missing) lines = withListing(lines, tag, line, b.knownTags.has(tag));
  return { title: `Add ${note.rel} to the index under ${missing.join(', ')}`, edit: lineEdit(b, lines) };
}

/**
 * Makes a note's listings match its front matter: a listing under a tag the note no longer has
 * goes; one is added under each tag it has gained (a copy of its first listing's line).
 */
export function updateEntryFix(text: string, line: number, note: NoteFacts): QuickFix | null {
  const b = buffer(text);
  const first = listingAt(b, line);
  if (!first || !samePath(first.path, note.rel)) return null;
  const listings = b.entries.filter(
    (e) => (e.section === 'tags' || e.section === 'other') && samePath(e.path, note.rel),
  );
  const gone = new Set(listings.filter((e) => !note.tags.includes(e.heading)).map((e) => e.line - 1));
  const have = new Set(listings.map((e) => e.heading));
  const added = note.tags.filter((t) => !have.has(t));
  if (gone.size === 0 && added.length === 0) return null;
  const copy = b.lines[first.line - 1].trim();
  let lines = b.lines.filter((_, i) => !gone.has(i));
  for (const tag of added) lines = withListing(lines, tag, copy, b.knownTags.has(tag));
  const parts = [
    added.length ? `add ${added.join(', ')}` : '',
    gone.size
      ? `remove ${listings
          .filter((e) => gone.has(e.line - 1))
          .map((e) => e.heading)
          .join(', ')}`
      : '',
  ].filter(Boolean);
  return { title: `Update ${note.rel} from its front matter: ${parts.join(', ')}`, edit: lineEdit(b, lines) };
}

function samePath(a: string, b: string): boolean {
  return a.replace(/^\.\//, '') === b;
}

/**
 * `line` added at the end of `### tag`'s list in Tag Index (a known tag) or Other Tags; a
 * heading that is not there is added in name order, and a missing section at the end.
 */
function withListing(lines: string[], tag: string, line: string, known: boolean): string[] {
  const sectionName = known ? 'tag index' : 'other tags';
  const h2 = (l: string) => /^##\s/.test(l) && !/^###/.test(l);
  const start = lines.findIndex((l) => h2(l) && l.slice(2).trim().toLowerCase() === sectionName);
  if (start < 0) {
    let end = lines.length;
    while (end > 0 && lines[end - 1].trim() === '') end--;
    return [...lines.slice(0, end), '', `## ${known ? 'Tag Index' : 'Other Tags'}`, '', `### ${tag}`, line, ''];
  }
  let end = lines.findIndex((l, i) => i > start && h2(l));
  if (end < 0) end = lines.length;
  // The tag's heading in this section, or the first heading after it by name.
  let heading = -1;
  let before = -1;
  for (let i = start + 1; i < end; i++) {
    const m = /^###\s+(.+?)\s*$/.exec(lines[i]);
    if (!m) continue;
    const name = m[1].toLowerCase();
    if (name === tag) heading = i;
    else if (before < 0 && heading < 0 && name > tag) before = i;
  }
  if (heading >= 0) {
    let last = heading;
    for (let i = heading + 1; i < end && !/^#/.test(lines[i]); i++) if (lines[i].trim() !== '') last = i;
    return [...lines.slice(0, last + 1), line, ...lines.slice(last + 1)];
  }
  if (before >= 0) return [...lines.slice(0, before), `### ${tag}`, line, '', ...lines.slice(before)];
  let last = end;
  while (last > start + 1 && lines[last - 1].trim() === '') last--;
  const block = [...(lines[last - 1]?.trim() === '' || last === start + 1 ? [] : ['']), `### ${tag}`, line];
  return [...lines.slice(0, last), ...block, ...lines.slice(last)];
}

/** The smallest run of whole lines that turns the buffer's lines into `next`. */
export function lineEdit(b: Pick<Buffer, 'lines' | 'eol'>, next: readonly string[]): LineEdit {
  const old = b.lines;
  let head = 0;
  while (head < old.length && head < next.length && old[head] === next[head]) head++;
  let tail = 0;
  while (
    tail < old.length - head &&
    tail < next.length - head &&
    old[old.length - 1 - tail] === next[next.length - 1 - tail]
  )
    tail++;
  const endLine = old.length - tail;
  const replaced = next.slice(head, next.length - tail);
  if (tail > 0) return { startLine: head, endLine, text: replaced.map((l) => l + b.eol).join(''), toEnd: false };
  // To the end: the replaced run starts at the line before, so the line break before it can go too.
  const start = Math.max(0, head - 1);
  return { startLine: start, endLine, text: next.slice(start).join(b.eol), toEnd: true };
}

/** The buffer's text after an edit (what the editor will show; for tests). */
export function applyLineEdit(text: string, edit: LineEdit): string {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = text.split(eol);
  const head = lines
    .slice(0, edit.startLine)
    .map((l) => l + eol)
    .join('');
  const tail = edit.toEnd ? '' : lines.slice(edit.endLine).join(eol);
  return head + edit.text + tail;
}

/**
 * How a quick fix reaches the user. With auto-save on (VS Code for the web's default is
 * `afterDelay`), an edit of the buffer would be on disk a moment later without the user saving,
 * so the fix opens in the Refactor Preview first: nothing changes until the user applies it there.
 * With auto-save off the buffer is the preview: it changes and waits for a save.
 */
export function fixDelivery(autoSave: string | undefined): { review: boolean; titleNote: string } {
  const review = (autoSave ?? 'off') !== 'off';
  return { review, titleNote: review ? ' (preview first: auto-save is on)' : '' };
}
