// The reviews tier (§12.1, §12.3): review reports of logs/prospect/ and logs/retrospect/ scanned as
// notes and listed in the generated Review Index; a pair outside the scanned folders is `not-scanned`
// (§12.8); the drift check scans them too. Fixtures are our own notes, in the shape /index reads.
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { scanDrift } from '../../src/core/health/indexDrift';
import { generateIndex, IndexScan } from '../../src/core/indexGen/generate';
import { reviewField, reviewIndexLines, readReport } from '../../src/core/indexGen/reviews';
import { listScanTargets, targetsFor } from '../../src/core/indexGen/scan';
import { rebuildFacts } from '../../src/indexWorker/rebuildJob';
import { rebuildSummary } from '../../src/vscode/rebuild/rebuildModel';
import { homeConfig, makeHome, repoRoot, snapshotFor } from '../helpers';

const TODAY = '2026-12-04';

const configOf = homeConfig;

const cli = path.join(repoRoot, 'dist', 'cli.js');
if (!fs.existsSync(cli)) execFileSync('node', ['esbuild.mjs'], { cwd: repoRoot });

function run(home: string, args: string[]) {
  const r = spawnSync('node', [cli, ...args, '--today', TODAY], {
    env: { PATH: process.env.PATH, HOME: home },
    encoding: 'utf8',
  });
  return { code: r.status, out: r.stdout };
}

const rebuild = (home: string, raw: string | null) =>
  generateIndex(new IndexScan(configOf(home)), raw, { today: TODAY });

/** A report with the front matter /prospect and /retrospect write (our own words). */
function report(f: {
  type: string;
  date: string;
  scope: string;
  goal: string;
  tickets: string;
  outcome: string;
  tags: string;
}): string {
  const key = f.type === 'prospect' ? 'overall_verdict' : 'overall_outcome';
  return `---\ntype: ${f.type}\ndate: ${f.date}\nscope: ${f.scope}\ngoal: ${f.goal}\ntickets: [${f.tickets}]\nsteps_count: 3\npatterns_hit: []\n${key}: ${f.outcome}\nrelated: []\ntags: [${f.tags}]\n---\n# /${f.type} — ${f.goal}\n\nBody.\n`;
}

const REPORTS = {
  'knowledge/approaches/a.md': '---\ntags: [api]\n---\n# A\n',
  'knowledge/logs/retrospect/2026-11-20-release-billing-v3.md': report({
    type: 'retrospect',
    date: '2026-11-20',
    scope: 'release',
    goal: 'Ship billing v3 to every region',
    tickets: 'BIL-7, BIL-9',
    outcome: 'partial',
    tags: 'retrospect, release, billing',
  }),
  'knowledge/logs/retrospect/2026-11-20-commit-hotfix.md': report({
    type: 'retrospect',
    date: '2026-11-20',
    scope: 'commit',
    goal: 'Hotfix the retry storm',
    tickets: '',
    outcome: 'closed',
    tags: 'retrospect, commit',
  }),
  'knowledge/logs/prospect/2026-11-28-plan-search-rewrite.md': report({
    type: 'prospect',
    date: '2026-11-28',
    scope: 'plan',
    goal: 'Rewrite the search service around a single inverted index per tenant',
    tickets: 'SRCH-1',
    outcome: 'PROCEED-WITH-CHANGES',
    tags: 'prospect, plan, search',
  }),
  // A legacy report: no tags, no verdict, no type; its folder says what it is, `date:` how old.
  'knowledge/logs/prospect/2026-01-15-uploads.md':
    '---\ndate: 2026-01-15\n---\n# /prospect — Move uploads to object storage\n',
  // Not catalogued: a subfolder of a review folder, and logs/ itself.
  'knowledge/logs/retrospect/archive/2026-05-01-old.md': '---\ntags: [retrospect]\n---\n# Old\n',
  'knowledge/logs/config-audit-log.md': '---\ntags: [api]\n---\n# Audit\n',
};

/** index.md as aria's /index writes it for REPORTS: the reports' pairs, the Review Index, their staleness. */
const ARIA_INDEX = `# Knowledge Index

Last rebuilt: 2026-11-29

## Known Tags

api, release

## Tag Index

### api
- approaches/a.md — A

### release
- logs/retrospect/2026-11-20-release-billing-v3.md — /retrospect — Ship billing v3 to every region

## Other Tags

### billing
- logs/retrospect/2026-11-20-release-billing-v3.md — /retrospect — Ship billing v3 to every region

### commit
- logs/retrospect/2026-11-20-commit-hotfix.md — /retrospect — Hotfix the retry storm

### plan
- logs/prospect/2026-11-28-plan-search-rewrite.md — /prospect — Rewrite the search service around a single inverted index per tenant

### prospect
- logs/prospect/2026-11-28-plan-search-rewrite.md — /prospect — Rewrite the search service around a single inverted index per tenant

### retrospect
- logs/retrospect/2026-11-20-commit-hotfix.md — /retrospect — Hotfix the retry storm
- logs/retrospect/2026-11-20-release-billing-v3.md — /retrospect — Ship billing v3 to every region

### search
- logs/prospect/2026-11-28-plan-search-rewrite.md — /prospect — Rewrite the search service around a single inverted index per tenant

## Review Index

### Retrospects
- 2026-11-20 [commit] — Hotfix the retry storm → closed
- 2026-11-20 [release] — Ship billing v3 to every region [BIL-7, BIL-9] → partial

### Prospects
- 2026-11-28 [plan] — Rewrite the search service around a single inverted index p… [SRCH-1] → PROCEED-WITH-CHANGES
- 2026-01-15 — Move uploads to object storage → [no verdict recorded]

## Stale Files

### logs/prospect/2026-01-15-uploads.md
Last updated: 2026-01-15 (10 months ago) — threshold: 6 months

## Untagged Files

- logs/prospect/2026-01-15-uploads.md — /prospect — Move uploads to object storage (no tags in frontmatter)

## Entities

### Billing
- logs/retrospect/2026-11-20-release-billing-v3.md
`;

describe('§12.1 the reviews tier is scanned', () => {
  test('logs/prospect/*.md and logs/retrospect/*.md, not their subfolders nor logs/ itself; by path too', () => {
    const home = makeHome({ files: REPORTS });
    const config = configOf(home);
    const listed = listScanTargets(config).targets.map((t) => `${t.path} ${t.review ?? '-'}`);
    assert.deepEqual(listed, [
      'approaches/a.md -',
      'logs/prospect/2026-01-15-uploads.md prospect',
      'logs/prospect/2026-11-28-plan-search-rewrite.md prospect',
      'logs/retrospect/2026-11-20-commit-hotfix.md retrospect',
      'logs/retrospect/2026-11-20-release-billing-v3.md retrospect',
    ]);
    const kf = config.knowledgeFolder;
    const byPath = targetsFor(
      config,
      ['logs/prospect/x.md', 'logs/retrospect/archive/y.md', 'logs/z.md'].map((p) => path.join(kf, p)),
    );
    assert.deepEqual(
      byPath.map((t) => `${t.path} ${t.review}`),
      ['logs/prospect/x.md prospect'],
    );
  });
});

describe('§12.1 the reviews tier under the same containment as every note', () => {
  test('a review folder that is a symlink out is not followed; a report that is a symlink out is refused', () => {
    const home = makeHome({ files: { 'knowledge/approaches/a.md': '---\ntags: [api]\n---\n# A\n' } });
    const outside = path.join(home, 'outside');
    fs.mkdirSync(outside);
    fs.writeFileSync(path.join(outside, 'secret.md'), '---\ntype: prospect\ngoal: leaked\ntags: [prospect]\n---\n');
    const logs = path.join(home, 'knowledge', 'logs');
    fs.mkdirSync(path.join(logs, 'retrospect'), { recursive: true });
    fs.symlinkSync(outside, path.join(logs, 'prospect'));
    fs.symlinkSync(path.join(outside, 'secret.md'), path.join(logs, 'retrospect', 'r.md'));
    const build = rebuild(home, null);
    assert.deepEqual(
      build.diff.refused.map((r) => r.path),
      ['logs/prospect/', 'logs/retrospect/r.md'],
    );
    assert.doesNotMatch(build.text, /leaked|Review Index/);
  });
});

describe('§12.3 the Review Index, as /index writes it', () => {
  test('a rebuild of an aria-built index keeps the reports’ pairs and equals it (acceptance)', () => {
    const home = makeHome({ files: REPORTS, index: ARIA_INDEX });
    const build = rebuild(home, ARIA_INDEX);
    assert.deepEqual([build.diff.added, build.diff.removed, build.diff.errors], [[], [], []]);
    assert.equal(build.text, ARIA_INDEX.replace('2026-11-29', TODAY));
    assert.equal(build.diff.unchanged, true);
    assert.deepEqual(build.diff.untagged, ['logs/prospect/2026-01-15-uploads.md']);
    assert.ok(
      build.remarks.includes(
        'logs/prospect/2026-01-15-uploads.md is a review report without tags (written before reports carried them), so no query finds it: add `tags: [prospect, <its scope>]` to its front matter',
      ),
      build.remarks.join('\n'),
    );
  });

  test('an index without a Review Index gets one after Team-Shared Tag Index’s place; no reports: none', () => {
    const withoutReview = ARIA_INDEX.replace(/## Review Index\n[^]*?(?=## Stale Files)/, '');
    const home = makeHome({ files: REPORTS, index: withoutReview });
    assert.equal(rebuild(home, withoutReview).text, ARIA_INDEX.replace('2026-11-29', TODAY));
    const bare = makeHome({ files: { 'knowledge/approaches/a.md': '---\ntags: [api]\n---\n# A\n' } });
    const raw =
      '# K\n\n## Known Tags\n\napi\n\n## Review Index\n\n### Retrospects\n- 2026-10-12 [release] — gone → closed\n';
    const build = rebuild(bare, raw);
    assert.doesNotMatch(build.text, /Review Index/);
    assert.ok(build.remarks.includes('Review Index (Retrospects): removed: - 2026-10-12 [release] — gone → closed'));
  });

  test('a hand-written line in the Review Index is not kept: the section is generated, and --check says so', () => {
    const raw = ARIA_INDEX.replace(
      '\n\n### Prospects',
      '\n- 2026-11-01 [by hand] — a note of mine → closed\n\n### Prospects',
    );
    const home = makeHome({ files: REPORTS, index: raw });
    const build = rebuild(home, raw);
    assert.equal(build.text, ARIA_INDEX.replace('2026-11-29', TODAY));
    assert.equal(build.diff.unchanged, false);
    assert.deepEqual(build.diff.errors, []);
    assert.ok(
      build.remarks.includes('Review Index (Retrospects): removed: - 2026-11-01 [by hand] — a note of mine → closed'),
    );
  });

  test('newest first, undated last, equal dates by path; type: buckets, else the folder; `date:` ages the report', () => {
    const home = makeHome({
      files: {
        'knowledge/logs/retrospect/b.md': '---\ntype: retrospect\ndate: 2026-11-02\ntags: [retrospect]\n---\n# B\n',
        'knowledge/logs/retrospect/a.md': '---\ntype: retrospect\ndate: 2026-11-02\ntags: [retrospect]\n---\n# A\n',
        'knowledge/logs/retrospect/none.md': '---\ntags: [retrospect]\n---\n# /retrospect: Undated\n',
        'knowledge/logs/retrospect/c.md':
          '---\ntype: retrospect\ndate: 2026-11-30\nLast updated: 2026-12-01\ntags: [x]\n---\n',
        // Filed in the wrong folder: its type says where it belongs.
        'knowledge/logs/retrospect/p.md':
          '---\ntype: prospect\ndate: 2026-11-03\noverall_verdict: HOLD\ntags: [prospect]\n---\n# P\n',
        'knowledge/logs/prospect/2026-02-03-file-legacy.md': '# Legacy prospect\n',
        'knowledge/logs/prospect/old.md': '---\ndate: 2026-03-01\ntags: [prospect]\n---\n# Old\n',
      },
    });
    const build = rebuild(home, null);
    const section = build.text.slice(build.text.indexOf('## Review Index'), build.text.indexOf('## Stale Files'));
    assert.equal(
      section,
      [
        '## Review Index',
        '',
        '### Retrospects',
        '- 2026-11-30 — c → [no verdict recorded]',
        '- 2026-11-02 — A → [no verdict recorded]',
        '- 2026-11-02 — B → [no verdict recorded]',
        '- Undated → [no verdict recorded]',
        '',
        '### Prospects',
        '- 2026-11-03 — P → HOLD',
        '- 2026-03-01 — Old → [no verdict recorded]',
        '- 2026-02-03 — Legacy prospect → [no verdict recorded]',
        '',
        '',
      ].join('\n'),
    );
    // date: ages a report without Last updated: (which wins); a file name's date only places it.
    assert.match(build.text, /### logs\/prospect\/old\.md\nLast updated: 2026-03-01 \(9 months ago\)/);
    assert.doesNotMatch(build.text, /### logs\/(retrospect\/c|prospect\/2026-02-03-file-legacy)\.md/);
    assert.ok(
      build.remarks.some((r) =>
        r.startsWith('logs/prospect/2026-02-03-file-legacy.md is a review report without tags'),
      ),
    );
  });
});

describe('§12.3 text from a report is data', () => {
  test('a goal’s line break, ` — `, arrow, brackets and controls cannot break the line; every field is bounded', () => {
    const r = readReport(
      {
        type: 'retrospect',
        date: '2026-11-01',
        scope: 'pr]\n## Injected',
        goal: 'Line one\nline two — [x] → y\u0007\u202e',
        tickets: Array.from({ length: 12 }, (_, i) => `T-${i}, ${'z'.repeat(i === 0 ? 50 : 1)}`),
        overall_outcome: 'closed\r\n- fake entry',
      },
      'retrospect',
      'ignored',
      'f.md',
      null,
    );
    const lines = reviewIndexLines([{ path: 'logs/retrospect/f.md', report: r }]);
    assert.deepEqual(lines, [
      '### Retrospects',
      `- 2026-11-01 [pr) ## Injected] — Line one line two - (x) -> y\\u0007\\u202e [T-0; ${'z'.repeat(34)}…, T-1; z, T-2; z, T-3; z, T-4; z, T-5; z, T-6; z, T-7; z, T-8; z, T-9; z, +2 more] → closed - fake entry`,
    ]);
    assert.equal(Array.from(reviewField('é'.repeat(100) + '😀', 60)).length, 60);
    assert.equal(reviewField('a😀'.repeat(40), 60).endsWith('😀…'), false); // never half a pair
  });
});

describe('§12.8 not-scanned, and §12 the drift check sees reports', () => {
  test('a dropped pair whose note is outside the scanned folders is `not-scanned`; the others keep their reasons', () => {
    const raw = `# K\n\n## Known Tags\n\napi\n\n## Tag Index\n\n### api\n- approaches/a.md — A\n- approaches/gone.md — Gone\n- logs/config-audit-log.md — Audit\n- logs/retrospect/archive/2026-05-01-old.md — Old\n- notes/n.md — N\n\n## Other Tags\n\n### search\n- approaches/a.md — A\n`;
    const home = makeHome({
      files: { ...REPORTS, 'knowledge/notes/n.md': '---\ntags: [api]\n---\n# N\n' },
      index: raw,
    });
    const build = rebuild(home, raw);
    assert.deepEqual(
      build.diff.removed.map((r) => `${r.tag} ${r.path} ${r.reason}`),
      [
        'api approaches/gone.md dead-link',
        'api logs/config-audit-log.md not-scanned',
        'api logs/retrospect/archive/2026-05-01-old.md not-scanned',
        'api notes/n.md not-scanned',
        'search approaches/a.md tag-removed',
      ],
    );
    assert.equal(
      rebuildSummary(rebuildFacts(configOf(home), raw, build, [])),
      '8 added, 5 removed (3 outside the scanned folders), 1 dead link dropped, no promotions',
    );
  });

  test('check --drift compares the reports too: a tagged report missing from index.md, and one whose tags differ', async () => {
    const raw = ARIA_INDEX.replace(
      '### commit\n- logs/retrospect/2026-11-20-commit-hotfix.md — /retrospect — Hotfix the retry storm\n\n',
      '',
    ).replace(/### search\n- logs\/prospect\/[^\n]*\n/, '');
    const home = makeHome({ files: REPORTS, index: raw });
    fs.writeFileSync(
      path.join(home, 'knowledge/logs/retrospect/2026-11-20-fresh.md'),
      report({
        type: 'retrospect',
        date: '2026-11-21',
        scope: 'pr',
        goal: 'G',
        tickets: '',
        outcome: 'closed',
        tags: 'retrospect, pr',
      }),
    );
    const drift = await scanDrift(snapshotFor(home));
    const found = drift.problems
      .filter((p) => p.kind === 'not-indexed' || p.kind === 'tags-differ')
      .map((p) => p.message.replace(/; changed [0-9-]+, after the last rebuild/, ''));
    assert.deepEqual(found, [
      '`logs/prospect/2026-11-28-plan-search-rewrite.md`: its front matter adds search (index: plan, prospect; note: plan, prospect, search)',
      '`logs/retrospect/2026-11-20-commit-hotfix.md`: its front matter adds commit (index: retrospect; note: commit, retrospect)',
      '`logs/retrospect/2026-11-20-fresh.md` (tags: pr, retrospect) is not in the index',
    ]);
  });
});

describe('aria-context index and query on review reports (acceptance, through the CLI)', () => {
  test('index --check --strict exits 0 on the aria-built index; queries find the reports; a dropped pair says not-scanned', () => {
    const home = makeHome({ files: REPORTS, index: ARIA_INDEX });
    const checked = run(home, ['index', '--check', '--strict']);
    assert.equal(checked.code, 0, checked.out);
    assert.match(checked.out, /^index\.md: up to date \(5 notes scanned\)/m);
    assert.match(checked.out, /^note: logs\/prospect\/2026-01-15-uploads\.md is a review report without tags/m);
    const q = JSON.parse(run(home, ['query', 'retrospect', '--json', '--no-cache']).out) as {
      items: Array<{ path: string }>;
    };
    assert.deepEqual(
      q.items.map((i) => i.path),
      ['logs/retrospect/2026-11-20-commit-hotfix.md', 'logs/retrospect/2026-11-20-release-billing-v3.md'],
    );
    // A pair of a note outside the scanned folders: its own reason in the text and in --json.
    const raw = ARIA_INDEX.replace(
      '- approaches/a.md — A\n',
      '- approaches/a.md — A\n- logs/config-audit-log.md — Audit\n',
    );
    fs.writeFileSync(path.join(home, 'knowledge', 'index.md'), raw);
    assert.match(run(home, ['index', '--check']).out, /^- api: logs\/config-audit-log\.md \(not-scanned\)$/m);
    const json = JSON.parse(run(home, ['index', '--check', '--json']).out) as { removed: unknown[] };
    assert.deepEqual(json.removed, [{ tag: 'api', path: 'logs/config-audit-log.md', reason: 'not-scanned' }]);
  });
});
