// The CLI's small truths around the index (§10, §12.8, §F28, §F44), through the built CLI on real
// folders: `tags` past the item budget says so and lists what it read; `index --check` says what it
// would create, how many notes it read (as `check --drift` counts them) and which hand-written
// lines a rebuild drops; `Last rebuilt:` keeps its hand text; no changed line reads as two bullets.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { runIndexCli } from '../cliRun';
import { makeHome } from '../helpers';

const run = runIndexCli;

const note = (tags: string, title: string) => `---\ntags: [${tags}]\n---\n# ${title}\n`;

describe('aria-context tags past the §F44 item budget', () => {
  test('lists the tags it read, says where the index was cut, exits 1', () => {
    // Other Tags first, then more hint entries than the budget: Known Tags (read last) are past the cut
    const hints = Array.from({ length: 200_000 }, (_, i) => `- a${i}.md\n`).join('');
    const index = `# Knowledge Index\n\n## Other Tags\n\n### zed\n- y.md — Y\n\n## Semantic Hints Index\n\n### how to\n${hints}\n## Known Tags\n\napi\n`;
    const home = makeHome({ index });
    const r = run(home, ['tags']);
    assert.equal(r.code, 1, r.out);
    assert.match(r.out, /^zed \(other\): /m);
    assert.doesNotMatch(r.out, /The index lists no tags/);
    assert.match(
      r.out,
      /^Warning: index\.md line \d+: more entries, tags and aliases than an index\.md of this size may declare/m,
    );
    const j = run(home, ['tags', '--json']);
    assert.equal(j.code, 1);
    const parsed = JSON.parse(j.out) as { tags: Array<{ name: string }>; warnings: string[] };
    assert.deepEqual(
      parsed.tags.map((t) => t.name),
      ['zed'],
    );
    assert.match(parsed.warnings[0], /from this one on they were ignored/);
  });
});

describe('aria-context index --check: what it reports', () => {
  test('without index.md it says a rebuild would create one', () => {
    const home = makeHome({ files: { 'knowledge/guides/a.md': note('api', 'A') } });
    const r = run(home, ['index', '--check']);
    assert.equal(r.code, 0);
    assert.match(r.out, /^index\.md: none yet; a rebuild creates it \(1 note scanned\)/m);
    assert.doesNotMatch(r.out, /a rebuild changes it/);
  });

  test('--json: notesScanned, counted as check --drift counts (README stubs are not notes)', () => {
    const home = makeHome({
      index: '# Knowledge Index\n\n## Known Tags\n\napi\n',
      files: {
        'knowledge/guides/a.md': note('api', 'A'),
        'knowledge/references/b.md': '# Untagged\n',
        'knowledge/guides/README.md': '# Guides\n',
        'knowledge/references/readme.md': '# References\n',
        'knowledge/approaches/README.md': '# Approaches\n',
      },
    });
    const d = JSON.parse(run(home, ['index', '--check', '--json']).out) as { notesScanned: number };
    assert.equal(d.notesScanned, 2);
    assert.match(run(home, ['index', '--check']).out, /\(2 notes scanned\)/);
    const drift = JSON.parse(run(home, ['check', '--drift', '--json']).out) as { summary: string };
    assert.match(drift.summary, /2 notes compared with the index/);
  });

  test('--json lists the hand-written lines a rebuild drops, with their line numbers; the text says them', () => {
    const index = [
      '# Knowledge Index', // 1
      '', // 2
      '## Known Tags', // 3
      '', // 4
      'api', // 5
      '', // 6
      '## Tag Index', // 7
      '', // 8
      'Curated by hand: keep this.', // 9
      '### api', // 10
      '- guides/a.md — A', // 11
      '#### pinned', // 12
      '', // 13
      '## Stale Files', // 14
      '### guides/a.md', // 15
      'Last updated: 2026-01-01 (11 months ago) — threshold: 6 months', // 16
      '| a table | row |', // 17
      '',
    ].join('\n');
    const home = makeHome({ index, files: { 'knowledge/guides/a.md': note('api', 'A') } });
    const d = JSON.parse(run(home, ['index', '--check', '--json']).out) as {
      droppedLines: Array<{ line: number; section: string | null; text: string }>;
      droppedLinesNotListed: number;
    };
    assert.deepEqual(d.droppedLines, [
      { line: 9, section: 'Tag Index', text: 'Curated by hand: keep this.' },
      { line: 12, section: 'Tag Index', text: '#### pinned' },
      { line: 17, section: 'Stale Files', text: '| a table | row |' },
    ]);
    assert.equal(d.droppedLinesNotListed, 0);
    const r = run(home, ['index', '--check']);
    assert.match(r.out, /^dropped: index\.md line 9 \(Tag Index\): Curated by hand: keep this\.$/m);
    assert.match(r.out, /3 hand-written lines dropped/);
  });

  test('Last rebuilt: the hand text after the date is kept; a changed entry line never reads as two bullets', () => {
    const index =
      '# Knowledge Index\n\nLast rebuilt: 2026-11-02 (41st pass)\n\n## Known Tags\n\napi\n\n## Untagged Files\n\n- guides/u.md — Old title (no tags in frontmatter)\n';
    const home = makeHome({
      index,
      files: { 'knowledge/guides/a.md': note('api', 'A'), 'knowledge/guides/u.md': '# New title\n' },
    });
    const check = run(home, ['index', '--check']);
    assert.match(check.out, /^note: Untagged Files: removed: - guides\/u\.md — Old title/m);
    assert.doesNotMatch(check.out, /: - - /);
    assert.equal(run(home, ['index', '--write']).code, 0);
    const text = fs.readFileSync(path.join(home, 'knowledge', 'index.md'), 'utf8');
    assert.match(text, /^Last rebuilt: 2026-12-04 \(41st pass\)$/m);
    // A value that is no date is replaced, and said as dropped first (by a rebuild that changes something).
    fs.writeFileSync(path.join(home, 'knowledge', 'guides', 'b.md'), note('api', 'B'));
    fs.writeFileSync(
      path.join(home, 'knowledge', 'index.md'),
      text.replace(/^Last rebuilt: .*$/m, 'Last rebuilt: never'),
    );
    const d = JSON.parse(run(home, ['index', '--check', '--json']).out) as { droppedLines: Array<{ text: string }> };
    assert.deepEqual(
      d.droppedLines.map((l) => l.text),
      ['Last rebuilt: never'],
    );
  });
});
