// Where things are in index.md, by line: a small pass of its own for the index health check,
// kept apart from the parser (indexParser/ answers queries and keeps no line numbers). It
// reads the same sections the same way (`## ` sections, `### ` headings, `- ` entries, Known
// Tags items with `[aliases: …]`), numbers lines as the parser's warnings do (front matter
// lines counted), and is linear: one split, one scan per line, no backtracking patterns.

import { SECTIONS, SEPARATOR } from './indexParser/text';

export type EntrySection = 'tags' | 'other' | 'hints' | 'team';

export interface IndexLineEntry {
  /** 1-based line number. */
  line: number;
  section: EntrySection;
  /** The `### ` heading above it, lowercased. */
  heading: string;
  /** The path as written (backticks removed). */
  path: string;
  /** Team-shared entries: the `[project: …]` annotation, lowercased. */
  project: string | null;
}

export interface KnownTagItem {
  line: number;
  tag: string;
  aliases: string[];
}

export interface IndexLines {
  lastRebuilt: { line: number; text: string } | null;
  entries: IndexLineEntry[];
  knownTags: KnownTagItem[];
  /** `section\u0000heading` → the heading's line. */
  headings: Map<string, number>;
  /** The first line of `## Known Tags`, if any. */
  knownTagsLine: number | null;
}


export function indexLines(raw: string): IndexLines {
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  const lines = text.split(/\r\n|\r|\n/);
  const out: IndexLines = { lastRebuilt: null, entries: [], knownTags: [], headings: new Map(), knownTagsLine: null };
  let start = 0;
  if (/^---[ \t]*$/.test(lines[0] ?? '')) {
    const close = lines.findIndex((l, i) => i > 0 && /^(---|\.\.\.)[ \t]*$/.test(l));
    if (close > 0) start = close + 1;
  }
  let section: (typeof SECTIONS)[string] | null = null;
  let heading = '';
  for (let i = start; i < lines.length; i++) {
    const lineNo = i + 1;
    const line = lines[i].trim();
    if (!line) continue;
    if (line.startsWith('## ') || line === '##') {
      section = SECTIONS[line.slice(2).trim().toLowerCase()] ?? null;
      heading = '';
      if (section === 'known' && out.knownTagsLine === null) out.knownTagsLine = lineNo;
      continue;
    }
    if (line.startsWith('### ')) {
      heading = line.slice(4).trim().toLowerCase();
      if (section && section !== 'known') {
        const key = `${section}\u0000${heading}`;
        if (!out.headings.has(key)) out.headings.set(key, lineNo);
      }
      continue;
    }
    if (/^#(?!#)/.test(line)) {
      section = null;
      continue;
    }
    if (section === null) {
      if (!out.lastRebuilt && /^last rebuilt:/i.test(line)) out.lastRebuilt = { line: lineNo, text: line.slice('last rebuilt:'.length).trim() };
      continue;
    }
    if (section === 'known') {
      for (const item of knownItems(line)) out.knownTags.push({ line: lineNo, ...item });
      continue;
    }
    if (section === 'projects' || !heading) continue;
    const c = line.charCodeAt(0);
    if ((c !== 45 && c !== 42 && c !== 43) || !/\s/.test(line[1] ?? '')) continue;
    let item = line.slice(1).trim();
    let project: string | null = null;
    if (section === 'team') {
      const annotated = teamProject(item);
      if (!annotated) continue;
      project = annotated.project;
      item = item.slice(0, annotated.at).trim();
    }
    const sep = item.indexOf(SEPARATOR);
    const p = stripTicks((sep >= 0 ? item.slice(0, sep) : item).trim());
    if (p) out.entries.push({ line: lineNo, section, heading, path: p, project });
  }
  return out;
}

/** `[project: P, scope: S]` at the end of a team-shared entry: the project and where it starts. */
function teamProject(item: string): { project: string; at: number } | null {
  if (!item.endsWith(']')) return null;
  const at = item.toLowerCase().lastIndexOf('[project:');
  if (at < 0) return null;
  const inner = item.slice(at + '[project:'.length, -1);
  const project = inner.split(',')[0].trim().toLowerCase();
  return project ? { project, at } : null;
}

function stripTicks(p: string): string {
  return p.length >= 2 && p.startsWith('`') && p.endsWith('`') && !p.slice(1, -1).includes('`') ? p.slice(1, -1).trim() : p;
}

/** Items of one Known Tags line: commas outside brackets separate them. */
function knownItems(line: string): Array<{ tag: string; aliases: string[] }> {
  const items: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 91) depth++;
    else if (c === 93) depth = depth > 0 ? depth - 1 : 0;
    else if (c === 44 && depth === 0) {
      items.push(line.slice(from, i));
      from = i + 1;
    }
  }
  items.push(line.slice(from));
  const out: Array<{ tag: string; aliases: string[] }> = [];
  for (const raw of items) {
    const item = raw.trim();
    if (!item) continue;
    const open = item.toLowerCase().lastIndexOf('[alias');
    const annotated = open >= 0 && item.endsWith(']') && /^\[aliases?:/i.test(item.slice(open));
    const tag = (annotated ? item.slice(0, open) : item).trim().replace(/^[-*]\s+/, '').toLowerCase();
    if (!tag || /\s/.test(tag)) continue;
    const aliases = annotated
      ? item.slice(item.indexOf(':', open) + 1, -1).split(',').map((a) => a.trim().toLowerCase()).filter(Boolean)
      : [];
    out.push({ tag, aliases });
  }
  return out;
}
