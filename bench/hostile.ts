// Pathological index.md sections, each about `bytes` long: the shapes that once made a parse
// quadratic or sent a regex backtracking (a 120k-alias Known Tags line, 60k hint phrases on one
// file, U+2028 beside padded lines, long whitespace and bracket runs, floods of duplicates).
// Used by the benchmark's "hostile index" rows and by the fuzz suite's time-bounded cases.

const pad = (n: number) => ' '.repeat(Math.max(0, n));

/** Repeats `unit(i)` until the text is about `bytes` long. */
function fill(bytes: number, unit: (i: number) => string, joiner = ''): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const u = unit(i);
    parts.push(u);
    size += u.length + joiner.length;
  }
  return parts.join(joiner);
}

export const HOSTILE_SHAPES: Record<string, (bytes: number) => string> = {
  /** One tag with an alias list of ~120k names on one line (1 MB), some declared twice. */
  'alias flood': (bytes) =>
    `## Known Tags\napi, kubernetes [aliases: ${fill(bytes, (i) => `k${i % 100_000}`, ', ')}], stripe\n`,
  /** Tens of thousands of tags, each with aliases, wrapped over lines in the middle of brackets. */
  'known tags flood': (bytes) => `## Known Tags\n${fill(bytes, (i) => `t${i} [aliases: u${i},\nv${i}], `)}\n`,
  /** ~60k hint phrases, every one listing the same file (and its `./` spelling). */
  'hint flood': (bytes) =>
    `## Semantic Hints Index\n${fill(bytes, (i) => `### phrase number ${i}\n- notes/one.md\n- ./notes/one.md\n`)}`,
  /** One project whose Relevant tags line holds ~100k tags, duplicates in other cases. */
  'relevant tags flood': (bytes) =>
    `## Projects\n### p — P\nRelevant tags: ${fill(bytes, (i) => (i % 3 ? `r${i >> 1}` : `R${i >> 1}`), ', ')}\n`,
  /** U+2028/U+2029 in the text, with padded lines that a backtracking entry regex chokes on. */
  'line separators': (bytes) =>
    `## Tag Index\n### api\n${fill(bytes, (i) => (i % 2 ? `-${pad(5000)}\u2028x${i}.md — d${pad(5000)}\u2029\n` : `Last rebuilt:${pad(5000)}\u2028\n### ${pad(3000)}\u2029h${i}\n`))}`,
  /** Long runs of whitespace inside entries, headings, Known Tags and team-shared annotations. */
  'whitespace runs': (bytes) => {
    const run = pad(Math.floor(bytes / 8));
    return [
      `## Tag Index\n### ${run}api${run}\n- ${run}x.md${run}— d${run}\n`,
      `## Known Tags\na,${run},${run}b [aliases:${run}c${run}]\n`,
      `## Team-Shared Tag Index\n### api\n- ~/Projects/p/_project-knowledge/t.md — d${run}[project:${run}p, scope:${run}repo]\n`,
    ].join('');
  },
  /** Runs of brackets and annotation markers that an annotation regex would retry at every one. */
  'bracket runs': (bytes) => {
    const n = Math.floor(bytes / 5);
    return [
      `## Known Tags\na ${'['.repeat(n)}, b ${'[aliases: '.repeat(n / 10)}x], c ${']'.repeat(n)}\n`,
      `## Team-Shared Tag Index\n### api\n- a${' [project:'.repeat(n / 10)}\n- a [project: p,${' [project: q,'.repeat(n / 12)} scope: repo]\n`,
    ].join('');
  },
  /** Known Tags `[` missing its `]`: runs on one line, and an unclosed alias list on every line (§F9). */
  'unclosed brackets': (bytes) => {
    const n = Math.floor(bytes / 8);
    return `## Known Tags\n${'[x ['.repeat(n)}\n${fill(bytes / 2, (i) => `t${i} [aliases: u${i}, v${i}\n`)}\n`;
  },
  /** Entries holding runs of ` — ` and `.md`, with and without a description (§F19). */
  'separator runs': (bytes) => {
    const n = Math.floor(bytes / 16);
    return `## Tag Index\n### api\n- ${'a — '.repeat(n)}x.md\n- ${'a.md — '.repeat(n)}\n- ${'a — '.repeat(n)}\n`;
  },
  /** The same entry line tens of thousands of times under one heading, in two spellings. */
  'duplicate entries': (bytes) =>
    `## Tag Index\n### api\n${fill(bytes, (i) => (i % 2 ? '- notes/a.md — A\n' : '- ./notes/a.md\n'))}`,
};

/** A whole index.md made of one shape: a header, then the section. */
export function hostileIndex(shape: string, bytes: number): string {
  return `# Knowledge Index\nLast rebuilt: 2026-11-02\n\n${HOSTILE_SHAPES[shape](bytes)}`;
}

/**
 * Shapes where the number of things index.md declares grows fastest with its bytes, each item
 * a few bytes long: what the parse's count caps (src/core/limits.ts) bound. Used by the memory
 * bounds tests (test/reliability/memory-bounds.test.ts) and the fuzz suite.
 */
export const COUNT_SHAPES: Record<string, (bytes: number) => string> = {
  /** One tag with as many distinct aliases as the bytes allow (`a1z,` each). */
  'distinct aliases': (bytes) => `## Known Tags\napi [aliases: ${fill(bytes, (i) => `a${i.toString(36)}`, ',')}]\n`,
  /** Tags, then one tag whose aliases are all those tags: each alias refused. */
  'aliases that are tags': (bytes) => {
    const tags = fill(bytes / 2, (i) => `t${i.toString(36)}`, ',');
    return `## Known Tags\n${tags}\napi [aliases: ${tags}]\n`;
  },
  /** Known tags without aliases, a few bytes each. */
  'known tags': (bytes) => `## Known Tags\n${fill(bytes, (i) => `k${i.toString(36)}`, ',')}\n`,
  /** Distinct hint phrases, each listing the same file. */
  'hint phrases': (bytes) => `## Semantic Hints Index\n${fill(bytes, (i) => `### p ${i.toString(36)}\n- a.md\n`)}`,
  /** Distinct files under a few thousand tags. */
  'tag index entries': (bytes) =>
    `## Tag Index\n${fill(bytes, (i) => `${i % 64 === 0 ? `### t${(i >> 6) % 5000}\n` : ''}- ${i.toString(36)}\n`)}`,
  /** Distinct team-shared entries under one heading. */
  'team-shared entries': (bytes) =>
    `## Team-Shared Tag Index\n### api\n${fill(bytes, (i) => `- ${i.toString(36)} [project: p]\n`)}`,
  /** One file listed under every tag (`api` first): a deep tag list on one result row. */
  'one file, every tag': (bytes) =>
    `## Tag Index\n${fill(bytes, (i) => `### ${i ? i.toString(36) : 'api'}\n- a.md\n`)}`,
  /** A tag as long as half the file reached through an alias, and a relevant tag as long as the rest. */
  'long tags': (bytes) =>
    `## Known Tags\n${'x'.repeat(bytes / 2)} [aliases: api]\n## Projects\n### p — P\nRelevant tags: ${'y'.repeat(bytes / 2)}, api\n`,
  /** Many projects, each with a relevant tag. */
  projects: (bytes) => `## Projects\n${fill(bytes, (i) => `### ${i.toString(36)}\nRelevant tags: r\n`)}`,
};

/** Every shape, pathological and count-heavy. */
export const ALL_SHAPES: Record<string, (bytes: number) => string> = { ...HOSTILE_SHAPES, ...COUNT_SHAPES };

/** A whole index.md made of one shape of ALL_SHAPES. */
export function shapeIndex(shape: string, bytes: number): string {
  return `# Knowledge Index\nLast rebuilt: 2026-11-02\n\n${ALL_SHAPES[shape](bytes)}`;
}
