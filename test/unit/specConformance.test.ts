// Rules the CLI broke, each seen with real files on disk (a knowledge folder in a temp HOME),
// with the variants a person editing index.md or the config by hand would also write.
import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadConfig } from '../../src/core/config/config';
import { scanIdeas } from '../../src/core/match/ideas';
import { INDEX_HEADER, makeHome, paths, query, snapshotFor } from '../helpers';

const at = (home: string) => `${home}/knowledge`;

describe('project expansion: every project key of the query adds its relevant tags, in any order', () => {
  const index = `${INDEX_HEADER}## Projects
### a — A
Relevant tags: b
### b — B
Relevant tags: x
### c — C
Relevant tags: a, y

## Tag Index
### x
- x.md — X
### y
- y.md — Y
### b
- b.md — B
`;
  const home = makeHome({ index });

  for (const q of ['a b', 'b a', 'B A', 'a, b']) {
    test(`"${q}" finds the notes of both projects' relevant tags`, () => {
      const r = query(home, q);
      assert.deepEqual(paths(r).sort(), ['b.md', 'x.md']);
      assert.deepEqual(r.query.expanded.map((e) => e.project.toLowerCase()).sort(), ['a', 'b']);
    });
  }

  test('three project keys in any order: each expands once', () => {
    for (const q of ['c a b', 'b c a', 'a b c a']) {
      const r = query(home, q);
      assert.deepEqual(paths(r).sort(), ['b.md', 'x.md', 'y.md'], q);
      assert.equal(r.query.expanded.length, 3, q);
    }
  });

  test('a chain is not followed: a relevant tag that is itself a project key is a plain tag', () => {
    const r = query(home, 'a');
    assert.deepEqual(r.query.tokens, ['a', 'b']);
    assert.deepEqual(paths(r), ['b.md']);
  });

  test('AND mode keeps project keys literal', () => {
    const r = query(home, 'a AND b');
    assert.deepEqual(r.query.expanded, []);
    assert.deepEqual(r.query.tokens, ['a', 'b']);
  });
});

describe('Known Tags: alias lists that wrap over lines are read across the line end', () => {
  const cases: Record<string, string> = {
    'after a comma': 'api, kubernetes [aliases: k8s,\nkube], stripe',
    'before a comma': 'api, kubernetes [aliases: k8s\n, kube], stripe',
    'between two aliases, no comma': 'api, kubernetes [aliases: k8s\nkube], stripe',
    'after the colon': 'api, kubernetes [aliases:\nk8s, kube], stripe',
    'after the bracket': 'api, kubernetes [\naliases: k8s, kube], stripe',
    'over three lines': 'api, kubernetes [aliases:\n  k8s,\n  kube\n], stripe',
  };
  for (const [where, known] of Object.entries(cases)) {
    test(`wrapped ${where}`, () => {
      const home = makeHome({
        index: `${INDEX_HEADER}## Known Tags\n${known}\n\n## Tag Index\n### kubernetes\n- k.md — K\n`,
      });
      const r = query(home, 'kube');
      assert.deepEqual(r.query.resolved, [{ alias: 'kube', canonical: 'kubernetes' }]);
      assert.deepEqual(paths(r), ['k.md']);
      const none = query(home, 'nothing-here');
      assert.deepEqual(
        none.knownTags.map((t) => [t.tag, t.aliases]),
        [
          ['api', []],
          ['kubernetes', ['k8s', 'kube']],
          ['stripe', []],
        ],
      );
    });
  }
});

describe('Known Tags: singular and spaced alias annotations; a tag is never dropped', () => {
  const forms = ['[alias: k8s]', '[ aliases: k8s ]', '[Aliases: k8s]', '[ALIAS : k8s]', '[\taliases:k8s\t]'];
  for (const form of forms) {
    test(`kubernetes ${form}`, () => {
      const home = makeHome({
        index: `${INDEX_HEADER}## Known Tags\napi, kubernetes ${form}, stripe\n\n## Tag Index\n### kubernetes\n- k.md — K\n`,
      });
      assert.deepEqual(paths(query(home, 'k8s')), ['k.md']);
      const none = query(home, 'nothing-here');
      assert.deepEqual(
        none.knownTags.map((t) => t.tag),
        ['api', 'kubernetes', 'stripe'],
      );
    });
  }

  test('an unknown bracket keeps the tag, with a warning', () => {
    const home = makeHome({ index: `${INDEX_HEADER}## Known Tags\napi, kubernetes [k8s], stripe\n` });
    const r = query(home, 'nothing-here');
    assert.deepEqual(
      r.knownTags.map((t) => [t.tag, t.aliases]),
      [
        ['api', []],
        ['kubernetes', []],
        ['stripe', []],
      ],
    );
    assert.ok(
      r.warnings.some((w) => w.includes('[k8s]')),
      r.warnings.join('\n'),
    );
  });
});

describe('headings need a space or tab after the hashes (CommonMark)', () => {
  test('###api, ##Tag Index and #Appendix are not headings', () => {
    const index = `${INDEX_HEADER}## Tag Index
### api
- a.md — A
###web
- w.md — W
#Appendix
- b.md — B
##Other Tags
### api
- c.md — C
`;
    const home = makeHome({ index });
    const r = query(home, 'api');
    // `###web` is a text line (warned about), so `w.md` is still under `### api`.
    assert.deepEqual(paths(r), ['a.md', 'b.md', 'c.md', 'w.md']);
    assert.deepEqual(paths(query(home, 'web')), []);
    assert.ok(
      r.warnings.some((w) => w.includes('###web')),
      r.warnings.join('\n'),
    );
  });

  test('a tab after the hashes, closing hashes and an empty heading', () => {
    const index = `${INDEX_HEADER}##\tTag Index ##\n###\tapi ###\n- a.md — A\n### c#\n- c.md — C\n###\n- lost.md — L\n`;
    const home = makeHome({ index });
    assert.deepEqual(paths(query(home, 'api')), ['a.md']);
    assert.deepEqual(paths(query(home, 'c#')), ['c.md']);
  });
});

describe('long lines are entries like any other', () => {
  test('an entry with a 20,000-character description is found, without a warning', () => {
    const description = 'word '.repeat(4_000).trim();
    const home = makeHome({
      index: `${INDEX_HEADER}## Tag Index\n### api\n- long.md — ${description}\n- short.md — S\n`,
    });
    const r = query(home, 'api');
    assert.deepEqual(paths(r), ['long.md', 'short.md']);
    assert.equal(r.items[0].description, description);
    assert.deepEqual(r.warnings, []);
  });

  test('a long hint heading and a long team-shared line are read too', () => {
    const phrase = `cursor ${'x'.repeat(10_000)}`;
    const home = makeHome({
      config: { projects_shared_knowledge: 'p' },
      index: `${INDEX_HEADER}## Semantic Hints Index\n### ${phrase}\n- h.md\n\n## Team-Shared Tag Index\n### api\n- ~/Projects/p/_project-knowledge/t.md — ${'d'.repeat(9_000)} [project: p, scope: repo]\n`,
    });
    assert.deepEqual(paths(query(home, 'cursor')), ['h.md']);
    assert.equal(snapshotFor(home).index.teamShared.get('api')?.length, 1);
  });
});

describe('thresholds are decimal digits only', () => {
  const cases: Array<[string, number, boolean]> = [
    ['10', 10, false],
    ['010', 10, false],
    ['"21"', 21, false],
    ['-1', 7, true],
    ['1_0', 7, true],
    ['0x10', 7, true],
    ['0o10', 7, true],
    ['1e1', 7, true],
    ['7.5', 7, true],
    ['+3', 7, true],
    ['ten', 7, true],
    ['.inf', 7, true],
    ['99999999999999999999', 7, true],
  ];
  for (const [written, days, warns] of cases) {
    test(`ideas_staleness_threshold_days: ${written} → ${days}${warns ? ' with a warning' : ''}`, () => {
      const home = makeHome({
        config: { ideas_staleness_threshold_days: written, codemap_staleness_threshold_days: '0' },
      });
      const outcome = loadConfig({ home, env: {} });
      assert.ok(outcome.ok);
      assert.equal(outcome.config.thresholds.ideas, days);
      assert.equal(outcome.config.thresholds.codemap, 0);
      const warned = outcome.config.warnings.some((w) => w.includes('ideas_staleness_threshold_days'));
      assert.equal(warned, warns, outcome.config.warnings.join('\n'));
    });
  }

  test('the same rule when the YAML is broken and the config is read line by line', () => {
    const home = makeHome({
      config: { ideas_staleness_threshold_days: '010', stitch_staleness_threshold_days: '1_0', broken: '"unclosed' },
    });
    const outcome = loadConfig({ home, env: {} });
    assert.ok(outcome.ok);
    assert.equal(outcome.config.thresholds.ideas, 10);
    assert.equal(outcome.config.thresholds.stitch, 30);
  });
});

describe('idea dates are the day written in `date:`', () => {
  const cases: Array<[string, string, string | null]> = [
    ['2026-02-30', '2026-11-20-x.md', '2026-11-20'],
    ['2026-11-28T23:30:00-05:00', '2026-11-20-x.md', '2026-11-28'],
    ['2026-11-28T01:30:00+09:00', '2026-11-20-x.md', '2026-11-28'],
    ['2026-11-28T23:59:59Z', '2026-11-20-x.md', '2026-11-28'],
    ['2026-11-28 23:30:00 -5', '2026-11-20-x.md', '2026-11-28'],
    ['"2026-11-28"', '2026-11-20-x.md', '2026-11-28'],
    ["'2026-11-28'", '2026-11-20-x.md', '2026-11-28'],
    ['2026-11-28 # written late', '2026-11-20-x.md', '2026-11-28'],
    ['2026-13-01', '2026-11-20-x.md', '2026-11-20'],
    ['28/11/2026', '2026-11-20-x.md', '2026-11-20'],
    ['2026-11-28x', '2026-11-20-x.md', '2026-11-20'],
    ['2026-02-30', '2026-02-30-x.md', null],
    ['', 'no-date.md', null],
    ['2024-02-29', 'x.md', '2024-02-29'],
  ];
  for (const [written, name, day] of cases) {
    test(`date: ${written || '(none)'} in ${name} → ${day ?? 'skipped'}`, () => {
      const dateLine = written ? `date: ${written}\n` : '';
      const home = makeHome({
        files: { [`knowledge/intake/ideas/${name}`]: `---\nproject: p\n${dateLine}type: bug\n---\n# Idea\n` },
      });
      const scan = scanIdeas(at(home));
      assert.deepEqual(
        scan.ideas.map((i) => i.date),
        day ? [day] : [],
      );
    });
  }
});
