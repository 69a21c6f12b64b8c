// The index as one query sees it, for a process that runs that query and exits (the CLI).
//
// Everything the query reads is exactly what parseIndex gives: config-independent sections,
// warnings, the hint phrases, and every file listed under a queried tag or a matching hint
// phrase with all its listings (so its tags, hints and description). Other entries are not
// stored. The work is proportional to what the query can return, plus one lean pass over the
// lines for the warnings and the query's files' other listings:
//   1. the heading lines, found by searching the text for `#` (not by walking the lines);
//   2. Projects and Known Tags read from their sections alone, to resolve the query;
//   3. the lists the query reads whole, read from their headings' lines alone: their files;
//   4. the walk, storing those lists and, elsewhere, only those files' entries.
// Any other use of the index (another query, the tag tree) needs parseIndex.
import { parseQueryText, resolveQuery } from '../query';
import { normaliseForHint } from '../tokenMatch';
import type { KnowledgeIndex } from '../types';
import { fileKey, isNormalPath, withLookups } from './lookups';
import type { Parsed } from './parsed';
import { atxHeading, isSpace, SECTIONS, SEPARATOR, sectionName, walkText, type Section } from './text';
import { walkLines, Walker, type EntryFilter, type KnownRead } from './walk';

/** A line that is an ATX heading of level 1 to 3: where it starts, its level and its text. */
interface HeadingLine {
  start: number;
  /** The line trimmed: text[at, end). */
  at: number;
  end: number;
  level: number;
  text: string;
  /** The section the walk is in after this line, and the heading it is under. */
  section: Section;
  heading: string | null;
}

export function parseIndexForQuery(raw: string, input: string | readonly string[]): KnowledgeIndex {
  const { text, first } = walkText(raw);
  const headings = headingLines(text);
  const small = smallSections(text, headings);
  const query = resolveQuery(small, parseQueryText(input));
  const filter = new QueryFilter(
    query.tokens.map((t) => t.toLowerCase()),
    query.tokens.map(normaliseForHint).filter((t) => t !== ''),
    text,
  );
  filter.collectFiles(text, headings);
  return withLookups(walkForQuery(text, first, headings, filter, small));
}

/**
 * The walk of parseIndex with the filter, heading by heading: the lines under a heading whose
 * list the query does not read whole are skimmed (skim), the rest walked as by parseIndex.
 */
function walkForQuery(text: string, first: number, headings: HeadingLine[], filter: QueryFilter, small: SmallSections): Parsed {
  // Known Tags were read by smallSections: their warnings get the file's line numbers here.
  const known: KnownRead = { ...small.known, warnings: [] };
  const w = new Walker(filter, known);
  const lineOf = new Map<number, number>(); // heading line (index) → its number in the file
  let lineNo = first + 1;
  let pos = 0;
  for (let i = 0; ; i++) {
    const end = i < headings.length ? headings[i].start : text.length;
    lineNo = w.entries && !w.wanted ? skim(w, filter, text, pos, end, lineNo) : walkLines(w, text, pos, end, lineNo);
    if (i === headings.length) break;
    const h = headings[i];
    const e = text.indexOf('\n', h.end);
    pos = e < 0 ? text.length : e + 1;
    if (h.section === 'known' && h.level === 2) lineOf.set(i, lineNo);
    w.line(text.slice(h.at, h.end), lineNo++); // the heading line, trimmed, as the walk hands it over
  }
  const from = small.knownFrom;
  for (const [n, message] of small.known.warnings) {
    let lo = 0; // the last section whose numbering starts at or before n (a binary search)
    for (let hi = from.length - 1; lo < hi; ) {
      const mid = (lo + hi + 1) >> 1;
      if (from[mid].id <= n) lo = mid;
      else hi = mid - 1;
    }
    known.warnings.push([lineOf.get(from[lo].heading)! + n - from[lo].id, message]);
  }
  return w.finish();
}

/**
 * The lines text[from, to) under a heading whose list the query does not read whole. A plain
 * entry line (`- path — description`, no whitespace or backtick where the walk would trim or
 * strip it) whose path is not one of the query's files is passed over, nearly always after a
 * few character reads (the filter's signatures); every other line is walked as by parseIndex,
 * so it is stored or warned about alike.
 */
function skim(w: Walker, filter: QueryFilter, text: string, from: number, to: number, lineNo: number): number {
  let listed = false; // whether the heading's list exists: the walk creates it at its first entry line
  let nextSep = w.nextSep;
  const bits = filter.signatures;
  for (let pos = from; pos < to; lineNo++) {
    const s = pos;
    let e = text.indexOf('\n', pos);
    if (e < 0 || e > to) e = to;
    pos = e + 1;
    if (s === e) continue;
    const c = text.charCodeAt(s);
    if ((c === 45 || c === 42 || c === 43) && s + 2 < e) {
      const x = text.charCodeAt(s + 1);
      const y = text.charCodeAt(s + 2);
      const z = text.charCodeAt(e - 1);
      if ((x === 32 || x === 9) && y > 32 && y < 0xa0 && y !== 96 && z > 32 && z < 0xa0) {
        if (!listed) {
          w.listFor(); // left out of the index if it stays empty
          listed = true;
        }
        if (nextSep < s + 2) {
          nextSep = text.indexOf(SEPARATOR, s + 2);
          if (nextSep < 0) nextSep = text.length;
        }
        const pathEnd = nextSep + SEPARATOR.length <= e ? nextSep : e;
        const p = text.charCodeAt(pathEnd - 1);
        if (p > 32 && p < 0xa0) {
          // Inline, no call: the signature's bit rules out nearly every path (see QueryFilter).
          const n = pathEnd - s - 2;
          if (bits !== null && y !== 46 && bits[signature(n, text.charCodeAt(s + 2 + (n >> 1)), text.charCodeAt(n > 4 ? pathEnd - 4 : s + 2), text.charCodeAt(n > 5 ? pathEnd - 5 : s + 2))] === 0) continue;
          if (!filter.keeps(text, s + 2, pathEnd)) continue;
        }
      }
    }
    w.nextSep = nextSep;
    walkLines(w, text, s, pos < to ? pos : to, lineNo);
    nextSep = w.nextSep;
  }
  w.nextSep = nextSep;
  return lineNo;
}

/**
 * Every heading line of level 1 to 3, in order, with the section it leaves the walk in. Found
 * by searching for `#` and looking back over the whitespace before it: each character is read
 * a bounded number of times, whatever the text.
 */
function headingLines(text: string): HeadingLine[] {
  const out: HeadingLine[] = [];
  let section: Section = null;
  let heading: string | null = null;
  for (let at = text.indexOf('#'); at >= 0; ) {
    let s = at;
    while (s > 0 && text.charCodeAt(s - 1) !== 10 && isSpace(text.charCodeAt(s - 1))) s--;
    let e = text.indexOf('\n', at);
    if (e < 0) e = text.length;
    if (s === 0 || text.charCodeAt(s - 1) === 10) {
      let end = e;
      while (end > at && isSpace(text.charCodeAt(end - 1))) end--;
      const h = atxHeading(text.slice(at, end));
      // The same transitions as Walker.line.
      if (h !== null && h.level === 3 && section !== null) heading = h.text;
      else if (h !== null && h.level === 2) {
        section = SECTIONS[sectionName(h.text)] ?? null;
        heading = null;
      } else if (h !== null && h.level === 1) section = null;
      if (h !== null && h.level <= 3) out.push({ start: s, at, end, level: h.level, text: h.text, section, heading });
    }
    // The rest of a heading line holds no other line start; elsewhere, the next `#` may.
    at = text.indexOf('#', s === 0 || text.charCodeAt(s - 1) === 10 ? e : at + 1);
  }
  return out;
}

/** Where the lines under heading line `i` end: at the next heading line of level `level` or lower. */
function endOf(text: string, headings: HeadingLine[], i: number, level: number): number {
  for (let k = i + 1; k < headings.length; k++) if (headings[k].level <= level) return headings[k].start;
  return text.length;
}

interface SmallSections extends Pick<KnowledgeIndex, 'aliases' | 'projects'> {
  known: KnownRead;
  /**
   * Where each Known Tags section's numbering starts: its heading line (index in headings) was
   * numbered `id`, the lines after it on from there (line numbers are not known at this point).
   */
  knownFrom: Array<{ heading: number; id: number }>;
}

/**
 * Projects and Known Tags (aliases), read from their sections only: what resolving a query
 * needs. Known Tags are read here only; the walk takes them over (KnownRead).
 */
function smallSections(text: string, headings: HeadingLine[]): SmallSections {
  const w = new Walker();
  const knownFrom: SmallSections['knownFrom'] = [];
  let id = 1;
  for (let i = 0; i < headings.length; i++) {
    const h = headings[i];
    if (h.level !== 2 || (h.section !== 'projects' && h.section !== 'known')) continue;
    if (h.section === 'known') knownFrom.push({ heading: i, id });
    w.setSection(null, null);
    id = walkLines(w, text, h.start, endOf(text, headings, i, 2), id);
  }
  const known = w.readKnown();
  return { aliases: known.aliases, projects: w.index.projects, known, knownFrom };
}

/**
 * The lists the query reads whole (those of its tags and of the hint phrases it matches), and
 * the keys of the files in them: an entry elsewhere is kept only when its path is one of those
 * files'. With no `\`, `//` or `/.` anywhere in the text, a path that does not start with `.`
 * is its own key (isNormalPath), so a cheap signature of its text rules out nearly every other
 * entry before any string is made.
 */
class QueryFilter implements EntryFilter {
  private readonly keys = new Set<string>();
  /**
   * A bit per signature of the keys that are their own path text, or null when a path's text
   * may differ from its key (the text holds `\`, `//` or `/.`): a path that is its own key and
   * whose signature's bit is 0 is no key.
   */
  readonly signatures: Uint8Array | null;
  private readonly hintWanted = new Map<string, boolean>();

  constructor(
    private readonly tags: readonly string[],
    private readonly hintForms: readonly string[],
    text: string,
  ) {
    const plain = !text.includes('\\') && !text.includes('//') && !text.includes('/.');
    this.signatures = plain ? new Uint8Array(SIGNATURES) : null;
  }

  wanted(hints: boolean, key: string): boolean {
    if (!hints) return this.tags.includes(key);
    let wanted = this.hintWanted.get(key);
    if (wanted === undefined) {
      const phrase = normaliseForHint(key);
      wanted = this.hintForms.some((t) => phrase.includes(t));
      this.hintWanted.set(key, wanted);
    }
    return wanted;
  }

  keeps(text: string, from: number, to: number): boolean {
    return this.keys.has(fileKey(text.slice(from, to)));
  }

  /** The files of the wanted lists, read from the lines under their headings only. */
  collectFiles(text: string, headings: HeadingLine[]): void {
    const w = new Walker();
    for (let i = 0; i < headings.length; i++) {
      const h = headings[i];
      if (h.level !== 3 || h.heading === null) continue;
      if (h.section !== 'tags' && h.section !== 'other' && h.section !== 'hints') continue;
      if (!this.wanted(h.section === 'hints', h.section === 'hints' ? h.heading : h.heading.toLowerCase())) continue;
      w.setSection(h.section, null);
      walkLines(w, text, h.start, endOf(text, headings, i, 3), 1);
    }
    const { index } = w;
    for (const map of [index.tagIndex, index.otherTags]) {
      for (const list of map.values()) for (const entry of list) this.addKey(entry.path);
    }
    for (const list of index.hints.values()) for (const p of list) this.addKey(p);
  }

  private addKey(p: string): void {
    const key = fileKey(p);
    this.keys.add(key);
    if (this.signatures !== null && isNormalPath(key)) {
      const n = key.length;
      this.signatures[signature(n, key.charCodeAt(n >> 1), key.charCodeAt(n > 4 ? n - 4 : 0), key.charCodeAt(n > 5 ? n - 5 : 0))] = 1;
    }
  }
}

const SIGNATURES = 1 << 16;

/**
 * A path text's signature, from its length and three of its characters: at length >> 1, and
 * at length - 4 and length - 5 (the end of a name before `.md`; the first one for a short
 * path). Equal texts, equal signatures.
 */
function signature(length: number, middle: number, a: number, b: number): number {
  return (Math.imul(Math.imul(Math.imul(length, 31) + middle, 31) + a, 31) + b) & (SIGNATURES - 1);
}
