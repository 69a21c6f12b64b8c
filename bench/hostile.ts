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
  'alias flood': (bytes) => `## Known Tags\napi, kubernetes [aliases: ${fill(bytes, (i) => `k${i % 100_000}`, ', ')}], stripe\n`,
  /** Tens of thousands of tags, each with aliases, wrapped over lines in the middle of brackets. */
  'known tags flood': (bytes) => `## Known Tags\n${fill(bytes, (i) => `t${i} [aliases: u${i},\nv${i}], `)}\n`,
  /** ~60k hint phrases, every one listing the same file (and its `./` spelling). */
  'hint flood': (bytes) => `## Semantic Hints Index\n${fill(bytes, (i) => `### phrase number ${i}\n- notes/one.md\n- ./notes/one.md\n`)}`,
  /** One project whose Relevant tags line holds ~100k tags, duplicates in other cases. */
  'relevant tags flood': (bytes) => `## Projects\n### p — P\nRelevant tags: ${fill(bytes, (i) => (i % 3 ? `r${i >> 1}` : `R${i >> 1}`), ', ')}\n`,
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
  'duplicate entries': (bytes) => `## Tag Index\n### api\n${fill(bytes, (i) => (i % 2 ? '- notes/a.md — A\n' : '- ./notes/a.md\n'))}`,
};

/** A whole index.md made of one shape: a header, then the section. */
export function hostileIndex(shape: string, bytes: number): string {
  return `# Knowledge Index\nLast rebuilt: 2026-11-02\n\n${HOSTILE_SHAPES[shape](bytes)}`;
}
