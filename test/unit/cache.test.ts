import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { CoreCache, runQuery } from '../../src/core';
import { classifyChange } from '../../src/core/watchPatterns';
import { INDEX_HEADER, makeHome, snapshotFor } from '../helpers';

describe('cache invalidation', () => {
  test('changes are classified with the same globs the editor watches', () => {
    assert.equal(classifyChange('index.md'), 'index');
    assert.equal(classifyChange('projects/alpha/notes/x.md'), 'projects');
    assert.equal(classifyChange('projects/alpha'), 'projects');
    assert.equal(classifyChange('intake/ideas/2026-01-01-x.md'), 'ideas');
    assert.equal(classifyChange('intake/ideas'), 'ideas');
    assert.equal(classifyChange('intake/ideas-backlog.md'), 'ideas');
    assert.equal(classifyChange('intake/ideas/sub/x.md'), 'other');
    assert.equal(classifyChange('approaches/a.md'), 'other');
  });

  test('a cached project tier is reused until a change under that project clears it', () => {
    const home = makeHome({
      config: { projects_enabled: 'true', projects_list: 'alpha:alpha,beta:beta' },
      index: INDEX_HEADER,
      files: { 'knowledge/projects/alpha/a.md': '# A\n', 'knowledge/projects/beta/b.md': '# B\n' },
    });
    const snapshot = snapshotFor(home);
    const cache = new CoreCache();
    const count = (q: string) => {
      const o = runQuery(snapshot, q, { today: '2026-11-30', cache });
      assert.ok(o.ok);
      return o.result.items.filter((i) => i.category === 'project-specific').length;
    };
    const kf = path.join(home, 'knowledge');
    assert.equal(count('alpha beta'), 2);
    fs.writeFileSync(path.join(kf, 'projects/alpha/new.md'), '# New\n');
    fs.writeFileSync(path.join(kf, 'projects/beta/new.md'), '# New\n');
    assert.equal(count('alpha beta'), 2, 'served from the cache until told');
    cache.invalidate(path.join(kf, 'projects/alpha/new.md'), kf);
    assert.equal(count('alpha beta'), 3, 'only alpha was re-read');
    cache.invalidate(path.join(kf, 'approaches/x.md'), kf);
    assert.equal(count('beta'), 1, 'an unrelated change clears nothing');
    cache.invalidate();
    assert.equal(count('beta'), 2);
  });
});
