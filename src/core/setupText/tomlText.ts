// Codex's config.toml as a list of statements with positions, for `aria-context setup codex`: it
// replaces or removes the text of its own `[mcp_servers.aria-context]` table only, so every
// other line keeps its bytes (Codex's own `codex mcp add` reformats other servers' arrays).
// Enough of TOML to know where each statement starts and ends: keys (bare, quoted, dotted),
// strings of the four kinds, arrays and inline tables across lines, comments.

export interface TomlStatement {
  kind: 'table' | 'arrayTable' | 'keyValue';
  /** The table's key path, or the key's path within its table. */
  path: string[];
  /** From the line's first byte to the end of its (last) line, newline included. */
  start: number;
  end: number;
  /** A key's value when it is a string or an array of strings. */
  value?: string | string[];
}

export class TomlTextError extends Error {}

const BARE = /[A-Za-z0-9_-]/;

/** Every table header and key/value line of `text`, in order. */
export function tomlStatements(text: string): TomlStatement[] {
  const out: TomlStatement[] = [];
  let i = 0;
  const fail = (what: string): never => {
    throw new TomlTextError(`${what} at line ${text.slice(0, i).split('\n').length}`);
  };
  const skipSpace = () => {
    while (text[i] === ' ' || text[i] === '\t') i++;
  };
  const toLineEnd = () => {
    skipSpace();
    if (text[i] === '#') while (i < text.length && text[i] !== '\n') i++;
    if (text[i] === '\r') i++;
    if (i < text.length && text[i] !== '\n') fail('unexpected text after a value');
    if (i < text.length) i++;
  };
  const quoted = (): string => {
    const q = text[i];
    const multi = text.startsWith(q.repeat(3), i);
    const close = multi ? q.repeat(3) : q;
    i += close.length;
    let value = '';
    for (;;) {
      if (i >= text.length) fail('unterminated string');
      if (text.startsWith(close, i)) {
        i += close.length;
        // a multi-line string may end with up to two more quotes of its own
        if (multi) while (text[i] === q && text.startsWith(close, i - 2)) i++;
        return value;
      }
      if (!multi && text[i] === '\n') fail('newline in a string');
      if (q === '"' && text[i] === '\\') {
        const e = text[i + 1];
        const simple = { b: '\b', t: '\t', n: '\n', f: '\f', r: '\r', '"': '"', '\\': '\\', e: '\x1b' }[e];
        if (simple !== undefined) {
          value += simple;
          i += 2;
          continue;
        }
        const hex = e === 'u' ? 4 : e === 'U' ? 8 : e === 'x' ? 2 : 0;
        if (hex && /^[0-9a-fA-F]+$/.test(text.slice(i + 2, i + 2 + hex))) {
          value += String.fromCodePoint(parseInt(text.slice(i + 2, i + 2 + hex), 16));
          i += 2 + hex;
          continue;
        }
        if (multi && /^\\[ \t]*\r?\n/.test(text.slice(i))) {
          i++;
          while (/\s/.test(text[i] ?? '')) i++;
          continue;
        }
        fail('bad escape');
      }
      value += text[i++];
    }
  };
  const key = (): string[] => {
    const parts: string[] = [];
    for (;;) {
      skipSpace();
      if (text[i] === '"' || text[i] === "'") {
        if (text.startsWith(text[i].repeat(3), i)) fail('a key cannot be a multi-line string');
        parts.push(quoted());
      } else {
        const start = i;
        while (i < text.length && BARE.test(text[i])) i++;
        if (i === start) fail('expected a key');
        parts.push(text.slice(start, i));
      }
      skipSpace();
      if (text[i] !== '.') return parts;
      i++;
    }
  };
  const value = (): string | string[] | undefined => {
    skipSpace();
    const c = text[i];
    if (c === '"' || c === "'") return quoted();
    if (c === '[' || c === '{') {
      const closing = c === '[' ? ']' : '}';
      const items: unknown[] = [];
      i++;
      for (;;) {
        // arrays may span lines and hold comments; inline tables stay on one line in TOML 1.0
        while (/[ \t\r\n,]/.test(text[i] ?? '') || text[i] === '#') {
          if (text[i] === '#') while (i < text.length && text[i] !== '\n') i++;
          else i++;
        }
        if (i >= text.length) fail(`unterminated ${c === '[' ? 'array' : 'inline table'}`);
        if (text[i] === closing) {
          i++;
          return c === '[' && items.every((v) => typeof v === 'string') ? (items as string[]) : undefined;
        }
        if (c === '{') {
          key();
          if (text[i] !== '=') fail('expected "="');
          i++;
        }
        items.push(value());
      }
    }
    const start = i;
    while (i < text.length && /[^\s,\]}#]/.test(text[i])) i++;
    if (i === start) fail('expected a value');
    return undefined;
  };
  while (i < text.length) {
    const start = i;
    skipSpace();
    if (text[i] === '\n' || text[i] === '\r' || text[i] === '#' || i >= text.length) {
      toLineEnd();
      continue;
    }
    if (text[i] === '[') {
      const array = text[i + 1] === '[';
      i += array ? 2 : 1;
      const path = key();
      if (text[i] !== ']' || (array && text[i + 1] !== ']')) fail('expected "]"');
      i += array ? 2 : 1;
      toLineEnd();
      out.push({ kind: array ? 'arrayTable' : 'table', path, start, end: i });
      continue;
    }
    const path = key();
    if (text[i] !== '=') fail('expected "="');
    i++;
    const found = value();
    toLineEnd();
    out.push({ kind: 'keyValue', path, start, end: i, ...(found !== undefined ? { value: found } : {}) });
  }
  return out;
}

/** A TOML basic string: every control character escaped (TOML allows none raw but tab; DEL and C1 too). */
export function tomlString(s: string): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (c < 0x20 || (c >= 0x7f && c <= 0x9f))
      out += { 8: '\\b', 9: '\\t', 10: '\\n', 12: '\\f', 13: '\\r' }[c] ?? `\\u${c.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

export interface TomlTableEdit {
  text: string;
  /** Set when the table is written in a form this editor does not change (dotted keys, inline). */
  refused?: string;
}

/**
 * `text` with the table at `tablePath` (and its sub-tables) replaced by `table` (a complete
 * `[header]` block ending in a newline), added at the end, or removed (`table` null).
 */
export function setTomlTable(text: string, tablePath: string[], table: string | null): TomlTableEdit {
  const statements = tomlStatements(text);
  const within = (path: string[]) => path.length >= tablePath.length && tablePath.every((k, n) => path[n] === k);
  const prefixOf = (path: string[]) => path.length < tablePath.length && path.every((k, n) => tablePath[n] === k);
  let current: string[] = [];
  const regions: { start: number; end: number }[] = [];
  for (const s of statements) {
    if (s.kind !== 'keyValue') {
      current = s.path;
      if (within(s.path)) {
        if (s.kind === 'arrayTable') return { text, refused: `[[${s.path.join('.')}]] is not a table setup edits` };
        regions.push({ start: s.start, end: s.end });
      }
      continue;
    }
    if (within(current)) {
      regions[regions.length - 1].end = s.end;
      continue;
    }
    // `mcp_servers.aria-context.command = …`, `aria-context = { … }` under [mcp_servers], or an
    // inline `mcp_servers = { … }`: another form of the same keys, which a table would clash with
    const full = [...current, ...s.path];
    if (within(full) || prefixOf(full))
      return { text, refused: `${full.join('.')} is written as a key, not as the table setup edits` };
  }
  let next = text;
  // the first region is replaced in place; the others (sub-tables written elsewhere) removed
  for (let r = regions.length - 1; r >= 0; r--) {
    const { start, end } = regions[r];
    if (r === 0 && table !== null) next = next.slice(0, start) + table + next.slice(end);
    else {
      // one blank line before the table goes with it (the one setup put there)
      const before = next.slice(0, start);
      const cut = /(^|\n)\r?\n$/.test(before) && start > 1 ? before.replace(/\r?\n$/, '') : before;
      next = cut + next.slice(end);
    }
  }
  if (regions.length === 0 && table !== null) {
    const base = next === '' || next.endsWith('\n') ? next : `${next}\n`;
    next = base === '' ? table : `${base}\n${table}`;
  }
  return { text: next };
}

/** The string and string-list values of the table at `tablePath` (its own keys), or null when there is none. */
export function tomlTable(text: string, tablePath: string[]): Record<string, string | string[]> | null {
  let current: string[] | null = null;
  let found: Record<string, string | string[]> | null = null;
  const same = (p: string[]) => p.length === tablePath.length && p.every((k, n) => k === tablePath[n]);
  for (const s of tomlStatements(text)) {
    if (s.kind !== 'keyValue') {
      current = s.path;
      if (s.kind === 'table' && same(s.path)) found ??= Object.create(null) as Record<string, string | string[]>;
    } else if (current && same(current) && found && s.path.length === 1 && s.value !== undefined)
      found[s.path[0]] = s.value;
  }
  return found;
}
