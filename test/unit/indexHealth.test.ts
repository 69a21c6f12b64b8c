// Index health with real files: every problem kind on the line of index.md where it occurs,
// and drift on a knowledge folder whose notes were edited after the index was built.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import type { Snapshot } from '../../src/core/match/engine';
import { checkIndex, healthSummary, type IndexProblem } from '../../src/core/health/indexHealth';
import { scanDrift, withDrift } from '../../src/core/health/indexDrift';
import { containing, lineOf, makeHome, snapshotFor, writeTree } from '../helpers';

const INDEX = `# Knowledge Index

Last rebuilt: 2026-11-02 (41st pass)

## Known Tags

api, stripe, kubernetes [aliases: k8s, api],
orphan, deployment [aliases: deploy, k8s]

## Tag Index

### api
- guides/a.md — A
- guides/gone.md — Deleted since
- ../outside.md — Leaves the folder
- guides/a.md — A again

### stripe
- guides/a.md — A
- guides/b.md — B

### kubernetes
- guides/k.md — K

### deployment
- guides/k.md — K

## Team-Shared Tag Index

### api
- ~/Projects/shop/_project-knowledge/x.md — X [project: shop]
- ~/Projects/shop/../elsewhere/y.md — Y [project: shop]

this line is not an entry
`;

function setup(): { home: string; snapshot: Snapshot } {
  const home = makeHome({
    index: INDEX,
    config: { projects_enabled: 'true', projects_list: 'shop:shop', projects_shared_knowledge: 'shop' },
    files: {
      'knowledge/guides/a.md': '---\ntags: [api, stripe]\n---\n# A\n',
      'knowledge/guides/b.md': '---\ntags: [stripe]\n---\n# B\n',
      'knowledge/guides/k.md': '---\ntags: [kubernetes, deployment]\n---\n# K\n',
      'Projects/shop/_project-knowledge/x.md': '# X\n',
    },
  });
  return { home, snapshot: snapshotFor(home) };
}

const of = (problems: IndexProblem[], kind: IndexProblem['kind']) => problems.filter((p) => p.kind === kind);

describe('index health, the cheap check', () => {
  test('entries pointing to missing files are reported on their line, existing ones are not', () => {
    const { snapshot } = setup();
    const missing = of(checkIndex(snapshot).problems, 'missing-file');
    assert.deepEqual(
      missing.map((p) => p.line),
      [lineOf(INDEX, containing('guides/gone.md'))],
    );
    assert.match(missing[0].message, /guides\/gone\.md` does not exist/);
  });

  test('refused entries say why, on their line; team-shared entries too', () => {
    const { snapshot } = setup();
    const refused = of(checkIndex(snapshot).problems, 'refused');
    assert.deepEqual(
      refused.map((p) => p.line),
      [lineOf(INDEX, containing('../outside.md')), lineOf(INDEX, containing('elsewhere/y.md'))],
    );
    assert.match(refused[0].message, /leaves the knowledge folder/);
    assert.match(refused[1].message, /not inside an allowed _project-knowledge\/ folder/);
    assert.ok(refused.every((p) => p.severity === 'error'));
  });

  test('an entry listed twice under one heading is a duplicate pointing at the first; the same file under two tags is not', () => {
    const { snapshot } = setup();
    const dups = of(checkIndex(snapshot).problems, 'duplicate');
    assert.equal(dups.length, 1);
    assert.equal(dups[0].line, lineOf(INDEX, containing('guides/a.md — A again')));
    assert.equal(dups[0].related?.line, lineOf(INDEX, containing('guides/a.md — A')));
  });

  test('known tags with no files are reported on their Known Tags line', () => {
    const { snapshot } = setup();
    const unused = of(checkIndex(snapshot).problems, 'unused-tag');
    assert.deepEqual(
      unused.map((p) => [p.line, p.message]),
      [[lineOf(INDEX, containing('orphan, deployment')), 'Known tag `orphan` has no files']],
    );
  });

  test('an alias that is a tag, and an alias declared for two tags, are collisions', () => {
    const { snapshot } = setup();
    const collisions = of(checkIndex(snapshot).problems, 'alias-collision');
    assert.equal(collisions.length, 2);
    assert.match(collisions[0].message, /Alias `api` of `kubernetes` is also a tag/);
    assert.equal(collisions[0].line, lineOf(INDEX, containing('kubernetes [aliases')));
    assert.match(collisions[1].message, /Alias `k8s` is declared for `kubernetes` \(line \d+\) and for `deployment`/);
    assert.equal(collisions[1].line, lineOf(INDEX, containing('deployment [aliases')));
    assert.equal(collisions[1].related?.line, lineOf(INDEX, containing('kubernetes [aliases')));
  });

  test('lines the parser could not use keep their line numbers', () => {
    const { snapshot } = setup();
    const unparsed = of(checkIndex(snapshot).problems, 'unparsed');
    assert.ok(unparsed.some((p) => p.line === lineOf(INDEX, containing('this line is not an entry'))));
  });

  test('line numbers hold with front matter and CRLF line ends', () => {
    const home = makeHome({
      index: `---\ntitle: x\n---\r\n${INDEX.replace(/\n/g, '\r\n')}`,
      files: { 'knowledge/guides/a.md': '# A\n' },
    });
    const snapshot = snapshotFor(home);
    const missing = of(checkIndex(snapshot).problems, 'missing-file');
    assert.ok(missing.some((p) => p.line === lineOf(INDEX, containing('guides/gone.md')) + 3));
  });

  test('the summary line counts problems and the index age', () => {
    const { snapshot } = setup();
    const health = checkIndex(snapshot);
    assert.equal(healthSummary(health, '2026-11-14'), `index: ${health.problems.length} problems, rebuilt 12 days ago`);
    assert.equal(
      healthSummary({ ...health, problems: [], lastRebuilt: null }, '2026-11-14'),
      'index: no problems, rebuilt date unknown',
    );
  });

  test('a clean index has no problems', () => {
    const home = makeHome({
      index:
        '# Knowledge Index\n\nLast rebuilt: 2026-11-02\n\n## Known Tags\napi\n## Tag Index\n### api\n- guides/a.md — A\n',
      files: { 'knowledge/guides/a.md': '---\ntags: [api]\n---\n# A\n' },
    });
    const snapshot = snapshotFor(home);
    assert.deepEqual(checkIndex(snapshot).problems, []);
  });
});

describe('index health, drift from the notes', () => {
  function drifted() {
    const s = setup();
    const kf = path.join(s.home, 'knowledge');
    const old = new Date('2026-11-01T12:00:00');
    for (const rel of ['guides/a.md', 'guides/b.md', 'guides/k.md']) fs.utimesSync(path.join(kf, rel), old, old);
    fs.utimesSync(path.join(s.home, 'Projects/shop/_project-knowledge/x.md'), old, old);
    // Edited after the index was built: b gained a tag, k lost one; a new note was written.
    const later = new Date('2026-11-20T12:00:00');
    fs.writeFileSync(path.join(kf, 'guides/b.md'), '---\ntags: [stripe, webhooks]\n---\n# B\n');
    fs.writeFileSync(path.join(kf, 'guides/k.md'), '---\ntags: [kubernetes]\n---\n# K\n');
    writeTree(kf, {
      'guides/new.md': '---\ntags: [api]\n---\n# New\n',
      'guides/untagged.md': '# Just text\n',
      'projects/shop/p.md': '---\ntags: [x]\n---\n',
    });
    for (const rel of ['guides/b.md', 'guides/k.md', 'guides/new.md']) fs.utimesSync(path.join(kf, rel), later, later);
    return s;
  }

  test('notes whose tags differ from the index are reported on their first entry line', async () => {
    const { snapshot } = drifted();
    const drift = await scanDrift(snapshot);
    const differ = of(drift.problems, 'tags-differ');
    assert.deepEqual(
      differ.map((p) => p.line),
      [
        lineOf(INDEX, containing('guides/b.md')),
        lineOf(INDEX, containing('guides/k.md')),
        lineOf(INDEX, containing('_project-knowledge/x.md')),
      ],
    );
    assert.match(differ[0].message, /adds webhooks/);
    assert.match(differ[1].message, /no longer has deployment/);
    // A team-shared note carries its project from its folder, as a rebuild lists it (§12.1).
    assert.match(differ[2].message, /adds shop and no longer has api/);
  });

  test('tagged notes missing from the index are reported on the Last rebuilt line, project tier included; untagged files and unscanned folders are not', async () => {
    const { home, snapshot } = drifted();
    // /index never catalogues archive/, intake/, rules/, logs/*.md or root files (§12.1).
    writeTree(path.join(home, 'knowledge'), {
      'archive/old.md': '---\ntags: [api]\n---\n',
      'intake/i.md': '---\ntags: [api]\n---\n',
      'rules/r.md': '---\ntags: [api]\n---\n',
      'logs/l.md': '---\ntags: [api]\n---\n',
      'root.md': '---\ntags: [api]\n---\n',
      'notes/n.md': '---\ntags: [api]\n---\n',
    });
    const missing = of((await scanDrift(snapshot)).problems, 'not-indexed');
    const future = missing
      .find((p) => p.message.startsWith('`projects/'))
      ?.message.replace(/changed [0-9-]+/, 'changed D');
    assert.deepEqual(
      [missing[0].message, future],
      [
        '`guides/new.md` (tags: api) is not in the index; changed 2026-11-20, after the last rebuild',
        '`projects/shop/p.md` (tags: shop, x) is not in the index; changed D, after the last rebuild',
      ],
    );
    assert.equal(missing.length, 2);
    assert.equal(missing[0].line, lineOf(INDEX, containing('Last rebuilt')));
  });

  test('notes changed after Last rebuilt are reported; older ones are not', async () => {
    const { snapshot } = drifted();
    const newer = of((await scanDrift(snapshot)).problems, 'newer-than-index');
    assert.deepEqual(
      newer.map((p) => p.file && path.basename(p.file)),
      ['b.md', 'k.md'],
    );
  });

  test('the scan reports progress, can be cancelled, and merges into the health report', async () => {
    const { snapshot } = drifted();
    const seen: number[] = [];
    const full = await scanDrift(snapshot, { onProgress: (done) => seen.push(done), yieldEvery: 1 });
    assert.equal(full.notes, 7); // guides/ (5), the project tier (1), team-shared (1)
    assert.ok(seen.length >= 7);
    let calls = 0;
    const cancelled = await scanDrift(snapshot, { yieldEvery: 1, isCancelled: () => ++calls > 2 });
    assert.equal(cancelled.cancelled, true);
    assert.ok(cancelled.notes < 7);
    const health = withDrift(checkIndex(snapshot), full);
    assert.equal(health.driftChecked, true);
    assert.ok(
      health.problems.some((p) => p.kind === 'tags-differ') && health.problems.some((p) => p.kind === 'missing-file'),
    );
  });

  test('a note that is a symlink out of the knowledge folder is never read', async () => {
    const { home, snapshot } = setup();
    writeTree(home, { 'secret/s.md': '---\ntags: [api]\n---\n' });
    fs.symlinkSync(path.join(home, 'secret/s.md'), path.join(home, 'knowledge/guides/linked.md'));
    const drift = await scanDrift(snapshot);
    assert.ok(!drift.problems.some((p) => p.message.includes('linked.md')), 'a refused read is not a note');
  });
});
