// The index generator's core (§12) on real folders: collation, purity, the ` — ` round trip,
// the carried-sections guard, promotions, the atomic write's refusals, the generated 10k folder.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { generateHome } from '../../bench/generate';
import { parseIndex } from '../../src/core/index/parse';
import { collate, compareCodePoints } from '../../src/core/indexGen/collation';
import { carriedIntact, generateIndex, IndexScan } from '../../src/core/indexGen/generate';
import { addKnownTags } from '../../src/core/indexGen/knownTags';
import { indexPairs } from '../../src/core/indexGen/diff';
import { writeIndexAtomically } from '../../src/core/indexGen/write';
import { listScanTargets, targetsFor } from '../../src/core/indexGen/scan';
import type { Config } from '../../src/core/types';
import { homeConfig, makeHome, tempDir, writeTree } from '../helpers';

const TODAY = '2026-12-04';

const configOf = homeConfig;

function rebuild(config: Config, raw: string | null, today = TODAY) {
  return generateIndex(new IndexScan(config), raw, { today });
}

const note = (tags: string, title: string) => `---\ntags: [${tags}]\n---\n# ${title}\n`;

describe('§12.4 collation', () => {
  test('case folded, then code points: the same order on every machine (no locale)', () => {
    const tags = 'Zeta alpha b-2 b10 b2 B-1 éclair eclair z 10x 2fa Ωmega 日本 😀 ～'.split(' ');
    assert.deepEqual([...tags].sort(collate), [
      '10x',
      '2fa',
      'alpha',
      'B-1',
      'b-2',
      'b10',
      'b2',
      'eclair',
      'z',
      'Zeta',
      'éclair',
      'Ωmega',
      '日本',
      '～',
      '😀',
    ]);
    // Code points, not UTF-16 code units: U+FF5E (～) comes before U+1F600 (😀)
    assert.ok(compareCodePoints('～', '😀') < 0 && '～' > '😀');
    assert.ok(collate('API', 'api') < 0 && collate('api', 'API') > 0, 'ties broken by the text as written');
  });
});

describe('§12 the rebuild', () => {
  test('purity: two runs give byte-identical output, and it is a fixed point', () => {
    const home = makeHome({
      files: {
        'knowledge/approaches/a.md': note('Api, zeta, Éclair, 2fa', 'A'),
        'knowledge/guides/x/b.md':
          '---\ntags:\n  - api\nsemantic-hints: [Keyset pagination, cursor]\nLast updated: 2025-01-02\n---\n# B\n',
      },
    });
    const config = configOf(home);
    const one = rebuild(config, null);
    const two = rebuild(config, null);
    assert.equal(one.text, two.text);
    assert.equal(rebuild(config, one.text).text, one.text);
    assert.equal(rebuild(config, one.text).diff.unchanged, true);
    assert.match(one.text, /## Other Tags\n\n### 2fa\n[^#]*### zeta\n[^#]*### éclair\n/);
    assert.match(one.text, /## Semantic Hints Index\n\n### cursor\n- guides\/x\/b\.md\n\n### Keyset pagination\n/);
    // A note without tags still lists its hints (and is untagged)
    writeTree(path.join(home, 'knowledge'), { 'references/h.md': '---\nsemantic-hints: [zero downtime]\n---\n# H\n' });
    const hinted = rebuild(config, null);
    assert.match(hinted.text, /### zero downtime\n- references\/h\.md\n/);
    assert.deepEqual(hinted.diff.untagged, ['references/h.md']);
    assert.match(
      one.text,
      /## Stale Files\n\n### guides\/x\/b\.md\nLast updated: 2025-01-02 \(23 months ago\) — threshold: 6 months\n/,
    );
  });

  test('the ` — ` trap: a file name holding ` — ` round-trips emit → parse → emit; a path that cannot is refused, not mangled', () => {
    const home = makeHome({
      files: {
        'knowledge/references/sources/Full-Stack Audit Guide — Android, Backend & Web.md': note(
          'audit',
          'Audit — the guide',
        ),
        'knowledge/references/Plain — no heading.md': '---\ntags: [audit]\n---\nbody\n',
        'knowledge/guides/x.md — y/z.md': note('audit', 'Z'),
      },
    });
    const config = configOf(home);
    const first = rebuild(config, null);
    const pairs = [...indexPairs(parseIndex(first.text)).values()].map((p) => `${p.tag} ${p.path}`).sort();
    assert.deepEqual(pairs, [
      'audit references/Plain — no heading.md',
      'audit references/sources/Full-Stack Audit Guide — Android, Backend & Web.md',
    ]);
    assert.match(first.text, /- references\/Plain — no heading\.md — Plain — no heading\n/);
    assert.equal(rebuild(config, first.text).text, first.text);
    assert.deepEqual(first.diff.refused, [
      { path: 'guides/x.md — y/z.md', reason: 'its path cannot be written as an index.md entry that reads back' },
    ]);
  });

  test('carried sections: the guard fires when one carried byte changes', () => {
    const home = makeHome({
      index:
        '# Knowledge Index\n\nLast rebuilt: 2026-01-01\n\n## Known Tags\n\napi\n\n## Tag Index\n\n### api\n- gone.md — Gone\n\n## Entities\n\n### Stripe\n- a.md\n- b.md\n',
      files: { 'knowledge/approaches/a.md': note('api', 'A') },
    });
    const config = configOf(home);
    const raw = fs.readFileSync(path.join(config.knowledgeFolder, 'index.md'), 'utf8');
    const build = rebuild(config, raw);
    assert.deepEqual(build.diff.errors, []);
    assert.equal(carriedIntact(raw, build.text), true);
    assert.equal(carriedIntact(raw, build.text.replace('- b.md', '- c.md')), false);
    assert.equal(carriedIntact(raw, build.text.replace('### Stripe\n', '')), false);
    assert.equal(carriedIntact(raw, build.text.replace('# Knowledge Index', '# Knowledge index')), false);
  });

  test('promotion candidates: freeform tags on ≥ the threshold, session/phase/plan stamps skipped and named', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 3; i++)
      files[`knowledge/guides/n${i}.md`] = note('webhooks, s82, p-23, phase-3, plan-01a, soft-launch, S3', `N${i}`);
    files['knowledge/guides/solo.md'] = note('rare', 'Solo');
    const home = makeHome({ index: '## Known Tags\n\napi\n', files });
    const config = configOf(home);
    const build = rebuild(config, fs.readFileSync(path.join(config.knowledgeFolder, 'index.md'), 'utf8'));
    assert.deepEqual(
      build.diff.promotions.map((p) => [p.tag, p.files.length]),
      [['webhooks', 3]],
    );
    assert.match(build.remarks.join('\n'), /p-23, phase-3, plan-01a, s3, s82, soft-launch/);
    assert.match(build.text, /## Known Tags\n\napi\n/, 'suggested, never applied');
    const two = makeHome({ index: '## Known Tags\n\napi\n', config: { freeform_promotion_threshold: '4' }, files });
    assert.deepEqual(rebuild(configOf(two), '## Known Tags\n\napi\n').diff.promotions, []);
    assert.equal(addKnownTags(build.text, ['webhooks']).includes('## Known Tags\n\napi, webhooks\n'), true);
  });

  test('team-shared notes: [project: P, scope: repo], cross/ → [project: cross, scope: cross], paths from home', () => {
    const home = makeHome({
      config: { projects_enabled: 'true', projects_list: 'shop:shop', projects_shared_knowledge: 'shop' },
      files: {
        'knowledge/approaches/a.md': note('api', 'A'),
        'Projects/shop/_project-knowledge/README.md': '# About this folder\n',
        'Projects/shop/_project-knowledge/w.md': note('api', 'W'),
        'Projects/shop/_project-knowledge/IDEAS-BACKLOG.md': '# Ideas\n- one\n- two\n',
        'Projects/shop/_project-knowledge/cross/e.md': '# E\n',
        'Projects/other/_project-knowledge/o.md': note('api', 'Not shared'),
      },
    });
    const text = rebuild(configOf(home), null).text;
    const team = text.slice(text.indexOf('## Team-Shared Tag Index'));
    assert.equal(
      team.split('\n## ')[0],
      [
        '## Team-Shared Tag Index',
        '',
        '### api',
        '- ~/Projects/shop/_project-knowledge/w.md — W [project: shop, scope: repo]',
        '',
        '### cross',
        '- ~/Projects/shop/_project-knowledge/cross/e.md — E [project: cross, scope: cross]',
        '',
        '### shop',
        '- ~/Projects/shop/_project-knowledge/IDEAS-BACKLOG.md — Ideas [project: shop, scope: repo]',
        '- ~/Projects/shop/_project-knowledge/w.md — W [project: shop, scope: repo]',
        '',
      ].join('\n'),
    );
  });
});

describe('§12.9 the write', () => {
  test('a concurrent edit between read and rename is detected: nothing written, no temporary file left', () => {
    const folder = tempDir('aria-write-');
    const file = path.join(folder, 'index.md');
    fs.writeFileSync(file, 'old\n');
    fs.writeFileSync(file, 'edited in the editor meanwhile\n');
    const r = writeIndexAtomically(folder, 'old\n', 'new\n');
    assert.equal(r.ok, false);
    assert.equal(fs.readFileSync(file, 'utf8'), 'edited in the editor meanwhile\n');
    assert.deepEqual(fs.readdirSync(folder), ['index.md']);
    const ok = writeIndexAtomically(folder, 'edited in the editor meanwhile\n', 'new\n');
    assert.ok(ok.ok);
    assert.equal(fs.readFileSync(file, 'utf8'), 'new\n');
    assert.equal(fs.readFileSync(`${file}.bak`, 'utf8'), 'edited in the editor meanwhile\n');
  });

  test('index.md.bak as a symlink out is replaced, never written through', () => {
    const folder = tempDir('aria-write-');
    const outside = path.join(tempDir('aria-outside-'), 'victim.md');
    fs.writeFileSync(outside, 'theirs\n');
    fs.writeFileSync(path.join(folder, 'index.md'), 'old\n');
    fs.symlinkSync(outside, path.join(folder, 'index.md.bak'));
    assert.ok(writeIndexAtomically(folder, 'old\n', 'new\n').ok);
    assert.equal(fs.readFileSync(outside, 'utf8'), 'theirs\n');
    assert.equal(fs.lstatSync(path.join(folder, 'index.md.bak')).isSymbolicLink(), false);
  });
});

describe('§12 the generated 10k folder (acceptance 1)', () => {
  test('its own rebuild checks unchanged; against the skill-format index, every change is a listed pair with a reason', () => {
    const root = tempDir('aria-gen10k-');
    const g = generateHome(root, 10_000, undefined, 10_000);
    const config = configOf(g.home);
    const raw = fs.readFileSync(g.indexFile, 'utf8');
    const first = rebuild(config, raw);
    assert.deepEqual(first.diff.errors, []);
    // before − removed + added = after, pair for pair
    const before = new Set([...indexPairs(parseIndex(raw)).values()].map((p) => `${p.tag}\u0000${p.path}`));
    for (const r of first.diff.removed) assert.ok(before.delete(`${r.tag}\u0000${r.path}`), `${r.tag} ${r.path}`);
    for (const a of first.diff.added) before.add(`${a.tag}\u0000${a.path}`);
    const after = new Set([...indexPairs(parseIndex(first.text)).values()].map((p) => `${p.tag}\u0000${p.path}`));
    assert.deepEqual(before, after);
    // Every removal explained: the bench lists notes of folders /index does not catalogue
    // (patterns/, research/: not-scanned; its logs/retrospect/ reports are scanned and kept), team-shared headings their notes' front matter does not
    // carry, and entries of projects that are not shared (refused). Every addition: a project's
    // path-derived tag, on the project tier or a team-shared note.
    const kind = (p: string) =>
      /^(patterns|research)\//.test(p) ? 'not catalogued' : p.startsWith('~/Projects/') ? 'team' : p;
    const shared = new Set(config.sharedKnowledge);
    const why = new Set(
      first.diff.removed.map((r) => {
        const project = /^~\/Projects\/([^/]+)\//.exec(r.path)?.[1] ?? '';
        return `${kind(r.path)} ${r.reason}${kind(r.path) === 'team' ? ` shared:${shared.has(project)}` : ''}`;
      }),
    );
    assert.deepEqual([...why].sort(), [
      'not catalogued not-scanned',
      'team refused shared:false',
      'team tag-removed shared:true',
    ]);
    for (const a of first.diff.added) {
      const project = a.path.includes('/_project-knowledge/cross/')
        ? 'cross'
        : /^(?:projects|~\/Projects)\/([^/]+)\//.exec(a.path)?.[1];
      assert.equal(a.tag, project, `${a.tag} ${a.path}`);
    }
    fs.writeFileSync(g.indexFile, first.text);
    const second = rebuild(config, first.text);
    assert.equal(second.diff.unchanged, true);
    assert.equal(second.text, first.text);
    writeTree(g.knowledgeFolder, { 'approaches/zz-new.md': note('kafka', 'New') });
    assert.deepEqual(rebuild(config, first.text).diff.added, [{ tag: 'kafka', path: 'approaches/zz-new.md' }]);
    fs.rmSync(root, { recursive: true, force: true });
  });
});

describe('§12.7 index shapes', () => {
  const files = { 'knowledge/approaches/a.md': note('api', 'A') };

  test('CRLF, a BOM and front matter are kept; a repeated generated section is written once; a fixed point', () => {
    const raw =
      '\ufeff---\r\ntitle: x\r\n---\r\n# Knowledge Index\r\n\r\nLast rebuilt: 2026-01-01\r\n\r\n## Tag Index\r\n\r\n### old\r\n- gone.md — Gone\r\n\r\n## Entities\r\n\r\n### E\r\n- a.md\r\n\r\n## tag  INDEX\r\n### api\r\n- approaches/a.md — A\r\n';
    const home = makeHome({ index: raw, files });
    const config = configOf(home);
    const build = rebuild(config, raw);
    assert.equal(
      build.text,
      '\ufeff---\r\ntitle: x\r\n---\r\n# Knowledge Index\r\n\r\nLast rebuilt: 2026-12-04\r\n\r\n## Other Tags\r\n\r\n### api\r\n- approaches/a.md — A\r\n\r\n## Entities\r\n\r\n### E\r\n- a.md\r\n',
    );
    assert.deepEqual(build.diff.errors, []);
    assert.equal(rebuild(config, build.text).text, build.text);
  });

  test('no title, no Last rebuilt, no newline at the end: the date goes first, the carried text stays', () => {
    const raw = '## Known Tags\n\napi\n\n## Entities\n- 2026-10-12 [release] — x';
    const home = makeHome({ index: raw, files });
    const build = rebuild(configOf(home), raw);
    assert.equal(
      build.text,
      'Last rebuilt: 2026-12-04\n\n## Known Tags\n\napi\n\n## Tag Index\n\n### api\n- approaches/a.md — A\n\n## Entities\n- 2026-10-12 [release] — x',
    );
  });

  test('projects off: derived lines are removed; on: a configured project the index lacks is added', () => {
    const raw =
      '# K\n\nLast rebuilt: 2026-01-01\n\n## Projects\n\n### shop — Shop\nRelevant tags: api\nProject-tier files: 9 (decisions: 9, patterns: 0, other: 0)\nPromotion candidates: 1\n\n## Known Tags\n\napi\n';
    const off = makeHome({ index: raw, files });
    assert.match(
      rebuild(configOf(off), raw).text,
      /### shop — Shop\nRelevant tags: api\nPromotion candidates: 1\n\n## Known Tags/,
    );
    const on = makeHome({
      index: raw,
      config: { projects_enabled: 'true', projects_list: 'shop:shop,blog:blog' },
      files: { ...files, 'knowledge/projects/shop/decisions/d.md': '---\nLast updated: 2026-10-01\n---\n# D\n' },
    });
    assert.match(
      rebuild(configOf(on), raw).text,
      /### shop — Shop\nRelevant tags: api\nProject-tier files: 1 \(decisions: 1, patterns: 0, other: 0\)\nLast project-tier update: 2026-10-01\nPromotion candidates: 1\n\n### blog\nProject-tier files: 0\n\n## Known Tags/,
    );
  });
});

describe('§12.1 one rule for a listing and for a path', () => {
  test('targetsFor (a saved note, judged by path) gives what listScanTargets lists, and nothing else', () => {
    const home = makeHome({
      config: { projects_enabled: 'true', projects_list: 'shop:shop', projects_shared_knowledge: 'shop' },
      files: {
        'knowledge/approaches/a.md': note('api', 'A'),
        'knowledge/approaches/deeper/no.md': note('api', 'No'),
        'knowledge/guides/x/y/g.md': note('api', 'G'),
        'knowledge/references/README.md': note('api', 'Readme with tags'),
        'knowledge/archive/old.md': note('api', 'Old'),
        'knowledge/root.md': note('api', 'Root'),
        'knowledge/projects/shop/README.md': '# Shop\n',
        'knowledge/projects/shop/sub/README.md': '# Sub readme is a note\n',
        'knowledge/projects/other/o.md': note('api', 'Not configured'),
        'knowledge/.hidden/h.md': note('api', 'H'),
        'Projects/shop/_project-knowledge/w.md': note('api', 'W'),
        'Projects/shop/_project-knowledge/cross/c.md': '# C\n',
        'Projects/shop/_project-knowledge/README.md': '# About\n',
      },
    });
    const config = configOf(home);
    const listed = listScanTargets(config).targets;
    const all = [
      ...['approaches/a.md', 'approaches/deeper/no.md', 'guides/x/y/g.md', 'references/README.md', 'archive/old.md'],
      ...['root.md', 'projects/shop/README.md', 'projects/shop/sub/README.md', 'projects/other/o.md', '.hidden/h.md'],
    ].map((p) => path.join(config.knowledgeFolder, p));
    all.push(...['w.md', 'cross/c.md', 'README.md'].map((p) => path.join(home, 'Projects/shop/_project-knowledge', p)));
    assert.deepEqual(
      targetsFor(config, all)
        .map((t) => [t.path, t.tier, t.project, t.scope])
        .sort(),
      listed.map((t) => [t.path, t.tier, t.project, t.scope]).sort(),
    );
    assert.deepEqual(listed.map((t) => t.path).sort(), [
      'approaches/a.md',
      'guides/x/y/g.md',
      'projects/shop/sub/README.md',
      'references/README.md',
      '~/Projects/shop/_project-knowledge/cross/c.md',
      '~/Projects/shop/_project-knowledge/w.md',
    ]);
  });
});
