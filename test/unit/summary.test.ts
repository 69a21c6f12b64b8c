import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import {
  expandedLine,
  loadedLine,
  NO_INDEX,
  noMatchLine,
  REBUILD_HINT,
  resolvedLine,
} from '../../src/core/present/messages';

import { renderSummary } from '../../src/core/present/summary';

import { knownTagsLine } from '../../src/core/present/summaryView';

import { query, seerHome } from '../helpers';

describe('summary text (§5)', () => {
  test('fixed lines, exactly', () => {
    assert.equal(NO_INDEX, 'No knowledge index found. Run /index to build it.');
    assert.equal(REBUILD_HINT, "Run /index to rebuild if you've recently added files.");
    assert.equal(noMatchLine(['a', 'b']), 'No files match tag(s): [a, b]');
    assert.equal(loadedLine(2), 'Loaded 2 knowledge files into context.');
    assert.equal(loadedLine(1), 'Loaded 1 knowledge file into context.');
    assert.equal(resolvedLine('rn', 'react-native'), 'Resolved `rn` → `react-native`');
    assert.equal(expandedLine('ss', ['api', 'django']), 'Expanded `ss` to include: api, django');
  });

  test('known tags show at most two aliases, then an ellipsis', () => {
    assert.equal(
      knownTagsLine([
        { tag: 'api', aliases: [] },
        { tag: 'deployment', aliases: ['deploy', 'ship', 'release'] },
        { tag: 'kubernetes', aliases: ['k8s', 'kube'] },
        { tag: 'react-native', aliases: ['rn'] },
      ]),
      'Known tags: api, deployment (deploy, ship …), kubernetes (k8s, kube), react-native (rn)',
    );
  });

  test('a no-match line names at most 200 known tags, then counts the rest', () => {
    const tags = Array.from({ length: 100_000 }, (_, i) => ({ tag: `t${i}`, aliases: [] }));
    const line = knownTagsLine(tags);
    assert.ok(line.startsWith('Known tags: t0, t1, '), line.slice(0, 40));
    assert.ok(line.endsWith(', t199, … and 99800 more'), line.slice(-60));
    assert.equal(knownTagsLine(tags.slice(0, 200)).includes('more'), false);
  });

  // Every listed note exists: a missing one is marked and not counted (§9).
  const home = seerHome(['- x.md — X'], {
    'knowledge/projects/ss/p.md': '# P\n',
    'knowledge/x.md': '# X\n',
    'Projects/ss/_project-knowledge/t.md': '# T\n',
  });

  test('the whole shape: notes, found line, headings, continuous numbering', () => {
    const expected = [
      'Expanded `ss` to include: api',
      'Found 3 files matching: [ss, api] (OR)',
      '',
      '## Team-shared (1 file)',
      '1. ~/Projects/ss/_project-knowledge/t.md — T [project: ss, scope: repo, tags: api]',
      '',
      '## Project-specific (1 file)',
      '2. projects/ss/p.md — P [ss]',
      '',
      '## Cross-project (1 file)',
      '3. x.md — X [api]',
      '',
      '## Tracked artifacts (1)',
      '- ~/Projects/ss/CODEMAP.md — (not found — run /codemap create) [project: ss]',
      '',
    ].join('\n');
    assert.equal(renderSummary(query(home, 'ss')), expected);
  });

  test('one group: no headings; aliases resolved first', () => {
    assert.equal(
      renderSummary(query(home, 'a1 AND x-unused')),
      [
        'Resolved `a1` → `api`',
        'No files match tag(s): [api, x-unused]',
        'Known tags: api (a1)',
        "Run /index to rebuild if you've recently added files.",
        '',
      ].join('\n'),
    );
    assert.equal(renderSummary(query(home, 'api AND api')).split('\n')[0], 'Found 2 files matching: [api] (AND)');
  });
});
