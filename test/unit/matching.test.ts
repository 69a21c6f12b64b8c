import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { renderSummary } from '../../src/core/present/summary';
import { INDEX_HEADER, makeHome, paths, query } from '../helpers';

const index = `${INDEX_HEADER}## Known Tags
api, stripe

## Tag Index
### api
- b.md — B
- a.md — A
- projects/p/x.md — project tier, excluded here
- ../outside.md — escapes
### stripe
- b.md — B

## Other Tags
### pagination
- a.md — A

## Semantic Hints Index
### keyset pagination
- c.md
### zero-downtime deploys
- a.md
`;

describe('cross-project matching (§4, §4a)', () => {
  const notes = Object.fromEntries(['a', 'b', 'c'].map((n) => [`knowledge/${n}.md`, `# ${n}\n`]));
  const home = makeHome({ index, files: { 'outside.md': 'SECRET-OUTSIDE', ...notes } });

  test('OR: most tokens first, then path; projects/ paths excluded', () => {
    assert.deepEqual(paths(query(home, 'api stripe')), ['b.md', 'a.md']);
    assert.deepEqual(paths(query(home, 'api')), ['a.md', 'b.md']);
  });

  test('AND: every token must match, by tag or by hint', () => {
    assert.deepEqual(paths(query(home, 'api AND stripe')), ['b.md']);
    assert.deepEqual(paths(query(home, 'api AND zero-downtime')), ['a.md']);
    const r = query(home, 'api AND zero-downtime');
    assert.equal(r.items[0].hint, null, 'a file matched by a tag is not marked as a hint match');
  });

  test('hints: lowercase, hyphen-free substring; hint-only files say which phrase', () => {
    const r = query(home, 'KEY-SET');
    assert.deepEqual(paths(r), ['c.md']);
    assert.equal(r.items[0].hint, 'keyset pagination');
    assert.deepEqual(r.items[0].tags, []);
    assert.equal(renderSummary(r).split('\n')[2], '1. c.md [hint: keyset pagination]');
    assert.deepEqual(paths(query(home, 'zerodowntime')), ['a.md']);
  });

  test('an escaping path is dropped with a warning only when it would have matched', () => {
    const r = query(home, 'api');
    assert.ok(r.warnings.some((w) => w.includes('`../outside.md`') && w.includes('leaves the knowledge folder')));
    assert.ok(!JSON.stringify(r).includes('SECRET-OUTSIDE'));
    assert.deepEqual(query(home, 'stripe').warnings, []);
  });
});

describe('team-shared matching (§4c)', () => {
  const teamIndex = `${INDEX_HEADER}## Team-Shared Tag Index
### api
- ~/Projects/alpha/_project-knowledge/a.md — A [project: alpha, scope: repo]
- ~/Projects/alpha/server/_project-knowledge/s.md — Sub-repo [project: alpha, scope: repo]
- ~/Projects/alpha/docs/_project-knowledge/d.md — stitch is not a sub-repo [project: alpha, scope: repo]
- ~/Projects/beta/_project-knowledge/cross/x.md — Cross [project: cross, scope: cross]
- ~/Projects/beta/_project-knowledge/b.md — Beta [project: beta, scope: repo]
- ~/Projects/gamma/_project-knowledge/g.md — not enabled [project: gamma, scope: repo]
### ops
- ~/Projects/beta/_project-knowledge/cross/y.md — Cross ops [project: cross, scope: cross]
- ~/Projects/alpha/_project-knowledge/../../../.ssh/id_rsa — escape [project: alpha, scope: repo]
`;
  const home = makeHome({
    index: teamIndex,
    config: {
      projects_enabled: 'true',
      projects_list: 'alpha:alpha,beta:beta,gamma:gamma',
      projects_shared_knowledge: 'alpha,beta',
      projects_groups: '\n  alpha:\n    backend: server\n    stitch_path: docs/STITCH.md',
    },
  });

  test('only enabled projects and cross; sub-repos allowed; stitch_path is not a sub-repo', () => {
    const r = query(home, 'api');
    assert.deepEqual(paths(r), [
      '~/Projects/alpha/_project-knowledge/a.md',
      '~/Projects/alpha/server/_project-knowledge/s.md',
      '~/Projects/beta/_project-knowledge/b.md',
      '~/Projects/beta/_project-knowledge/cross/x.md',
    ]);
    assert.ok(r.warnings.some((w) => w.includes('docs/_project-knowledge/d.md')));
    assert.ok(!r.warnings.some((w) => w.includes('gamma')), 'disabled projects are silently left out');
  });

  test("an entry's project counts as one of its tags; AND needs all", () => {
    assert.deepEqual(paths(query(home, 'beta AND api')), ['~/Projects/beta/_project-knowledge/b.md']);
  });

  test('OR with a configured project tag pulls in every cross entry', () => {
    const r = query(home, 'gamma');
    assert.deepEqual(
      paths(r).filter((p) => p.includes('cross')),
      ['~/Projects/beta/_project-knowledge/cross/x.md', '~/Projects/beta/_project-knowledge/cross/y.md'],
    );
  });

  test('escaping team-shared paths are refused by name', () => {
    const r = query(home, 'ops');
    assert.ok(r.warnings.some((w) => w.includes('id_rsa') && w.includes('project: alpha')));
    assert.deepEqual(paths(r), ['~/Projects/beta/_project-knowledge/cross/y.md']);
  });

  test('nothing is surfaced when no project shares knowledge', () => {
    const none = makeHome({ index: teamIndex, config: { projects_list: 'alpha:alpha' } });
    assert.deepEqual(paths(query(none, 'api')), []);
  });
});

describe('symlinks at query time', () => {
  test('a symlink inside the folder pointing outside is listed but never read', () => {
    const home = makeHome({
      index: `${INDEX_HEADER}## Tag Index\n### api\n- link.md — Link\n`,
      files: { 'private.md': 'PRIVATE-MARKER' },
    });
    fs.symlinkSync(path.join(home, 'private.md'), path.join(home, 'knowledge', 'link.md'));
    const r = query(home, 'api');
    assert.deepEqual(paths(r), ['link.md']);
    assert.ok(!JSON.stringify(r).includes('PRIVATE-MARKER'));
  });
});
