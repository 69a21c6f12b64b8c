import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { runQuery } from '../../src/core/match/engine';
import { parseIndex } from '../../src/core/index/parse';
import { USAGE } from '../../src/core/present/messages';
import { parseQueryText, resolveQuery } from '../../src/core/match/query';
import { INDEX_HEADER, makeHome, snapshotFor } from '../helpers';

const index = parseIndex(`## Projects
### ss — Seer
Relevant tags: api, django, nextjs
## Known Tags
react-native [aliases: rn], deployment [aliases: deploy], ss [aliases: seer]
`);

describe('query parsing (§2, §2.5, §3)', () => {
  test('whitespace and commas split; AND in any case selects intersection; OR is dropped', () => {
    assert.deepEqual(parseQueryText('api, pagination'), { tokens: ['api', 'pagination'], mode: 'OR' });
    assert.deepEqual(parseQueryText('api and pagination'), { tokens: ['api', 'pagination'], mode: 'AND' });
    assert.deepEqual(parseQueryText(['api', 'OR', 'stripe']), { tokens: ['api', 'stripe'], mode: 'OR' });
  });

  test('no tokens gives the usage message, exactly', () => {
    assert.equal(USAGE, 'Usage: /context <tag1> [tag2] [AND tag3]. Run /index to see available tags.');
    const snapshot = { config: {} as never, index };
    assert.deepEqual(runQuery(snapshot, '  AND , ', { today: '2026-11-30' }), {
      ok: false,
      code: 'usage',
      message: USAGE,
    });
  });

  test('aliases resolve before expansion, one line each; duplicates are dropped', () => {
    const q = resolveQuery(index, parseQueryText('rn seer RN'));
    assert.deepEqual(q.resolved, [
      { alias: 'rn', canonical: 'react-native' },
      { alias: 'seer', canonical: 'ss' },
      { alias: 'RN', canonical: 'react-native' },
    ]);
    assert.deepEqual(q.tokens, ['react-native', 'ss', 'api', 'django', 'nextjs']);
    assert.deepEqual(q.expanded, [{ project: 'ss', tags: ['api', 'django', 'nextjs'] }]);
  });

  test('canonical tags never resolve backwards to aliases; user spelling is kept otherwise', () => {
    const q = resolveQuery(index, parseQueryText('React-Native API'));
    assert.deepEqual(q.resolved, []);
    assert.deepEqual(q.tokens, ['React-Native', 'API']);
  });

  test('AND mode keeps project keys literal', () => {
    const q = resolveQuery(index, parseQueryText('ss AND api'));
    assert.deepEqual(q.expanded, []);
    assert.deepEqual(q.tokens, ['ss', 'api']);
  });

  test('project keys add at most 256 relevant tags to one query, with one note per project cut short (§F44)', () => {
    const tags = (p: string, n: number) => Array.from({ length: n }, (_, i) => `${p}${i}`).join(', ');
    const text = `${INDEX_HEADER}## Projects\n### a — A\nRelevant tags: ${tags('x', 200)}\n### b — B\nRelevant tags: ${tags('y', 100_000)}\n`;
    const flooded = parseIndex(text);
    const q = resolveQuery(flooded, parseQueryText('a b'));
    assert.deepEqual(
      q.expanded.map((e) => [e.project, e.tags.length]),
      [
        ['a', 200],
        ['b', 56],
      ],
    );
    assert.equal(q.tokens.length, 2 + 256);
    assert.deepEqual(q.capped, [
      'Project `b` lists 100,000 relevant tags; the query used 56 of them (at most 256 per query).',
    ]);
    const outcome = runQuery(snapshotFor(makeHome({ index: text })), 'b', { today: '2026-12-01' });
    assert.ok(
      outcome.ok &&
        outcome.result.warnings.includes(
          'Project `b` lists 100,000 relevant tags; the query used 256 of them (at most 256 per query).',
        ),
    );
    assert.equal(resolveQuery(index, parseQueryText('ss')).capped, undefined);
  });
});
