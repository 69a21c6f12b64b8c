// A name the completion list shows appears once, in the first section that has it, even when
// the index lists it as a project key, a known tag and another tag.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildCatalogue, completionRows } from '../../src/vscode/query/completionModel';
import { INDEX_HEADER, makeHome, snapshotFor } from '../helpers';

test('a project key that is also a known tag (and an alias of it) is offered once', () => {
  const home = makeHome({
    config: { projects: '[payments]' },
    index: `${INDEX_HEADER}## Projects\n\n### payments — Payments Platform\nRelevant tags: billing\n\n## Known Tags\n\npayments [aliases: pay], billing\n\n## Tag Index\n\n### payments\n- notes/a.md — A\n\n### billing\n- notes/b.md — B\n`,
    files: { 'knowledge/notes/a.md': '# A\n', 'knowledge/notes/b.md': '# B\n' },
  });
  const catalogue = buildCatalogue(snapshotFor(home).index);
  for (const typed of ['pay', 'payments', '']) {
    const labels = completionRows({ catalogue, value: typed, recent: [] }).flatMap((r) =>
      r.kind === 'complete' ? [r.label] : [],
    );
    assert.equal(labels.filter((l) => l === 'payments').length, 1, `"${typed}": ${labels.join(' | ')}`);
    if (typed !== 'payments') assert.ok(labels.includes('pay → payments'), 'the alias keeps its own row');
  }
});
