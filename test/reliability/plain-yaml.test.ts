// The plain-YAML reader (core/config/plainYaml.ts) against js-yaml's safe loader: whatever it reads, it
// reads as js-yaml does; everything else it leaves to js-yaml. Thousands of generated front
// matters mixing the plain forms with the ones that only look plain (dates, octal, `1_0`,
// `Null`, `a:b`, tabs, anchors, continuation lines…), the bundled example configs, and a list of
// look-alikes written out.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { safeLoad } from 'js-yaml';
import { plainYamlMapping } from '../../src/core/config/plainYaml';

function jsYaml(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: safeLoad(text) };
  } catch {
    return { ok: false };
  }
}

function agrees(text: string): boolean {
  const plain = plainYamlMapping(text);
  if (plain === undefined) return false;
  const reference = jsYaml(text);
  assert.ok(reference.ok, `js-yaml refuses what the plain reader read:\n${text}`);
  assert.deepStrictEqual(plain, reference.value, `read differently:\n${text}`);
  return true;
}

const KEYS = [
  'knowledge_folder',
  'projects_list',
  'a',
  'proj-c',
  'web',
  '_x',
  'Null',
  'true',
  'k1',
  '__proto__',
  'a b',
  '1a',
  'x.y',
];
const VALUES = [
  '~/knowledge',
  '/abs/path',
  'proj-a:proj-a,proj-b:proj-b',
  'proj-a, proj-c',
  'true',
  'True',
  'FALSE',
  'yes',
  'no',
  'on',
  '7',
  '0',
  '14',
  '010',
  '1_0',
  '0x1F',
  '1e3',
  '1.5',
  '.5',
  '-1',
  '+2',
  '2026-10-01',
  '2026-10-01T10:00:00Z',
  '12:30',
  '~',
  'null',
  'Null',
  'NULL',
  'nul',
  '"quoted"',
  "'single'",
  '"with # hash"',
  "'it''s'",
  '"esc\\n"',
  '"a',
  "'b",
  'a: b',
  'a:b',
  'ends:',
  'http://x.y/z',
  'a #comment',
  'a#b',
  'a]',
  'a}',
  'a,b',
  '&anchor a',
  '*alias',
  '!tag x',
  '|',
  '>',
  '[a, b]',
  '{a: 1}',
  '- a',
  '@x',
  '`x`',
  '%x',
  '?',
  'a  b',
  'é',
  'naïve text',
  '.inf',
  '.NaN',
  '<<',
  '=',
  'docs/STITCH.md',
  '123456789012345',
  '1234567890123456',
  '',
];
const INDENTS = ['', '', '', '  ', '    ', ' ', '\t'];

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return s / 0x100000000;
  };
}

/** Half the texts are written as configs are (one key per line, `: `, distinct keys), so both sides are exercised. */
const CLEAN_VALUES = VALUES.filter(
  (v) => /^([a-z~/_].*|[1-9][0-9]?|"[a-z ]+"|'[a-z]+')$/i.test(v) && !v.includes(': '),
);

function generated(rand: () => number): string {
  const clean = rand() < 0.5;
  const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)];
  const value = () => (clean && rand() < 0.97 ? pick(CLEAN_VALUES) : pick(VALUES));
  let keys = 0;
  const key = () => (clean ? `${pick(KEYS.slice(0, 6))}${keys++}` : pick(KEYS));
  const lines: string[] = [];
  const n = 1 + Math.floor(rand() * 8);
  for (let i = 0; i < n; i++) {
    const r = rand();
    if (r < 0.08) lines.push(pick(['', '# a comment', '  # indented comment', '   ']));
    else if (r < 0.25) {
      // a nested block, sometimes broken
      lines.push(`${key()}:${pick(['', ' ', ' # c'])}`);
      const inner = clean ? '  ' : pick(['  ', '    ', '  ', ' ']);
      for (let k = 0; k < 1 + Math.floor(rand() * 3); k++) {
        const deeper = rand() < 0.15;
        lines.push(`${inner}${key()}:${deeper ? '' : ` ${value()}`}`);
        if (deeper) lines.push(`${inner}  ${key()}: ${value()}`);
      }
    } else {
      const indent = clean || rand() < 0.9 ? '' : pick(INDENTS);
      const sep = clean ? ': ' : pick([': ', ': ', ': ', ':', ' : ', ':  ', ':\t']);
      const comment = rand() < 0.1 ? ' # note' : '';
      lines.push(`${indent}${key()}${sep}${value()}${comment}${rand() < 0.05 ? '  ' : ''}`);
    }
  }
  return lines.join('\n');
}

test('generated front matters: everything the plain reader reads, js-yaml reads the same; the rest is left to js-yaml', () => {
  const rand = rng(20261202);
  let read = 0;
  const total = 6000;
  for (let i = 0; i < total; i++) if (agrees(generated(rand))) read++;
  // the subset must be what configs are written in: most generated texts that js-yaml reads are plain
  assert.ok(read > total / 5, `only ${read} of ${total} generated texts were read without js-yaml`);
});

test('the bundled example configs are read without js-yaml, as js-yaml reads them', () => {
  const configs = [
    'examples/knowledge-home/.claude/aria-knowledge.local.md',
    ...fs
      .readdirSync('examples', { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('aria-knowledge.local.md'))
      .map((f) => path.join('examples', f)),
  ];
  let seen = 0;
  for (const file of new Set(configs)) {
    if (!fs.existsSync(file)) continue;
    const text = fs.readFileSync(file, 'utf8');
    const block = /^---\n([\s\S]*?)\n---/.exec(text)?.[1];
    if (block === undefined || !/^[A-Za-z]/.test(block)) continue;
    assert.ok(agrees(block), `${file}: its front matter was left to js-yaml`);
    seen++;
  }
  assert.ok(seen >= 1, 'no example config was found');
});

test('look-alikes of plain values are left to js-yaml or read as js-yaml reads them', () => {
  const cases = [
    'a: 2026-10-01',
    'a: 010',
    'a: 1_0',
    'a: 0x10',
    'a: 1:30',
    'a: .inf',
    'a: Null',
    'Null: x',
    'true: x',
    '__proto__: x',
    'a: b: c',
    'a:b',
    'a: x\n  continued',
    'a: x\na: y',
    'a:\n  - x',
    'a: |\n  text',
    'a: &x v\nb: *x',
    'a: !!str 1',
    'a: "x\\ty"',
    "a: 'x''y'",
    'a: "x" trailing',
    'a:\n\tb: c',
    '  a: 1\n  b: 2',
    'a:\n    b: 1\n  c: 2',
    'a: \u0085x',
    'a: x\u2028y',
    'a: \ud83d\ude00',
    'a: ~',
    'a: ~/x',
    'a:',
    'a:\nb:',
    'a: yes',
    'a: 9007199254740993',
  ];
  let read = 0;
  for (const text of cases) if (agrees(text)) read++;
  assert.ok(read >= 6, `only ${read} look-alikes were read at all`);
});
