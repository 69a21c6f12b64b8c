// §12.2, §12.9 The rebuild held to its readers' bounds, through the built CLI on real folders: a
// note gives at most 500 tags and hints (the rest said, naming it); a rebuild past the readers'
// 64 MB cap or §F44 item budget is never made nor written, --force or not, and names the notes
// that contribute most; a reader's over-cap advice sends the user to something that works.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { loadConfig } from '../../src/core/config/config';
import { overReadersCap, rebuildSize } from '../../src/core/indexGen/bounds';
import { generateIndex, IndexScan } from '../../src/core/indexGen/generate';
import { runIndexCli } from '../cliRun';
import { makeHome } from '../helpers';

const run = runIndexCli;

const INDEX = '# Knowledge Index\n\n## Known Tags\n\napi\n';
const list = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`).join(', ');

/** `count` notes under guides/, each with `tags(n)` as its tags and `title` as its heading. */
function notes(count: number, tags: (n: number) => string, title: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (let n = 0; n < count; n++) files[`knowledge/guides/n${n}.md`] = `---\ntags: [${tags(n)}]\n---\n# ${title}\n`;
  return files;
}

describe('one note contributes at most 500 tags and 500 hints (§12.2)', () => {
  test('the rest is left out, with a warning naming the note; check --drift agrees with the rebuild', () => {
    const home = makeHome({
      index: INDEX,
      files: {
        'knowledge/guides/many.md': `---\ntags: [${list('t', 800)}]\nsemantic-hints: [${list('how to ', 600)}]\n---\n# Many\n`,
        'knowledge/guides/few.md': '---\ntags: [api]\n---\n# Few\n',
      },
    });
    const r = run(home, ['index', '--check']);
    assert.equal(r.code, 0, r.out);
    assert.match(
      r.out,
      /^note: guides\/many\.md declares 800 tags and 600 semantic hints: only the first 500 tags and 500 hints of a note are indexed; the rest are left out$/m,
    );
    const d = JSON.parse(run(home, ['index', '--check', '--json']).out) as {
      added: Array<{ tag: string; path: string }>;
    };
    const many = d.added.filter((p) => p.path === 'guides/many.md').map((p) => p.tag);
    assert.equal(many.length, 500);
    assert.ok(many.includes('t499') && !many.includes('t500'));
    assert.equal(run(home, ['index', '--write']).code, 0);
    const text = fs.readFileSync(path.join(home, 'knowledge', 'index.md'), 'utf8');
    assert.equal((text.match(/^### how to \d+$/gm) ?? []).length, 500);
    const drift = JSON.parse(run(home, ['check', '--drift', '--json']).out) as { problems: Array<{ code: string }> };
    assert.deepEqual(
      drift.problems.filter((p) => p.code === 'tags-differ' || p.code === 'not-indexed'),
      [],
    );
  });
});

test('past 50 notes cut to their share, the rest are counted in one line', () => {
  const home = makeHome({ index: INDEX, files: notes(55, () => list('t', 501), 'T') });
  const out = run(home, ['index', '--check']).out;
  assert.equal((out.match(/^note: guides\/n\d+\.md declares 501 tags/gm) ?? []).length, 50);
  assert.match(out, /^note: and 5 more notes declare more than 500 tags or hints$/m);
});

describe('a rebuild its readers would refuse is never made (§12.9)', () => {
  test('past 64 MB: no rebuild printed or written, --force neither; the notes that contribute most are named', () => {
    // 450 notes of 500 tags and a 298-character title: under 2 MB of notes, about 70 MB of rebuild
    const home = makeHome({ index: INDEX, files: notes(450, () => list('t', 500), 'T'.repeat(298)) });
    const file = path.join(home, 'knowledge', 'index.md');
    for (const args of [['index'], ['index', '--write'], ['index', '--write', '--force']]) {
      const r = run(home, args);
      assert.equal(r.code, 1, `${args.join(' ')}: ${r.out.slice(0, 500)}`);
      assert.match(r.out, /the rebuild would be more than 64 MB \(at least \d+\.\d MB\), which no reader/);
      assert.match(r.out, /The notes that contribute most: guides\/n\d+\.md \(\d+ KB: 500 tags, 0 hints\)/);
      assert.doesNotMatch(r.out, /### t1\b/, 'nothing of the rebuild is printed');
      assert.equal(fs.readFileSync(file, 'utf8'), INDEX, args.join(' '));
      assert.equal(fs.existsSync(`${file}.bak`), false);
    }
    const d = JSON.parse(run(home, ['index', '--check', '--json']).out) as {
      errors: Array<{ path: string; message: string }>;
      notesScanned: number;
    };
    assert.equal(d.notesScanned, 450);
    assert.match(d.errors[0].message, /more than 64 MB/);
  });

  test('past the §F44 item budget (entries and lists), though under 64 MB: refused the same way', () => {
    // 300 notes of 500 tags of their own: 300,000 items in about 4 MB
    const home = makeHome({ index: INDEX, files: notes(300, (n) => list(`n${n}x`, 500), 'T') });
    const file = path.join(home, 'knowledge', 'index.md');
    const r = run(home, ['index', '--write', '--force']);
    assert.equal(r.code, 1, r.out.slice(-800));
    assert.match(r.out, /more entries and lists than an index\.md of its size may declare \(at most [\d,]+\)/);
    assert.match(r.out, /The notes that contribute most: guides\/n\d+\.md/);
    assert.equal(fs.readFileSync(file, 'utf8'), INDEX);
  });

  test('a reader refusing an index.md over 64 MB does not advise a command that refuses it too', () => {
    const home = makeHome({ index: INDEX, files: { 'knowledge/guides/a.md': '---\ntags: [api]\n---\n# A\n' } });
    const file = path.join(home, 'knowledge', 'index.md');
    fs.truncateSync(file, 64 * 1024 * 1024 + 1); // sparse
    const q = run(home, ['query', 'api']);
    assert.match(q.out + q.err, /is larger than 64 MB/);
    assert.doesNotMatch(q.out + q.err, /Rebuild it \(aria-context index --write\)/);
    // What it advises works: with the generated sections gone, the rebuild reads and replaces it.
    assert.match(q.out + q.err, /delete its generated sections .* and run aria-context index --write/);
    fs.writeFileSync(file, INDEX);
    assert.equal(run(home, ['index', '--write']).code, 0);
  });
});

test('the size counted before the rebuild is built is close to the rebuild (no real index is refused for a guess)', () => {
  const files: Record<string, string> = {};
  for (let n = 0; n < 300; n++)
    files[`knowledge/guides/g${n}.md`] =
      `---\ntags: [api, topic-${n % 40}, t${n}]\nsemantic-hints: [how to ${n % 25}]\nlast_updated: 2025-01-0${(n % 9) + 1}\n---\n# Guide ${n}: a title of ordinary length\n`;
  files['knowledge/references/untagged.md'] = '# Untagged reference\n';
  const index = `${INDEX}\n## Review Index\n\n${'- a carried review line\n'.repeat(50)}`;
  const home = makeHome({ index, files });
  const outcome = loadConfig({ home, env: {}, trustedWorkspaceFolders: [] });
  assert.ok(outcome.ok);
  const scan = new IndexScan(outcome.config).runAll();
  const build = generateIndex(scan, index, { today: '2026-12-04' });
  assert.equal(build.refusal, null);
  const settings = { today: '2026-12-04', promotionThreshold: 3, stalenessMonths: 6 };
  const counted = rebuildSize(scan.notes, index, 0, settings).bytes;
  const actual = Buffer.byteLength(build.text);
  assert.ok(counted >= actual * 0.95 && counted <= actual * 1.2, `counted ${counted}, the rebuild is ${actual}`);
});

test("when index.md's own carried sections are most of a rebuild too large, the refusal says so", () => {
  const MB = 1024 * 1024;
  const top = [{ path: 'guides/a.md', bytes: 2 * MB, tags: 500, hints: 0 }];
  assert.equal(overReadersCap({ bytes: 10 * MB, items: 1000 }, { top, carried: 8 * MB }), null);
  const carried = overReadersCap({ bytes: 70 * MB, items: 1000 }, { top, carried: 60 * MB });
  assert.match(carried ?? '', /guides\/a\.md \(2\.0 MB: 500 tags, 0 hints\)/);
  assert.match(
    carried ?? '',
    /index\.md's own sections, which a rebuild carries \(Known Tags, Entities, …\), are 60\.0 MB of it: trim them there$/,
  );
  const notesOnly = overReadersCap({ bytes: 70 * MB, items: 1000 }, { top, carried: 1 * MB });
  assert.doesNotMatch(notesOnly ?? '', /own sections/);
  assert.match(
    overReadersCap({ bytes: 70 * MB, items: 0 }, { top: [], carried: 69 * MB }) ?? '',
    /even with --force\. index\.md's own sections/,
  );
});
