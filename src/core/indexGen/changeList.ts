// §12.8 A rebuild as a change list for people: per section, the (tag, path) pairs added and
// removed, the tags whose section moves between Tag Index and Other Tags, the dead links dropped
// and the hand-written lines a rebuild does not carry, each with the file and line it is about.
// Built where the rebuild is made (the editor's worker), bounded per group, so the side showing
// it only lays out rows.
import * as path from 'node:path';
import { atxHeading, bulletText, entryText } from '../index/text';
import { expandHome } from '../paths';
import type { Config } from '../types';
import type { IndexBuild } from './generate';
import { blocks, SECTION_TITLES, splitRaw } from './splice';

export type ChangeKind = 'added' | 'removed' | 'moved' | 'dead' | 'hand-written';

export interface ChangeRow {
  /** The path, tag or line the row is about. */
  label: string;
  /** The tag, a reason, a count: what else the row says. */
  detail: string;
  /** The file it opens (absolute): index.md or a note. */
  file: string;
  /** Its 1-based line in index.md as it was, or null (a note opens at its top). */
  line: number | null;
}

export interface ChangeGroup {
  /** The section title (`Tag Index`, …) the change is in. */
  section: string;
  kind: ChangeKind;
  /** How many changes of this kind there are; `rows` holds at most the cap of them. */
  total: number;
  rows: ChangeRow[];
}

export interface ChangeList {
  groups: ChangeGroup[];
  /** Lines of one text without a counterpart in the other: what a full line diff would show. */
  changedLines: number;
  /** Tags whose section moves between Tag Index and Other Tags. */
  moved: number;
}

/** Rows kept per group: a change list of 100k notes stays a few hundred kilobytes. */
export const CHANGE_ROWS_CAP = 1_000;

const PAIR_SECTIONS: Record<string, 'tags' | 'other' | 'team'> = {
  'tag index': 'tags',
  'other tags': 'other',
  'team-shared tag index': 'team',
};

/** Where index.md lists things: each tag heading and entry of the pair sections, and each hint entry. */
interface Located {
  /** `section\0tag` → the heading's line. */
  headings: Map<string, number>;
  /** `section\0tag\0path` → the entry's line. */
  entries: Map<string, number>;
  /** path → its first hint entry's line. */
  hints: Map<string, number>;
  /** tag → the pair section it heads (the first one). */
  tagSection: Map<string, string>;
}

function locate(raw: string | null): Located {
  const out: Located = { headings: new Map(), entries: new Map(), hints: new Map(), tagSection: new Map() };
  if (raw === null) return out;
  let lineNo = 0;
  for (const block of blocks(splitRaw(raw).lines)) {
    const name = block.name;
    const kind = name === null ? undefined : PAIR_SECTIONS[name];
    const hints = name === 'semantic hints index';
    let heading = '';
    for (const { text } of block.lines) {
      lineNo++;
      if (!kind && !hints) continue;
      const t = text.trim();
      const h = t.startsWith('###') ? atxHeading(t) : null;
      if (h && h.level === 3) {
        heading = kind ? h.text.toLowerCase() : h.text;
        if (kind && !out.headings.has(`${name}\0${heading}`)) out.headings.set(`${name}\0${heading}`, lineNo);
        if (kind && kind !== 'team' && !out.tagSection.has(heading)) out.tagSection.set(heading, name!);
        continue;
      }
      const item = bulletText(t);
      if (item === null || heading === '') continue;
      const p = entryText(kind ?? 'hints', item).path;
      if (hints) {
        if (!out.hints.has(p)) out.hints.set(p, lineNo);
      } else if (!out.entries.has(`${name}\0${heading}\0${p}`)) out.entries.set(`${name}\0${heading}\0${p}`, lineNo);
    }
  }
  return out;
}

/** Lines a rebuild writes itself: headings, entries, dates and derived counts (never hand-written). */
const GENERATED_LINE = [
  /^#{1,6}[ \t]/,
  /^[-*+][ \t]/,
  /^last rebuilt:/i,
  /^last updated:/i,
  /^project-tier files:/i,
  /^last project-tier update:/i,
];

/** Counts of each line, by section. */
function linesBySection(raw: string): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const b of blocks(splitRaw(raw).lines)) {
    const key = b.name ?? '';
    const counts = out.get(key) ?? new Map<string, number>();
    for (const l of b.lines) counts.set(l.text, (counts.get(l.text) ?? 0) + 1);
    out.set(key, counts);
  }
  return out;
}

/** The change list of `build` against `raw` (the index.md text it replaces; null: none yet). */
export function changeList(
  config: Config,
  raw: string | null,
  build: Pick<IndexBuild, 'text' | 'diff' | 'model'>,
  cap = CHANGE_ROWS_CAP,
): ChangeList {
  const indexFile = path.join(config.knowledgeFolder, 'index.md');
  const noteFile = (p: string) =>
    p.startsWith('~/') ? expandHome(p, config.home) : path.resolve(config.knowledgeFolder, p);
  const old = locate(raw);
  const groups = new Map<string, ChangeGroup>();
  const add = (section: string, kind: ChangeKind, row: ChangeRow) => {
    const key = `${section}\0${kind}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { section: SECTION_TITLES[section] ?? section, kind, total: 0, rows: [] }));
    g.total++;
    if (g.rows.length < cap) g.rows.push(row);
  };
  const { model, diff } = build;
  const inMap = (m: Map<string, Array<{ path: string }>>, tag: string, p: string) =>
    m.get(tag)?.some((n) => n.path === p) ?? false;
  for (const a of diff.added) {
    const section = inMap(model.team, a.tag, a.path)
      ? 'team-shared tag index'
      : model.tagIndex.has(a.tag)
        ? 'tag index'
        : 'other tags';
    add(section, 'added', { label: a.path, detail: a.tag, file: noteFile(a.path), line: null });
  }
  const deadPaths = new Set<string>();
  for (const r of diff.removed) {
    const section =
      ['tag index', 'other tags', 'team-shared tag index'].find((s) => old.entries.has(`${s}\0${r.tag}\0${r.path}`)) ??
      (r.path.startsWith('~/') ? 'team-shared tag index' : 'tag index');
    const line = old.entries.get(`${section}\0${r.tag}\0${r.path}`) ?? null;
    if (r.reason === 'dead-link') deadPaths.add(r.path);
    const detail = r.reason === 'dead-link' ? `${r.tag} · the file is gone` : `${r.tag} · ${REASONS[r.reason]}`;
    add(section, r.reason === 'dead-link' ? 'dead' : 'removed', {
      label: r.path,
      detail,
      file: indexFile,
      line,
    });
  }
  for (const p of diff.deadLinks)
    if (!deadPaths.has(p) && old.hints.has(p))
      add('semantic hints index', 'dead', {
        label: p,
        detail: 'a hint entry · the file is gone',
        file: indexFile,
        line: old.hints.get(p) ?? null,
      });
  let moved = 0;
  for (const [into, from, map] of [
    ['tag index', 'other tags', model.tagIndex],
    ['other tags', 'tag index', model.otherTags],
  ] as const)
    for (const [tag, notes] of map)
      if (old.tagSection.get(tag) === from) {
        moved++;
        add(into, 'moved', {
          label: tag,
          detail: `from ${SECTION_TITLES[from]} · ${notes.length === 1 ? '1 note' : `${notes.length} notes`}`,
          file: indexFile,
          line: old.headings.get(`${from}\0${tag}`) ?? null,
        });
      }
  let changedLines = 0;
  if (raw !== null) {
    const now = linesBySection(build.text);
    const all = new Map<string, number>();
    for (const counts of now.values()) for (const [l, n] of counts) all.set(l, (all.get(l) ?? 0) + n);
    let lineNo = 0;
    for (const block of blocks(splitRaw(raw).lines)) {
      const key = block.name ?? '';
      const mine = now.get(key);
      for (const { text } of block.lines) {
        lineNo++;
        const n = all.get(text) ?? 0;
        if (n > 0) all.set(text, n - 1);
        else changedLines++;
        const m = mine?.get(text) ?? 0;
        if (m > 0) mine!.set(text, m - 1);
        else if (text.trim() !== '' && !GENERATED_LINE.some((re) => re.test(text.trim())))
          add(key || 'top of index.md', 'hand-written', {
            label: text.trim(),
            detail: 'not carried by a rebuild',
            file: indexFile,
            line: lineNo,
          });
      }
    }
    for (const n of all.values()) changedLines += n;
  } else changedLines = splitRaw(build.text).lines.length;
  const order = ['tag index', 'other tags', 'semantic hints index', 'team-shared tag index'].map(
    (s) => SECTION_TITLES[s],
  );
  const kinds: ChangeKind[] = ['added', 'removed', 'moved', 'dead', 'hand-written'];
  const rank = (g: ChangeGroup) => {
    const i = order.indexOf(g.section);
    return (i < 0 ? order.length : i) * 10 + kinds.indexOf(g.kind);
  };
  return { groups: [...groups.values()].sort((a, b) => rank(a) - rank(b)), changedLines, moved };
}

const REASONS = {
  'tag-removed': 'the note no longer has the tag',
  'not-scanned': 'the note is in no folder the index scans',
  refused: 'the reader refuses the file',
} as const;
