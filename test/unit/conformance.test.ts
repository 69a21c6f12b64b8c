// Rules revised after differential testing against an independent reading of docs/SPEC.md
// (issue 20): each proved on real files in a temp HOME, through the core and the built CLI.
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { checkIndex } from '../../src/core/health/indexHealth';
import { readIndexText } from '../../src/core/index/snapshot';
import { loadConfig } from '../../src/core/config/config';
import { INDEX_HEADER, makeHome, paths, query, repoRoot, snapshotFor } from '../helpers';

const indexOf = (index: string) => snapshotFor(makeHome({ index })).index;
const known = (index: string) =>
  indexOf(`${INDEX_HEADER}## Known Tags\n${index}\n## Tag Index\n### api\n- a.md\n`).knownTags.map((k) => [
    k.tag,
    k.aliases,
  ]);

describe('§F9 a Known Tags `[` missing its `]` closes at the end of its line', () => {
  test('the tag keeps its aliases and the next line keeps its tags and aliases', () => {
    const ix = indexOf(
      `${INDEX_HEADER}## Known Tags\napi, kubernetes [aliases: k8s, kube\ndeployment [aliases: deploy], react\n## Tag Index\n### kubernetes\n- k.md\n`,
    );
    assert.deepEqual(
      ix.knownTags.map((k) => [k.tag, k.aliases]),
      [
        ['api', []],
        ['kubernetes', ['k8s', 'kube']],
        ['deployment', ['deploy']],
        ['react', []],
      ],
    );
    assert.ok(
      ix.warnings.some((w) => /^index\.md line 6: Known Tags: "\[aliases: k8s, kube" has no closing "\]"/.test(w)),
      ix.warnings.join('\n'),
    );
  });

  test('with no `]` anywhere after it, the lines after it are still tags', () => {
    assert.deepEqual(known('api, kubernetes [aliases: k8s\nreact, stripe'), [
      ['api', []],
      ['kubernetes', ['k8s']],
      ['react', []],
      ['stripe', []],
    ]);
  });

  test('a second `[` on the same line ends it at the comma before that item', () => {
    assert.deepEqual(known('kubernetes [aliases: k8s, kube, deployment [aliases: deploy], react'), [
      ['kubernetes', ['k8s', 'kube']],
      ['deployment', ['deploy']],
      ['react', []],
    ]);
  });

  test('a `[` with another `[` after it and no comma between is plain text (its item holds a space: no tag)', () => {
    const ix = indexOf(`${INDEX_HEADER}## Known Tags\napi, kubernetes [[aliases: k8s], react [x [aliases: r\nweb\n`);
    assert.deepEqual(
      ix.knownTags.map((k) => [k.tag, k.aliases]),
      [
        ['api', []],
        ['web', []],
      ],
    );
    assert.deepEqual(ix.warnings, [
      'index.md line 6: Known Tags: "kubernetes [" is not a tag (it holds a space), ignored',
      'index.md line 6: Known Tags: "[aliases: r" has no closing "]", read as if it ended there',
      'index.md line 6: Known Tags: "react [x" is not a tag (it holds a space), ignored',
    ]);
  });

  test('bulleted lines: the unclosed list of one bullet does not take the next bullets', () => {
    assert.deepEqual(known('- kubernetes [aliases: k8s\n- deployment [alias: ship]\n- react'), [
      ['kubernetes', ['k8s']],
      ['deployment', ['ship']],
      ['react', []],
    ]);
  });

  test('a query for an alias of a later line still resolves', () => {
    const home = makeHome({
      index: `${INDEX_HEADER}## Known Tags\nkubernetes [aliases: k8s\ndeployment [aliases: deploy]\n## Tag Index\n### deployment\n- d.md — D\n`,
      files: { 'knowledge/d.md': '# D\n' },
    });
    const r = query(home, 'deploy');
    assert.deepEqual(r.query.resolved, [{ alias: 'deploy', canonical: 'deployment' }]);
    assert.deepEqual(paths(r), ['d.md']);
  });
});

describe('§4d a stitch_path that leaves the project falls back to STITCH.md at the project root', () => {
  for (const [name, stitch] of [
    ['a relative path climbing out', '../other/STITCH.md'],
    ['an absolute path elsewhere', '/tmp/STITCH.md'],
  ]) {
    test(name, () => {
      const home = makeHome({
        config: {
          projects_enabled: 'true',
          projects_list: 'p:~/Projects/p',
          projects_groups: `\n  p:\n    stitch_path: ${stitch}`,
        },
        index: `${INDEX_HEADER}## Tag Index\n### api\n- a.md\n`,
        files: { 'Projects/p/STITCH.md': '# Stitch\n', 'Projects/other/STITCH.md': '# Other\n' },
      });
      const r = query(home, 'p');
      const artifacts = r.items.filter((i) => i.category === 'tracked-artifact');
      assert.deepEqual(
        artifacts.map((i) => [i.path, i.selectable]),
        [
          ['~/Projects/p/CODEMAP.md', false],
          ['~/Projects/p/STITCH.md', true],
        ],
      );
      assert.equal(artifacts[1].absPath, path.join(home, 'Projects', 'p', 'STITCH.md'));
      assert.ok(
        r.warnings.some((w) => w.includes(`ignored stitch_path "${stitch}" of p`)),
        r.warnings.join('\n'),
      );
    });
  }
});

describe('§F42 the count of problem lines not shown is true past 50 stored warnings', () => {
  for (const problems of [6, 50, 51, 52, 70, 1000]) {
    test(`${problems} problem lines: 5 shown, ${problems - 5} not shown`, () => {
      const home = makeHome({ index: `${INDEX_HEADER}## Tag Index\n### api\n- a.md\n${'junk\n'.repeat(problems)}` });
      const r = query(home, 'api');
      assert.equal(r.warnings.length, 6, r.warnings.join('\n'));
      assert.equal(r.warnings[5], `index.md: ${problems - 5} more problem line(s) not shown`);
    });
  }
});

describe('§F13 thresholds up to 2^53 days are whole numbers', () => {
  const cases: Array<[string, number, boolean]> = [
    ['9007199254740992', 2 ** 53, false],
    ['009007199254740992', 2 ** 53, false],
    ['9007199254740991', 2 ** 53 - 1, false],
    ['9007199254740993', 7, true],
    ['10000000000000000', 7, true],
  ];
  for (const [written, days, warns] of cases) {
    test(`${written} → ${days}${warns ? ' with a warning' : ''}`, () => {
      for (const broken of [false, true]) {
        const home = makeHome({
          config: { ideas_staleness_threshold_days: written, ...(broken ? { broken: '"unclosed' } : {}) },
        });
        const outcome = loadConfig({ home, env: {} });
        assert.ok(outcome.ok);
        assert.equal(outcome.config.thresholds.ideas, days);
        assert.equal(
          outcome.config.warnings.some((w) => w.includes('ideas_staleness_threshold_days')),
          warns,
          outcome.config.warnings.join('\n'),
        );
      }
    });
  }
});

const GUIDE = 'references/sources/Full-Stack Audit Guide — Android, Backend & Web Frontend.md';

describe('§F19 the path ends at the first ` — ` after `.md` (the whole item without one), else at the first ` — `', () => {
  test('a note file name holding ` — ` stays whole in Tag Index, Other Tags and hints, and is found on disk', () => {
    const home = makeHome({
      index: `${INDEX_HEADER}## Tag Index\n### audit\n- ${GUIDE} — Full-stack audit guide — v2\n## Other Tags\n### web\n- ${GUIDE}\n## Semantic Hints Index\n### security review\n- ${GUIDE} — ignored\n`,
      files: { [`knowledge/${GUIDE}`]: '# Guide\n' },
    });
    const r = query(home, 'audit');
    assert.deepEqual(
      r.items.map((i) => [i.path, i.description, i.tags]),
      [[GUIDE, 'Full-stack audit guide — v2', ['audit', 'web']]],
    );
    assert.deepEqual(r.warnings, []);
    assert.deepEqual(paths(query(home, 'review')), [GUIDE]);
  });

  const cases: Array<[string, string, string | null]> = [
    ['A — B.MD — d', 'A — B.MD', 'd'],
    ['a.md — b.md — c', 'a.md', 'b.md — c'],
    ['`x — y.md` — d', 'x — y.md', 'd'],
    ['x.md  — d', 'x.md', 'd'],
    ['no-extension — d', 'no-extension', 'd'],
    ['Guide — Android.md', 'Guide — Android.md', null],
    ['x — see y.md', 'x — see y.md', null],
    ['a.md—tight — d', 'a.md—tight', 'd'],
  ];
  for (const [item, p, description] of cases) {
    test(`- ${item}`, () => {
      const ix = indexOf(`${INDEX_HEADER}## Tag Index\n### api\n- ${item}\n`);
      assert.deepEqual(ix.tagIndex.get('api'), [{ path: p, description }]);
    });
  }

  test('team-shared entries follow the same rule', () => {
    const ix = indexOf(
      `${INDEX_HEADER}## Team-Shared Tag Index\n### api\n- ~/P/p/_project-knowledge/A — B.md — d — e [project: p, scope: repo]\n`,
    );
    assert.deepEqual(ix.teamShared.get('api'), [
      { path: '~/P/p/_project-knowledge/A — B.md', description: 'd — e', project: 'p', scope: 'repo' },
    ]);
  });

  test('the built CLI finds and loads the file, and `check` reports no dead link', () => {
    const cli = path.join(repoRoot, 'dist', 'cli.js');
    if (!fs.existsSync(cli)) execFileSync('node', ['esbuild.mjs'], { cwd: repoRoot });
    const home = makeHome({
      index: `${INDEX_HEADER}## Tag Index\n### audit\n- ${GUIDE} — Full-stack audit guide\n### other\n- x.md\n`,
      files: { [`knowledge/${GUIDE}`]: '# Guide body\n', 'knowledge/x.md': '# X\n' },
    });
    const run = (args: string[]) =>
      spawnSync('node', [cli, ...args], { env: { PATH: process.env.PATH, HOME: home }, encoding: 'utf8' });
    const json = run(['query', 'audit', '--json', '--today', '2026-11-30']);
    assert.equal(json.status, 0, json.stderr);
    const out = JSON.parse(json.stdout) as { items: Array<{ path: string; description: string }>; notes: string[] };
    assert.deepEqual(
      out.items.map((i) => [i.path, i.description]),
      [[GUIDE, 'Full-stack audit guide']],
    );
    assert.deepEqual(out.notes, []);
    const load = run(['query', 'audit', '--load', 'all', '--json', '--today', '2026-11-30']);
    assert.equal(load.status, 0, load.stderr);
    assert.match(load.stdout, /Guide body/);
    const check = run(['check', '--json']);
    assert.equal(check.status, 0, check.stderr);
    assert.deepEqual((JSON.parse(check.stdout) as { problems: unknown[] }).problems, []);
  });
});

describe('§F19 an empty description after ` —` leaves the path whole', () => {
  test('Tag Index, hints, backticks and team-shared', () => {
    const ix = indexOf(
      `${INDEX_HEADER}## Tag Index\n### api\n- a.md —\n- \`b c.md\` —   \n## Semantic Hints Index\n### phrase\n- h.md —\n` +
        `## Team-Shared Tag Index\n### api\n- ~/P/p/_project-knowledge/t.md — [project: p]\n`,
    );
    assert.deepEqual(ix.tagIndex.get('api'), [
      { path: 'a.md', description: null },
      { path: 'b c.md', description: null },
    ]);
    assert.deepEqual(ix.hints.get('phrase'), ['h.md']);
    assert.deepEqual(ix.teamShared.get('api'), [
      { path: '~/P/p/_project-knowledge/t.md', description: null, project: 'p', scope: null },
    ]);
    assert.deepEqual(ix.warnings, []);
  });
});

describe('§F41 team-shared annotation keys in any order', () => {
  const accepted: Array<[string, string, string | null]> = [
    ['[scope: repo, project: P]', 'p', 'repo'],
    ['[ Scope : CROSS , Project : cross ]', 'cross', 'cross'],
    ['[project: p, scope: repo]', 'p', 'repo'],
    ['[project: p]', 'p', null],
  ];
  for (const [annotation, project, scope] of accepted) {
    test(`${annotation} is read`, () => {
      const ix = indexOf(`${INDEX_HEADER}## Team-Shared Tag Index\n### api\n- ~/a.md — A ${annotation}\n`);
      assert.deepEqual(ix.teamShared.get('api'), [{ path: '~/a.md', description: 'A', project, scope }]);
      assert.deepEqual(ix.warnings, []);
    });
  }
  for (const annotation of [
    '[scope: repo]',
    '[scope: repo, owner: me, project: p]',
    '[project: p, project: q]',
    '[scope: a, scope: b, project: p]',
    '[scope: repo, project: ]',
  ]) {
    test(`${annotation} is refused with a warning`, () => {
      const ix = indexOf(`${INDEX_HEADER}## Team-Shared Tag Index\n### api\n- ~/a.md — A ${annotation}\n`);
      assert.deepEqual([...ix.teamShared.keys()], []);
      assert.equal(ix.warnings.filter((w) => w.includes('without [project: …]')).length, 1, ix.warnings.join('\n'));
    });
  }

  test('a reversed annotation is found through a query like the usual order', () => {
    const home = makeHome({
      config: { projects_enabled: 'true', projects_list: 'p:~/Projects/p', projects_shared_knowledge: 'p' },
      index: `${INDEX_HEADER}## Team-Shared Tag Index\n### api\n- ~/Projects/p/_project-knowledge/t.md — T [scope: repo, project: p]\n`,
      files: { 'Projects/p/_project-knowledge/t.md': '# T\n' },
    });
    const r = query(home, 'api');
    assert.deepEqual(
      r.items.map((i) => [i.category, i.path, i.project, i.scope]),
      [['team-shared', '~/Projects/p/_project-knowledge/t.md', 'p', 'repo']],
    );
  });
});

describe('§F25 AND keeps a project-tier file when every token matches it by tag or by hint (§4)', () => {
  test('the project key by tag, the other token by a front matter hint', () => {
    const home = makeHome({
      config: { projects_enabled: 'true', projects_list: 'p:~/Projects/p' },
      index: `${INDEX_HEADER}## Tag Index\n### api\n- a.md\n`,
      files: {
        'knowledge/projects/p/hinted.md': '---\ntags: [db]\nsemantic-hints: [cursor pagination]\n---\n# Hinted\n',
        'knowledge/projects/p/other.md': '---\ntags: [db]\n---\n# Other\n',
      },
    });
    const r = query(home, 'p AND cursor');
    // Found through its tag `p` as well, so no `[hint: …]` is shown (§4).
    assert.deepEqual(
      r.items.filter((i) => i.category === 'project-specific').map((i) => i.path),
      ['projects/p/hinted.md'],
    );
  });
});

describe('index health (Problems) reads entries by the same rules', () => {
  test('a file name holding ` — ` is not a dead link; a reversed annotation is checked', () => {
    const home = makeHome({
      config: { projects_enabled: 'true', projects_list: 'p:~/Projects/p', projects_shared_knowledge: 'p' },
      index:
        `${INDEX_HEADER}## Tag Index\n### audit\n- ${GUIDE} — Full-stack audit guide\n- ${GUIDE.replace('Guide', 'Gone')}\n- empty.md —\n` +
        `## Team-Shared Tag Index\n### api\n- ~/Projects/p/_project-knowledge/t — u.md — T [scope: repo, project: p]\n`,
      files: { [`knowledge/${GUIDE}`]: '# Guide\n', 'knowledge/empty.md': '# E\n' },
    });
    const snapshot = snapshotFor(home);
    const read = readIndexText(snapshot.config);
    assert.ok(read.ok);
    const problems = checkIndex(snapshot, read.text).problems.map((p) => [p.line, p.kind, p.message]);
    assert.deepEqual(problems, [
      [
        8,
        'missing-file',
        `\`${GUIDE.replace('Guide', 'Gone')}\` does not exist (moved or deleted since the index was last rebuilt?)`,
      ],
      [
        12,
        'missing-file',
        '`~/Projects/p/_project-knowledge/t — u.md` does not exist (moved or deleted since the index was last rebuilt?)',
      ],
    ]);
  });
});
