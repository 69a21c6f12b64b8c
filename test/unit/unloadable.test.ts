// Issue 22 on a folder with every kind of entry a count can get wrong: a note that is a symlink
// out of the knowledge folder (refused), a team-shared note that is one (refused), a deleted note
// (missing), a `projects/` path listed under a tag in Tag Index (§4a: the project's, not the
// tag's), a project without CODEMAP.md (a missing artifact) and a project key with more notes
// than the tags around it (sort by count). Real files; the CLI is the built dist/cli.js.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { checkIndex } from '../../src/core/health/indexHealth';
import { TagCounter } from '../../src/core/match/tagCounts';
import { pickModel } from '../../src/vscode/query/queryModel';
import { commandItems, queryPaths, requestedPaths } from '../../src/vscode/shared/commandItemsModel';
import { buildTree, expandTree, filesBelow } from '../../src/vscode/tree/treeModel';
import { type TreeNode } from '../../src/vscode/shared/treeRows';
import { makeHome, snapshotFor, tempDir, lineOf, containing } from '../helpers';
import { runCliJson, runCliText, TODAY } from '../cliRun';

const INDEX = `# Knowledge Index

Last rebuilt: 2026-11-20

## Projects

### proj-x — Exes
Relevant tags: api

### proj-y — Whys
Relevant tags: solo

## Known Tags

api, webhooks [aliases: hooks], solo, proj-y

## Tag Index

### api
- a/one.md — One
- a/two.md — Two
- refs/evil.md — Looks normal
- a/gone.md — Deleted since

### webhooks
- w/one.md — W one
- w/two.md — W two
- projects/proj-x/decisions/d.md — Project-tier decision

### solo
- s/one.md — Solo

## Team-Shared Tag Index

### api
- ~/Projects/proj-x/_project-knowledge/t1.md — Team one [project: proj-x, scope: repo]
- ~/Projects/proj-x/_project-knowledge/t2.md — Team two [project: proj-x, scope: repo]
`;

const note = (title: string) => `---\ntags: [x]\n---\n# ${title}\n`;

/** The folder; `outside` is a file no configuration allows (the symlinks' target). */
function hostileHome(): { home: string; knowledge: string; outside: string } {
  const outsideDir = tempDir('aria-outside-');
  const outside = path.join(outsideDir, 'secret.md');
  fs.writeFileSync(outside, '# secret\n');
  const notes = [
    'a/one',
    'a/two',
    'w/one',
    'w/two',
    's/one',
    'projects/proj-x/decisions/d',
    ...[1, 2, 3, 4].map((i) => `projects/proj-y/p${i}`),
  ];
  const home = makeHome({
    config: {
      projects_enabled: 'true',
      projects_list: 'proj-x:proj-x,proj-y:proj-y',
      projects_shared_knowledge: 'proj-x',
    },
    index: INDEX,
    files: {
      ...Object.fromEntries(notes.map((n) => [`knowledge/${n}.md`, note(n)])),
      'Projects/proj-x/_project-knowledge/t1.md': '# t1\n',
      'Projects/proj-y/CODEMAP.md': '# map\n',
    },
  });
  const knowledge = path.join(home, 'knowledge');
  fs.mkdirSync(path.join(knowledge, 'refs'));
  fs.symlinkSync(outside, path.join(knowledge, 'refs', 'evil.md'));
  fs.symlinkSync(outside, path.join(home, 'Projects/proj-x/_project-knowledge/t2.md'));
  return { home, knowledge, outside };
}

const child = (nodes: readonly TreeNode[] | undefined, label: string) => nodes?.find((n) => n.label === label);

test('tags --json (built CLI): every name with exactly what querying it returns; refused, missing and projects/ entries are not counted', () => {
  const { home } = hostileHome();
  const none = { artifacts: 0, missingArtifacts: 0, ideas: 0 };
  assert.deepEqual(runCliJson(home, ['tags']), {
    tags: [
      // proj-x: d.md, one, two + t1; its CODEMAP.md is missing, so it is no artifact.
      {
        name: 'proj-x',
        kind: 'project',
        aliases: [],
        counts: { files: 3, teamShared: 1, artifacts: 0, missingArtifacts: 1, ideas: 0 },
      },
      {
        name: 'proj-y',
        kind: 'project',
        aliases: [],
        counts: { files: 5, teamShared: 0, artifacts: 1, missingArtifacts: 0, ideas: 0 },
      },
      // api lists 4 notes and 2 team-shared ones: evil.md and t2.md are refused, gone.md is missing.
      { name: 'api', kind: 'known', aliases: [], counts: { files: 2, teamShared: 1, ...none } },
      // webhooks lists 3: the projects/ path is proj-x's (§4a).
      { name: 'webhooks', kind: 'known', aliases: ['hooks'], counts: { files: 2, teamShared: 0, ...none } },
      { name: 'solo', kind: 'known', aliases: [], counts: { files: 1, teamShared: 0, ...none } },
    ],
  });
});

test('query --json (built CLI): each item says whether it can be loaded and why not; found counts the loadable ones', () => {
  const { home, knowledge } = hostileHome();
  const json = runCliJson(home, ['query', 'api']) as { found: number; items: Array<Record<string, unknown>> };
  const byPath = new Map(json.items.map((i) => [i.path, i]));
  for (const i of json.items) {
    assert.ok('available' in i && 'problem' in i, JSON.stringify(i));
    assert.equal(i.available, i.problem === null);
  }
  const evil = byPath.get('refs/evil.md')!;
  assert.equal(evil.available, false);
  assert.match(
    String(evil.problem),
    /^refused — its real path \(after symlinks\) is outside the allowed folders; not read$/,
  );
  assert.equal(evil.n, null);
  assert.equal(evil.absPath, path.join(knowledge, 'refs', 'evil.md'));
  const gone = byPath.get('a/gone.md')!;
  assert.deepEqual([gone.available, gone.problem, gone.n], [false, 'not found — the file does not exist', null]);
  assert.equal(byPath.get('~/Projects/proj-x/_project-knowledge/t2.md')?.available, false);
  for (const p of ['a/one.md', 'a/two.md', '~/Projects/proj-x/_project-knowledge/t1.md']) {
    assert.deepEqual([byPath.get(p)?.available, byPath.get(p)?.problem], [true, null], p);
  }
  assert.equal(json.found, 3);
  const project = runCliJson(home, ['query', 'proj-x']) as { items: Array<Record<string, unknown>> };
  const codemap = project.items.find((i) => i.category === 'tracked-artifact')!;
  // §8, §M: in the terminal's words (aria's skill named, no slash command)
  assert.deepEqual(
    [codemap.available, codemap.problem],
    [false, "not found — aria-knowledge's codemap create, run in your agent, writes it"],
  );
});

test('the text summary (built CLI) marks what cannot be loaded, unnumbered, and counts only the rest', () => {
  const { home } = hostileHome();
  const stdout = runCliText(home, ['query', 'api']);
  const lines = stdout.split('\n');
  assert.ok(lines.includes('Found 3 files matching: [api] (OR)'), stdout);
  assert.ok(lines.includes('## Cross-project (2 files)'), stdout);
  const line = (p: string) => lines.find((l) => l.includes(p)) ?? '';
  assert.match(line('refs/evil.md'), /^- refs\/evil\.md — Looks normal \(refused — .*; not read\)/);
  assert.match(line('a/gone.md'), /^- a\/gone\.md — Deleted since \(not found — the file does not exist\)/);
  assert.match(line('t2.md'), /^- .*\(refused — /);
  assert.match(line('a/one.md'), /^\d+\. a\/one\.md — One/);
});

test('tree: unloadable notes are shown marked (refused / missing), open nothing and count nowhere; projects/ entries sit under their project', () => {
  const { home, knowledge } = hostileHome();
  const snapshot = snapshotFor(home);
  const counter = new TagCounter(snapshot, { today: TODAY });
  const roots = expandTree(buildTree({ snapshot, counter }));
  const known = child(roots, 'Known Tags')!.children;
  const api = child(known, 'api')!;
  assert.equal(api.description, '2 files + 1 team-shared');
  const rows = new Map(api.children!.map((c) => [c.file!.path, c]));
  assert.equal(rows.get('refs/evil.md')?.description, 'refused · refs/evil.md');
  assert.equal(rows.get('refs/evil.md')?.icon, 'error');
  assert.equal(rows.get('a/gone.md')?.description, 'missing · a/gone.md');
  assert.equal(rows.get('a/gone.md')?.icon, 'warning');
  assert.match(rows.get('refs/evil.md')?.tooltip ?? '', /Cannot be opened, copied or sent/);
  assert.equal(rows.get('a/one.md')?.description, 'a/one.md');
  // The Team-shared group marks t2 too, and counts only t1.
  const team = child(child(roots, 'Team-shared')?.children, 'api')!;
  assert.equal(team.description, '1 team-shared note', 'it holds team-shared notes only: no `0 files`');
  assert.ok(team.children!.some((c) => c.description?.startsWith('refused · ') && c.file?.path.endsWith('t2.md')));
  // webhooks: two rows; the projects/ path is under proj-x only.
  const webhooks = child(known, 'webhooks')!;
  assert.deepEqual(
    webhooks.children!.map((c) => c.file?.path),
    ['w/one.md', 'w/two.md'],
  );
  assert.match(webhooks.description ?? '', /^2 files · aliases: hooks$/);
  const projX = child(child(roots, 'Projects')!.children, 'proj-x')!;
  assert.equal(projX.description, 'Exes · 3 files + 1 team-shared · 1 missing artifact');
  const d = path.join(knowledge, 'projects', 'proj-x', 'decisions', 'd.md');
  assert.ok(projX.children!.some((c) => c.file?.absPath === d));
  // Copy as Context on a node takes what Query This Tag offers: never a marked row, never d.md for webhooks.
  const copy = (node: TreeNode) =>
    commandItems(snapshot, requestedPaths(node, undefined, [], queryPaths(counter)), TODAY);
  const offered = (text: string) =>
    counter
      .result(text)!
      .items.filter((i) => i.selectable)
      .map((i) => i.absPath);
  assert.deepEqual(
    copy(api).items.map((i) => i.absPath),
    offered('api'),
  );
  assert.equal(copy(api).items.length, 3);
  assert.deepEqual(copy(api).refused, []);
  assert.deepEqual(
    copy(webhooks).items.map((i) => i.absPath),
    offered('webhooks'),
  );
  assert.deepEqual(
    copy(projX).items.map((i) => i.absPath),
    offered('proj-x'),
  );
  assert.ok(!copy(projX).items.some((i) => i.category === 'tracked-artifact'), 'the missing CODEMAP.md is not offered');
  // Even the rows below the node: a marked row is never asked for.
  const below = filesBelow(api).map((i) => i.absPath);
  assert.ok(below.includes(path.join(knowledge, 'refs', 'evil.md')), 'the row is shown');
  assert.ok(
    !commandItems(
      snapshot,
      requestedPaths(
        api.children!.find((c) => c.file?.path === 'refs/evil.md'),
        undefined,
        [],
      ),
      TODAY,
    ).items.length,
  );
});

test('sort by count orders tags by what querying them returns: a project key with 5 notes above 1-file tags', () => {
  const { home } = hostileHome();
  const snapshot = snapshotFor(home);
  const known = expandTree(buildTree({ snapshot, today: TODAY, sort: 'count' })).find(
    (r) => r.id === 'group:known',
  )!.children!;
  assert.deepEqual(
    known.map((n) => [n.label, n.count]),
    [
      ['proj-y', 5],
      ['api', 3],
      ['webhooks', 2],
      ['solo', 1],
    ],
  );
});

test('the pick list marks refused and missing rows, never picks them, and its title counts the loadable notes', () => {
  const { home } = hostileHome();
  const snapshot = snapshotFor(home);
  const result = new TagCounter(snapshot, { today: TODAY }).result('api')!;
  const model = pickModel(result, 'api');
  assert.equal(model.title, 'api — 3 files (OR)');
  const info = model.rows.filter((r) => r.kind === 'info');
  assert.deepEqual(info.map((r) => (r.kind === 'info' ? [r.role, r.description] : [])).sort(), [
    ['missing', 'a/gone.md'],
    ['refused', 'refs/evil.md'],
    ['refused', '~/Projects/proj-x/_project-knowledge/t2.md'],
  ]);
  assert.equal(model.rows.filter((r) => r.kind === 'item').length, 3);
});

test('a refused entry is an error of the index check on every reload (Problems, and check through the built CLI)', () => {
  const { home, knowledge } = hostileHome();
  const text = fs.readFileSync(path.join(knowledge, 'index.md'), 'utf8');
  // The editor runs the cheap check after each reload: two reloads, the same errors.
  for (let reload = 0; reload < 2; reload++) {
    const problems = checkIndex(snapshotFor(home), text).problems.map((p) => [p.kind, p.severity, p.line]);
    assert.deepEqual(problems, [
      ['refused', 'error', lineOf(text, containing('refs/evil.md'))],
      ['missing-file', 'warning', lineOf(text, containing('a/gone.md'))],
      ['refused', 'error', lineOf(text, containing('t2.md'))],
    ]);
  }
  const json = runCliJson(home, ['check']) as { problems: Array<{ code: string; severity: string; line: number }> };
  assert.deepEqual(
    json.problems.filter((p) => p.code === 'refused').map((p) => [p.severity, p.line]),
    [
      ['error', lineOf(text, containing('refs/evil.md'))],
      ['error', lineOf(text, containing('t2.md'))],
    ],
  );
});
