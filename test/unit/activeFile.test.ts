// The query derived from the file being edited, with real files: project roots by real path,
// sub-repos of projects_groups, notes of the knowledge folder, tags and aliases among the
// path's words, the precision rule, and files outside everything.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { deriveActiveFileQuery, pathWords, surfacedFiles } from '../../src/core/agentContext/activeFile';
import { runQuery, type Snapshot } from '../../src/core/match/engine';
import { INDEX_HEADER, makeHome, snapshotFor, tempDir, writeTree } from '../helpers';

const INDEX = `${INDEX_HEADER}## Projects
### shop — Shop
Relevant tags: stripe, api
## Known Tags
api, stripe, kubernetes [aliases: k8s, kube], react-native [aliases: rn], database, testing, deployment [aliases: deploy]
## Tag Index
### api
- notes/api-pagination.md — Pagination
### stripe
- notes/api-pagination.md — Pagination
- notes/stripe-webhooks.md — Webhooks
### kubernetes
- guides/k8s-rollouts.md — Rollouts
### deployment
- guides/k8s-rollouts.md — Rollouts
### react-native
- notes/offline.md — Offline
### testing
- notes/offline.md — Offline
- notes/testing-guide.md — Testing guide
### database
- notes/db.md — Database
`;

function setup(): { home: string; snapshot: Snapshot; outside: string } {
  const outside = tempDir('aria-outside-');
  const home = makeHome({
    index: INDEX,
    config: {
      projects_enabled: 'true',
      projects_list: 'shop:shop,mobile:mobile',
      projects_shared_knowledge: 'shop',
      projects_groups: `\n  mobile:\n    backend: backend\n    app: app`,
    },
    files: {
      'Projects/shop/src/checkout/StripeClient.ts': 'x',
      'Projects/shop/README.md': 'x',
      'Projects/mobile/backend/src/DatabasePool.ts': 'x',
      'knowledge/notes/api-pagination.md': '---\ntags: [api, stripe]\n---\n# P\n',
      'knowledge/notes/stripe-webhooks.md': '---\ntags: [stripe]\n---\n# W\n',
      'knowledge/guides/k8s-rollouts.md': '---\ntags: [kubernetes, deployment]\n---\n# R\n',
      'knowledge/notes/offline.md': '---\ntags: [react-native, testing]\n---\n# O\n',
      'knowledge/notes/testing-guide.md': '# T\n',
      'knowledge/notes/db.md': '# D\n',
      'knowledge/projects/shop/decisions/001-money.md': '---\ntags: [stripe]\n---\n# Money\n',
      'knowledge/drafts/kube-deploy-plan.md': '# Plan\n',
    },
  });
  // The mobile app sub-repo lives elsewhere and is linked into the project.
  writeTree(outside, { 'app-real/screens/Home.tsx': 'x', 'unrelated/kube-deploy.yaml': 'x' });
  fs.symlinkSync(path.join(outside, 'app-real'), path.join(home, 'Projects/mobile/app'));
  return { home, snapshot: snapshotFor(home), outside };
}

describe('deriving a query from the active file', () => {
  test('path words split on separators and case changes, lowercased', () => {
    assert.deepEqual(pathWords('src/checkout/StripeClient.ts'), ['src', 'checkout', 'stripe', 'client', 'ts']);
    assert.deepEqual(pathWords('k8s_rollouts-v2.HTTPServer.md'), ['k8s', 'rollouts', 'v2', 'http', 'server', 'md']);
  });

  test('a file under a project root gives the project and the tags among its path words', () => {
    const { home, snapshot } = setup();
    const d = deriveActiveFileQuery(snapshot, path.join(home, 'Projects/shop/src/checkout/StripeClient.ts'));
    assert.ok(d);
    assert.equal(d.project, 'shop');
    assert.deepEqual(d.tags, ['stripe']);
    assert.equal(d.query, 'shop stripe');
    assert.equal(d.source, 'project');
  });

  test('a project match alone is enough (the precision rule), even with no tag in the path', () => {
    const { home, snapshot } = setup();
    const d = deriveActiveFileQuery(snapshot, path.join(home, 'Projects/shop/README.md'));
    assert.equal(d?.query, 'shop');
  });

  test('a sub-repo of projects_groups maps to its project, by real path through a symlink', () => {
    const { home, snapshot, outside } = setup();
    assert.equal(
      deriveActiveFileQuery(snapshot, path.join(home, 'Projects/mobile/backend/src/DatabasePool.ts'))?.query,
      'mobile database',
    );
    // Opened at its real location (outside the project folder), the sub-repo still maps to mobile.
    const real = path.join(outside, 'app-real/screens/Home.tsx');
    assert.equal(deriveActiveFileQuery(snapshot, real)?.project, 'mobile');
  });

  test('files outside every project and the knowledge folder give nothing, whatever their words', () => {
    const { snapshot, outside } = setup();
    assert.equal(deriveActiveFileQuery(snapshot, path.join(outside, 'unrelated/kube-deploy.yaml')), null);
    assert.equal(deriveActiveFileQuery(snapshot, 'relative/kube-deploy.md'), null);
  });

  test('a note the index lists maps to its own tags', () => {
    const { home, snapshot } = setup();
    const d = deriveActiveFileQuery(snapshot, path.join(home, 'knowledge/guides/k8s-rollouts.md'));
    assert.equal(d?.source, 'indexed-note');
    assert.deepEqual(d?.tags, ['deployment', 'kubernetes']);
  });

  test('a file of projects/<tag>/ in the knowledge folder maps to its project', () => {
    const { home, snapshot } = setup();
    const d = deriveActiveFileQuery(snapshot, path.join(home, 'knowledge/projects/shop/decisions/001-money.md'));
    assert.equal(d?.project, 'shop');
  });

  test('aliases count as their tags; two distinct tags pass the rule, one does not', () => {
    const { home, snapshot } = setup();
    const two = deriveActiveFileQuery(snapshot, path.join(home, 'knowledge/drafts/kube-deploy-plan.md'));
    assert.deepEqual(two?.tags, ['kubernetes', 'deployment']);
    assert.deepEqual(two?.aliases, [
      { alias: 'kube', tag: 'kubernetes' },
      { alias: 'deploy', tag: 'deployment' },
    ]);
    writeTree(home, { 'knowledge/drafts/kube-notes.md': '# x\n', 'knowledge/drafts/k8s-kube.md': '# x\n' });
    assert.equal(
      deriveActiveFileQuery(snapshot, path.join(home, 'knowledge/drafts/kube-notes.md')),
      null,
      'one tag is not enough',
    );
    assert.equal(
      deriveActiveFileQuery(snapshot, path.join(home, 'knowledge/drafts/k8s-kube.md')),
      null,
      'two aliases of one tag are one tag',
    );
  });

  test('a hyphenated tag matches its words in a row, in any case style', () => {
    const { home, snapshot } = setup();
    writeTree(home, { 'Projects/shop/src/ReactNativeBridge.ts': 'x', 'Projects/shop/src/native-react.ts': 'x' });
    assert.deepEqual(deriveActiveFileQuery(snapshot, path.join(home, 'Projects/shop/src/ReactNativeBridge.ts'))?.tags, [
      'react-native',
    ]);
    assert.deepEqual(deriveActiveFileQuery(snapshot, path.join(home, 'Projects/shop/src/native-react.ts'))?.tags, []);
  });

  test('the derived query runs, and at most five files are surfaced, best matches first', () => {
    const { home, snapshot } = setup();
    const d = deriveActiveFileQuery(snapshot, path.join(home, 'Projects/shop/src/checkout/StripeClient.ts'))!;
    const outcome = runQuery(snapshot, d.query, { today: '2026-11-30' });
    assert.ok(outcome.ok);
    const surfaced = surfacedFiles(outcome.result);
    assert.ok(surfaced.items.length <= 5);
    assert.ok(surfaced.items.some((i) => i.path === 'notes/stripe-webhooks.md'));
    assert.ok(surfaced.items.every((i) => i.category !== 'tracked-artifact'));
    // More files than five: only five surfaced, the total kept.
    const many = Array.from({ length: 8 }, (_, i) => `- notes/s${i}.md — S${i}`).join('\n');
    const notes = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`knowledge/notes/s${i}.md`, `# S${i}\n`]));
    const big = makeHome({
      index: `${INDEX_HEADER}## Known Tags\nstripe\n## Tag Index\n### stripe\n${many}\n`,
      files: notes,
    });
    const r = runQuery(snapshotFor(big), 'stripe', { today: '2026-11-30' });
    assert.ok(r.ok);
    assert.deepEqual(
      { shown: surfacedFiles(r.result).items.length, total: surfacedFiles(r.result).total },
      { shown: 5, total: 8 },
    );
  });
});
