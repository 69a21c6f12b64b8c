// The pure models behind the editor's daily-use behaviour: where settings open, Send to Chat at
// scale, the pick list's checkable rows, query validation, recent queries, honest counts, tag
// sorting, finding nodes, the knowledge-files context key, and completion narrowing.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { runQuery } from '../../src/core/match/engine';
import {
  batches,
  bundleFileName,
  bundlesToDelete,
  isInside,
  sendPlan,
  staleBundles,
} from '../../src/vscode/chat/sendPlanModel';
import {
  buildCatalogue,
  CompletionFilter,
  completionRows,
  queryProblem,
  removeRecent,
  SECTION_LIMIT,
} from '../../src/vscode/query/completionModel';
import { knowledgePaths } from '../../src/vscode/shared/knowledgePathsModel';
import { countsOf, describeCounts } from '../../src/core/match/tagCounts';
import { pickModel, pickTitle } from '../../src/vscode/query/queryModel';
import { plainText } from '../../src/vscode/shared/plainText';
import { settingsTarget } from '../../src/vscode/shared/settingsTargetModel';
import { buildTree, expandTree, warningCount } from '../../src/vscode/tree/treeModel';
import { indexStateLine } from '../../src/vscode/activeFile/activeFileModel';
import { fileNodesFor, tagEntries } from '../../src/vscode/tree/treeNavModel';
import { fixtureCopy, fixtureHome, makeHome, query, snapshotFor } from '../helpers';

test('settings open on the Remote tab in a remote window and on the User tab otherwise, filtered to the extension', () => {
  for (const remote of ['ssh-remote', 'wsl', 'dev-container', 'some-new-remote']) {
    const t = settingsTarget(remote);
    assert.equal(t.command, 'workbench.action.openRemoteSettings');
    assert.match(t.where, /Remote settings/);
  }
  const local = settingsTarget(undefined);
  assert.equal(local.command, 'workbench.action.openSettings');
  assert.match(local.where, /User settings/);
  const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8'));
  assert.equal(local.query, `@ext:${pkg.publisher}.${pkg.name}`);
});

test('Send to Chat asks above the file limit or the token limit, never with both limits at 0, and bundles exactly when it asks', () => {
  assert.deepEqual(sendPlan({ files: 50, tokens: 100, maxFiles: 50, maxTokens: 20000 }), { ask: null, bundle: false });
  assert.equal(sendPlan({ files: 358, tokens: 100, maxFiles: 50, maxTokens: 20000 }).bundle, true);
  assert.match(
    sendPlan({ files: 358, tokens: 100, maxFiles: 50, maxTokens: 20000 }).ask ?? '',
    /one read-only bundle file/,
  );
  assert.equal(sendPlan({ files: 5000, tokens: 1e9, maxFiles: 0, maxTokens: 0 }).bundle, false);
  assert.match(sendPlan({ files: 358, tokens: 100, maxFiles: 50, maxTokens: 20000 }).ask ?? '', /more than 50 files/);
  assert.match(
    sendPlan({ files: 2, tokens: 30000, maxFiles: 50, maxTokens: 20000 }).ask ?? '',
    /more than 20000 estimated tokens/,
  );
  assert.equal(sendPlan({ files: 5000, tokens: 1e9, maxFiles: 0, maxTokens: 0 }).ask, null);
  const parts = batches(Array.from({ length: 358 }, (_, i) => i));
  assert.equal(parts.flat().length, 358);
  assert.deepEqual([...new Set(parts.flat())].length, 358);
  assert.ok(parts.length > 1 && parts.every((p) => p.length <= 20));
});

test('bundle files: a safe name from the query and a UTC stamp, never inside the knowledge folder, the oldest pruned', () => {
  const now = new Date('2026-12-01T19:30:05.123Z');
  assert.equal(bundleFileName('api AND stripe', now), 'knowledge-api-and-stripe-20261201T193005Z.md');
  assert.equal(bundleFileName('../../etc/passwd', now), 'knowledge-etc-passwd-20261201T193005Z.md');
  assert.equal(bundleFileName('日本', now), 'knowledge-files-20261201T193005Z.md');
  assert.ok(bundleFileName('x'.repeat(500), now).length < 80);
  assert.ok(isInside('/k/tmp/b.md', '/k'));
  assert.ok(isInside('/k', '/k'));
  assert.ok(!isInside('/kk/b.md', '/k'));
  assert.ok(!isInside('/other/b.md', '/k'));
  const names = [
    'knowledge-a-20261201T000003Z.md',
    'notes.txt',
    'knowledge-b-20261201T000001Z.md',
    'knowledge-c-20261201T000002Z.md',
  ];
  assert.deepEqual(bundlesToDelete(names, 2), ['knowledge-b-20261201T000001Z.md', 'knowledge-c-20261201T000002Z.md']);
  assert.deepEqual(bundlesToDelete(names, 5), []);
});

test('pick list: when anything is loadable, every listed row is a checkable file; ideas, missing artifacts and warnings are named in the title', () => {
  const { home } = fixtureHome();
  for (const text of ['proj-a', 'proj-c AND database', 'stripe']) {
    const model = pickModel(query(home, text), text);
    assert.ok(model.selectableCount > 0);
    assert.ok(
      model.listRows.every((r) => r.kind === 'item' || r.kind === 'separator'),
      text,
    );
    assert.equal(model.listRows.filter((r) => r.kind === 'item').length, model.selectableCount);
    // No separator without a row under it.
    model.listRows.forEach((r, i) => r.kind === 'separator' && assert.equal(model.listRows[i + 1]?.kind, 'item'));
    const hidden = model.rows.filter((r) => r.kind === 'info' && r.role !== 'note').length;
    if (hidden) assert.notEqual(pickTitle(model), model.title);
  }
  const projA = pickModel(query(home, 'proj-a'), 'proj-a');
  assert.match(pickTitle(projA), /2 pending ideas/);
  assert.match(
    pickTitle(projA),
    /2 pending ideas.* · Expanded proj-a to include: api, stripe, webhooks$/,
    'the expansion in the title, not only the placeholder',
  );
  assert.ok(!pickTitle(projA).includes('`'), 'no markdown backticks in plain text');
  const alias = pickModel(query(home, 'deploy'), 'deploy');
  assert.match(pickTitle(alias), /Resolved deploy → deployment/);
  // Nothing loadable: a single-select list that shows everything.
  const none = pickModel(query(home, 'nonexistent-tag'), 'nonexistent-tag');
  assert.equal(none.selectableCount, 0);
  assert.deepEqual(none.listRows, none.rows);
  assert.equal(plainText('Resolved `pay` → `payments`'), 'Resolved pay → payments');
});

test('query validation: empty and operator-only input is explained in editor words; real queries are not', () => {
  for (const bad of ['', '   ', 'AND', 'and AND', 'OR']) assert.ok(queryProblem(bad), bad);
  for (const good of ['stripe', 'api AND pagination', 'and-more']) assert.equal(queryProblem(good), null, good);
  assert.ok(!/\/context/.test(queryProblem('AND') ?? ''));
  const rows = completionRows({ catalogue: null, value: 'AND', recent: ['stripe'] });
  assert.equal(rows[0].kind, 'invalid');
  assert.ok(!rows.some((r) => r.kind === 'run'));
});

test('an emptied input is topped by the hint row, not by a recent query, and recent queries can be removed', () => {
  const rows = completionRows({ catalogue: null, value: '', recent: ['stripe', 'api'] });
  assert.equal(rows[0].kind, 'invalid', 'Enter on the first row must not run a recent query');
  assert.ok(rows.some((r) => r.kind === 'recent' && r.query === 'stripe'));
  assert.deepEqual(removeRecent(['stripe', 'API', 'b'], 'api'), ['stripe', 'b']);
});

/** The fixture with a known tag that is also a project key, with an alias. */
function projectKeyTagHome(): string {
  const home = fixtureCopy('aria-pkey-');
  const index = path.join(home, 'knowledge', 'index.md');
  fs.writeFileSync(
    index,
    fs.readFileSync(index, 'utf8').replace('api, architecture,', 'api, architecture, proj-a [aliases: pay],'),
  );
  return home;
}

test('counts: a project-key tag (and its alias) counts what querying it returns, in completion and the tree', () => {
  const home = projectKeyTagHome();
  const snapshot = snapshotFor(home);
  const queryCount = (q: string) => {
    const o = runQuery(snapshot, q, { today: '2026-11-30' });
    return o.ok ? describeCounts(countsOf(o.result)) : undefined;
  };
  const expected = describeCounts(countsOf(query(home, 'pay')));
  assert.match(expected, /^[1-9]\d* files/);
  assert.match(expected, /artifact/);
  const rows = completionRows({ catalogue: buildCatalogue(snapshot.index), value: 'p', recent: [], queryCount });
  // Listed once, as a project (not again as a known tag), with the tag's aliases.
  const named = rows.filter((r) => r.kind === 'complete' && r.label === 'proj-a');
  assert.equal(named.length, 1);
  const tag = named[0];
  assert.ok(tag.kind === 'complete');
  assert.ok(tag.description.endsWith(` · ${expected}`), tag.description);
  assert.match(tag.detail ?? '', /aliases: pay$/);
  const alias = rows.find((r) => r.kind === 'complete' && r.label === 'pay → proj-a');
  assert.ok(alias && alias.kind === 'complete' && alias.description === `project key: ${expected}`);
  const roots = expandTree(buildTree({ snapshot, today: '2026-11-30' }));
  const known = roots.find((r) => r.id === 'group:known')?.children?.find((n) => n.label === 'proj-a');
  assert.ok(known?.description?.startsWith(expected), known?.description);
  const project = roots.find((r) => r.id === 'group:projects')?.children?.find((n) => n.label === 'proj-a');
  assert.ok(project?.description?.includes(expected), project?.description);
});

test('counts: a tag with team-shared notes says so, and its total matches the query', () => {
  const { home } = fixtureHome();
  const snapshot = snapshotFor(home);
  const roots = expandTree(buildTree({ snapshot, today: '2026-11-30' }));
  const stripe = roots.find((r) => r.id === 'group:known')?.children?.find((n) => n.label === 'stripe');
  assert.equal(stripe?.description, '2 files + 1 team-shared');
  assert.equal(query(home, 'stripe').found, 3);
});

test('tag sort: by name, or by what querying the tag returns with the most first, ties by name', () => {
  const { home } = fixtureHome();
  const snapshot = snapshotFor(home);
  const known = (sort: 'name' | 'count') =>
    expandTree(buildTree({ snapshot, today: '2026-11-30', sort })).find((r) => r.id === 'group:known')!.children!;
  const byName = known('name').map((n) => n.label);
  assert.deepEqual(
    byName,
    [...byName].sort((a, b) => a.localeCompare(b)),
  );
  const byCount = known('count');
  const counts = byCount.map((n) => n.count ?? 0);
  assert.deepEqual(
    counts,
    [...counts].sort((a, b) => b - a),
  );
  assert.equal(byCount[0].label, 'api');
  assert.deepEqual(new Set(byCount.map((n) => n.id)), new Set(known('name').map((n) => n.id)), 'same nodes, same ids');
});

test('Go to Tag lists every tag and project with its place; a file is found under each of its tags with the same tooltip', () => {
  const { home } = fixtureHome();
  const snapshot = snapshotFor(home);
  const roots = expandTree(buildTree({ snapshot, today: '2026-11-30' }));
  const entries = tagEntries(roots);
  assert.ok(entries.some((e) => e.node.label === 'stripe' && e.where === 'Known Tags'));
  assert.ok(entries.some((e) => e.node.label === 'proj-a' && e.where === 'Projects'));
  assert.ok(entries.some((e) => e.node.label === 'api' && e.where === 'Projects › proj-a'));
  const abs = path.join(snapshot.config.knowledgeFolder, 'approaches', 'api-pagination.md');
  const nodes = fileNodesFor(roots, abs);
  assert.ok(nodes.length >= 3, `under api, stripe and the project: ${nodes.map((n) => n.where).join('; ')}`);
  assert.equal(new Set(nodes.map((n) => n.node.tooltip)).size, 1, 'the same tooltip wherever the file sits');
});

test('knowledge files for the menus: index entries, allowed team-shared notes and project-tier files; never an escaping entry', () => {
  const home = makeHome({
    files: {
      'knowledge/a.md': '# A\n',
      'knowledge/projects/p/x.md': '---\ntags: [p]\n---\n# X\n',
      'outside.md': '# no\n',
    },
    index:
      '# Knowledge Index\n\n## Projects\n\n### p — P\nRelevant tags: t\n\n## Known Tags\n\nt\n\n## Tag Index\n\n### t\n- a.md — A\n- ../outside.md — escapes\n',
  });
  const snapshot = snapshotFor(home);
  const projectFile = path.join(snapshot.config.knowledgeFolder, 'projects', 'p', 'x.md');
  const paths = knowledgePaths(snapshot, () => [
    {
      relPath: 'projects/p/x.md',
      absPath: projectFile,
      tags: new Set(['p']),
      hints: [],
      description: '',
      problem: null,
    },
  ]);
  assert.ok(paths.includes(path.join(snapshot.config.knowledgeFolder, 'a.md')));
  assert.ok(!paths.some((p) => p.endsWith('outside.md')));
});

test('completion: a growing token narrows the previous matches to the same rows as a fresh filter, and sections are capped', () => {
  const tags = Array.from({ length: 1500 }, (_, i) => `tag-${String(i).padStart(4, '0')}`);
  const home = makeHome({
    index: `# Knowledge Index\n\n## Known Tags\n\n${tags.join(', ')}\n\n## Tag Index\n\n${tags.map((t) => `### ${t}\n- a.md — A\n`).join('\n')}`,
    files: { 'knowledge/a.md': '# A\n' },
  });
  const catalogue = buildCatalogue(snapshotFor(home).index);
  const filter = new CompletionFilter();
  for (const value of ['t', 'ta', 'tag-1', 'tag-12', 'tag-1', 'tag-01', 'x', '']) {
    const incremental = completionRows({ catalogue, value, recent: [] }, filter);
    const fresh = completionRows({ catalogue, value, recent: [] });
    assert.deepEqual(incremental, fresh, value);
    const perSection = incremental.filter((r) => r.kind === 'complete').length;
    assert.ok(perSection <= SECTION_LIMIT, `${value}: ${perSection}`);
  }
  const ids = (rows: ReturnType<typeof completionRows>) =>
    rows.filter((r) => r.kind === 'complete').map((r) => r.label);
  assert.deepEqual(
    ids(completionRows({ catalogue, value: 'tag-149', recent: [] })),
    Array.from({ length: 10 }, (_, i) => `tag-149${i}`),
  );
});

test('a project-tier file listed under a tag in Tag Index sits under its project only, as querying the tag returns it (§4a)', () => {
  const { home } = fixtureHome();
  const snapshot = snapshotFor(home);
  const roots = expandTree(buildTree({ snapshot, today: '2026-11-30' }));
  const abs = path.join(snapshot.config.knowledgeFolder, 'projects', 'proj-a', 'decisions', '004-state-sync.md');
  const nodes = fileNodesFor(roots, abs);
  assert.ok(
    nodes.length >= 1 && nodes.every((n) => n.where.startsWith('Projects › proj-a')),
    nodes.map((n) => n.where).join('; '),
  );
  assert.ok(!query(home, 'api').items.some((i) => i.absPath === abs), 'the api query leaves it to the project tier');
  assert.match(nodes[0].node.tooltip ?? '', /tags: .*proj-a/);
});

test('project nodes: the query count, artifact freshness and pending ideas in the tooltip, and the project team-shared notes as a child', () => {
  const { home } = fixtureHome();
  const snapshot = snapshotFor(home);
  const result = query(home, 'proj-a');
  const roots = expandTree(buildTree({ snapshot, today: '2026-11-30' }));
  const project = roots.find((r) => r.id === 'group:projects')!.children!.find((n) => n.label === 'proj-a')!;
  assert.equal(project.description, `Payments Platform · ${describeCounts(countsOf(result))}`);
  assert.match(project.tooltip ?? '', /CODEMAP\.md: 8 days ago — fresh/);
  assert.match(project.tooltip ?? '', /2 pending ideas \(1 stale\)/);
  const team = project.children!.find((c) => c.label === 'Team-shared');
  assert.ok(team, 'a Team-shared child');
  assert.equal(team.kind, 'group', 'a group of rows, not a tag');
  assert.ok(!tagEntries(roots).some((e) => e.node.label === 'Team-shared'), 'Go to Tag lists no Team-shared group');
  const expected = result.items
    .filter((i) => i.category === 'team-shared')
    .map((i) => i.absPath)
    .sort();
  assert.deepEqual(team.children!.map((c) => c.file!.absPath).sort(), expected);
});

test('bundles older than a week are cleaned at startup; recent ones and other files stay', () => {
  const now = new Date('2026-12-04T12:00:00Z');
  const names = [
    'knowledge-api-20261120T100000Z.md',
    'knowledge-stripe-20261127T115959Z.md',
    'knowledge-stripe-20261127T120001Z.md',
    'knowledge-api-20261204T110000Z.md',
    'notes.md',
  ];
  assert.deepEqual(staleBundles(names, now), [
    'knowledge-api-20261120T100000Z.md',
    'knowledge-stripe-20261127T115959Z.md',
  ]);
});

test('the pick list does not promise Space checks: the focus is in the filter, where Space types a space', () => {
  const { home } = fixtureHome();
  const model = pickModel(query(home, 'stripe'), 'stripe');
  assert.ok(model.selectableCount > 0);
  assert.doesNotMatch(model.placeholder, /Space/);
  assert.match(model.placeholder, /checkbox/);
});

test('the status bar counts the warnings the Tags view lists, not only the index’s own', () => {
  const { home } = fixtureHome();
  const snapshot = snapshotFor(home);
  const roots = expandTree(buildTree({ snapshot, today: '2026-11-30' }));
  const listed = roots.find((r) => r.id === 'group:warnings')?.children?.length ?? 0;
  assert.equal(warningCount(roots), listed);
  // A refused entry under a tag is a Warnings row the index's parse does not count.
  assert.ok(listed > snapshot.index.warnings.length + snapshot.config.warnings.length);
  assert.match(
    indexStateLine({ state: 'ready', files: 1, warnings: warningCount(roots) }, '2026-11-30'),
    new RegExp(`${listed} warnings`),
  );
});
