import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { emptyProjectNote } from '../../src/core/present/messages';
import { renderSummary } from '../../src/core/present/summary';
import { INDEX_HEADER, makeHome, paths, query } from '../helpers';

const config = { projects_enabled: 'true', projects_list: 'alpha:alpha,empty:empty' };
const index = `${INDEX_HEADER}## Projects\n### alpha — Alpha\nRelevant tags: api\n`;
const files = {
  'knowledge/projects/alpha/README.md': '# Navigation only',
  'knowledge/projects/alpha/notes/README.md': '# Nested readme is knowledge',
  'knowledge/projects/alpha/a-flow.md': '---\ntags: [api, caching]\n---\n# Flow tags\n',
  'knowledge/projects/alpha/b-block.md':
    '---\ntags:\n  - Caching\nsemantic-hints:\n  - warm cache path\n---\nno heading\n',
  'knowledge/projects/alpha/c-bad.md': '---\ntags: [unclosed\n---\n# Bad yaml\n',
  'knowledge/projects/alpha/d.txt': 'not markdown',
  'knowledge/projects/empty/README.md': '# only a readme',
};

describe('project tier (§4b)', () => {
  const home = makeHome({ config, index, files });

  test('OR: every project file but the top README, tags from front matter plus the project', () => {
    const r = query(home, 'alpha');
    const tier = r.items.filter((i) => i.category === 'project-specific');
    assert.deepEqual(
      tier.map((i) => [i.path, i.tags, i.description]),
      [
        ['projects/alpha/a-flow.md', ['alpha', 'api', 'caching'], 'Flow tags'],
        ['projects/alpha/b-block.md', ['alpha', 'caching'], 'b-block'],
        ['projects/alpha/c-bad.md', ['alpha'], 'Bad yaml'],
        ['projects/alpha/notes/README.md', ['alpha'], 'Nested readme is knowledge'],
      ],
    );
  });

  test('invalid YAML counts as no front matter, with a warning naming the file', () => {
    const r = query(home, 'alpha');
    assert.ok(r.warnings.some((w) => w.startsWith('projects/alpha/c-bad.md: front matter is not valid YAML')));
  });

  test('AND: only files whose tags (or own hints) hold every token', () => {
    assert.deepEqual(paths(query(home, 'alpha AND caching')), [
      'projects/alpha/a-flow.md',
      'projects/alpha/b-block.md',
    ]);
    const hinted = query(home, 'alpha AND warm');
    assert.deepEqual(paths(hinted), ['projects/alpha/b-block.md']);
    assert.equal(hinted.items[0].hint, null, 'also matched the project tag, so not hint-only');
  });

  test('a configured project with no files gets the note, exactly', () => {
    const r = query(home, 'empty');
    assert.deepEqual(r.emptyProjectNotes, ['(No files yet in projects/empty/ — folder is configured but empty.)']);
    assert.equal(emptyProjectNote('x'), '(No files yet in projects/x/ — folder is configured but empty.)');
    assert.ok(renderSummary(r).includes('(No files yet in projects/empty/ — folder is configured but empty.)'));
  });

  test('projects_enabled: false turns the tier, artifacts and ideas off', () => {
    const off = makeHome({ config: { ...config, projects_enabled: 'false' }, index, files });
    const r = query(off, 'alpha');
    assert.deepEqual(r.items, []);
    assert.equal(r.showsIdeas, false);
    assert.deepEqual(r.query.expanded, [{ project: 'alpha', tags: ['api'] }], 'expansion from the index still runs');
  });

  test('symlinks: an escaping file is listed unread, loops end', () => {
    const linked = makeHome({
      config,
      index,
      files: { ...files, 'secret.md': '---\ntags: [leak]\n---\n# LEAKED-TITLE\n' },
    });
    const tier = path.join(linked, 'knowledge', 'projects', 'alpha');
    fs.symlinkSync(path.join(linked, 'secret.md'), path.join(tier, 'z-link.md'));
    fs.symlinkSync(tier, path.join(tier, 'loop'));
    const r = query(linked, 'alpha');
    const link = r.items.find((i) => i.path === 'projects/alpha/z-link.md');
    assert.ok(link, 'listed');
    assert.deepEqual(link.tags, ['alpha']);
    assert.ok(!JSON.stringify(r).includes('LEAKED-TITLE'));
    assert.ok(r.warnings.some((w) => w.includes('symlink loop')));
  });
});
