// §12.2 The one reader of a note's head, as aria's own tools read it: the front matter after any
// leading blank lines and HTML comments (aria ships notes that open with a comment), its keys
// matched as aria matches them (lowercase `tags:`), and the title: the first `# ` heading outside
// code fences and HTML comments. The generator, check --drift, the project tier, ideas and the
// editor's note facts all read notes through it, so no two of them disagree about a note.
import { NOTE_HEAD_BYTES, parseFrontMatter, stringList, type FrontMatterData } from '../config/frontMatter';
import { atxHeading } from '../index/text';
import type { HeadRead } from './noteHeads';

export interface NoteHead {
  /** The front matter's mapping (own keys only), or null when there is none or it was not read. */
  data: FrontMatterData | null;
  /** The front matter's lines as written (values a YAML library would change are read from them). */
  yaml: string | null;
  /** The first `# ` heading outside code fences and HTML comments, its whole line (U+2028 is no line end). */
  title: string | null;
  /** `tags:` as written, trimmed, once each in order. */
  tags: string[];
  /** `semantic-hints:` (or `semantic_hints:`) as written. */
  hints: string[];
  /** Why the front matter, or one of its keys, was not read. */
  problem: string | null;
}

/** CommonMark's line ends only: U+2028 and U+2029 are characters of a line (§F4). */
const LINE_END = /\r\n|\r|\n/;

/** Keys read from a note, as aria's shell tools and /index write and match them (case-sensitive). */
const READ_KEYS = ['tags', 'semantic-hints', 'semantic_hints'];

/** The head of a note (its first bytes, as the reader returned them) as every surface reads it. */
export function noteHead(raw: string): NoteHead {
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  const lines = text.split(LINE_END);
  const lead = leadingLines(lines);
  if (lead.openComment !== null) {
    const hidden = lines.slice(lead.openComment).some((l) => /^---[ \t]*$/.test(l));
    const problem = hidden
      ? 'an HTML comment at its top is never closed (`-->`): the front matter in it is not read'
      : null;
    return empty(lines, 0, problem);
  }
  if (!(lines[lead.at] ?? '').startsWith('---')) return empty(lines, lead.at, lateBlock(lines, lead.at));
  const fm = parseFrontMatter(lead.at === 0 ? text : lines.slice(lead.at).join('\n'));
  const data = fm.data;
  const problems = fm.problem ? [fm.problem] : [];
  if (data) for (const key of Object.keys(data)) if (miscased(key)) problems.push(miscasedProblem(key));
  return {
    data,
    yaml: fm.yaml,
    title: noteTitle(fm.body.split('\n'), 0),
    tags: unique(stringList(own(data, 'tags'))),
    hints: unique(stringList(own(data, 'semantic-hints') ?? own(data, 'semantic_hints'))),
    problem: problems.length ? problems.join('; ') : null,
  };
}

/** Reads a note's head through `read` (the reader's rules); a note it cannot read says why. */
export function readNoteHead(
  absPath: string,
  read: (abs: string, maxBytes: number) => HeadRead,
  maxBytes = NOTE_HEAD_BYTES,
): NoteHead {
  const head = read(absPath, maxBytes);
  if (!head.ok)
    return { data: null, yaml: null, title: null, tags: [], hints: [], problem: `cannot be read: ${head.reason}` };
  return noteHead(head.text);
}

/** A key's own value: a key named like an Object.prototype member is a key like any other. */
export function own(data: FrontMatterData | null, key: string): unknown {
  return data !== null && Object.hasOwn(data, key) ? data[key] : undefined;
}

function empty(lines: string[], from: number, problem: string | null): NoteHead {
  return { data: null, yaml: null, title: noteTitle(lines, from), tags: [], hints: [], problem };
}

function miscased(key: string): boolean {
  return !READ_KEYS.includes(key) && READ_KEYS.includes(key.toLowerCase());
}

function miscasedProblem(key: string): string {
  const want = key.toLowerCase().replace('_', '-');
  return `\`${key}:\` is not read: aria reads the lowercase \`${want}:\``;
}

/** Up to three spaces of indentation (CommonMark): a tab or four spaces make indented code. */
function indentOf(line: string): number {
  let n = 0;
  while (n < 4 && line.charCodeAt(n) === 32) n++;
  return n;
}

/** Whether `line` opens an HTML comment block (CommonMark type 2), and where its text starts. */
function commentStart(line: string): number {
  const at = indentOf(line);
  return at < 4 && line.startsWith('<!--', at) ? at + 4 : -1;
}

/** Where the front matter may start: past blank lines and HTML comments; an unclosed comment's line. */
function leadingLines(lines: readonly string[]): { at: number; openComment: number | null } {
  let i = 0;
  while (i < lines.length) {
    if (lines[i].trim() === '') {
      i++;
      continue;
    }
    const from = commentStart(lines[i]);
    if (from < 0) break;
    const end = commentEnd(lines, i, from);
    if (end < 0) return { at: i, openComment: i };
    i = end + 1;
  }
  return { at: i, openComment: null };
}

/** The line holding the `-->` that closes a comment opened on line `i`, or -1. */
function commentEnd(lines: readonly string[], i: number, from: number): number {
  if (lines[i].includes('-->', from)) return i;
  for (let k = i + 1; k < lines.length; k++) if (lines[k].includes('-->')) return k;
  return -1;
}

/** An opening code fence: its character, run length, and whether it is one (CommonMark). */
function fenceOpen(line: string): { char: number; length: number } | null {
  const at = indentOf(line);
  if (at > 3) return null;
  const char = line.charCodeAt(at);
  if (char !== 96 && char !== 126) return null; // '`' or '~'
  let end = at;
  while (line.charCodeAt(end) === char) end++;
  if (end - at < 3) return null;
  if (char === 96 && line.includes('`', end)) return null; // a backtick fence's info string holds none
  return { char, length: end - at };
}

function closesFence(line: string, fence: { char: number; length: number }): boolean {
  const at = indentOf(line);
  if (at > 3) return false;
  let end = at;
  while (line.charCodeAt(end) === fence.char) end++;
  return end - at >= fence.length && line.slice(end).trim() === '';
}

/**
 * Calls `visit` with each line from `from` on that is neither in a code fence nor in an HTML
 * comment, until it returns true; the index of that line, or -1. One pass, linear in the text.
 */
function plainLines(lines: readonly string[], from: number, visit: (line: string) => boolean): number {
  for (let i = from; i < lines.length; i++) {
    const line = lines[i];
    const fence = fenceOpen(line);
    if (fence) {
      while (++i < lines.length && !closesFence(lines[i], fence));
      continue;
    }
    const open = commentStart(line);
    if (open >= 0) {
      const end = commentEnd(lines, i, open);
      if (end < 0) return -1;
      i = end;
      continue;
    }
    if (visit(line)) return i;
  }
  return -1;
}

/** The first level-one ATX heading with text, outside code fences and HTML comments. */
function noteTitle(lines: readonly string[], from: number): string | null {
  let title: string | null = null;
  plainLines(lines, from, (line) => {
    const at = indentOf(line);
    if (at > 3 || line.charCodeAt(at) !== 35) return false;
    const h = atxHeading(line.slice(at));
    if (h === null || h.level !== 1 || h.text === '') return false;
    title = h.text;
    return true;
  });
  return title;
}

/**
 * A `---` block after the note's text that holds a key aria reads (`tags:`…): what aria's
 * `sed '/^---$/,/^---$/p'` would take, which is not front matter here. Said, so the note is
 * never called untagged without a reason.
 */
function lateBlock(lines: readonly string[], from: number): string | null {
  let open = false;
  let found = false;
  const close = plainLines(lines, from, (line) => {
    if (!open) {
      open = /^---[ \t]*$/.test(line);
      return false;
    }
    if (/^(---|\.\.\.)[ \t]*$/.test(line)) return true;
    const key = /^([A-Za-z_-]+)[ \t]*:/.exec(line)?.[1].toLowerCase();
    if (key !== undefined && READ_KEYS.includes(key)) found = true;
    return false;
  });
  return found && close >= 0
    ? "front matter after the note's text is not read: only blank lines and HTML comments may come before its opening `---`"
    : null;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
