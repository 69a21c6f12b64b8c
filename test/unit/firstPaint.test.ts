// The tag tree's first rows come before everything they do not need: the tree model builds only
// what those rows show, and background work (index check, menus' file list, status bar counts)
// waits for them. Pure models, real files in temp folders, timers faked.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { BackgroundWork, type Timers } from '../../src/vscode/shared/backgroundWorkModel';
import { buildTree, hasChildren, parentOf, type TreeInput, type TreeNode } from '../../src/vscode/tree/treeModel';
import { tagEntries } from '../../src/vscode/tree/treeNavModel';
import { scanProject } from '../../src/core/projectTier';
import { describeQueryCount } from '../../src/vscode/query/queryCountModel';
import { runQuery } from '../../src/core/engine';
import { fixtureHome, repoRoot, snapshotFor } from '../helpers';

/** Timers on a clock that only moves when told; due callbacks run in time order. */
class FakeTimers implements Timers {
  private clock = 0;
  private seq = 0;
  private readonly pending = new Map<number, { at: number; fn: () => void }>();
  /** How many timer callbacks have run: tasks in different callbacks ran in different turns. */
  fired = 0;
  now(): number {
    return this.clock;
  }
  set(fn: () => void, ms: number): unknown {
    const id = ++this.seq;
    this.pending.set(id, { at: this.clock + Math.max(0, ms), fn });
    return id;
  }
  clear(handle: unknown): void {
    this.pending.delete(handle as number);
  }
  /** Moves the clock by `ms`, running every timer due on the way. */
  advance(ms: number): void {
    const end = this.clock + ms;
    for (;;) {
      const next = [...this.pending].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
      if (!next) break;
      this.pending.delete(next[0]);
      this.clock = next[1].at;
      this.fired++;
      next[1].fn();
    }
    this.clock = end;
  }
}

function work(timers: FakeTimers, onError?: (key: string, err: unknown) => void): BackgroundWork {
  return new BackgroundWork({ quietMs: 300, startDelayMs: 2_000, maxWaitMs: 5_000, timers, onError });
}

test('background work with the tree view hidden waits out the start delay, then runs each task once, in order, one per turn', () => {
  const timers = new FakeTimers();
  const w = work(timers);
  const ran: string[] = [];
  const turns: number[] = [];
  const task = (name: string) => () => {
    ran.push(name);
    turns.push(timers.fired);
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

test('background work with the tree view visible waits for its rows, then for the tree to be quiet', () => {
  const timers = new FakeTimers();
  const w = work(timers);
  const ran: string[] = [];
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
  const timers = new FakeTimers();
  const w = work(timers);
  const ran: string[] = [];
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

/** buildTree on the example folder, counting what each input callback is asked. */
function countedTree(home: string): { roots: TreeNode[]; calls: Record<string, number> } {
  const snapshot = snapshotFor(home);
  const calls: Record<string, number> = { projectFiles: 0, queryCount: 0, projectFacts: 0, projectTeamShared: 0 };
  const query = (q: string) => {
    const outcome = runQuery(snapshot, q, { today: '2026-11-30' });
    if (!outcome.ok) throw new Error(outcome.message);
    return outcome.result;
  };
  const input: TreeInput = {
    snapshot,
    projectFiles: (tag) => {
      calls.projectFiles++;
      return snapshot.config.projectsList.has(tag) ? scanProject(snapshot.config.knowledgeFolder, tag).files : null;
    },
    queryCount: (q) => {
      calls.queryCount++;
      return describeQueryCount(query(q));
    },
    projectFacts: () => {
      calls.projectFacts++;
      return [];
    },
    projectTeamShared: (key) => {
      calls.projectTeamShared++;
      return query(key).items.filter((i) => i.category === 'team-shared' && i.selectable);
    },
  };
  return { roots: buildTree(input), calls };
}

function walkAll(nodes: readonly TreeNode[], visit: (n: TreeNode) => void): void {
  for (const n of nodes) {
    visit(n);
    walkAll(n.children ?? [], visit);
  }
}

test('tag tree model: the root rows and the open Known Tags group run no query and list no project folder', () => {
  const { home } = fixtureHome();
  const snapshot = snapshotFor(home);
  const projectKeys = new Set([...snapshot.index.projects.keys()].map((k) => k.toLowerCase()));
  const { roots, calls } = countedTree(home);
  const known = roots.find((r) => r.id === 'group:known')!;
  const tags = known.children!;
  assert.ok(tags.length > 0);
  for (const t of tags) assert.equal(typeof t.description, 'string');
  // Only a known tag that is also a project key counts through its query (what querying it returns).
  const projectKeyTags = tags.filter((t) => projectKeys.has(t.label.toLowerCase())).length;
  assert.deepEqual(calls, { projectFiles: 0, queryCount: projectKeyTags, projectFacts: 0, projectTeamShared: 0 });
  const projects = roots.find((r) => r.id === 'group:projects')!;
  assert.equal(projects.childCount, snapshot.index.projects.size, 'the Projects row counts its projects before building them');
  // Opening Projects builds each project row once: its listing, facts and team-shared notes.
  const rows = projects.children!;
  assert.equal(rows.length, snapshot.index.projects.size);
  assert.equal(calls.projectFiles, rows.length);
  assert.equal(calls.projectFacts, rows.length);
  void projects.children; // read again: kept, not rebuilt
  assert.equal(calls.projectFacts, rows.length);
});

test('tag tree model: every count known before the children are built matches them, and each built child knows its parent', () => {
  const { home } = fixtureHome();
  const { roots } = countedTree(home);
  let counted = 0;
  walkAll(roots, (n) => {
    if (n.childCount !== undefined) {
      counted++;
      assert.equal(n.children?.length ?? 0, n.childCount, `${n.id}: childCount`);
      assert.equal(hasChildren(n), n.childCount > 0);
      if (n.kind === 'tag' && n.contextValue !== 'ariaContext.group') assert.equal(n.contextValue, n.childCount ? 'ariaContext.tag' : 'ariaContext.emptyTag');
    }
    for (const c of n.children ?? []) assert.equal(parentOf(c), n, `${c.id}: parent`);
  });
  assert.ok(counted > 5);
  for (const r of roots) assert.equal(parentOf(r), undefined, 'roots have no parent');
  // Go to Tag lists tags and projects without building any tag's file rows.
  const fresh = countedTree(home).roots;
  const entries = tagEntries(fresh);
  assert.ok(entries.some((e) => e.where === 'Known Tags'));
  const knownTag = fresh.find((r) => r.id === 'group:known')!.children![0];
  assert.equal(Object.getOwnPropertyDescriptor(knownTag, 'children')?.get !== undefined, true);
});

test('tag tree model: a tag\'s file rows are built, sorted by path, only when the tag is opened, and a refused entry is a warning from the start', () => {
  const { home } = fixtureHome();
  const knowledge = path.join(home, 'knowledge');
  const indexFile = path.join(knowledge, 'index.md');
  // Two more entries under stripe, out of order, one of them leaving the knowledge folder.
  const text = fs.readFileSync(indexFile, 'utf8').replace(/(### stripe\n)/, '$1- zz/last-note.md — last\n- ../outside.md — escapes\n- aa/first-note.md — first\n');
  assert.notEqual(text, fs.readFileSync(indexFile, 'utf8'), 'the fixture has a stripe section');
  fs.writeFileSync(indexFile, text);
  const { roots } = countedTree(home);
  const warnings = roots.find((r) => r.id === 'group:warnings')!;
  assert.ok(warnings.children!.some((w) => w.label.includes('../outside.md') && w.label.includes('stripe')), 'the refused entry is named under Warnings without opening stripe');
  const stripe = roots.find((r) => r.id === 'group:known')!.children!.find((t) => t.label === 'stripe')!;
  const files = stripe.children!.map((c) => c.description);
  assert.deepEqual(files, [...files].sort(), 'file rows sorted by path');
  assert.ok(files.includes('aa/first-note.md') && files.includes('zz/last-note.md'));
  assert.ok(!files.includes('../outside.md'));
  assert.equal(stripe.childCount, files.length);
});

test('the background work and tree models import no vscode (they run in plain Node)', () => {
  for (const f of ['shared/backgroundWorkModel.ts', 'tree/treeModel.ts']) {
    assert.doesNotMatch(fs.readFileSync(path.join(repoRoot, 'src', 'vscode', f), 'utf8'), /from\s+['"]vscode['"]/, f);
  }
});
