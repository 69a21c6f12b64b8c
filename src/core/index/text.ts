// Line-level reading shared by the index parser; each function is linear in its text.

export const SEPARATOR = ' — ';

export type Section = 'projects' | 'known' | 'tags' | 'other' | 'hints' | 'team' | null;

/** A `## ` section's name (§F6) → what the parser reads there; a Map, so `## constructor` is no section. */
export const SECTIONS: ReadonlyMap<string, Section> = new Map<string, Section>([
  ['projects', 'projects'],
  ['known tags', 'known'],
  ['tag index', 'tags'],
  ['other tags', 'other'],
  ['semantic hints index', 'hints'],
  ['team-shared tag index', 'team'],
]);

/** What String.prototype.trim and the regex `\s` strip: WhiteSpace and LineTerminator. */
export function isSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** Whether `s` holds whitespace (what the regex `\s` matches). */
export function hasSpace(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (isSpace(s.charCodeAt(i))) return true;
  return false;
}

/** `-`, `*` or `+` then whitespace (§F3); U+2028 and U+2029 are whitespace inside a line (§F4). */
export function bulletText(line: string): string | null {
  const at = bulletStart(line);
  return at < 0 ? null : line.slice(at);
}

export function bulletStart(line: string): number {
  const c = line.charCodeAt(0);
  if ((c !== 45 && c !== 42 && c !== 43) || line.length < 2 || !isSpace(line.charCodeAt(1))) return -1; // not `-`, `*` or `+` then a space
  let at = 2;
  while (at < line.length && isSpace(line.charCodeAt(at))) at++;
  return at;
}

/** Trimmed by offsets: one string. */
export function trimmedSlice(text: string, from: number, to: number): string {
  while (from < to && isSpace(text.charCodeAt(from))) from++;
  while (to > from && isSpace(text.charCodeAt(to - 1))) to--;
  return from < to ? text.slice(from, to) : '';
}

/** A CommonMark ATX heading, closing `#`s dropped (§F5); `###api` is text. */
export function atxHeading(line: string): { level: number; text: string } | null {
  let level = 0;
  while (level < line.length && line.charCodeAt(level) === 35) level++;
  if (level === 0 || level > 6) return null;
  if (level < line.length) {
    const c = line.charCodeAt(level);
    if (c !== 32 && c !== 9) return null;
  }
  let end = line.length;
  let hashes = end;
  while (hashes > level && line.charCodeAt(hashes - 1) === 35) hashes--;
  if (hashes === level)
    end = level; // only hashes after the opening run: an empty heading
  else if (hashes < end && (line.charCodeAt(hashes - 1) === 32 || line.charCodeAt(hashes - 1) === 9)) end = hashes;
  return { level, text: line.slice(level, end).trim() };
}

/** A `##` heading's text as a section name: case and runs of whitespace do not matter (§F6). */
export function sectionName(text: string): string {
  return text.toLowerCase().split(/\s+/).join(' ');
}

/** The rest after `label` (lowercase ASCII), any case; by char codes, so other lines make no string. */
export function afterLabel(line: string, label: string): string | null {
  if (line.length < label.length) return null;
  for (let i = 0; i < label.length; i++) {
    const want = label.charCodeAt(i);
    const c = line.charCodeAt(i);
    if (c !== want && !(want >= 97 && want <= 122 && c === want - 32)) return null;
  }
  return line.slice(label.length).trim();
}

export function clip(s: string): string {
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

/** `` `path` `` is the path inside the backticks, trimmed (§F18). */
export function stripTicks(p: string): string {
  if (p.charCodeAt(0) !== 96) return p; // no leading backtick: the pattern cannot match
  const m = /^`([^`]*)`$/.exec(p);
  return m ? m[1].trim() : p;
}

/** From the last `[` to the final `]` (an annotation holds no other bracket). */
export function trailingBracket(item: string): { open: number; inner: string } | null {
  const text = item.trimEnd();
  const end = text.length - 1;
  if (end < 0 || text.charCodeAt(end) !== 93) return null;
  const open = text.lastIndexOf('[', end - 1);
  return open < 0 ? null : { open, inner: text.slice(open + 1, end) };
}

/** `key:` (any case, whitespace around it allowed) at the start of `text`: the rest, or null (§F8). */
export function afterKey(text: string, keys: readonly string[]): string | null {
  let from = 0; // a line end inside the brackets reads as a comma: skip those too
  while (from < text.length && (isSpace(text.charCodeAt(from)) || text.charCodeAt(from) === 44)) from++;
  const colon = text.indexOf(':', from);
  if (colon < 0) return null;
  return keys.includes(text.slice(from, colon).trim().toLowerCase()) ? text.slice(colon + 1) : null;
}

/**
 * Where the path ends (§F19), or -1. File names may hold ` — `, so after the first `.md` (any case)
 * if there is one; a trailing ` —` (empty description) also ends it.
 */
export function pathEnd(item: string, from = 0): number {
  const md = mdAt(item, from);
  return separatorFrom(item, md < 0 ? from : md + 3);
}

function mdAt(item: string, from: number): number {
  for (let i = item.indexOf('.', from); i >= 0 && i + 2 < item.length; i = item.indexOf('.', i + 1)) {
    if ((item.charCodeAt(i + 1) | 32) === 109 && (item.charCodeAt(i + 2) | 32) === 100) return i;
  }
  return -1;
}

function separatorFrom(item: string, from: number): number {
  const at = item.indexOf(SEPARATOR, from);
  if (at >= 0) return at;
  const end = item.length - 2; // ` —` at the very end: the description is empty
  return end >= from && item.charCodeAt(end) === 32 && item.charCodeAt(end + 1) === 0x2014 ? end : -1;
}

/** The one place the path/description rule lives (§F19); a hint entry has no description. */
export function entryText(
  section: 'tags' | 'other' | 'hints' | 'team',
  item: string,
  from = 0,
): { path: string; description: string | null } {
  const sep = pathEnd(item, from);
  const path = stripTicks(trimmedSlice(item, from, sep >= 0 ? sep : item.length));
  if (section === 'hints' || sep < 0) return { path, description: null };
  return { path, description: trimmedSlice(item, sep + SEPARATOR.length, item.length) || null };
}

/** Without BOM, CRs and front matter; `first` lines were dropped, so line numbers stay the file's. */
export function walkText(raw: string): { text: string; first: number } {
  let text = withoutBom(raw);
  let first = 0;
  if (text.includes('\r') || text.startsWith('---')) {
    const lines = splitLines(text);
    if (/^---[ \t]*$/.test(lines[0] ?? '')) {
      const close = lines.findIndex((l, i) => i > 0 && /^(---|\.\.\.)[ \t]*$/.test(l));
      if (close > 0) first = close + 1;
    }
    text = (first > 0 ? lines.slice(first) : lines).join('\n');
  }
  return { text, first };
}

const withoutBom = (raw: string) => (raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw);

/** The lines of index.md as the walk numbers them (§F1): only `\n`, `\r\n` and `\r` end one. */
export function splitLines(raw: string): string[] {
  return withoutBom(raw).split(/\r\n|\r|\n/);
}
