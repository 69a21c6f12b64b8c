// The tag tree's first rows come before everything they do not need: the tree model builds only
// what those rows show, and background work (index check, menus' file list, status bar counts)
// waits for them. Pure models, real files in temp folders, timers faked.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { BackgroundWork } from '../../src/vscode/shared/backgroundWorkModel';
import {
  buildTree,
  rowTags,
  warmRowWarnings,
  type TagTreeModel,
  type TreeInput,
} from '../../src/vscode/tree/treeModel';
import { refusedWarnings } from '../../src/vscode/tree/treeRowsModel';
import { type TreeNode } from '../../src/vscode/shared/treeRows';
import { hasChildren } from '../../src/vscode/tree/treeNodes';
import { tagEntries } from '../../src/vscode/tree/treeNavModel';
import { TagCounter } from '../../src/core/match/tagCounts';
import { runQuery } from '../../src/core/match/engine';
import { fixtureHome, query, repoRoot, snapshotFor } from '../helpers';
import { FakeTimers } from '../timing';

function work(timers: FakeTimers, onError?: (key: string, err: unknown) => void): BackgroundWork {
  return new BackgroundWork({ quietMs: 300, startDelayMs: 2_000, maxWaitMs: 5_000, timers, onError });
}

/** Faked timers, the background work on them, and the list its tasks push to as they run. */
function workOnFakeTimers(): { timers: FakeTimers; w: BackgroundWork; ran: string[] } {
  const timers = new FakeTimers();
  return { timers, w: work(timers), ran: [] };
}

test('background work with the tree view hidden waits out the start delay, then runs each task once, in order, one per turn', () => {
  const { timers, w, ran } = workOnFakeTimers();
  const turns: number[] = [];
  const task = (name: string) => () => {
    ran.push(name);
    turns.push(timers.turns);
  };
  w.run('index check', task('check 1'));
  w.run('knowledge files', task('files'));
  w.run('index check', task('check 2')); // a newer task of the same key replaces the queued one, at the end
  timers.advance(1_999);
  assert.deepEqual(ran, [] as string[], 'nothing runs during the start delay');
  timers.advance(1);
  assert.deepEqual(ran, ['files', 'check 2']);
  assert.notEqual(turns[0], turns[1], 'one task per turn of the event loop');
  assert.equal(w.has('index check'), false);
  // After the start delay, a task queued later runs at once.
  w.run('active file', () => ran.push('active'));
  timers.advance(0);
  assert.deepEqual(ran.slice(-1), ['active']);
});

test('background work waits for the first read on the worker: a task run before it would read index.md on the host', async () => {
  const { timers, w, ran } = workOnFakeTimers();
  let finish = () => {};
  w.waitFor(new Promise<void>((resolve) => (finish = resolve)));
  w.run('index check', () => ran.push('check'));
  w.slices('tree counts', () => (ran.push('slice'), true));
  timers.advance(10_000);
  assert.deepEqual(ran, ['slice'], "the tree's counts (of a state it has) go on; tasks wait, past every delay");
  finish();
  await Promise.resolve();
  timers.advance(0);
  assert.deepEqual(ran, ['slice', 'check'], 'read: the task runs');
});

test('background work with the tree view visible waits for its rows, then for the tree to be quiet', () => {
  const { timers, w, ran } = workOnFakeTimers();
  w.treeVisible(true);
  w.run('index check', () => ran.push('check'));
  timers.advance(3_000);
  assert.deepEqual(ran, [] as string[], 'past the start delay, still waiting for the rows');
  w.treeAsked();
  timers.advance(100);
  w.treeShowedRows();
  timers.advance(200);
  w.treeAsked(); // the expanded group's children
  timers.advance(299);
  assert.deepEqual(ran, [] as string[], 'a request from the tree pushes the quiet time');
  timers.advance(1);
  assert.deepEqual(ran, ['check'] as string[]);

  // A refresh (the index changed) while visible: the new rows come first again.
  w.treeRefreshed();
  w.run('index check', () => ran.push('check after reload'));
  timers.advance(4_000);
  assert.deepEqual(ran, ['check'] as string[]);
  w.treeShowedRows();
  timers.advance(300);
  assert.deepEqual(ran, ['check', 'check after reload']);
});

test('background work: the rows shown end the start delay; a hidden view is not waited for; a tree that never answers blocks at most maxWaitMs', () => {
  const { timers, w, ran } = workOnFakeTimers();
  w.treeVisible(true);
  w.run('a', () => ran.push('a'));
  timers.advance(500);
  w.treeShowedRows();
  timers.advance(300);
  assert.deepEqual(ran, ['a'] as string[], 'rows 500 ms after activation: no need to wait out the 2 s start delay');

  w.treeVisible(false);
  w.treeRefreshed(); // hidden: VS Code does not ask a hidden view, so nothing waits for it
  w.run('b', () => ran.push('b'));
  timers.advance(0);
  assert.deepEqual(ran, ['a', 'b'] as string[]);

  w.treeVisible(true); // shown again, rows not asked yet
  w.run('c', () => ran.push('c'));
  timers.advance(4_999);
  assert.deepEqual(ran, ['a', 'b'] as string[]);
  timers.advance(1);
  assert.deepEqual(ran, ['a', 'b', 'c'], 'a visible tree that does not answer blocks 5 s at most');
});

test('background work: a failing task is reported and the next still runs; nothing runs after dispose', () => {
  const timers = new FakeTimers();
  const errors: string[] = [];
  const w = work(timers, (key, err) => errors.push(`${key}: ${(err as Error).message}`));
  const ran: string[] = [];
  w.run('broken', () => {
    throw new Error('boom');
  });
  w.run('fine', () => ran.push('fine'));
  timers.advance(2_000);
  timers.advance(0);
  assert.deepEqual(errors, ['broken: boom'] as string[]);
  assert.deepEqual(ran, ['fine'] as string[]);
  w.run('late', () => ran.push('late'));
  w.dispose();
  timers.advance(10_000);
  w.run('after', () => ran.push('after'));
  timers.advance(10_000);
  assert.deepEqual(ran, ['fine'] as string[]);
});

/** buildTree on the example folder, counting the queries its one count runs. */
function countedTree(home: string): { tree: TagTreeModel; calls: Record<string, number> } {
  const snapshot = snapshotFor(home);
  const calls: Record<string, number> = { queries: 0 };
  const counter = new TagCounter(snapshot, (text, shared) => {
    calls.queries++;
    const outcome = runQuery(snapshot, text, { today: '2026-11-30', ...shared });
    if (!outcome.ok) throw new Error(outcome.message);
    return outcome.result;
  });
  const input: TreeInput = { snapshot, counter };
  return { tree: buildTree(input), calls };
}

/** Every node, its rows built through the model on the way. */
function walkAll(tree: TagTreeModel, nodes: readonly TreeNode[], visit: (n: TreeNode) => void): void {
  for (const n of nodes) {
    visit(n);
    walkAll(tree, tree.children(n), visit);
  }
}

const knownOf = (tree: TagTreeModel) => tree.children(tree.roots.find((r) => r.id === 'group:known')!);

test("tag tree model: the first paint runs one query per known tag; an opened group runs each of its rows' query once", () => {
  const { home } = fixtureHome();
  const snapshot = snapshotFor(home);
  const { tree, calls } = countedTree(home);
  const roots = tree.roots;
  // Known Tags is open at first paint: a tag's count is what querying it returns, one query each.
  const known = roots.find((r) => r.id === 'group:known')!;
  const tags = tree.children(known);
  assert.ok(tags.length > 0);
  for (const t of tags) assert.equal(typeof t.description, 'string');
  assert.equal(calls.queries, tags.length, 'one query per known tag, and none for the closed groups');
  const projects = roots.find((r) => r.id === 'group:projects')!;
  assert.equal(
    projects.childCount,
    snapshot.index.projects.size,
    'the Projects row counts its projects before building them',
  );
  const rows = tree.children(projects);
  assert.equal(rows.length, snapshot.index.projects.size);
  const afterProjects = calls.queries;
  const names = new Set(tags.map((t) => t.label.toLowerCase()));
  for (const p of snapshot.index.projects.values())
    [p.key, ...p.relevantTags].forEach((t) => names.add(t.toLowerCase()));
  assert.equal(afterProjects, names.size, 'each project and its tags counted once, known tags not again');
  assert.equal(tree.children(projects), rows, 'asked again: kept, not rebuilt');
  tree.children(known).forEach((t) => tree.children(t));
  assert.equal(calls.queries, afterProjects, 'opening a tag reuses its counted query');
});

test('tag tree model, counts later: the first paint runs no query (names and aliases only); once the host counted, the rows carry the counts the query returns', () => {
  const { home } = fixtureHome();
  const snapshot = snapshotFor(home);
  let queries = 0;
  const counter = new TagCounter(snapshot, (text, shared) => {
    queries++;
    const outcome = runQuery(snapshot, text, { today: '2026-11-30', ...shared });
    if (!outcome.ok) throw new Error(outcome.message);
    return outcome.result;
  });
  const firstTree = buildTree({ snapshot, counter, countsLater: true });
  const first = knownOf(firstTree);
  assert.equal(queries, 0, 'no query before the rows');
  const deploy = first.find((t) => t.label === 'deployment')!;
  assert.equal(deploy.description, 'aliases: deploy, ship, release', 'the aliases, no count yet');
  assert.ok(
    first.every((t) => !/\d+ files?/.test(t.description ?? '')),
    'no row claims a count',
  );
  assert.ok(hasChildren(deploy), 'a tag not counted yet can be opened');
  assert.equal(firstTree.children(deploy).length, 1, "opened, its rows are its query's");
  assert.equal(queries, 1);
  // What the host does in the background, then the rows again: every count the query's.
  for (const t of snapshot.index.knownTags) counter.counts(t.tag);
  const counted = knownOf(buildTree({ snapshot, counter, countsLater: true }));
  for (const t of counted) {
    const result = query(home, t.label);
    const notes = result.items.filter((i) => i.category !== 'tracked-artifact' && i.problem === null).length;
    const m = /^(\d+) files?(?: \+ (\d+) team-shared)?/.exec(t.description ?? '');
    assert.ok(m, `${t.label}: "${t.description}"`);
    assert.equal(Number(m[1]) + Number(m[2] ?? 0), notes, t.label);
  }
  assert.equal(queries, snapshot.index.knownTags.length, 'each known tag queried once');
  // Sorting by count needs the counts: they are worked out before the rows.
  const bySort = buildTree({
    snapshot,
    counter: new TagCounter(snapshot, { today: '2026-11-30' }),
    countsLater: true,
    sort: 'count',
  });
  assert.ok(knownOf(bySort).every((t) => /\d+ files?/.test(t.description ?? '')));
});

test('tag tree model, counts later: the rows show their counts as they come (countedSince), in the same order, and the rest stay pending', () => {
  const { home } = fixtureHome();
  const snapshot = snapshotFor(home);
  const counter = new TagCounter(snapshot, { today: '2026-11-30' });
  const tree = buildTree({ snapshot, counter, countsLater: true });
  const before = knownOf(tree);
  assert.equal(tree.countedSince(), undefined, 'nothing counted yet: nothing to tell the view');
  counter.counts('deployment');
  const rows = tree.countedSince()!;
  assert.deepEqual(
    rows.map((r) => r.id),
    before.map((r) => r.id),
    'the same rows, in the same order',
  );
  const deploy = rows.find((r) => r.label === 'deployment')!;
  assert.match(
    deploy.description ?? '',
    /^\d+ files? · aliases: deploy, ship, release$/,
    'counted: its count, then its aliases',
  );
  assert.ok(
    rows.filter((r) => r.label !== 'deployment').every((r) => !/\d+ files?/.test(r.description ?? '')),
    'the others still pending',
  );
  const known = tree.roots.find((r) => r.id === 'group:known')!;
  assert.equal(tree.children(known), rows, 'the view asking again gets them');
  assert.equal(tree.countedSince(), undefined, 'told once');
});

test("the rows' refused-entry warnings are worked out in slices before a large build, once per index, and a build reads them", () => {
  const { home } = fixtureHome();
  const snapshot = snapshotFor(home);
  const timers = new FakeTimers();
  const w = new BackgroundWork({ quietMs: 300, startDelayMs: 2_000, maxWaitMs: 5_000, sliceMs: 25, timers });
  let done = 0;
  warmRowWarnings(
    w,
    snapshot,
    () => true,
    () => done++,
  );
  timers.advance(0);
  assert.equal(done, 1, 'the fixture is small: one slice');
  const tag = rowTags(snapshot.index)[0];
  assert.equal(
    refusedWarnings(snapshot.index, snapshot.config, tag),
    refusedWarnings(snapshot.index, snapshot.config, tag),
    'worked out once and kept for this index',
  );
  let stale = 0;
  warmRowWarnings(
    w,
    snapshot,
    () => false,
    () => stale++,
  );
  timers.advance(0);
  assert.equal(stale, 0, 'a snapshot replaced meanwhile: dropped');
});

test('tag tree model: every count known before the children are built matches them, and each built child knows its parent', () => {
  const { home } = fixtureHome();
  const { tree } = countedTree(home);
  let counted = 0;
  walkAll(tree, tree.roots, (n) => {
    if (n.childCount !== undefined) {
      counted++;
      assert.equal(tree.children(n).length, n.childCount, `${n.id}: childCount`);
      assert.equal(hasChildren(n), n.childCount > 0);
      if (n.kind === 'tag' && n.contextValue !== 'ariaContext.group')
        assert.equal(n.contextValue, n.count ? 'ariaContext.tag' : 'ariaContext.emptyTag');
    }
    for (const c of tree.children(n)) assert.equal(tree.parent(c), n, `${c.id}: parent`);
  });
  assert.ok(counted > 5);
  for (const r of tree.roots) assert.equal(tree.parent(r), undefined, 'roots have no parent');
  // Go to Tag lists tags and projects without building any tag's file rows.
  const fresh = countedTree(home).tree;
  const opened: TreeNode[] = [];
  const entries = tagEntries(fresh.roots, (n) => (opened.push(n), fresh.children(n)));
  assert.ok(entries.some((e) => e.where === 'Known Tags'));
  assert.deepEqual(
    opened.filter((n) => n.kind === 'tag').map((n) => n.id),
    [],
    'no tag opened',
  );
});

test("tag tree model: a row's parent is known once its parent's rows were handed out, and only then (getParent for reveal)", () => {
  const { home } = fixtureHome();
  const { tree } = countedTree(home);
  const projects = tree.roots.find((r) => r.id === 'group:projects')!;
  const project = tree.children(projects)[0];
  const tag = tree.children(project).find((c) => c.kind === 'tag')!;
  assert.equal(tree.parent(tag), project);
  assert.equal(tree.parent(project), projects);
  const [file] = tree.children(tag);
  assert.ok(file, `${tag.id} has a row`);
  assert.equal(tree.parent(file), tag);
  // A node of an earlier build (the same id) finds its rows and parent in this one.
  assert.equal(tree.parent({ ...file }), tag);
  assert.deepEqual(
    tree.children({ ...tag }).map((c) => c.id),
    tree.children(tag).map((c) => c.id),
  );
  const other = countedTree(home).tree;
  const unopened = knownOf(other)[0];
  assert.equal(other.parent({ ...file }), undefined, 'rows not handed out have no parent yet');
  assert.equal(
    other.parent(unopened),
    other.roots.find((r) => r.id === 'group:known'),
  );
});

test("tag tree model: a file row's tooltip is worked out when hovered (resolveTreeItem): the tags its note has anywhere in the tree", () => {
  const { home } = fixtureHome();
  const { tree } = countedTree(home);
  const rows = new Map<string, TreeNode[]>();
  walkAll(tree, tree.roots, (n) => {
    if (n.file) rows.set(n.file.absPath, [...(rows.get(n.file.absPath) ?? []), n]);
  });
  const [abs, places] = [...rows].sort((a, b) => b[1].length - a[1].length)[0];
  assert.ok(places.length > 1, `${abs} sits in more than one place`);
  for (const n of places) assert.equal(n.tooltip, undefined, 'a file row is made without its tooltip');
  const tooltips = new Set(places.map((n) => tree.tooltip(n)));
  assert.equal(tooltips.size, 1, 'the same tooltip wherever the file sits');
  const tags = new Set(places.flatMap((n) => n.file!.tags));
  const line = [...tooltips][0]!.split('\n').find((l) => l.startsWith('tags: ')) ?? '';
  for (const t of tags) assert.ok(line.includes(t), `${t} in "${line}"`);
  const group = tree.roots.find((r) => r.id === 'group:known')!;
  assert.equal(tree.tooltip(group), group.tooltip, "other rows' tooltips are their own");
});

test("tag tree model: a tag's file rows are its query's, missing ones marked, and a refused entry is a warning from the start", () => {
  const { home } = fixtureHome();
  const knowledge = path.join(home, 'knowledge');
  const indexFile = path.join(knowledge, 'index.md');
  // Two more entries under stripe, out of order, one of them leaving the knowledge folder.
  const text = fs
    .readFileSync(indexFile, 'utf8')
    .replace(/(### stripe\n)/, '$1- zz/last-note.md — last\n- ../outside.md — escapes\n- aa/first-note.md — first\n');
  assert.notEqual(text, fs.readFileSync(indexFile, 'utf8'), 'the fixture has a stripe section');
  fs.writeFileSync(indexFile, text);
  const { tree } = countedTree(home);
  const warnings = tree.roots.find((r) => r.id === 'group:warnings')!;
  assert.ok(
    warnings.children!.some((w) => w.label.includes('../outside.md') && w.label.includes('stripe')),
    'the refused entry is named under Warnings without opening stripe',
  );
  const stripe = knownOf(tree).find((t) => t.label === 'stripe')!;
  const files = tree.children(stripe).map((c) => c.description);
  const result = query(home, 'stripe');
  assert.equal(files.length, result.items.length, 'the rows are what querying stripe returns');
  const notes = (category: string) => result.items.filter((i) => i.category === category).map((i) => i.path);
  assert.deepEqual(notes('cross-project'), [...notes('cross-project')].sort(), 'in the summary order: by path');
  const paths = tree.children(stripe).map((c) => c.file?.path);
  assert.ok(paths.includes('aa/first-note.md') && paths.includes('zz/last-note.md'));
  assert.ok(files.includes('missing · aa/first-note.md'), 'a missing note is marked, never a normal row');
  assert.ok(!paths.includes('../outside.md'));
  assert.equal(stripe.childCount, files.length);
});

test('the background work and tree models import no vscode (they run in plain Node)', () => {
  for (const f of [
    'shared/backgroundWorkModel.ts',
    'tree/treeModel.ts',
    'tree/treeRowsModel.ts',
    'tree/treeNodes.ts',
    'tree/treeNavModel.ts',
  ]) {
    assert.doesNotMatch(fs.readFileSync(path.join(repoRoot, 'src', 'vscode', f), 'utf8'), /from\s+['"]vscode['"]/, f);
  }
});
