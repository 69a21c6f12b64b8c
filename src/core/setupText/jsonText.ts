// A JSON document as text with positions, for edits that touch only the bytes they change:
// `aria-context setup` adds and removes its own entries in a client's settings file, and every
// other value keeps its exact text (a parse and re-stringify would rewrite 12345678901234567890
// or 1.0). The reader is strict RFC 8259 (a leading BOM allowed), bounded in depth.

export type JsonNode =
  | { kind: 'object'; start: number; end: number; members: JsonMember[] }
  | { kind: 'array'; start: number; end: number; items: JsonNode[] }
  | { kind: 'string'; start: number; end: number; value: string }
  | { kind: 'number' | 'true' | 'false' | 'null'; start: number; end: number };

export interface JsonMember {
  key: string;
  /** Where the key's opening quote is. */
  start: number;
  value: JsonNode;
}

export class JsonTextError extends Error {}

const MAX_DEPTH = 256;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** The document's one value, with the position of every value and key in `text`. */
export function parseJsonText(text: string): JsonNode {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const fail = (what: string): never => {
    const line = text.slice(0, i).split('\n').length;
    throw new JsonTextError(`${what} at line ${line}`);
  };
  const space = () => {
    for (let c = text.charCodeAt(i); c === 32 || c === 9 || c === 10 || c === 13; c = text.charCodeAt(++i));
  };
  const string = (): { value: string; start: number; end: number } => {
    const start = i++;
    let value = '';
    for (;;) {
      const c = text.charCodeAt(i);
      if (Number.isNaN(c)) fail('unterminated string');
      if (c < 0x20) fail('control character in a string');
      if (c === 0x22) break;
      if (c !== 0x5c) {
        value += text[i++];
        continue;
      }
      const e = text[i + 1];
      const simple = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' }[e];
      if (simple !== undefined) {
        value += simple;
        i += 2;
      } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
        value += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
        i += 6;
      } else fail('bad escape in a string');
    }
    i++;
    return { value, start, end: i };
  };
  /** A `{…}` or `[…]` from its opening character: its items, and where it ends (past `close`). */
  const sequence = <T>(close: '}' | ']', item: () => T): { items: T[]; end: number } => {
    i++;
    const items: T[] = [];
    space();
    if (text[i] === close) return { items, end: ++i };
    for (;;) {
      items.push(item());
      space();
      if (text[i] === ',') i++;
      else if (text[i] === close) return { items, end: ++i };
      else fail(`expected "," or "${close}"`);
    }
  };
  const member = (depth: number): JsonMember => {
    space();
    if (text[i] !== '"') fail('expected a key');
    const key = string();
    space();
    if (text[i] !== ':') fail('expected ":"');
    i++;
    return { key: key.value, start: key.start, value: value(depth + 1) };
  };
  const value = (depth: number): JsonNode => {
    if (depth > MAX_DEPTH) fail('nested too deeply');
    space();
    const start = i;
    const c = text[i];
    if (c === '{') {
      const { items: members, end } = sequence('}', () => member(depth));
      return { kind: 'object', start, end, members };
    }
    if (c === '[') {
      const { items, end } = sequence(']', () => value(depth + 1));
      return { kind: 'array', start, end, items };
    }
    if (c === '"') return { kind: 'string', ...string() };
    for (const word of ['true', 'false', 'null'] as const)
      if (text.startsWith(word, i)) {
        i += word.length;
        return { kind: word, start, end: i };
      }
    NUMBER.lastIndex = i;
    if (NUMBER.test(text) && NUMBER.lastIndex > i) {
      i = NUMBER.lastIndex;
      return { kind: 'number', start, end: i };
    }
    return fail(i >= text.length ? 'unexpected end' : 'unexpected character');
  };
  const root = value(0);
  space();
  if (i < text.length) fail('text after the value');
  return root;
}

/** A member's value by key (the last one, as JSON.parse keeps). */
export function memberOf(node: JsonNode | undefined, key: string): JsonNode | undefined {
  if (node?.kind !== 'object') return undefined;
  for (let k = node.members.length - 1; k >= 0; k--) if (node.members[k].key === key) return node.members[k].value;
  return undefined;
}

// --- edits: each returns the whole new text ----------------------------------------------

const lineStart = (text: string, at: number) => text.lastIndexOf('\n', at - 1) + 1;
const indentAt = (text: string, at: number) => /^[ \t]*/.exec(text.slice(lineStart(text, at)))![0];

/** How a container lays out its children: on their own lines (with which indent) or inline. */
function layout(text: string, container: JsonNode, children: number[]): { multiline: boolean; indent: string } {
  const own = indentAt(text, container.start);
  if (children.length > 0) {
    const first = children[0];
    const before = text.slice(lineStart(text, first), first);
    if (/^[ \t]*$/.test(before) && lineStart(text, first) > container.start) return { multiline: true, indent: before };
    return { multiline: false, indent: own };
  }
  return { multiline: true, indent: own + unitOf(text) };
}

/** The document's indent step, from its first indented line (two spaces when there is none). */
function unitOf(text: string): string {
  const m = /\n([ \t]+)\S/.exec(text);
  if (!m) return '  ';
  return m[1].startsWith('\t') ? '\t' : m[1].length <= 8 ? m[1] : '  ';
}

/** The document's line ending. */
const eolOf = (text: string) => (text.includes('\r\n') ? '\r\n' : '\n');

function render(value: unknown, text: string, indent: string, multiline: boolean): string {
  if (!multiline) return JSON.stringify(value);
  return JSON.stringify(value, null, unitOf(text))
    .split('\n')
    .join(`${eolOf(text)}${indent}`);
}

/** Adds `key: value` at the end of an object. */
export function addMember(text: string, object: JsonNode, key: string, value: unknown): string {
  if (object.kind !== 'object') throw new JsonTextError('not an object');
  const { multiline, indent } = layout(
    text,
    object,
    object.members.map((m) => m.start),
  );
  const entry = `${JSON.stringify(key)}: ${render(value, text, indent, multiline)}`;
  return addChild(text, object, object.members.at(-1)?.value.end, entry, multiline, indent);
}

/** Adds an item at the end of an array. */
export function addItem(text: string, array: JsonNode, value: unknown): string {
  if (array.kind !== 'array') throw new JsonTextError('not an array');
  const { multiline, indent } = layout(
    text,
    array,
    array.items.map((n) => n.start),
  );
  return addChild(text, array, array.items.at(-1)?.end, render(value, text, indent, multiline), multiline, indent);
}

function addChild(
  text: string,
  container: JsonNode,
  lastEnd: number | undefined,
  entry: string,
  multiline: boolean,
  indent: string,
): string {
  const eol = eolOf(text);
  if (lastEnd !== undefined) {
    const insert = multiline ? `,${eol}${indent}${entry}` : `, ${entry}`;
    return text.slice(0, lastEnd) + insert + text.slice(lastEnd);
  }
  // an empty container: the entry on a line of its own before what was inside (removeChild's inverse)
  const inner = `${eol}${indent}${entry}${eol}${indentAt(text, container.start)}`;
  return text.slice(0, container.start + 1) + inner + text.slice(container.start + 1);
}

/** Removes the child at `index` (a member of an object, an item of an array) with its comma. */
export function removeChild(text: string, container: JsonNode, index: number): string {
  const starts =
    container.kind === 'object'
      ? container.members.map((m) => m.start)
      : container.kind === 'array'
        ? container.items.map((n) => n.start)
        : [];
  const ends =
    container.kind === 'object'
      ? container.members.map((m) => m.value.end)
      : container.kind === 'array'
        ? container.items.map((n) => n.end)
        : [];
  if (index < 0 || index >= starts.length) throw new JsonTextError('no such child');
  if (starts.length === 1) {
    // back to what addChild found: the line break and indent it put after the entry go with it
    const rest = text.slice(ends[0], container.end - 1);
    const own = `${eolOf(text)}${indentAt(text, container.start)}`;
    return (
      text.slice(0, container.start + 1) +
      (rest.startsWith(own) ? rest.slice(own.length) : '') +
      text.slice(container.end - 1)
    );
  }
  // the last child takes the comma before it; any other the comma and the space after it
  if (index === starts.length - 1) return text.slice(0, ends[index - 1]) + text.slice(ends[index]);
  return text.slice(0, starts[index]) + text.slice(starts[index + 1]);
}

/** Sets `key` to `value`: the last member of that key takes the new value in place, or it is added. */
export function setMember(text: string, object: JsonNode, key: string, value: unknown): string {
  if (object.kind !== 'object') throw new JsonTextError('not an object');
  const member = object.members.filter((m) => m.key === key).at(-1);
  if (!member) return addMember(text, object, key, value);
  const { multiline } = layout(
    text,
    object,
    object.members.map((m) => m.start),
  );
  const rendered = render(value, text, indentAt(text, member.start), multiline);
  return text.slice(0, member.value.start) + rendered + text.slice(member.value.end);
}
