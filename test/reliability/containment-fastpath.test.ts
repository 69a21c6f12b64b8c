// Cross-project containment resolves a plain `folder/name.md` path by joining it to the knowledge
// folder instead of path.resolve + path.relative: the verdict and the absolute path must be the
// ones the general resolution gives, for every spelling an index can hold.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runQuery } from '../../src/core/match/engine';
import { parseIndex } from '../../src/core/index/parse';
import { isInside, resolveIndexPath, suspiciousPathText } from '../../src/core/paths';
import { makeHome, snapshotFor, TODAY } from './helpers';

const SPELLINGS = [
  'a.md',
  'notes/a.md',
  'deep/er/still/b.md',
  'with space.md',
  '日本/ノート.md',
  'ünï/cödé.md',
  'a..b.md',
  'x/y..md',
  'a-b_c.d.md',
  './c.md',
  'e/./f.md',
  'g/../h.md',
  '../out.md',
  'i/../../out2.md',
  '.hidden/j.md',
  'k/.hidden.md',
  'l//m.md',
  'n/',
  '/abs/o.md',
  '~/p.md',
  '~q.md',
  'r\\s.md',
  '..\\t.md',
  'u/%2e%2e/v.md',
  '.',
  '..',
  'w\u0000.md',
  'projectsx/y.md',
  'z:/c.md',
  'a b/c d.md',
  '-dash.md',
  '#hash.md',
];

test('cross-project containment: the fast path gives the general resolution for every spelling', () => {
  const index = ['## Tag Index', '### t', ...SPELLINGS.map((s) => `- ${s} — d`)].join('\n');
  const h = makeHome({ index });
  const snapshot = snapshotFor(h.home);
  const outcome = runQuery(snapshot, 't', { today: TODAY });
  assert.ok(outcome.ok);
  const { knowledgeFolder: folder, home } = snapshot.config;
  const expectedPaths: string[] = [];
  for (const file of parseIndex(index).files.values()) {
    if (file.path === 'projects' || file.path.startsWith('projects/')) continue;
    if (suspiciousPathText(file.path)) continue;
    if (!isInside(resolveIndexPath(file.path, folder, home), folder)) continue;
    expectedPaths.push(file.path);
  }
  const items = outcome.result.items.filter((i) => i.category === 'cross-project');
  assert.deepEqual(items.map((i) => i.path).sort(), expectedPaths.sort());
  for (const item of items) assert.equal(item.absPath, resolveIndexPath(item.path, folder, home), item.path);
  assert.ok(items.length >= 15 && outcome.result.warnings.length >= 5, 'both kinds of spelling are present');
});
