// The plain YAML most configs and many notes are written in, read without js-yaml: block
// mappings (nested by indentation) of `key: value` lines whose values are plain words, paths,
// lists written as `a,b`, whole numbers, booleans, null, or simply quoted text. Loading and
// warming js-yaml costs more than the rest of a warm `aria-context query` or hook run besides
// reading the index, and those only read the config. Anything outside this subset returns
// undefined and goes to js-yaml: whatever this reads, it reads as js-yaml's safe loader does (a
// differential test holds it to that). One pass over the lines.

/** js-yaml's null and boolean words (core schema); as keys they would change their spelling. */
const WORDS = new Map<string, null | boolean>([
  ['~', null],
  ['null', null],
  ['Null', null],
  ['NULL', null],
  ['true', true],
  ['True', true],
  ['TRUE', true],
  ['false', false],
  ['False', false],
  ['FALSE', false],
]);
const KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;
/** Nesting beyond this goes to js-yaml (configs use two levels). */
const MAX_DEPTH = 4;

type Mapping = Record<string, unknown>;

/** The mapping `text` holds when it is in the plain subset; undefined when js-yaml must decide. */
export function plainYamlMapping(text: string): Mapping | undefined {
  if (!printable(text)) return undefined;
  const lines = text.split('\n');
  const reader = { lines, at: nextContent(lines, 0) };
  if (reader.at >= lines.length || indentOf(lines[reader.at]) !== 0) return undefined;
  const root = block(reader, 0, 0);
  return root && reader.at >= lines.length ? root : undefined;
}

/** The entries of a block mapping indented by exactly `indent`, from reader.at on. */
function block(reader: { lines: string[]; at: number }, indent: number, depth: number): Mapping | undefined {
  const { lines } = reader;
  const out: Mapping = {};
  while (reader.at < lines.length) {
    const line = lines[reader.at];
    const own = indentOf(line);
    if (own < indent) break;
    if (own > indent) return undefined; // a continuation line or a stray indent: js-yaml's call
    const colon = line.indexOf(':');
    if (colon < 0) return undefined;
    const key = line.slice(indent, colon);
    if (!KEY.test(key) || WORDS.has(key) || key === '__proto__' || Object.hasOwn(out, key)) return undefined;
    const rest = line.slice(colon + 1);
    if (rest !== '' && rest[0] !== ' ') return undefined; // `a:b` is one scalar, not a pair
    const written = withoutComment(rest).trim();
    reader.at = nextContent(lines, reader.at + 1);
    if (written !== '') {
      const value = scalar(written);
      if (value === undefined) return undefined;
      out[key] = value;
      continue;
    }
    // `key:` alone: a nested mapping when the next line is indented deeper, else null
    const next = reader.at < lines.length ? indentOf(lines[reader.at]) : -1;
    if (next > indent) {
      if (depth + 1 >= MAX_DEPTH) return undefined;
      const child = block(reader, next, depth + 1);
      if (!child) return undefined;
      out[key] = child;
    } else {
      out[key] = null;
    }
  }
  return out;
}

/** A value as js-yaml reads it, or undefined when it is not one of the plain forms. */
function scalar(written: string): unknown {
  const q = written[0];
  if (q === "'" || q === '"') {
    // quoted without escapes or inner quotes: the text as written
    const inner = written.slice(1, -1);
    return written.length >= 2 && written.endsWith(q) && !inner.includes(q) && !(q === '"' && inner.includes('\\'))
      ? inner
      : undefined;
  }
  const word = WORDS.get(written);
  if (word !== undefined) return word;
  if (/^(0|[1-9][0-9]{0,14})$/.test(written)) return Number(written);
  // A letter, `_`, `/` or `~/` first: never a number, date, indicator or alias; no `: ` inside
  // and no `:` at the end (either would make a pair).
  const first = written.charCodeAt(0);
  const plainStart =
    (first >= 65 && first <= 90) ||
    (first >= 97 && first <= 122) ||
    first === 95 ||
    first === 47 ||
    (first === 126 && written[1] === '/');
  if (!plainStart || written.includes(': ') || written.endsWith(':')) return undefined;
  return written;
}

/** The value part without a ` #` comment (a `#` only starts one after a space). */
function withoutComment(rest: string): string {
  const hash = rest.indexOf(' #');
  return hash < 0 ? rest : rest.slice(0, hash);
}

/** Spaces before the line's text (tabs never get here: printable refuses them). */
function indentOf(line: string): number {
  let n = 0;
  while (line.charCodeAt(n) === 32) n++;
  return n;
}

/** The next line that is not blank or a comment. */
function nextContent(lines: string[], from: number): number {
  let i = from;
  for (; i < lines.length; i++) {
    const text = lines[i].trimStart();
    if (text !== '' && !text.startsWith('#')) break;
  }
  return i;
}

/** Only printable characters and `\n`: tabs, other controls, surrogates and BOMs go to js-yaml. */
function printable(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const control = (c < 32 && c !== 10) || (c >= 0x7f && c <= 0x9f);
    if (control || (c >= 0xd800 && c <= 0xdfff) || c === 0xfeff || c === 0xfffe || c === 0xffff) return false;
  }
  return true;
}
