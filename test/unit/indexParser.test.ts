import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseIndex } from '../../src/core/index/parse';

const INDEX = `---
generated: true
---
# Knowledge Index
Last rebuilt: 2026-11-02 (41st pass)

## Projects
### ss — Seer Service
Relevant tags: api, django, nextjs
Project-tier files: 2
### solo
Relevant tags: css

## Known Tags
api, kubernetes [aliases: k8s, kube], react-native
[aliases: rn], stripe,
django

## Tag Index
### api
- approaches/api-pagination.md — Cursor-based pagination patterns
- decisions/003.md
### API
- approaches/api-pagination.md — duplicate under another spelling

## Entities
### api
- should/not/appear.md — an unknown section

## Other Tags
### webhooks
- references/hooks.md — Signature — with a second dash

## Semantic Hints Index
### Cursor Pagination
- approaches/api-pagination.md

## Team-Shared Tag Index
### api
- ~/Projects/ss/_project-knowledge/a.md — Init [project: ss, scope: repo]
- ~/Projects/ss/_project-knowledge/cross/b.md — Bar [project: cross, scope: cross]
- ~/Projects/ss/_project-knowledge/c.md — no annotation
`;

describe('index parser (§1)', () => {
  const index = parseIndex(INDEX);

  test('projects with and without names, relevant tags', () => {
    assert.deepEqual(
      [...index.projects.values()],
      [
        { key: 'ss', name: 'Seer Service', relevantTags: ['api', 'django', 'nextjs'] },
        { key: 'solo', name: null, relevantTags: ['css'] },
      ],
    );
  });

  test('known tags wrap across lines, brackets read before commas', () => {
    assert.deepEqual(
      index.knownTags.map((t) => t.tag),
      ['api', 'kubernetes', 'react-native', 'stripe', 'django'],
    );
    assert.deepEqual(Object.fromEntries(index.aliases), { k8s: 'kubernetes', kube: 'kubernetes' });
  });

  test('entries merge across duplicate headings and keep the first description', () => {
    assert.deepEqual(index.tagIndex.get('api'), [
      { path: 'approaches/api-pagination.md', description: 'Cursor-based pagination patterns' },
      { path: 'decisions/003.md', description: null },
    ]);
    assert.equal(index.files.get('references/hooks.md')?.description, 'Signature — with a second dash');
    assert.ok(!index.files.has('should/not/appear.md'), 'unknown sections are skipped');
  });

  test('hints and files merge into one lookup per path', () => {
    const file = index.files.get('approaches/api-pagination.md');
    assert.deepEqual([...(file?.tags ?? [])], ['api']);
    assert.deepEqual(file?.hints, ['Cursor Pagination']);
  });

  test('team-shared annotations; an entry without one is reported', () => {
    const files = [...index.teamSharedFiles.values()].map((f) => [f.path, f.project, f.scope]);
    assert.deepEqual(files, [
      ['~/Projects/ss/_project-knowledge/a.md', 'ss', 'repo'],
      ['~/Projects/ss/_project-knowledge/cross/b.md', 'cross', 'cross'],
    ]);
    assert.equal(index.warnings.length, 1);
    assert.match(index.warnings[0], /^index\.md line 42: team-shared entry without \[project: …\]/);
  });

  test('CRLF, a BOM, trailing spaces and a broken line give the same tables plus a warning', () => {
    const crlf = parseIndex(`\uFEFF${INDEX.replace(/\n/g, '  \r\n')}`);
    assert.deepEqual([...crlf.files.keys()], [...index.files.keys()]);
    assert.deepEqual(crlf.knownTags, index.knownTags);
    const broken = parseIndex(INDEX.replace('- decisions/003.md', 'this line is not an entry'));
    assert.ok(broken.warnings.some((w) => w.includes('not an entry line')));
    assert.ok(broken.files.has('approaches/api-pagination.md'), 'the rest is still parsed');
  });

  test('last rebuilt line', () => {
    assert.equal(index.lastRebuilt, '2026-11-02 (41st pass)');
  });
});
