import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { CoreCache } from '../../src/core/kb/cache';
import { runQuery } from '../../src/core/match/engine';
import { forgetChanged } from '../../src/core/kb/changeRoute';
import { classifyChange } from '../../src/core/kb/watchPatterns';
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
    const tier = (q: string) => {
      const o = runQuery(snapshot, q, { today: '2026-11-30', cache });
      assert.ok(o.ok);
      return o.result.items.filter((i) => i.category === 'project-specific');
    };
    const kf = path.join(home, 'knowledge');
    const descriptions = (q: string) => tier(q).map((i) => i.description);
    assert.deepEqual(descriptions('alpha beta'), ['A', 'B']);
    // An edit inside a file leaves the folder's mtime alone: the watcher's event is what clears it.
    fs.writeFileSync(path.join(kf, 'projects/alpha/a.md'), '# A edited\n');
    fs.writeFileSync(path.join(kf, 'projects/beta/b.md'), '# B edited\n');
    assert.deepEqual(descriptions('alpha beta'), ['A', 'B'], 'served from the cache until told');
    forgetChanged(cache, path.join(kf, 'projects/alpha/a.md'), kf);
    assert.deepEqual(descriptions('alpha beta'), ['A edited', 'B'], 'only alpha was re-read');
    forgetChanged(cache, path.join(kf, 'approaches/x.md'), kf);
    assert.deepEqual(descriptions('beta'), ['B'], 'an unrelated change clears nothing');
    cache.invalidate();
    assert.deepEqual(descriptions('beta'), ['B edited']);
  });

  test('a file added in a new folder is seen even when no watcher event arrives', () => {
    const home = makeHome({
      config: { projects_enabled: 'true', projects_list: 'alpha:alpha' },
      index: INDEX_HEADER,
      files: { 'knowledge/intake/ideas/README.md': '# Ideas\n' },
    });
    const snapshot = snapshotFor(home);
    const cache = new CoreCache();
    const run = () => {
      const o = runQuery(snapshot, 'alpha', { today: '2026-11-30', cache });
      assert.ok(o.ok);
      return o.result;
    };
    const kf = path.join(home, 'knowledge');
    assert.deepEqual(run().emptyProjectNotes, ['(No files yet in projects/alpha/ — folder is configured but empty.)']);
    fs.mkdirSync(path.join(kf, 'projects/alpha/notes'), { recursive: true });
    fs.writeFileSync(path.join(kf, 'projects/alpha/notes/launch.md'), '# Launch\n');
    fs.writeFileSync(path.join(kf, 'intake/ideas/2026-11-29-alpha-x.md'), '---\nproject: alpha\n---\n# X\n');
    const after = run();
    assert.deepEqual(
      after.items.filter((i) => i.category === 'project-specific').map((i) => i.path),
      ['projects/alpha/notes/launch.md'],
    );
    assert.deepEqual(
      after.ideas.map((i) => i.title),
      ['X'],
    );
  });

  test('a scan is never reused for another knowledge folder', () => {
    const config = { projects_enabled: 'true', projects_list: 'alpha:alpha' };
    const one = makeHome({
      config,
      index: INDEX_HEADER,
      files: {
        'knowledge/projects/alpha/one.md': '# One\n',
        'knowledge/intake/ideas/2026-11-01-a.md': '---\nproject: alpha\n---\n# Idea one\n',
      },
    });
    const two = makeHome({
      config,
      index: INDEX_HEADER,
      files: {
        'knowledge/projects/alpha/two.md': '# Two\n',
        'knowledge/intake/ideas/2026-11-02-a.md': '---\nproject: alpha\n---\n# Idea two\n',
      },
    });
    const cache = new CoreCache();
    const seen = (home: string) => {
      const o = runQuery(snapshotFor(home), 'alpha', { today: '2026-11-30', cache });
      assert.ok(o.ok);
      return [
        ...o.result.items.filter((i) => i.category === 'project-specific').map((i) => i.description),
        ...o.result.ideas.map((i) => i.title),
      ];
    };
    assert.deepEqual(seen(one), ['One', 'Idea one']);
    assert.deepEqual(seen(two), ['Two', 'Idea two']);
    assert.deepEqual(seen(one), ['One', 'Idea one']);
  });
});
