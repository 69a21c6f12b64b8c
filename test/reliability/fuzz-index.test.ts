// Bad input, index.md: a seeded fuzz/property test of the index parser and the matcher, plus
// one named test per kind of damage a hand-edited or synced index suffers. Reproduce a failure
// with the printed seed and case number: ARIA_FUZZ_SEED=<seed> ARIA_FUZZ_CASES=<n> node --import tsx --test <this file>.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { CoreCache } from '../../src/core/kb/cache';
import { runQuery, type Snapshot } from '../../src/core/match/engine';
import { toJson } from '../../src/core/present/json';
import { renderSummary } from '../../src/core/present/summary';
import { parseIndex } from '../../src/core/index/parse';
import { isInside, isInsideAny, suspiciousPathText } from '../../src/core/paths';
import { GROUP_ORDER } from '../../src/core/present/summaryView';
import { buildTables } from '../../bench/generate';
import { HOSTILE_SHAPES, hostileIndex } from '../../bench/hostile';
import type { KnowledgeIndex, QueryResult } from '../../src/core/types';
import { fixturesHome, MARKER, makeHome, snapshotFor, TODAY } from './helpers';
import { prng } from '../prng';
import { assertSameAsReference } from './indexDiff';
import { assertImageRoundTrip, assertSameAnswers } from './imageDiff';
import { bounded, hangBound } from '../timing';

const SEED = Number(process.env.ARIA_FUZZ_SEED ?? 0x5eed1);
const CASES = Number(process.env.ARIA_FUZZ_CASES ?? 12_000);
/** The hang bound of one case (parse + two queries + rendering), in CPU time: the 1 MB / 10k ones take ~500 ms idle. */
const MAX_CASE_MS = hangBound(500);

const fixtureIndex = fs.readFileSync(path.join(fixturesHome, 'knowledge', 'index.md'), 'utf8');

// ---------------------------------------------------------------------------------------------
// The world every query runs against: projects, team-shared folders, artifacts, a secret outside.

function fuzzWorld(): { snapshot: Snapshot; folder: string; outside: string } {
  const h = makeHome({
    config: {
      projects_enabled: 'true',
      projects_list: 'p1:~/Projects/p1,p2:~/Projects/p2,proj-a:~/Projects/proj-a',
      projects_shared_knowledge: 'p1,p2,proj-a',
    },
    index: '# Knowledge Index\n',
    files: {
      'knowledge/approaches/a.md': '# A\n',
      'knowledge/projects/p1/decisions/one.md':
        '---\ntags: [api, 日本語]\nsemantic-hints: [cursor pagination]\n---\n# One\n',
      'knowledge/projects/p2/README.md': '# readme\n',
      'Projects/p1/_project-knowledge/x.md': '# team x\n',
      'Projects/p1/_project-knowledge/cross/y.md': '# team y\n',
      'Projects/p1/CODEMAP.md': '# codemap\n',
      'knowledge/intake/ideas/2026-11-20-idea.md': '---\nproject: p1\ntype: bug\n---\n# An idea\n',
    },
  });
  return { snapshot: snapshotFor(h.home), folder: h.folder, outside: h.outside };
}

// ---------------------------------------------------------------------------------------------
// Invariants: what "well-formed" means for a parsed index and for a query result.

function checkIndex(ix: KnowledgeIndex, where: string): void {
  assert.ok(Array.isArray(ix.warnings) && ix.warnings.length <= 51, `${where}: warnings are capped`);
  for (const w of ix.warnings) assert.equal(typeof w, 'string', where);
  const known = new Set<string>();
  for (const k of ix.knownTags) {
    assert.ok(
      k.tag.length > 0 && !/\s/.test(k.tag) && k.tag === k.tag.toLowerCase(),
      `${where}: known tag ${JSON.stringify(k.tag)}`,
    );
    assert.ok(!known.has(k.tag), `${where}: known tag listed once`);
    known.add(k.tag);
  }
  for (const [alias, canonical] of ix.aliases) {
    assert.equal(alias, alias.toLowerCase(), `${where}: alias key lowercase`);
    assert.ok(known.has(canonical), `${where}: alias ${alias} → declared tag`);
  }
  for (const [key, file] of ix.files) {
    assert.equal(key, file.path, `${where}: file key is its path`);
    assert.ok(!key.startsWith('./'), `${where}: file path normalised`);
  }
  for (const [tag, files] of ix.filesByTag) {
    assert.equal(tag, tag.toLowerCase(), `${where}: tag keys lowercase`);
    for (const f of files) assert.ok(f.tags.has(tag), `${where}: filesByTag consistent`);
  }
  for (const [key, p] of ix.projects) assert.equal(key, p.key.toLowerCase(), `${where}: project key`);
  for (const f of ix.teamSharedFiles.values()) {
    assert.ok(f.project.length > 0 && f.project === f.project.toLowerCase(), `${where}: team-shared project`);
  }
}

function checkResult(result: QueryResult, snapshot: Snapshot, where: string): void {
  const { config } = snapshot;
  const folder = config.knowledgeFolder;
  const seen = new Set<string>();
  for (const t of result.query.tokens) {
    assert.ok(t.length > 0, `${where}: empty token`);
    assert.ok(!seen.has(t.toLowerCase()), `${where}: duplicate token ${t}`);
    seen.add(t.toLowerCase());
  }
  let lastGroup = -1;
  let n = 0;
  let knowledge = 0;
  const paths = new Set<string>();
  for (const item of result.items) {
    const group = GROUP_ORDER.indexOf(item.category);
    assert.ok(group >= 0, `${where}: category ${item.category}`);
    assert.ok(group >= lastGroup, `${where}: groups in order`);
    lastGroup = group;
    if (item.selectable) assert.equal(item.n, ++n, `${where}: numbering continuous`);
    else {
      const unloadable = item.category === 'tracked-artifact' || item.problem !== null;
      assert.ok(
        item.n === null && unloadable,
        `${where}: only missing artifacts and notes the reader would not load are unnumbered`,
      );
    }
    assert.ok(path.isAbsolute(item.absPath), `${where}: absPath absolute`);
    assert.deepEqual(item.tags, [...new Set(item.tags)].sort(), `${where}: tags sorted, unique`);
    for (const tag of item.tags) assert.equal(tag, tag.toLowerCase(), `${where}: tags lowercase`);
    assert.ok(isInsideAny(item.absPath, item.allowedRoots), `${where}: ${item.path} inside its allowed roots`);
    switch (item.category) {
      case 'cross-project':
        if (item.problem === null) knowledge++;
        assert.ok(
          !item.path.startsWith('projects/') && item.path !== 'projects',
          `${where}: project path in cross group`,
        );
        assert.equal(suspiciousPathText(item.path), null, `${where}: suspicious path surfaced`);
        assert.ok(isInside(item.absPath, folder), `${where}: cross-project ${item.path} leaves the folder`);
        assert.deepEqual(item.allowedRoots, [folder]);
        assert.ok(!paths.has(`c:${item.path}`), `${where}: ${item.path} listed twice`);
        paths.add(`c:${item.path}`);
        break;
      case 'project-specific':
        if (item.problem === null) knowledge++;
        assert.ok(item.path.startsWith('projects/'), `${where}: project-specific path`);
        assert.ok(isInside(item.absPath, folder), `${where}: project file leaves the folder`);
        break;
      case 'team-shared':
        if (item.problem === null) knowledge++;
        assert.ok(
          item.project === 'cross' || config.sharedKnowledge.includes(item.project ?? ''),
          `${where}: team project enabled`,
        );
        for (const root of item.allowedRoots) {
          const ok =
            path.basename(root) === '_project-knowledge' ||
            (path.basename(root) === 'cross' && path.basename(path.dirname(root)) === '_project-knowledge');
          assert.ok(ok, `${where}: team-shared root ${root} is a _project-knowledge/ folder`);
        }
        break;
      case 'tracked-artifact':
        assert.ok(
          config.projectsList.has((item.project ?? '').toLowerCase()),
          `${where}: artifact of a configured project`,
        );
        break;
    }
  }
  assert.equal(result.found, knowledge, `${where}: found counts the knowledge groups' loadable notes`);
  const listed = result.items.filter((i) => i.category !== 'tracked-artifact').length;
  assert.equal(result.noMatch, listed === 0, `${where}: noMatch when no note is listed, loadable or not`);
  for (const w of result.warnings) assert.equal(typeof w, 'string');
  const text = renderSummary(result);
  assert.ok(text.endsWith('\n'), `${where}: summary text`);
  const json = JSON.stringify(toJson(result));
  assert.equal(
    (JSON.parse(json) as { items: unknown[] }).items.length,
    result.items.length,
    `${where}: JSON round trip`,
  );
  assert.ok(
    !text.includes(MARKER) && !json.includes(MARKER),
    `${where}: content of a file outside the folder surfaced`,
  );
}

// ---------------------------------------------------------------------------------------------
// Generation: random but plausible indexes, then damage.

const TAGS = [
  'api',
  'stripe',
  'database',
  'react-native',
  'rn',
  'k8s',
  'kubernetes',
  'p1',
  'p2',
  'proj-a',
  'cross',
  'testing',
  '日本語',
  'тег',
  'ÄRGER',
  'ñandú',
  'عربى',
  'עברית',
  '🚀',
  'emoji-🔥-tag',
  '👩‍💻',
  'e\u0301',
  'zero\u200bwidth',
  '\u202eevil',
  'C#',
  'a.b',
  'UPPER',
  '-',
  '--',
  'and',
  'OR',
  'AND',
  '#',
  '[x]',
  'ǅ',
  'İstanbul',
  'ß',
  '\ud800',
];
const GOOD_PATHS = [
  'approaches/a.md',
  'x.md',
  'deep/a/b/c.md',
  'notes/日本.md',
  'emoji/🚀.md',
  'with space.md',
  './approaches/a.md',
  'projects/p1/decisions/one.md',
  'projects/p2/x.md',
  'approaches\\a.md',
];
const HOSTILE_PATHS = [
  '../outside/secret.md',
  '/etc/passwd',
  '~/outside/secret.md',
  '..\\outside\\secret.md',
  '%2e%2e/outside/secret.md',
  'projects/../../outside/secret.md',
  'a/../../outside/secret.md',
  '`../outside/secret.md`',
  'x.md\u0000.png',
  '\\\\server\\share\\x.md',
  'C:\\Windows\\win.ini',
  'file:///etc/passwd',
  '~',
  '.',
  '..',
  '..%2Foutside',
  '/',
  'approaches/%2E%2E%2F..%2Fsecret.md',
  '~root/.ssh/id_rsa',
  '....//....//etc/passwd',
];
const TEAM_PATHS = [
  '~/Projects/p1/_project-knowledge/x.md',
  '~/Projects/p1/_project-knowledge/cross/y.md',
  '~/Projects/proj-a/_project-knowledge/z.md',
  '~/Projects/p2/_project-knowledge/../../../outside/secret.md',
  '~/outside/secret.md',
  '/etc/passwd',
  '~/Projects/p1/_project-knowledge-evil/x.md',
  '~/Projects/p1/notes/x.md',
  '~/Projects/p1/_project-knowledge/%2e%2e/x.md',
  'relative/_project-knowledge/x.md',
  '~\\Projects\\p1\\_project-knowledge\\x.md',
];
const DESCRIPTIONS = [
  'Cursor pagination',
  '',
  'with [brackets]',
  '[project: p1, scope: repo]',
  '— — —',
  '🚀 launch',
  'Ünïcödé',
  ' — trailing — ',
];
const SECTION_NAMES = [
  'Projects',
  'Known Tags',
  'Tag Index',
  'Other Tags',
  'Semantic Hints Index',
  'Team-Shared Tag Index',
  'Review Index',
  'Stale Files',
  'tag index',
  'TAG INDEX',
  'Untagged Files',
];

type Rand = () => number;
const pick = <T>(r: Rand, list: readonly T[]): T => list[Math.floor(r() * list.length)];
const int = (r: Rand, max: number): number => Math.floor(r() * max);

function anyPath(r: Rand): string {
  const x = r();
  return x < 0.6 ? pick(r, GOOD_PATHS) : x < 0.9 ? pick(r, HOSTILE_PATHS) : pick(r, TEAM_PATHS);
}

function sectionBody(r: Rand, name: string): string[] {
  const lines: string[] = [];
  const headings = 1 + int(r, 4);
  switch (name.toLowerCase()) {
    case 'projects':
      for (let i = 0; i < headings; i++) {
        lines.push(r() < 0.8 ? `### ${pick(r, TAGS)} — ${pick(r, DESCRIPTIONS)}` : `### ${pick(r, TAGS)}`);
        lines.push(`Relevant tags: ${Array.from({ length: int(r, 4) }, () => pick(r, TAGS)).join(', ')}`);
        if (r() < 0.3) lines.push('Project-tier files: 2 (decisions: 1, patterns: 1, other: 0)');
      }
      break;
    case 'known tags': {
      const items = Array.from({ length: 1 + int(r, 8) }, () =>
        r() < 0.3 ? `${pick(r, TAGS)} [aliases: ${pick(r, TAGS)}, ${pick(r, TAGS)}]` : pick(r, TAGS),
      );
      lines.push(items.join(', ') + (r() < 0.3 ? ',' : ''));
      if (r() < 0.4) lines.push(`${pick(r, TAGS)} [alias: ${pick(r, TAGS)}], ${pick(r, TAGS)} [aliases: unclosed`);
      break;
    }
    case 'semantic hints index':
      for (let i = 0; i < headings; i++) {
        lines.push(`### ${pick(r, TAGS)} ${pick(r, ['pagination', 'zero-downtime deploys', 'キー', ''])}`);
        for (let j = int(r, 3); j >= 0; j--) lines.push(`- ${anyPath(r)}`);
      }
      break;
    case 'team-shared tag index':
      for (let i = 0; i < headings; i++) {
        lines.push(`### ${pick(r, TAGS)}`);
        for (let j = int(r, 3); j >= 0; j--) {
          const project = pick(r, ['p1', 'p2', 'cross', 'proj-a', 'proj-d', '', 'P1']);
          const scope = pick(r, ['repo', 'cross', '', 'weird']);
          const annotation = r() < 0.85 ? ` [project: ${project}${scope ? `, scope: ${scope}` : ''}]` : '';
          lines.push(`- ${r() < 0.8 ? pick(r, TEAM_PATHS) : anyPath(r)} — ${pick(r, DESCRIPTIONS)}${annotation}`);
        }
      }
      break;
    default:
      for (let i = 0; i < headings; i++) {
        lines.push(`### ${pick(r, TAGS)}`);
        for (let j = int(r, 4); j >= 0; j--)
          lines.push(r() < 0.85 ? `- ${anyPath(r)} — ${pick(r, DESCRIPTIONS)}` : `- ${anyPath(r)}`);
      }
  }
  return lines;
}

function generateIndex(r: Rand): string {
  const lines: string[] = [];
  if (r() < 0.1) lines.push('---', 'generated: true', '---');
  if (r() < 0.9) lines.push('# Knowledge Index', '', `Last rebuilt: 2026-11-0${1 + int(r, 9)} (${int(r, 99)}th pass)`);
  const sections = 1 + int(r, 7);
  for (let i = 0; i < sections; i++) {
    const name = pick(r, SECTION_NAMES);
    lines.push('', `## ${name}`, '');
    lines.push(...sectionBody(r, name));
  }
  return lines.join('\n') + '\n';
}

const JUNK_LINES = [
  '### orphan heading',
  '- orphan.md — outside any section',
  '# Another Title',
  '##',
  '###',
  '## ',
  '- ',
  '-',
  '* x.md',
  '+ y.md — plus bullet',
  '#### deeper',
  '##Tag Index',
  '### ' + 'x'.repeat(300),
  '\t- tabbed.md — tab',
  '   ### spaced',
  'Relevant tags: a, b',
  '[aliases: k8s]',
  'Last rebuilt: never',
  '- `ticked.md` — ticks',
  '---',
  '...',
  '\u0000\u0001\u0002',
];

/** One mutation; returns its name for the failure message. */
function mutate(r: Rand, text: string): [string, string] {
  const lines = text.split('\n');
  switch (int(r, 16)) {
    case 0: // truncated file
      return ['truncate', text.slice(0, int(r, text.length + 1))];
    case 1: {
      // truncated lines
      for (let k = 1 + int(r, 5); k > 0; k--) {
        const i = int(r, lines.length);
        lines[i] = lines[i].slice(0, int(r, lines[i].length + 1));
      }
      return ['truncate-lines', lines.join('\n')];
    }
    case 2: {
      // random binary bytes, decoded the way index.md is read (UTF-8)
      const buf = Buffer.from(text, 'utf8');
      const out: number[] = [...buf];
      for (let k = 1 + int(r, 40); k > 0; k--) out.splice(int(r, out.length + 1), 0, int(r, 256));
      return ['binary', Buffer.from(out).toString(r() < 0.8 ? 'utf8' : 'latin1')];
    }
    case 3: // CRLF
      return ['crlf', text.replace(/\n/g, '\r\n')];
    case 4: // CR only
      return ['cr', text.replace(/\n/g, '\r')];
    case 5: // mixed endings
      return ['mixed-endings', lines.map((l) => l + pick(r, ['\n', '\r\n', '\r', '\n\n', '\r\r\n'])).join('')];
    case 6: // BOM (sometimes two, sometimes mid-file)
      return ['bom', (r() < 0.2 ? '\ufeff\ufeff' : '\ufeff') + text + (r() < 0.3 ? '\ufeff' : '')];
    case 7: // separator damage
      return ['separator', text.replace(/ — /g, () => pick(r, [' - ', '—', ' – ', '', ' —', '— ', ' -- ', ' — — ']))];
    case 8: {
      // headings and entries outside sections
      for (let k = 1 + int(r, 4); k > 0; k--)
        lines.splice(r() < 0.5 ? 0 : int(r, lines.length + 1), 0, pick(r, JUNK_LINES));
      return ['outside-sections', lines.join('\n')];
    }
    case 9: {
      // duplicate a block
      const a = int(r, lines.length);
      const b = Math.min(lines.length, a + 1 + int(r, 20));
      lines.splice(int(r, lines.length + 1), 0, ...lines.slice(a, b));
      return ['duplicate', lines.join('\n')];
    }
    case 10: {
      // shuffle some lines
      for (let k = 1 + int(r, 10); k > 0; k--) {
        const i = int(r, lines.length);
        const j = int(r, lines.length);
        [lines[i], lines[j]] = [lines[j], lines[i]];
      }
      return ['shuffle', lines.join('\n')];
    }
    case 11: {
      // delete lines
      for (let k = 1 + int(r, 10); k > 0 && lines.length > 0; k--) lines.splice(int(r, lines.length), 1);
      return ['delete-lines', lines.join('\n')];
    }
    case 12: {
      // hostile entries into every listing section
      const out: string[] = [];
      for (const l of lines) {
        out.push(l);
        if (l.startsWith('### ') && r() < 0.5)
          out.push(`- ${pick(r, HOSTILE_PATHS)} — hostile [project: ${pick(r, ['p1', 'cross'])}, scope: repo]`);
      }
      return ['hostile', out.join('\n')];
    }
    case 13: {
      // unicode damage: lone surrogates, RTL overrides, zero-width, combining marks
      const junk = [
        '\ud800',
        '\udfff',
        '\u202e',
        '\u200b',
        '\u0301\u0301\u0301',
        '\u2028',
        '\u2029',
        '\u0085',
        '\ufffd',
        '🏳️‍🌈',
      ];
      const chars = [...text];
      for (let k = 1 + int(r, 20); k > 0; k--) chars.splice(int(r, chars.length + 1), 0, pick(r, junk));
      return ['unicode', chars.join('')];
    }
    case 14: {
      // whitespace: trailing spaces, tabs, indentation
      return [
        'whitespace',
        lines
          .map(
            (l) =>
              (r() < 0.3 ? pick(r, ['  ', '\t', ' \t ']) : '') +
              l +
              (r() < 0.3 ? pick(r, ['   ', '\t', ' \u00a0']) : ''),
          )
          .join('\n'),
      ];
    }
    default: {
      // one line repeated many times
      const line = pick(r, lines.length ? lines : ['- x.md — d']);
      lines.splice(int(r, lines.length + 1), 0, ...Array(1 + int(r, 1000)).fill(line));
      return ['repeat', lines.join('\n')];
    }
  }
}

const ONE_MB = 1 << 20;
function bigCase(r: Rand, i: number): [string, string] {
  const base = r() < 0.5 ? fixtureIndex : generateIndex(r);
  const lines = base.split('\n');
  // The big cases come at i % 1000 of 500 and 999: number them, so each kind comes in turn.
  const kind = (2 * Math.floor(i / 1000) + (i % 1000 === 500 ? 0 : 1)) % 4;
  if (kind === 3) {
    // a pathological shape (alias flood, hint flood, U+2028, whitespace and bracket runs…) of
    // up to 128 KB inside an ordinary index: small enough for the reference parser to compare
    const shape = pick(r, Object.keys(HOSTILE_SHAPES));
    return [`hostile ${shape}`, `${base}\n${HOSTILE_SHAPES[shape](1 + int(r, 128 * 1024))}`];
  }
  if (kind === 0) {
    // a 1 MB line somewhere (an entry, a heading, Known Tags, outside any section)
    const line = pick(r, [
      `- ${'a'.repeat(ONE_MB)}.md — d`,
      `### ${'t'.repeat(ONE_MB)}`,
      `api${', x'.repeat(ONE_MB / 3)}`,
      'z'.repeat(ONE_MB),
      `- x.md — ${' '.repeat(ONE_MB)}[project: p1]`,
    ]);
    lines.splice(int(r, lines.length + 1), 0, line);
    return ['1MB-line', lines.join('\n')];
  }
  if (kind === 1) {
    // 10k sections
    const out = [base];
    for (let s = 0; s < 10_000; s++) out.push(`## ${pick(r, SECTION_NAMES)}`, `### t${s}`, `- f${s % 97}.md — d${s}`);
    return ['10k-sections', out.join('\n')];
  }
  // pure random bytes
  const bytes = Buffer.alloc(int(r, 200_000));
  for (let b = 0; b < bytes.length; b++) bytes[b] = int(r, 256);
  return ['random-bytes', bytes.toString('utf8')];
}

function queryFor(r: Rand, ix: KnowledgeIndex): string {
  const pool = [
    ...ix.knownTags.map((k) => k.tag),
    ...ix.aliases.keys(),
    ...ix.filesByTag.keys(),
    ...ix.projects.keys(),
    ...ix.teamShared.keys(),
    ...[...ix.hints.keys()].flatMap((h) => h.split(/\s+/)),
  ];
  const tokens = Array.from({ length: 1 + int(r, 4) }, () =>
    pool.length && r() < 0.75 ? pick(r, pool) : pick(r, TAGS),
  );
  if (r() < 0.3) tokens.splice(int(r, tokens.length + 1), 0, pick(r, ['AND', 'and', 'OR']));
  if (r() < 0.2) tokens.push(pick(r, ['p1', 'p2', 'proj-a']));
  return tokens.join(r() < 0.8 ? ' ' : ',');
}

// ---------------------------------------------------------------------------------------------

test('fuzz: ≥ 10,000 generated and mutated index.md variants never throw, stay bounded in time and well-formed', (t) => {
  const world = fuzzWorld();
  const r = prng(SEED);
  const cache = new CoreCache();
  let maxMs = 0;
  let maxCase = -1;
  let queries = 0;
  const kinds = new Map<string, number>();
  const started = performance.now();
  for (let i = 0; i < CASES; i++) {
    let text: string;
    let applied: string[];
    if (i % 1000 === 500 || i % 1000 === 999) {
      const [kind, big] = bigCase(r, i);
      text = big;
      applied = [kind];
    } else {
      text = r() < 0.25 ? fixtureIndex : generateIndex(r);
      applied = [];
      for (let k = int(r, 4); k >= 0; k--) {
        const [name, next] = mutate(r, text);
        text = next;
        applied.push(name);
      }
    }
    for (const a of applied) kinds.set(a, (kinds.get(a) ?? 0) + 1);
    const where = `seed ${SEED} case ${i} [${applied.join(', ')}]`;
    const cpu0 = process.cpuUsage();
    let index: KnowledgeIndex;
    try {
      index = parseIndex(text);
    } catch (err) {
      assert.fail(`${where}: parseIndex threw ${(err as Error).stack}`);
    }
    checkIndex(index, where);
    const snapshot: Snapshot = { config: world.snapshot.config, index };
    const inputs: string[] = [];
    for (let q = 0; q < 2; q++) {
      const input = queryFor(r, index);
      inputs.push(input);
      let outcome;
      try {
        outcome = runQuery(snapshot, input, { today: TODAY, cache });
      } catch (err) {
        assert.fail(`${where}: runQuery(${JSON.stringify(input)}) threw ${(err as Error).stack}`);
      }
      queries++;
      if (!outcome.ok) {
        assert.equal(outcome.code, 'usage', where);
        continue;
      }
      checkResult(outcome.result, snapshot, `${where} query ${JSON.stringify(input)}`);
    }
    const used = process.cpuUsage(cpu0);
    const ms = (used.user + used.system) / 1000;
    if (ms > maxMs) {
      maxMs = ms;
      maxCase = i;
    }
    assert.ok(ms < MAX_CASE_MS, `${where}: took ${ms.toFixed(0)} ms of CPU (hang bound ${MAX_CASE_MS} ms)`);
    // Differential: the same index as the reference parser's.
    assertSameAsReference(text, where, index);
    // The compact image (what the editor holds, what a reload worker posts, here through a
    // transferring structured clone) reads and answers as the parsed index.
    const { cloned } = assertImageRoundTrip(index, where);
    assertSameAnswers(world.snapshot.config, cloned, index, inputs, TODAY, where);
  }
  const total = (performance.now() - started) / 1000;
  assert.ok(CASES >= 10_000 || process.env.ARIA_FUZZ_CASES, 'at least 10,000 cases');
  t.diagnostic(`fuzz cases: ${CASES} index.md variants, ${queries} queries, seed ${SEED}`);
  t.diagnostic(`slowest case: ${maxMs.toFixed(1)} ms of CPU (case ${maxCase}); total ${total.toFixed(1)} s`);
  t.diagnostic(`mutations: ${[...kinds].map(([k, v]) => `${k} ${v}`).join(', ')}`);
});

// ---------------------------------------------------------------------------------------------
// One named test per kind of damage, with exact expectations.

/** What the index says, without its line records (a CR-only line end joined to a blank line's LF moves them). */
function serialise(ix: KnowledgeIndex): string {
  const { lines: _lines, ...said } = ix;
  return JSON.stringify(said, (_k, v) => (v instanceof Map ? [...v] : v instanceof Set ? [...v] : v));
}

test('truncated lines: the index cut at every position parses, and entries before the cut are kept', () => {
  const full = parseIndex(fixtureIndex);
  for (let cut = 0; cut <= fixtureIndex.length; cut += 3) {
    const text = fixtureIndex.slice(0, cut);
    const ix = parseIndex(text);
    checkIndex(ix, `cut ${cut}`);
    // Every entry line complete before the cut (and its section/heading) survives.
    const lastNewline = text.lastIndexOf('\n');
    const complete = parseIndex(text.slice(0, lastNewline + 1));
    for (const [tag, entries] of complete.tagIndex) {
      for (const e of entries)
        assert.ok(
          ix.tagIndex.get(tag)?.some((x) => x.path === e.path),
          `cut ${cut}: ${tag} ${e.path}`,
        );
    }
  }
  assert.ok(full.files.size > 0);
});

test('binary bytes: NULs, invalid UTF-8 and control bytes between entries leave the entries around them intact', () => {
  const junk = Buffer.from([
    0x00, 0xff, 0xfe, 0xc3, 0x28, 0xa0, 0xa1, 0xe2, 0x28, 0xa1, 0xf0, 0x28, 0x8c, 0xbc, 0x1b, 0x5b, 0x33, 0x31, 0x6d,
    0x07, 0x0a,
  ]);
  const lines = fixtureIndex.split('\n');
  const parts: Buffer[] = [];
  for (const line of lines) parts.push(Buffer.from(`${line}\n`, 'utf8'), junk);
  const text = Buffer.concat(parts).toString('utf8');
  const damaged = parseIndex(text);
  const clean = parseIndex(fixtureIndex);
  checkIndex(damaged, 'binary');
  for (const [tag, entries] of clean.tagIndex) {
    assert.deepEqual(
      damaged.tagIndex.get(tag)?.map((e) => e.path),
      entries.map((e) => e.path),
      `entries of ${tag} intact`,
    );
  }
  assert.ok(damaged.warnings.length > 0, 'the junk lines are reported');
});

test('a 1 MB line is read like any other line, the rest of the index intact, in bounded time', (t) => {
  const variants = [
    `- ${'a'.repeat(ONE_MB)}.md — huge`,
    `### ${'t'.repeat(ONE_MB)}`,
    `api, ${'k, '.repeat(ONE_MB / 3)}`,
    `- x.md — ${' '.repeat(ONE_MB)}[project: proj-a, scope: repo]`,
    `${'['.repeat(ONE_MB)}`,
  ];
  const clean = parseIndex(fixtureIndex);
  for (const [v, line] of variants.entries()) {
    for (const section of ['## Tag Index', '## Known Tags', '## Team-Shared Tag Index', '# Outside']) {
      const text = fixtureIndex.replace('## Other Tags', `${section}\n### api\n${line}\n\n## Other Tags`);
      const ix = bounded(
        `variant ${v} in ${section}`,
        400,
        () => {
          const parsed = parseIndex(text);
          buildTables(parsed);
          return parsed;
        },
        t.diagnostic.bind(t),
      );
      for (const key of clean.files.keys()) assert.ok(ix.files.has(key), `variant ${v} in ${section}: ${key} kept`);
      assert.ok(
        !ix.warnings.some((w) => w.includes('longer than')),
        `variant ${v} in ${section}: no line-length limit`,
      );
      if (section === '## Tag Index' && v === 0)
        assert.ok(ix.files.has(`${'a'.repeat(ONE_MB)}.md`), 'the long entry is an entry');
      if (section === '## Known Tags') {
        for (const k of clean.knownTags)
          assert.ok(
            ix.knownTags.some((x) => x.tag === k.tag),
            `variant ${v}: ${k.tag} kept`,
          );
      } else {
        assert.deepEqual(ix.knownTags, clean.knownTags, `variant ${v} in ${section}: known tags intact`);
      }
    }
  }
});

test('pathological shapes of 1 MB (alias and hint floods, U+2028, whitespace and bracket runs) parse, build lookups and answer in linear time', (t) => {
  // Each took seconds to tens of seconds on a quadratic path (de-duplication by list search,
  // backtracking regexes); a linear parse of 1 MB takes tens to hundreds of milliseconds.
  const config = fuzzWorld().snapshot.config;
  for (const shape of Object.keys(HOSTILE_SHAPES)) {
    const text = hostileIndex(shape, ONE_MB);
    const { ix, files, outcome } = bounded(
      `${shape}, 1 MB`,
      300,
      () => {
        const parsed = parseIndex(text);
        const count = parsed.files.size + parsed.filesByHint.size + parsed.teamSharedFiles.size;
        return {
          ix: parsed,
          files: count,
          outcome: runQuery({ config, index: parsed }, 'api kubernetes phrase p k7 AND', { today: TODAY }),
        };
      },
      t.diagnostic.bind(t),
    );
    checkIndex(ix, shape);
    assert.ok(outcome.ok && files >= 0, shape);
  }
});

test('a 120k-alias Known Tags line keeps every alias once; 40k hint phrases on one file (within the §F44 item budget) are all its hints', () => {
  const aliases = Array.from({ length: 120_000 }, (_, i) => `k${i}`);
  const ix = parseIndex(
    `## Known Tags\nkubernetes [aliases: ${aliases.join(', ')}, ${aliases.slice(0, 1000).join(', ')}]\n`,
  );
  assert.equal(ix.knownTags[0].aliases.length, 120_000);
  assert.equal(ix.aliases.get('k119999'), 'kubernetes');
  const hints = parseIndex(
    `## Semantic Hints Index\n${Array.from({ length: 40_000 }, (_, i) => `### p${i}\n- a.md\n- ./a.md`).join('\n')}\n`,
  );
  assert.equal(hints.files.get('a.md')?.hints.length, 40_000);
  assert.deepEqual(hints.warnings, []);
});

test('10k sections and 10k entries parse in bounded time with every entry kept and queryable', (t) => {
  const out = ['# Knowledge Index'];
  for (let s = 0; s < 10_000; s++)
    out.push(`## ${s % 2 ? 'Tag Index' : 'Other Tags'}`, `### t${s}`, `- notes/f${s}.md — note ${s}`);
  out.push('## Known Tags', Array.from({ length: 10_000 }, (_, s) => `t${s} [aliases: a${s}]`).join(', '));
  const ix = bounded('parse of 10k sections', 150, () => parseIndex(out.join('\n')), t.diagnostic.bind(t));
  assert.equal(ix.files.size, 10_000);
  assert.equal(ix.filesByTag.size, 10_000);
  assert.equal(ix.aliases.size, 10_000);
  const world = fuzzWorld();
  const snapshot = { config: world.snapshot.config, index: ix };
  const outcome = bounded(
    'query over 10k sections',
    10,
    () => runQuery(snapshot, 'a9999 t0 t5000', { today: TODAY }),
    t.diagnostic.bind(t),
  );
  assert.ok(outcome.ok);
  assert.deepEqual(
    outcome.result.items.map((i) => i.path),
    ['notes/f0.md', 'notes/f5000.md', 'notes/f9999.md'],
  );
});

test('CRLF, CR-only, mixed line endings and a BOM parse exactly like LF', () => {
  const expected = serialise(parseIndex(fixtureIndex));
  const lines = fixtureIndex.split('\n');
  const variants: Record<string, string> = {
    crlf: fixtureIndex.replace(/\n/g, '\r\n'),
    cr: fixtureIndex.replace(/\n/g, '\r'),
    mixed: lines
      .map((l, i) => l + ['\n', '\r\n', '\r'][i % 3])
      .join('')
      .replace(/(\r\n|\r|\n)$/, '\n'),
    bom: `\ufeff${fixtureIndex}`,
    'bom+crlf': `\ufeff${fixtureIndex.replace(/\n/g, '\r\n')}`,
    'trailing spaces': lines.map((l) => (l ? `${l}  \t` : l)).join('\n'),
  };
  for (const [name, text] of Object.entries(variants)) assert.equal(serialise(parseIndex(text)), expected, name);
});

test('emoji and non-Latin tags are indexed, matched case-insensitively, aliased and shown', () => {
  const index = [
    '## Known Tags',
    '日本語 [aliases: nihongo], 🚀 [aliases: rocket], тег, ärger',
    '## Tag Index',
    '### 日本語',
    '- notes/日本.md — 日本語のノート',
    '### 🚀',
    '- emoji/🚀.md — Launch 🚀',
    '### ТЕГ',
    '- ru/тег.md — Русский',
    '### ÄRGER',
    '- de/ärger.md — Ärger',
    '## Semantic Hints Index',
    '### キャッシュ 戦略',
    '- notes/日本.md',
  ].join('\n');
  const world = fuzzWorld();
  const snapshot = { config: world.snapshot.config, index: parseIndex(index) };
  // The notes exist, so the summary numbers them (a missing one is marked, §5).
  for (const rel of ['notes/日本.md', 'emoji/🚀.md', 'ru/тег.md', 'de/ärger.md']) {
    const abs = path.join(snapshot.config.knowledgeFolder, rel);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, '# note\n');
  }
  const paths = (q: string) => {
    const o = runQuery(snapshot, q, { today: TODAY });
    assert.ok(o.ok);
    checkResult(o.result, snapshot, q);
    return o.result;
  };
  assert.deepEqual(
    paths('nihongo').items.map((i) => i.path),
    ['notes/日本.md'],
  );
  assert.deepEqual(paths('nihongo').query.resolved, [{ alias: 'nihongo', canonical: '日本語' }]);
  assert.deepEqual(
    paths('rocket').items.map((i) => i.path),
    ['emoji/🚀.md'],
  );
  assert.deepEqual(
    paths('тег').items.map((i) => i.path),
    ['ru/тег.md'],
  );
  assert.deepEqual(
    paths('Ärger').items.map((i) => i.path),
    ['de/ärger.md'],
  );
  const hint = paths('戦略');
  assert.deepEqual(
    hint.items.map((i) => [i.path, i.hint]),
    [['notes/日本.md', 'キャッシュ 戦略']],
  );
  assert.match(renderSummary(paths('🚀')), /1\. emoji\/🚀\.md — Launch 🚀 \[🚀\]/);
});

test('entries without the " — " separator keep their path and get no description', () => {
  const index = [
    '## Tag Index',
    '### api',
    '- plain.md',
    '- dash.md - hyphen is not the separator',
    '- tight.md—no spaces',
    '- `ticked.md`',
    '- ok.md — Described',
  ].join('\n');
  const ix = parseIndex(index);
  checkIndex(ix, 'separator');
  const entries = ix.tagIndex.get('api')!.map((e) => [e.path, e.description]);
  assert.deepEqual(entries, [
    ['plain.md', null],
    ['dash.md - hyphen is not the separator', null],
    ['tight.md—no spaces', null],
    ['ticked.md', null],
    ['ok.md', 'Described'],
  ]);
  const world = fuzzWorld();
  const outcome = runQuery({ config: world.snapshot.config, index: ix }, 'api', { today: TODAY });
  assert.ok(outcome.ok);
  // No such file in the fuzz world: listed by its whole path, marked (§5).
  assert.match(
    renderSummary(outcome.result),
    /^- dash\.md - hyphen is not the separator — \(not found — the file does not exist\) \[api\]$/m,
  );
});

test('headings and entries outside sections are ignored, never attached to a section', () => {
  const index = [
    '### api',
    '- before-any-section.md — orphan',
    '# Knowledge Index',
    '## Tag Index',
    '- no-heading.md — entry before any ### heading',
    '### api',
    '- inside.md — kept',
    '# A second document title ends the section',
    '### api',
    '- after-title.md — orphan',
    '## Review Index',
    '### api',
    '- review.md — skipped section',
  ].join('\n');
  const ix = parseIndex(index);
  checkIndex(ix, 'outside sections');
  assert.deepEqual([...ix.files.keys()], ['inside.md']);
  assert.ok(ix.warnings.some((w) => w.includes('line 5') && w.includes('outside a ### heading')));
});

test('pathological annotation and heading lines parse in linear time (no regex backtracking)', (t) => {
  // Each of these took 60–180 ms per 8 KB line before the parser used plain scans: a 1 MB
  // index of them, minutes.
  const long = ' '.repeat(8000);
  const lines = [
    '## Known Tags',
    ...Array.from({ length: 100 }, () => `a${long}b`),
    ...Array.from({ length: 100 }, () => `a [aliases:${long}x`),
    '## Team-Shared Tag Index',
    '### x',
    ...Array.from({ length: 100 }, () => `- a${long}b`),
    ...Array.from({ length: 100 }, () => `- a${' [project:'.repeat(800)}`),
    ...Array.from({ length: 100 }, () => `- a [project:${long}, x`),
  ];
  const ix = bounded('500 pathological 8 KB lines', 100, () => parseIndex(lines.join('\n')), t.diagnostic.bind(t));
  checkIndex(ix, 'pathological');
});
