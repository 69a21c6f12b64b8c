import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { LEGACY_IDEAS } from '../../src/core/present/messages';
import { renderSummary } from '../../src/core/present/summary';
import { ageInDays, ageText } from '../../src/core/match/staleness';
import { INDEX_HEADER, makeHome, query } from '../helpers';

function touch(file: string, date: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (!fs.existsSync(file)) fs.writeFileSync(file, '# artifact\n');
  const when = new Date(`${date}T12:00:00`);
  fs.utimesSync(file, when, when);
}

const config = {
  projects_enabled: 'true',
  projects_list: 'web:web,app:app',
  codemap_staleness_threshold_days: '10',
  stitch_staleness_threshold_days: '5',
  ideas_staleness_threshold_days: '3',
  projects_groups: '\n  app:\n    api: api',
};

describe('staleness', () => {
  test('ages in whole days; future dates are today', () => {
    assert.equal(ageInDays('2026-11-30', '2026-11-30'), 0);
    assert.equal(ageInDays('2026-12-25', '2026-11-30'), 0);
    assert.equal(ageInDays('2026-02-28', '2026-03-01'), 1);
    assert.deepEqual([0, 1, 2].map(ageText), ['today', 'yesterday', '2 days ago']);
  });
});

describe('tracked artifacts (§4d)', () => {
  const home = makeHome({ config, index: INDEX_HEADER });
  touch(path.join(home, 'Projects/web/CODEMAP.md'), '2026-11-20');
  touch(path.join(home, 'Projects/app/CODEMAP.md'), '2026-11-30');
  touch(path.join(home, 'Projects/app/STITCH.md'), '2026-11-23');

  test('fresh, stale, missing; STITCH only with a group; numbers only for present files', () => {
    const r = query(home, 'web app');
    const lines = renderSummary(r)
      .split('\n')
      .filter((l) => l.includes('CODEMAP') || l.includes('STITCH'));
    assert.deepEqual(lines, [
      '1. ~/Projects/web/CODEMAP.md — 10 days ago — fresh [project: web]',
      '2. ~/Projects/app/CODEMAP.md — today — fresh [project: app]',
      '3. ~/Projects/app/STITCH.md — 7 days ago [STALE — run /stitch verify app] [project: app]',
    ]);
    assert.equal(r.found, 0, 'artifacts are not counted as found files');
    const later = renderSummary(query(home, 'web', '2026-12-01'));
    assert.ok(later.includes('~/Projects/web/CODEMAP.md — 11 days ago [STALE — run /codemap update] [project: web]'));
  });

  test('missing artifacts cannot be picked and say how to create them', () => {
    const bare = makeHome({ config, index: INDEX_HEADER });
    const r = query(bare, 'app');
    const text = renderSummary(r);
    assert.ok(text.includes('- ~/Projects/app/CODEMAP.md — (not found — run /codemap create) [project: app]'));
    assert.ok(text.includes('- ~/Projects/app/STITCH.md — (not found — run /stitch create app) [project: app]'));
    assert.ok(r.items.every((i) => i.n === null && !i.selectable));
  });
});

describe('pending ideas (§4e)', () => {
  const home = makeHome({
    config,
    index: INDEX_HEADER,
    files: {
      'knowledge/intake/ideas/2026-11-29-web-a.md': '---\nproject: web\ntype: feature\n---\n# From the heading\n',
      'knowledge/intake/ideas/b.md':
        '---\ndate: 2026-11-10\nproject: [app, web]\ntype: bug\ntitle: From front matter\n---\n',
      'knowledge/intake/ideas/no-date.md': '---\nproject: web\n---\n# skipped: no date\n',
      'knowledge/intake/ideas/2026-11-30-no-project.md': '# skipped: no project\n',
      'knowledge/intake/ideas/2026-11-30-today.md': '---\nproject: web\n---\n',
    },
  });

  test('newest first, dates from front matter or file name, staleness, skipped ideas', () => {
    const text = renderSummary(query(home, 'web'));
    const ideaLines = text.split('\n').filter((l) => /^- 2026/.test(l));
    assert.deepEqual(ideaLines, [
      '- 2026-11-30 (today) — 2026-11-30-today',
      '- 2026-11-29 (yesterday) — feature — From the heading',
      '- 2026-11-10 (20 days ago) — bug — From front matter [STALE — still relevant?]',
    ]);
  });

  test('ideas show only for project queries; the legacy note whenever the backlog exists', () => {
    assert.equal(query(home, 'something').showsIdeas, false);
    assert.equal(query(home, 'web').legacyNote, null);
    fs.writeFileSync(path.join(home, 'knowledge/intake/ideas-backlog.md'), '# legacy');
    const r = query(home, 'app');
    assert.equal(
      r.legacyNote,
      '(Legacy ideas-backlog.md detected — run /setup to migrate pre-2.11 entries into this view.)',
    );
    assert.equal(LEGACY_IDEAS, r.legacyNote);
    assert.ok(renderSummary(r).includes(LEGACY_IDEAS));
  });
});
