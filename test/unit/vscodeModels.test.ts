// The pure models behind the VS Code layer (src/vscode/*Model.ts), on the golden fixture (examples/knowledge-home).
// No vscode module: these files must not import it.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import {
  buildCatalogue,
  completionRows,
  pushRecent,
  splitLastToken,
  type CompletionRow,
} from '../../src/vscode/query/completionModel';
import { pickModel, type PickRow } from '../../src/vscode/query/queryModel';
import { summaryMarkdown } from '../../src/vscode/query/summaryModel';
import { toJson } from '../../src/core/present/json';
import { boundedInt, machineValue } from '../../src/vscode/shared/settingsModel';
import { buildTree, expandTree, filesBelow, indexEntryItem } from '../../src/vscode/tree/treeModel';
import { type TreeNode } from '../../src/vscode/shared/treeRows';
import { refusalMessage } from '../../src/vscode/shared/containment';
import { checkItems } from '../../src/core/read/reader';
import { countsOf, describeCounts, TagCounter } from '../../src/core/match/tagCounts';
import { fixtureHome, query, repoRoot, snapshotFor } from '../helpers';

test('vscode model files never import vscode', () => {
  for (const f of [
    'query/completionModel.ts',
    'query/queryModel.ts',
    'shared/settingsModel.ts',
    'tree/treeModel.ts',
    'shared/containment.ts',
  ]) {
    const text = fs.readFileSync(path.join(repoRoot, 'src', 'vscode', f), 'utf8');
    assert.doesNotMatch(text, /from\s+['"]vscode['"]/, f);
  }
});

test("machine-scoped path settings: a workspace's .vscode/settings.json cannot redirect them (machineValue: only the user value or default counts; workspace values are ignored and reported)", () => {
  const v = machineValue({
    key: 'ariaContext.knowledgeFolder',
    defaultValue: '',
    globalValue: ' /home/u/k ',
    workspaceValue: '/evil',
    workspaceFolderValue: '/evil2',
  });
  assert.equal(v.value, '/home/u/k');
  assert.equal(v.ignored.length, 2);
  assert.match(v.ignored[0], /Ignored the workspace value of ariaContext\.knowledgeFolder/);
  assert.deepEqual(machineValue({ key: 'k', defaultValue: '', workspaceValue: '/evil' }).value, undefined);
  assert.deepEqual(machineValue({ key: 'k', defaultValue: '~/Projects' }), { value: '~/Projects', ignored: [] });
  assert.deepEqual(machineValue(undefined), { value: undefined, ignored: [] });
  assert.equal(machineValue({ key: 'k', globalValue: 42 }).value, undefined);
  assert.equal(boundedInt(100, 10, 0, 50), 50);
  assert.equal(boundedInt('x', 10, 0, 50), 10);
});

test('machine-scoped path settings are declared "scope": "machine" in package.json and read only through machineValue', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    contributes: { configuration: { properties: Record<string, { scope?: string }> } };
  };
  const props = pkg.contributes.configuration.properties;
  for (const key of ['ariaContext.knowledgeFolder', 'ariaContext.configFile', 'ariaContext.projectsRoot'])
    assert.equal(props[key]?.scope, 'machine', key);
  const settings = fs.readFileSync(path.join(repoRoot, 'src', 'vscode', 'shared', 'settings.ts'), 'utf8');
  for (const key of ['knowledgeFolder', 'configFile', 'projectsRoot']) {
    assert.match(settings, new RegExp(`machineValue\\(config\\.inspect<string>\\('${key}'\\)\\)`), key);
  }
  // Nothing else in the extension reads these settings around machineValue().
  const dir = path.join(repoRoot, 'src', 'vscode');
  const offenders = (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts') && f !== path.join('shared', 'settings.ts'))
    .map((f) => [f, fs.readFileSync(path.join(dir, f), 'utf8')] as const)
    .filter(([, text]) => /\.get(<[^>]*>)?\(\s*'(knowledgeFolder|configFile|projectsRoot)'/.test(text))
    .map(([f]) => f);
  assert.deepEqual(offenders, []);
});

test('splitLastToken separates the finished part from the token being typed', () => {
  assert.deepEqual(splitLastToken('api AND str'), { head: 'api AND ', last: 'str' });
  assert.deepEqual(splitLastToken('api '), { head: 'api ', last: '' });
  assert.deepEqual(splitLastToken('str'), { head: '', last: 'str' });
  assert.deepEqual(splitLastToken(''), { head: '', last: '' });
  assert.deepEqual(splitLastToken('api,str'), { head: 'api,', last: 'str' });
});

const labels = (rows: CompletionRow[]) => rows.map((r) => (r.kind === 'separator' ? `-- ${r.label}` : r.label));

test('completion: empty input offers recent queries first, then projects, known tags (counts), aliases, other tags', () => {
  const { home } = fixtureHome();
  const snapshot = snapshotFor(home);
  const catalogue = buildCatalogue(snapshot.index);
  const counter = new TagCounter(snapshot, { today: '2026-11-30' });
  const queryCount = (q: string) => describeCounts(counter.counts(q)!);
  const rows = completionRows({ catalogue, value: '', recent: ['stripe', 'api AND pagination'], queryCount });
  const l = labels(rows);
  assert.match(l[0], /^\$\(info\) Type a tag/);
  assert.deepEqual(l.slice(1, 4), ['-- Recent queries', '$(history) stripe', '$(history) api AND pagination']);
  const seps = l.filter((x) => x.startsWith('-- '));
  assert.deepEqual(seps, ['-- Recent queries', '-- Projects', '-- Known tags', '-- Aliases', '-- Other tags']);
  const proj = rows.find((r) => r.kind === 'complete' && r.label === 'proj-a');
  assert.ok(proj && proj.kind === 'complete');
  assert.equal(proj.description, 'Payments Platform · 5 files + 2 team-shared · 1 artifact · 2 pending ideas');
  assert.equal(proj.detail, 'expands to: api, stripe, webhooks');
  const stripe = rows.find((r) => r.kind === 'complete' && r.label === 'stripe');
  assert.ok(
    stripe && stripe.kind === 'complete' && stripe.description === '2 files + 1 team-shared',
    'team-shared notes are counted apart and said so',
  );
  const rn = rows.find((r) => r.kind === 'complete' && r.label === 'rn → react-native');
  assert.ok(rn && rn.kind === 'complete' && rn.value === 'react-native ');
  assert.ok(l.includes('pagination'), 'other tags are offered');
  assert.ok(!l.includes('AND'), 'AND needs a first token');
});

test('completion: typing filters on the last token, keeps the finished part, and offers AND after a token', () => {
  const { home } = fixtureHome();
  const catalogue = buildCatalogue(snapshotFor(home).index);
  const rows = completionRows({ catalogue, value: 'api str', recent: [] });
  assert.equal(rows[0].kind, 'run');
  assert.equal(rows[0].kind === 'run' && rows[0].query, 'api str');
  const completes = rows.filter((r) => r.kind === 'complete');
  assert.deepEqual(
    completes.map((r) => r.label),
    ['stripe'],
  );
  assert.equal(completes[0].kind === 'complete' && completes[0].value, 'api stripe ');
  const afterSpace = completionRows({ catalogue, value: 'api ', recent: [] });
  assert.ok(labels(afterSpace).includes('AND'));
  assert.ok(!labels(afterSpace).includes('api'), 'tokens already used are not offered again');
  const k8s = completionRows({ catalogue, value: 'k8', recent: [] }).filter((r) => r.kind === 'complete');
  assert.deepEqual(
    k8s.map((r) => r.label),
    ['k8s → kubernetes'],
  );
  assert.deepEqual(
    completionRows({ catalogue: null, value: '', recent: [] }).map((r) => r.kind),
    ['invalid'],
  );
});

test('pushRecent: newest first, no duplicates (case-insensitive), bounded', () => {
  assert.deepEqual(pushRecent(['a', 'b', 'c'], 'B', 3), ['B', 'a', 'c']);
  assert.deepEqual(pushRecent(['a', 'b'], 'c', 2), ['c', 'a']);
  assert.deepEqual(pushRecent(['a'], '  ', 5), ['a']);
  assert.deepEqual(pushRecent(['a'], 'x', 0), []);
});

const describe = (rows: PickRow[]) =>
  rows.map((r) =>
    r.kind === 'separator' ? `-- ${r.label}` : r.kind === 'item' ? `item ${r.description}` : `${r.kind} ${r.label}`,
  );

test('pick model, stripe: group separators in §5 order, items with title/path/tags', () => {
  const { home } = fixtureHome();
  const result = query(home, 'stripe');
  const model = pickModel(result, 'stripe');
  assert.deepEqual(describe(model.rows), [
    '-- Team-shared (1)',
    'item ~/Projects/proj-a/_project-knowledge/2026-04-28-mike-webhook-retries.md',
    '-- Cross-project (2)',
    'item approaches/api-pagination.md',
    'item references/stripe-webhook-patterns.md',
  ]);
  assert.equal(model.selectableCount, 3);
  assert.equal(model.title, 'stripe — 3 files (OR)');
  assert.equal(model.foundLine, 'Found 3 files matching: [stripe] (OR)');
  const team = model.rows[1];
  assert.ok(team.kind === 'item');
  assert.equal(team.label, '$(organization) Webhook retry policy');
  assert.equal(team.detail, 'project: proj-a, scope: repo · tags: api, stripe');
});

test('pick model, proj-a: notes, artifact pickable with its age, ideas and legacy note shown but not pickable', () => {
  const { home } = fixtureHome();
  const model = pickModel(query(home, 'proj-a'), 'proj-a');
  const d = describe(model.rows);
  assert.equal(d[0], '-- Notes');
  assert.equal(d[1], 'info $(info) Expanded proj-a to include: api, stripe, webhooks');
  const seps = d.filter((x) => x.startsWith('-- '));
  assert.deepEqual(seps, [
    '-- Notes',
    '-- Team-shared (2)',
    '-- Project-specific (2)',
    '-- Cross-project (3)',
    '-- Tracked artifacts (1)',
    '-- Pending ideas (2)',
    '-- Warnings (1)',
  ]);
  const artifact = model.rows.find((r) => r.kind === 'item' && r.item.category === 'tracked-artifact');
  assert.ok(artifact && artifact.kind === 'item');
  assert.equal(artifact.label, '$(map) CODEMAP.md');
  assert.equal(artifact.detail, '8 days ago — fresh · project: proj-a');
  const ideas = model.rows.filter((r) => r.kind === 'info' && r.role === 'idea').map((r) => r.label);
  assert.deepEqual(ideas, [
    '$(lightbulb) 2026-11-28 (2 days ago) — feature — /setup diff prompts ahead vs diverged',
    '$(warning) 2026-11-01 (29 days ago) — bug — theme tokens missing from blueprint XYZ [STALE — still relevant?]',
  ]);
  assert.ok(d.some((x) => x.includes('Legacy ideas-backlog.md detected')));
  assert.equal(model.selectableCount, 8);
});

test('pick model, proj-c AND database: stale STITCH pickable with warning, missing CODEMAP shown as not loadable', () => {
  const { home } = fixtureHome();
  const model = pickModel(query(home, 'proj-c AND database'), 'proj-c AND database');
  const stitch = model.rows.find((r) => r.kind === 'item' && r.item.path.endsWith('STITCH.md'));
  assert.ok(stitch && stitch.kind === 'item');
  assert.equal(stitch.label, '$(warning) STITCH.md');
  assert.match(stitch.detail, /34 days ago \[STALE — run \/stitch verify proj-c\]/);
  const missing = model.rows.find((r) => r.kind === 'info' && r.role === 'missing');
  assert.ok(missing && missing.kind === 'info');
  assert.equal(missing.description, '~/Projects/proj-c/CODEMAP.md');
  assert.match(missing.detail ?? '', /not found — run \/codemap create.*not loadable/);
});

test('no match: a suggestion found through an alias says which (strip is near ship, an alias of deployment), in the pick list and the summary document', () => {
  const { home } = fixtureHome();
  const result = query(home, 'strip');
  const rows = describe(pickModel(result, 'strip').rows);
  assert.ok(rows.includes('action $(lightbulb) Did you mean stripe?'), rows.join('\n'));
  assert.ok(rows.includes('action $(lightbulb) Did you mean deployment (alias ship)?'), rows.join('\n'));
  const doc = summaryMarkdown({ text: 'strip', result });
  assert.match(doc, /^Did you mean: stripe, deployment \(alias ship\)\?$/m);
  assert.match(doc, /^Run Context: Rebuild Index to rebuild if you've recently added files\.$/m);
  assert.deepEqual(toJson(result).suggestions, ['stripe', 'deployment'], 'the JSON contract keeps its tags');
});

test('pick model, no match: the §5 no-match message, known tags, rebuild hint and a way back to edit; warnings listed', () => {
  const { home } = fixtureHome();
  const model = pickModel(query(home, 'nonexistent-tag'), 'nonexistent-tag');
  const d = describe(model.rows);
  assert.deepEqual(d.slice(0, 5), [
    '-- No match',
    'info $(circle-slash) No files match tag(s): [nonexistent-tag]',
    'info $(tag) Known tags: api, architecture, css, database, deployment (deploy, ship …), kubernetes (k8s, kube), nextjs, react-native (rn), security, stripe, testing',
    "info $(info) Run Context: Rebuild Index to rebuild if you've recently added files.",
    'action $(edit) Edit the query',
  ]);
  assert.ok(!d.some((row) => /(^|\s)\/index\b/.test(row)), 'no slash command in the editor: it has Rebuild Index');
  assert.equal(model.selectableCount, 0);
  const secrets = describe(pickModel(query(home, 'secrets'), 'secrets').rows);
  assert.ok(secrets.includes('-- Warnings (2)'), secrets.join('\n'));
});

function find(nodes: TreeNode[], pathLabels: string[]): TreeNode {
  let level = nodes;
  let node: TreeNode | undefined;
  for (const label of pathLabels) {
    node = level.find((n) => n.label === label);
    assert.ok(node, `no node ${label} among ${level.map((n) => n.label).join(', ')}`);
    level = node.children ?? [];
  }
  return node!;
}

function treeFor(home: string): TreeNode[] {
  const snapshot = snapshotFor(home);
  return expandTree(
    buildTree({
      snapshot,
      today: '2026-11-30',
    }),
  );
}

test('tree model: groups, stripe with 2 files, aliases in the description, projects with tags and files', () => {
  const { home } = fixtureHome();
  const roots = treeFor(home);
  assert.deepEqual(
    roots.map((r) => r.label),
    ['Projects', 'Known Tags', 'Other Tags', 'Team-shared', 'Warnings'],
  );
  const stripe = find(roots, ['Known Tags', 'stripe']);
  assert.equal(stripe.description, '2 files + 1 team-shared'); // the query finds 3: team-shared counted apart, and said so
  // Its rows are what querying it returns, in the summary's order: team-shared first.
  assert.deepEqual(
    stripe.children?.map((c) => c.description),
    [
      '~/Projects/proj-a/_project-knowledge/2026-04-28-mike-webhook-retries.md',
      'approaches/api-pagination.md',
      'references/stripe-webhook-patterns.md',
    ],
  );
  assert.equal(stripe.contextValue, 'ariaContext.tag');
  assert.equal(stripe.query, 'stripe');
  assert.equal(find(roots, ['Known Tags', 'deployment']).description, '1 file · aliases: deploy, ship, release');
  assert.equal(find(roots, ['Known Tags', 'css']).contextValue, 'ariaContext.emptyTag');
  const projA = find(roots, ['Projects', 'proj-a']);
  assert.equal(projA.description, `Payments Platform · ${describeCounts(countsOf(query(home, 'proj-a')))}`);
  assert.deepEqual(
    projA.children?.map((c) => c.label),
    ['api', 'stripe', 'webhooks', 'State sync between services', 'Reusable internal patterns', 'Team-shared'],
  );
  const file = find(roots, ['Projects', 'proj-a', 'State sync between services']);
  assert.equal(file.file?.category, 'project-specific');
  assert.ok(find(roots, ['Projects', 'proj-b']).children?.some((c) => c.label === 'No files yet in projects/proj-b/'));
  const clicked = find(roots, ['Known Tags', 'stripe', 'Cursor-based pagination patterns']);
  assert.equal(clicked.file?.absPath, path.join(home, 'knowledge', 'approaches', 'api-pagination.md'));
  assert.deepEqual(clicked.file?.allowedRoots, [path.join(home, 'knowledge')]);
});

test('tree model: escaping entries and disabled projects are not shown as files; warnings name them', () => {
  const { home } = fixtureHome();
  const roots = treeFor(home);
  assert.deepEqual(find(roots, ['Other Tags', 'secrets']).children, [], 'the secrets tag has no openable file');
  const team = find(roots, ['Team-shared']);
  assert.deepEqual(
    team.children?.map((c) => c.label),
    ['api', 'database', 'stripe'],
  );
  assert.deepEqual(
    find(roots, ['Team-shared', 'database']).children?.map((c) => c.file?.project),
    ['proj-c'],
  );
  const warnings = find(roots, ['Warnings']).children?.map((c) => c.label) ?? [];
  assert.ok(
    warnings.some((w) => w.includes('../.claude/aria-knowledge.local.md')),
    warnings.join('\n'),
  );
  assert.ok(
    warnings.some((w) => w.includes('~/.claude/aria-knowledge.local.md')),
    warnings.join('\n'),
  );
});

test("tree model: ids are unique and stable across rebuilds; filesBelow collects a tag's query result once per file", () => {
  const { home } = fixtureHome();
  const ids = (nodes: TreeNode[]): string[] => nodes.flatMap((n) => [n.id, ...ids(n.children ?? [])]);
  const a = ids(treeFor(home));
  const b = ids(treeFor(home));
  assert.deepEqual(a, b);
  assert.equal(new Set(a).size, a.length);
  const api = find(treeFor(home), ['Known Tags', 'api']);
  assert.equal(filesBelow(api).length, query(home, 'api').found, 'a tag holds what querying it returns');
});

test('containment: a tree file whose real path escapes the knowledge folder is refused, never opened', () => {
  const { home } = fixtureHome();
  const knowledge = path.join(home, 'knowledge');
  fs.symlinkSync(
    path.join(home, '.claude', 'aria-knowledge.local.md'),
    path.join(knowledge, 'approaches', 'sneaky.md'),
  );
  const snapshot = snapshotFor(home);
  const ok = indexEntryItem(snapshot.config, 'approaches/api-pagination.md', 'x', []);
  const sneaky = indexEntryItem(snapshot.config, 'approaches/sneaky.md', 'y', []);
  const outside = indexEntryItem(snapshot.config, '../.claude/aria-knowledge.local.md', 'z', []);
  assert.equal(outside, 'the path leaves the knowledge folder');
  assert.ok(typeof ok !== 'string' && typeof sneaky !== 'string');
  const missing = { ...ok, selectable: false, path: '~/Projects/proj-b/CODEMAP.md' };
  const checked = checkItems(snapshot.config, [ok, sneaky, missing]);
  assert.deepEqual(
    checked.ok.map((o) => o.item.path),
    ['approaches/api-pagination.md'],
  );
  assert.deepEqual(
    checked.refused.map((r) => ({ path: r.item.path, reason: r.reason })),
    [
      { path: 'approaches/sneaky.md', reason: 'its real path (after symlinks) is outside the allowed folders' },
      { path: '~/Projects/proj-b/CODEMAP.md', reason: 'it is not a loadable file' },
    ],
  );
  assert.equal(
    refusalMessage(checked.refused.slice(0, 1)),
    'Refused approaches/sneaky.md: its real path (after symlinks) is outside the allowed folders (not opened).',
  );
});

test('the walkthrough image of the tree is headed as the view is: its container and name, in capitals', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    contributes: {
      viewsContainers: { activitybar: Array<{ id: string; title: string }> };
      views: Record<string, Array<{ id: string; name: string }>>;
    };
  };
  const container = pkg.contributes.viewsContainers.activitybar.find((c) => c.id === 'ariaContext')!;
  const view = pkg.contributes.views.ariaContext.find((v) => v.id === 'ariaContext.tags')!;
  const svg = fs.readFileSync(path.join(repoRoot, 'media', 'walkthrough', 'tree.svg'), 'utf8');
  const heading = /<text[^>]*font-size="11"[^>]*>([^<]+)<\/text>/.exec(svg)?.[1];
  assert.equal(heading, `${container.title}: ${view.name}`.toUpperCase());
});

test("the Tags view's menu shows both sort orders, exactly the one in force checked (✓), whatever the order", () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    contributes: {
      commands: Array<{ command: string; title: string }>;
      menus: Record<string, Array<{ command: string; when?: string }>>;
    };
  };
  const title = new Map(pkg.contributes.commands.map((c) => [c.command, c.title]));
  // The when clauses use only `view == ariaContext.tags` and `ariaContext.tagSort ==/!= <value>`.
  const shown = (when: string, sort: string) =>
    when.split('&&').every((part) => {
      const m = /^\s*(view|ariaContext\.tagSort)\s*(==|!=)\s*(\S+)\s*$/.exec(part);
      assert.ok(m, `an unexpected when clause part: ${part}`);
      const value = m[1] === 'view' ? 'ariaContext.tags' : sort;
      return (value === m[3]) === (m[2] === '==');
    });
  const sortItems = (sort: string) =>
    pkg.contributes.menus['view/title']
      .filter((i) => /^ariaContext\.sortBy/.test(i.command) && shown(i.when ?? '', sort))
      .map((i) => title.get(i.command));
  assert.deepEqual(sortItems('name'), ['✓ Sort Tags by Name', 'Sort Tags by File Count']);
  assert.deepEqual(sortItems('count'), ['Sort Tags by Name', '✓ Sort Tags by File Count']);
  // Before the sort is known (no context key yet) the default, by name, is the checked one.
  assert.deepEqual(sortItems(''), ['✓ Sort Tags by Name', 'Sort Tags by File Count']);
});
