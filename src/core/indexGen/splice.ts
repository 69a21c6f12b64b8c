// §12.7 Generated sections spliced into index.md; everything else carried byte for byte, in its
// order. A block is the text from a `## ` (or `# `) heading to the next one; the Projects block is
// carried line by line except each project's derived lines.
import { afterLabel, atxHeading, SECTIONS, sectionName } from '../index/text';
import { projectKey } from '../index/sections';
import { isIsoDate } from '../match/staleness';

/** The generated sections, in the order /index writes sections (others: see RANK). */
export const GENERATED = [
  'tag index',
  'other tags',
  'semantic hints index',
  'team-shared tag index',
  'review index',
  'stale files',
  'untagged files',
];

const RANK = [
  'projects',
  'known tags',
  'tag index',
  'other tags',
  'semantic hints index',
  'team-shared tag index',
  'review index',
  'stale files',
  'untagged files',
  'entities',
  'skill connections',
  'cross-project promotion candidates',
];

/** Each generated section's heading as the rebuild writes it, keyed by its lowercased name. */
export const SECTION_TITLES: Record<string, string> = {
  projects: 'Projects',
  'known tags': 'Known Tags',
  'tag index': 'Tag Index',
  'other tags': 'Other Tags',
  'semantic hints index': 'Semantic Hints Index',
  'team-shared tag index': 'Team-Shared Tag Index',
  'review index': 'Review Index',
  'stale files': 'Stale Files',
  'untagged files': 'Untagged Files',
};

/** A line with its own ending (`\n`, `\r\n`, `\r`, or none at the very end). */
export interface Line {
  text: string;
  eol: string;
}

export interface Block {
  /** `## ` section name (§F6), or null: the text before the first heading, or a `# ` block. */
  name: string | null;
  lines: Line[];
}

export function splitRaw(raw: string): { bom: string; lines: Line[] } {
  const bom = raw.charCodeAt(0) === 0xfeff ? '\ufeff' : '';
  const text = bom ? raw.slice(1) : raw;
  const lines: Line[] = [];
  // Each line ends at the first \r or \n from where it starts (\r\n is one ending): two indexOf
  // cursors, each moved only once passed, instead of a regex match object per line.
  let lf = text.indexOf('\n');
  let cr = text.indexOf('\r');
  for (let start = 0; start < text.length;) {
    if (lf >= 0 && lf < start) lf = text.indexOf('\n', start);
    if (cr >= 0 && cr < start) cr = text.indexOf('\r', start);
    const end = cr < 0 ? lf : lf < 0 ? cr : Math.min(lf, cr);
    if (end < 0) {
      lines.push({ text: text.slice(start), eol: '' });
      break;
    }
    const eol = end === lf ? '\n' : lf === end + 1 ? '\r\n' : '\r';
    lines.push({ text: text.slice(start, end), eol });
    start = end + eol.length;
  }
  return { bom, lines };
}

/** index.md's blocks; a leading front matter block stays in the first one. */
export function blocks(lines: readonly Line[]): Block[] {
  const out: Block[] = [{ name: null, lines: [] }];
  let i = 0;
  if (/^---[ \t]*$/.test(lines[0]?.text ?? '')) {
    const close = lines.findIndex((l, n) => n > 0 && /^(---|\.\.\.)[ \t]*$/.test(l.text));
    if (close > 0) for (; i <= close; i++) out[0].lines.push(lines[i]);
  }
  for (; i < lines.length; i++) {
    const line = lines[i];
    const t = line.text.trim();
    const h = t.charCodeAt(0) === 35 ? atxHeading(t) : null;
    if (h && (h.level === 1 || h.level === 2))
      out.push({ name: h.level === 2 ? sectionName(h.text) : null, lines: [] });
    out[out.length - 1].lines.push(line);
  }
  return out;
}

/**
 * The 1-based line of the `Last rebuilt:` line the index parser takes (§F28: outside the sections
 * it reads, the first one with a value), without a whole parse's entry list.
 */
export function rebuiltLineOf(lines: readonly Line[]): number | null {
  let i = 0;
  if (/^---[ \t]*$/.test(lines[0]?.text ?? '')) {
    const close = lines.findIndex((l, n) => n > 0 && /^(---|\.\.\.)[ \t]*$/.test(l.text));
    if (close > 0) i = close + 1;
  }
  let reading = false; // inside a section the parser reads
  for (; i < lines.length; i++) {
    const t = lines[i].text.trim();
    const h = t.charCodeAt(0) === 35 ? atxHeading(t) : null;
    if (h && h.level === 2) reading = (SECTIONS.get(sectionName(h.text)) ?? null) !== null;
    else if (h && h.level === 1) reading = false;
    else if (!reading && !h && afterLabel(t, 'last rebuilt:')) return i + 1;
  }
  return null;
}

export interface SpliceInput {
  /** index.md as it is, or null for a new one. */
  raw: string | null;
  /** Line (1-based, front matter counted) of the `Last rebuilt:` line the parser took, if any. */
  rebuiltLine: number | null;
  today: string;
  sections: Map<string, string[]>;
  /** Project key → its derived lines; projects not in the map lose theirs. */
  projectLines: Map<string, string[]>;
  /** Keys of configured projects in the order configured (missing ones are added to Projects). */
  configuredProjects: string[];
  /** A new Known Tags body (aliases re-derived), or null to carry it. */
  knownTags: string | null;
  /** `raw` split and in blocks already (the caller's, shared with the guards); never changed here. */
  split?: { bom: string; lines: Line[]; blocks: Block[] };
}

export interface Spliced {
  text: string;
  /** The same text with index.md's own `Last rebuilt:` line: equal to index.md when nothing else changed. */
  sameDayText: string;
  /** Where `text` and `sameDayText` differ, if they do: `sameDayText` without being joined again. */
  dated?: { at: number; now: string; was: string };
}

/** Whether `raw` is the rebuild but for its `Last rebuilt:` line, compared in place (no copy of the text). */
export function sameDay(spliced: Spliced, raw: string): boolean {
  const d = spliced.dated;
  if (!d) return spliced.sameDayText === raw;
  const { text } = spliced;
  return (
    raw.length === text.length - d.now.length + d.was.length &&
    raw.startsWith(text.slice(0, d.at)) &&
    raw.startsWith(d.was, d.at) &&
    raw.endsWith(text.slice(d.at + d.now.length))
  );
}

export function splice(input: SpliceInput): Spliced {
  const { bom, lines } = input.split ?? (input.raw === null ? { bom: '', lines: [] } : splitRaw(input.raw));
  const eol = lines.find((l) => l.eol)?.eol ?? '\n';
  const oldRebuilt = input.rebuiltLine !== null ? (lines[input.rebuiltLine - 1]?.text ?? null) : null;
  const rebuilt = rebuiltText(oldRebuilt, input.today);
  const all = input.raw === null ? newIndex(input) : (input.split?.blocks ?? blocks(lines));
  const out: string[] = [];
  let rebuiltAt = -1;
  const done = new Set<string>();
  const present = new Set(all.map((b) => b.name).filter((n): n is string => n !== null));
  const missing = [...GENERATED, 'projects'].filter((n) => !present.has(n));
  const emit = (text: string) => out.push(text);
  const emitGenerated = (name: string) => {
    const body = name === 'projects' ? addedProjects(input, new Set()) : (input.sections.get(name) ?? []);
    if (body.length === 0) return;
    if (out.length && out[out.length - 1] !== '') emit('');
    emit(`## ${SECTION_TITLES[name]}`);
    emit('');
    for (const l of body) emit(l);
    emit('');
  };
  // Sections the index lacks go after the last section that comes before them in /index's order.
  const insertAfter = new Map<number, string[]>();
  const firstSection = all.findIndex((b) => b.name !== null);
  for (const name of missing) {
    const rank = RANK.indexOf(name);
    let at = -1;
    const seen = new Set<string>();
    all.forEach((b, i) => {
      if (b.name === null || seen.has(b.name)) return; // a repeated section is written where it first stands
      seen.add(b.name);
      const r = RANK.indexOf(b.name);
      if (r >= 0 && r < rank) at = i;
    });
    if (at < 0) at = firstSection < 0 ? all.length - 1 : firstSection - 1;
    insertAfter.set(at, [...(insertAfter.get(at) ?? []), name]);
  }
  let lineNo = 0;
  all.forEach((block, i) => {
    const name = block.name;
    const start = lineNo;
    lineNo += block.lines.length;
    if (name !== null && GENERATED.includes(name)) {
      if (!done.has(name)) emitGenerated(name);
      done.add(name);
    } else if (name === 'projects') {
      const first = !done.has(name);
      done.add(name);
      for (const l of projectBlock(block.lines, input, first)) emit(l);
    } else if (name === 'known tags' && input.knownTags !== null && !done.has(name)) {
      done.add(name);
      emit(block.lines[0].text);
      emit('');
      emit(input.knownTags);
      emit('');
    } else {
      block.lines.forEach((l, k) => {
        if (start + k + 1 === input.rebuiltLine) {
          rebuiltAt = out.length;
          emit(rebuilt);
        } else emit(l.text);
      });
    }
    for (const missingName of insertAfter.get(i) ?? []) emitGenerated(missingName);
  });
  if (rebuiltAt < 0) {
    // After the `# ` title that opens the index (front matter and blank lines before it), else first.
    let at = 0;
    if (/^---[ \t]*$/.test(out[0] ?? '')) at = out.findIndex((l, n) => n > 0 && /^(---|\.\.\.)[ \t]*$/.test(l)) + 1;
    while (at < out.length && out[at].trim() === '') at++;
    const title = /^#[ \t]/.test(out[at]?.trim() ?? '');
    const insert = title ? ['', rebuilt] : [rebuilt, ''];
    out.splice(title ? at + 1 : at, 0, ...insert);
    rebuiltAt = title ? at + 2 : at;
  }
  while (out.length > 1 && out[out.length - 1] === '' && out[out.length - 2] === '') out.pop();
  const finalEol = input.raw === null || lines.length === 0 || lines[lines.length - 1].eol !== '' ? eol : '';
  const join = (ls: string[]) => {
    const body = ls[ls.length - 1] === '' ? ls.slice(0, -1) : ls;
    return bom + body.join(eol) + finalEol;
  };
  const text = join(out);
  if (oldRebuilt === null) return { text, sameDayText: text };
  // The same-day text differs in one line: made of slices of `text` (no second join of every line).
  let at = bom.length;
  for (let k = 0; k < rebuiltAt; k++) at += out[k].length + eol.length;
  const sameDayText = text.slice(0, at) + oldRebuilt + text.slice(at + rebuilt.length);
  return { text, sameDayText, dated: { at, now: rebuilt, was: oldRebuilt } };
}

/**
 * The `Last rebuilt:` line of a rebuild (§F28): a line whose value starts with a date keeps its
 * own words around the date (`Last rebuilt: D (41st pass)`); any other value is replaced.
 */
function rebuiltText(old: string | null, today: string): string {
  const value = old === null ? null : afterLabel(old.trim(), 'last rebuilt:');
  const date = value?.slice(0, 10) ?? '';
  return old !== null && isIsoDate(date) ? old.replace(date, today) : `Last rebuilt: ${today}`;
}

function newIndex(input: SpliceInput): Block[] {
  const line = (text: string): Line => ({ text, eol: '\n' });
  return [
    { name: null, lines: [line('# Knowledge Index'), line('')] },
    ...(input.configuredProjects.length ? [{ name: 'projects', lines: [line('## Projects'), line('')] }] : []),
    { name: 'known tags', lines: [line('## Known Tags'), line(''), line(input.knownTags ?? ''), line('')] },
  ];
}

const DERIVED = ['project-tier files:', 'last project-tier update:'];

/** The Projects block: derived lines replaced after each project's `Relevant tags:` line (or heading). */
function projectBlock(lines: readonly Line[], input: SpliceInput, first: boolean): string[] {
  const texts = lines.map((l) => l.text);
  const insertAt = new Map<number, string>();
  const seen = new Set<string>();
  let current: string | null = null;
  texts.forEach((t, i) => {
    const trimmed = t.trim();
    const h = trimmed.charCodeAt(0) === 35 ? atxHeading(trimmed) : null;
    if (h && h.level === 3) {
      const key = projectKey(h.text).toLowerCase();
      current = seen.has(key) ? null : key;
      seen.add(key);
      if (current) insertAt.set(i, current);
    } else if (current && afterLabel(trimmed, 'relevant tags:') !== null) {
      for (const [at, k] of insertAt) if (k === current) insertAt.delete(at);
      insertAt.set(i, current);
      current = null;
    }
  });
  const out: string[] = [];
  texts.forEach((t, i) => {
    if (!DERIVED.some((d) => afterLabel(t.trim(), d) !== null)) out.push(t);
    const key = insertAt.get(i);
    if (key) out.push(...(input.projectLines.get(key) ?? []));
  });
  if (!first) return out;
  const added = addedProjects(input, seen);
  if (added.length === 0) return out;
  let end = out.length;
  while (end > 1 && out[end - 1].trim() === '') end--;
  return [...out.slice(0, end), '', ...added, ...out.slice(end)];
}

/** Configured projects the Projects section does not name yet: a heading and their derived lines. */
function addedProjects(input: SpliceInput, named: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const key of input.configuredProjects) {
    if (named.has(key)) continue;
    if (out.length) out.push('');
    out.push(`### ${key}`, ...(input.projectLines.get(key) ?? []));
  }
  return out;
}

/** What must survive a rebuild (§12.7): the carried blocks' texts, and the Projects lines that are carried. */
export interface Carried {
  blocks: string[];
  projectLines: string[];
}

/** One pass over index.md's lines; `knownTagsCarried`: false when Known Tags is rewritten from aliases.md. */
export function carriedOf(raw: string | readonly Block[], knownTagsCarried = true): Carried {
  const out: Carried = { blocks: [], projectLines: [] };
  for (const b of typeof raw === 'string' ? blocks(splitRaw(raw).lines) : raw) {
    if (b.name === 'projects') {
      for (const l of b.lines) {
        const t = l.text.trim();
        if (t !== '' && !DERIVED.some((d) => afterLabel(t, d) !== null)) out.projectLines.push(l.text);
      }
      continue;
    }
    if (b.name !== null && (GENERATED.includes(b.name) || (b.name === 'known tags' && !knownTagsCarried))) continue;
    out.blocks.push(
      b.lines
        .map((l) => l.text)
        .join('\n')
        .replace(/^Last rebuilt:.*$/im, '')
        .trimEnd(),
    );
  }
  return out;
}
