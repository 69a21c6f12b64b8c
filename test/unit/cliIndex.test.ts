// `aria-context index` (§12) through the built CLI on real folders: the rebuild, --check's diff,
// --write's refusals and its atomic write, and one truth with query and check --drift after it.
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { fixtureHomeDir, makeHome, repoRoot, tempDir, writeTree } from '../helpers';

const cli = path.join(repoRoot, 'dist', 'cli.js');
if (!fs.existsSync(cli)) execFileSync('node', ['esbuild.mjs'], { cwd: repoRoot });
const TODAY = '2026-12-04';

function run(home: string, args: string[], today = TODAY) {
  const r = spawnSync('node', [cli, ...args, '--today', today], {
    env: { PATH: process.env.PATH, HOME: home },
    encoding: 'utf8',
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

interface Diff {
  added: Array<{ tag: string; path: string }>;
  removed: Array<{ tag: string; path: string; reason: string }>;
  deadLinks: string[];
  untagged: string[];
  promotions: Array<{ tag: string; files: string[] }>;
  refused: Array<{ path: string; reason: string }>;
  errors: Array<{ path: string; message: string }>;
  unchanged: boolean;
}

function check(home: string): Diff {
  const r = run(home, ['index', '--check', '--json']);
  assert.equal(r.code, 0, r.out + r.err);
  return JSON.parse(r.out) as Diff;
}

const pairs = (list: Array<{ tag: string; path: string; reason?: string }>) =>
  list.map((p) => `${p.tag} ${p.path}${p.reason ? ` ${p.reason}` : ''}`);

/** The bundled example, copied (tests never touch tracked files). */
function exampleHome(): string {
  const home = path.join(tempDir('aria-index-'), 'home');
  fs.cpSync(fixtureHomeDir, home, { recursive: true });
  return home;
}

const note = (tags: string, title: string, extra = '') => `---\ntags: [${tags}]\n${extra}---\n# ${title}\n`;

function smallHome(config: Record<string, string> = {}, index?: string): string {
  return makeHome({
    config,
    ...(index === undefined ? {} : { index }),
    files: {
      'knowledge/approaches/a.md': note('api, Stripe', 'A note'),
      'knowledge/guides/deep/g.md': note('api', 'Guide'),
      'knowledge/references/r.md': note('postgres', 'Ref'),
      'knowledge/decisions/untagged.md': '# Untagged decision\n',
      'knowledge/archive/old.md': note('api', 'Old'),
    },
  });
}

describe('aria-context index: reproduction (acceptance 1)', () => {
  test('the bundled example: every difference from its hand-written index is listed and explained', () => {
    const home = exampleHome();
    const d = check(home);
    assert.equal(d.unchanged, false);
    assert.deepEqual(pairs(d.added), [
      'cross ~/Projects/proj-a/_project-knowledge/cross/2026-05-02-mike-error-envelope.md',
      'database projects/proj-c/notes/device-storage.md',
      'deployment logs/retrospect/2026-10-12-deployment-payments-v2.md', // the reviews tier (§12.1)
      'proj-a projects/proj-a/decisions/004-state-sync.md',
      'proj-a projects/proj-a/patterns/internal-patterns.md',
      'proj-a ~/Projects/proj-a/_project-knowledge/2026-04-28-mike-webhook-retries.md',
      'proj-c projects/proj-c/notes/device-storage.md',
      'proj-c ~/Projects/proj-c/backend/_project-knowledge/2026-06-10-ana-sqlite-migrations.md',
      'react-native projects/proj-c/notes/device-storage.md',
      'retrospect logs/retrospect/2026-10-12-deployment-payments-v2.md',
      'state-management projects/proj-a/decisions/004-state-sync.md',
    ]);
    assert.deepEqual(pairs(d.removed), [
      'database ~/Projects/proj-d/_project-knowledge/2026-07-01-bob-schema.md refused', // proj-d is not shared
      'secrets ../.claude/aria-knowledge.local.md refused',
      'secrets ~/.claude/aria-knowledge.local.md refused',
    ]);
    assert.deepEqual([d.deadLinks, d.untagged, d.promotions, d.refused, d.errors], [[], [], [], [], []]);
  });

  test('an index the generator wrote checks unchanged (another day too); a second --write changes no byte', () => {
    const home = exampleHome();
    const file = path.join(home, 'knowledge', 'index.md');
    const w = run(home, ['index', '--write']);
    assert.equal(w.code, 0, w.out);
    const written = fs.readFileSync(file);
    const stat = fs.statSync(file);
    assert.equal(check(home).unchanged, true);
    // Another day: only the Last rebuilt date would differ, so nothing is written (Stale Files' ages are the same)
    const again = run(home, ['index', '--write'], '2026-12-05');
    assert.equal(again.code, 0, again.out);
    assert.match(again.out, /up to date; nothing written/);
    assert.deepEqual(fs.readFileSync(file), written);
    assert.equal(fs.statSync(file).mtimeMs, stat.mtimeMs);
  });
});

describe('aria-context index: output', () => {
  test('no flag prints the rebuild and writes nothing; two runs are byte-identical (acceptance 2)', () => {
    const home = smallHome({}, '# Knowledge Index\n\n## Known Tags\n\napi\n');
    const before = fs.readFileSync(path.join(home, 'knowledge', 'index.md'), 'utf8');
    const a = run(home, ['index']);
    const b = run(home, ['index']);
    assert.equal(a.code, 0);
    assert.equal(a.out, b.out);
    assert.equal(fs.readFileSync(path.join(home, 'knowledge', 'index.md'), 'utf8'), before);
    assert.match(a.out, /## Tag Index\n\n### api\n- approaches\/a\.md — A note\n- guides\/deep\/g\.md — Guide\n/);
    assert.match(
      a.out,
      /## Other Tags\n\n### postgres\n- references\/r\.md — Ref\n\n### stripe\n- approaches\/a\.md — A note\n/,
    );
    assert.match(
      a.out,
      /## Untagged Files\n\n- decisions\/untagged\.md — Untagged decision \(no tags in frontmatter\)\n/,
    );
    assert.doesNotMatch(a.out, /archive\//);
  });

  test('a folder without index.md: --write creates one with the seed vocabulary, and queries read it', () => {
    const home = smallHome();
    const file = path.join(home, 'knowledge', 'index.md');
    assert.equal(fs.existsSync(file), false);
    const w = run(home, ['index', '--write']);
    assert.equal(w.code, 0, w.out);
    const text = fs.readFileSync(file, 'utf8');
    assert.match(text, /^# Knowledge Index\n\nLast rebuilt: 2026-12-04\n\n## Known Tags\n\napi, architecture, css,/);
    assert.equal(fs.existsSync(`${file}.bak`), false);
    const q = JSON.parse(run(home, ['query', 'api', '--json', '--no-cache']).out) as { items: Array<{ path: string }> };
    assert.deepEqual(
      q.items.map((i) => i.path),
      ['approaches/a.md', 'guides/deep/g.md'],
    );
  });

  test('--strict exits 1 when a rebuild would change the index, 0 when it would not', () => {
    const home = smallHome();
    assert.equal(run(home, ['index', '--check', '--strict']).code, 1);
    run(home, ['index', '--write']);
    assert.equal(run(home, ['index', '--check', '--strict']).code, 0);
  });

  test('usage: --check with --write, an unknown option, a token', () => {
    const home = smallHome();
    for (const args of [['--check', '--write'], ['--bogus'], ['api']])
      assert.equal(run(home, ['index', ...args]).code, 2);
  });
});

describe('aria-context index --write: refusals and safety (acceptance 5, 9)', () => {
  test('an empty scan refuses to write, exit 1, index.md untouched', () => {
    const home = makeHome({ index: '# Knowledge Index\n\n## Known Tags\n\napi\n' });
    const file = path.join(home, 'knowledge', 'index.md');
    const before = fs.readFileSync(file, 'utf8');
    const r = run(home, ['index', '--write']);
    assert.equal(r.code, 1);
    assert.match(r.out, /no notes at all/);
    assert.equal(fs.readFileSync(file, 'utf8'), before);
  });

  test('broken front matter is reported by path and stops the write; --force writes', () => {
    const home = smallHome({}, '# Knowledge Index\n\n## Known Tags\n\napi\n');
    writeTree(path.join(home, 'knowledge'), { 'guides/broken.md': '---\ntags: [api\nbad: : :\n---\n# Broken\n' });
    const d = check(home);
    assert.deepEqual(
      d.errors.map((e) => e.path),
      ['guides/broken.md'],
    );
    const file = path.join(home, 'knowledge', 'index.md');
    const before = fs.readFileSync(file, 'utf8');
    assert.equal(run(home, ['index', '--write']).code, 1);
    assert.equal(fs.readFileSync(file, 'utf8'), before);
    assert.equal(run(home, ['index', '--write', '--force']).code, 0);
    assert.equal(fs.readFileSync(`${file}.bak`, 'utf8'), before);
    assert.notEqual(fs.readFileSync(file, 'utf8'), before);
  });

  test('aliases.md: a chain or an alias used as a tag stops the write; its aliases annotate Known Tags', () => {
    const home = smallHome({}, '# Knowledge Index\n\n## Known Tags\n\napi, postgres\n');
    const kf = path.join(home, 'knowledge');
    fs.writeFileSync(path.join(kf, 'aliases.md'), '# Aliases\n\n- `pg` → `postgres`\n- `http` → `api`\n');
    const ok = run(home, ['index']);
    assert.match(ok.out, /## Known Tags\n\napi \[aliases: http\], postgres \[aliases: pg\]\n/);
    fs.writeFileSync(path.join(kf, 'aliases.md'), '- `pg` → `postgres`\n- `psql` → `pg`\n');
    assert.match(check(home).errors[0].message, /alias chain `psql` → `pg` → `postgres`/);
    assert.equal(run(home, ['index', '--write']).code, 1);
    fs.writeFileSync(path.join(kf, 'aliases.md'), '- `stripe` → `api`\n');
    assert.match(check(home).errors[0].message, /alias `stripe` \(of `api`\) is a tag of 1 note: approaches\/a\.md/);
  });

  test('a note that is a symlink out is refused and never indexed; a symlinked index.md is never written through', () => {
    const home = smallHome({}, '# Knowledge Index\n\n## Known Tags\n\napi\n');
    const outside = tempDir('aria-outside-');
    fs.writeFileSync(path.join(outside, 'secret.md'), note('api', 'Secret title'));
    const kf = path.join(home, 'knowledge');
    fs.symlinkSync(path.join(outside, 'secret.md'), path.join(kf, 'guides', 'evil.md'));
    const d = check(home);
    assert.deepEqual(
      d.refused.map((r) => r.path),
      ['guides/evil.md'],
    );
    const out = run(home, ['index']).out;
    assert.doesNotMatch(out, /evil|Secret title/);
    // index.md as a symlink to a file outside: refused, the target untouched
    const target = path.join(outside, 'index.md');
    fs.writeFileSync(target, '# Theirs\n');
    fs.rmSync(path.join(kf, 'index.md'));
    fs.symlinkSync(target, path.join(kf, 'index.md'));
    const w = run(home, ['index', '--write']);
    assert.equal(w.code, 1);
    assert.equal(fs.readFileSync(target, 'utf8'), '# Theirs\n');
    assert.ok(fs.lstatSync(path.join(kf, 'index.md')).isSymbolicLink());
  });
});

describe('aria-context index: index.md as a symlink inside the folder', () => {
  test('--check reads it as queries do; --write refuses to replace a link', () => {
    const home = smallHome({}, '# Knowledge Index\n\n## Known Tags\n\napi\n');
    const kf = path.join(home, 'knowledge');
    fs.renameSync(path.join(kf, 'index.md'), path.join(kf, 'real-index.md'));
    fs.symlinkSync('real-index.md', path.join(kf, 'index.md'));
    assert.deepEqual(pairs(check(home).added).slice(0, 1), ['api approaches/a.md']);
    const w = run(home, ['index', '--write']);
    assert.equal(w.code, 1);
    assert.match(w.out, /symlink/);
    assert.equal(
      fs.readFileSync(path.join(kf, 'real-index.md'), 'utf8'),
      '# Knowledge Index\n\n## Known Tags\n\napi\n',
    );
  });
});

describe('aria-context index: drift is provable, one truth after a write (acceptance 6, 7, 8)', () => {
  const config = { projects_enabled: 'true', projects_list: 'shop:shop' };

  test('a project note with and without front matter is under ### shop; a note outside projects/ is not', () => {
    const home = smallHome(config);
    writeTree(path.join(home, 'knowledge'), {
      'projects/shop/with.md': note('api', 'With'),
      'projects/shop/sub/without.md': '# Without\n',
      'projects/shop/README.md': '# Shop\n',
    });
    const out = run(home, ['index']).out;
    assert.match(out, /### shop\n- projects\/shop\/sub\/without\.md — Without\n- projects\/shop\/with\.md — With\n\n/);
    assert.match(out, /### shop\nRelevant|### shop\nProject-tier files: 2 \(decisions: 0, patterns: 0, other: 2\)\n/);
  });

  test('adding one tagged note reports exactly its pairs; deleting one reports exactly its dead links', () => {
    const home = smallHome(config);
    assert.equal(run(home, ['index', '--write']).code, 0);
    const kf = path.join(home, 'knowledge');
    fs.writeFileSync(path.join(kf, 'guides', 'new.md'), note('api, kafka', 'New'));
    const added = check(home);
    assert.deepEqual(pairs(added.added), ['api guides/new.md', 'kafka guides/new.md']);
    assert.deepEqual([added.removed, added.deadLinks], [[], []]);
    fs.rmSync(path.join(kf, 'guides', 'new.md'));
    fs.rmSync(path.join(kf, 'approaches', 'a.md'));
    const removed = check(home);
    assert.deepEqual(removed.added, []);
    assert.deepEqual(pairs(removed.removed), ['api approaches/a.md dead-link', 'stripe approaches/a.md dead-link']);
    assert.deepEqual(removed.deadLinks, ['approaches/a.md']);
  });

  test('after --write, each tag queries exactly the notes that carry it, and check --drift finds no drift', () => {
    const home = smallHome(config);
    writeTree(path.join(home, 'knowledge'), {
      'references/Audit — Android.md': note('audit', 'Audit — the Android guide'),
      'projects/shop/p.md': note('kafka', 'P'),
    });
    assert.equal(run(home, ['index', '--write']).code, 0);
    const expected: Record<string, string[]> = {
      api: ['approaches/a.md', 'guides/deep/g.md'],
      audit: ['references/Audit — Android.md'],
      postgres: ['references/r.md'],
      stripe: ['approaches/a.md'],
      shop: ['projects/shop/p.md'],
    };
    for (const [tag, paths] of Object.entries(expected)) {
      const q = JSON.parse(run(home, ['query', tag, '--json', '--no-cache']).out) as {
        items: Array<{ path: string; available: boolean; category: string }>;
      };
      assert.deepEqual(
        q.items.filter((i) => i.category !== 'tracked-artifact').map((i) => [i.path, i.available]),
        paths.map((p) => [p, true]),
        tag,
      );
    }
    const drift = JSON.parse(run(home, ['check', '--drift', '--json']).out) as { problems: Array<{ code: string }> };
    assert.deepEqual(
      drift.problems.filter((p) => ['tags-differ', 'not-indexed'].includes(p.code)),
      [],
    );
  });
});

describe('aria-context index: carried sections (acceptance 4)', () => {
  test('every carried section is byte-identical after --write (hashed one by one)', () => {
    const home = exampleHome();
    const file = path.join(home, 'knowledge', 'index.md');
    const extra =
      '\n## Entities\n\n### Stripe\n- approaches/api-pagination.md\n\n## Skill Connections\n\n| Skill | Related |\n|---|---|\n| /codemap | x.md |\n\n## Something Unknown\nfree text — kept\n';
    fs.appendFileSync(file, extra);
    const sections = (text: string) =>
      text
        .split(/^(?=## )/m)
        .filter((s) => /^## (Known Tags|Entities|Skill Connections|Something Unknown)/.test(s))
        .map((s) => crypto.createHash('sha256').update(s.trimEnd()).digest('hex'));
    const before = sections(fs.readFileSync(file, 'utf8'));
    assert.equal(before.length, 4);
    assert.equal(run(home, ['index', '--write']).code, 0);
    assert.deepEqual(sections(fs.readFileSync(file, 'utf8')), before);
    // The Review Index is generated (§12.3): from the example's report, the same line as before
    assert.match(
      fs.readFileSync(file, 'utf8'),
      /\n## Review Index\n\n### Retrospects\n- 2026-10-12 \[deployment\] — Ship payments v2 \[PAY-12\] → closed\n\n## /,
    );
    // Each project's heading and Relevant tags line too
    assert.match(
      fs.readFileSync(file, 'utf8'),
      /### proj-a — Payments Platform\nRelevant tags: api, stripe, webhooks\n/,
    );
  });
});
