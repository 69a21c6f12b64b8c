// `aria-context index` on folders its own tests do not build: tags, aliases and Known Tags lines a
// rebuild cannot write as they are, and what check --drift says after a write (one truth).
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { makeHome, repoRoot } from '../helpers';

const cli = path.join(repoRoot, 'dist', 'cli.js');
if (!fs.existsSync(cli)) execFileSync('node', ['esbuild.mjs'], { cwd: repoRoot });
const TODAY = '2026-12-04';

function run(home: string, args: string[]) {
  const r = spawnSync('node', [cli, ...args, '--today', TODAY], {
    env: { PATH: process.env.PATH, HOME: home },
    encoding: 'utf8',
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const note = (tags: string, title: string) => `---\ntags: [${tags}]\n---\n# ${title}\n`;

function driftFindings(home: string): string[] {
  const r = run(home, ['check', '--drift', '--json']);
  const report = JSON.parse(r.out) as { problems: Array<{ code: string; message: string }> };
  return report.problems
    .filter((p) => ['tags-differ', 'not-indexed'].includes(p.code))
    .map((p) => `${p.code}: ${p.message}`);
}

describe('aria-context index: one truth with check --drift after a write', () => {
  test('a tag the rebuild cannot write as a heading (a space in it) is no drift after --write', () => {
    const home = makeHome({
      files: {
        'knowledge/approaches/a.md': note('api, two words', 'A'),
        'knowledge/approaches/b.md': note('only words here', 'B'),
      },
    });
    const written = run(home, ['index', '--write']);
    assert.equal(written.code, 0, written.out + written.err);
    assert.match(written.out, /tag "two words" cannot be a heading/);
    assert.deepEqual(driftFindings(home), []);
  });
});

describe('aria-context index: aliases.md lines Known Tags cannot say', () => {
  test('an alias or tag holding a comma, a bracket or a space is an error that stops the write', () => {
    const index = '# Knowledge Index\n\n## Known Tags\n\napi, testing\n';
    const home = makeHome({
      index,
      files: {
        'knowledge/approaches/a.md': note('api', 'A'),
        'knowledge/aliases.md':
          '- `rest` → `api`\n- `x, y` → `api`\n- `q] evil [z` → `testing`\n- `two words` → `api`\n',
      },
    });
    const checked = JSON.parse(run(home, ['index', '--check', '--json']).out) as {
      errors: Array<{ path: string; message: string }>;
    };
    assert.deepEqual(
      checked.errors.map((e) => e.path),
      ['aliases.md', 'aliases.md', 'aliases.md'],
    );
    for (const bad of ['x, y', 'q] evil [z', 'two words'])
      assert.ok(
        checked.errors.some((e) => e.message.includes(`\`${bad}\``)),
        bad,
      );
    const written = run(home, ['index', '--write']);
    assert.equal(written.code, 1, written.out);
    assert.equal(fs.readFileSync(path.join(home, 'knowledge', 'index.md'), 'utf8'), index);
    // --force writes the aliases Known Tags can say, and only those.
    assert.equal(run(home, ['index', '--write', '--force']).code, 0);
    assert.match(
      fs.readFileSync(path.join(home, 'knowledge', 'index.md'), 'utf8'),
      /^api \[aliases: rest\], testing$/m,
    );
  });
});

describe('aria-context index: Known Tags re-annotated from aliases.md, nothing else of it changed', () => {
  test('prose, headings and the line layout of Known Tags are kept; only the alias annotations change', () => {
    const known = (annotated: [string, string, string]) =>
      [
        '## Known Tags',
        '',
        'Our vocabulary, edited by hand (ask before adding):',
        '',
        `${annotated[0]}, css,`,
        `- ${annotated[1]}`,
        '',
        '#### Retired tags',
        annotated[2],
        '',
      ].join('\n');
    const index = `# Knowledge Index\n\nLast rebuilt: ${TODAY}\n\n${known(['api [aliases: http]', 'testing', 'legacy'])}`;
    const home = makeHome({
      index,
      files: {
        'knowledge/approaches/a.md': note('api', 'A'),
        'knowledge/aliases.md': '# Aliases\n\n- `rest` → `api`\n- `qa` → `testing`\n- `old` → `legacy`\n',
      },
    });
    const checked = run(home, ['index', '--check']);
    assert.match(checked.out, /Known Tags/);
    assert.equal(run(home, ['index', '--write']).code, 0);
    const text = fs.readFileSync(path.join(home, 'knowledge', 'index.md'), 'utf8');
    const block = text.slice(text.indexOf('## Known Tags'), text.indexOf('## Tag Index'));
    assert.equal(block, known(['api [aliases: rest]', 'testing [aliases: qa]', 'legacy [aliases: old]']) + '\n');
    assert.equal(run(home, ['index', '--write']).out.includes('nothing written'), true);
  });
});

describe('aria-context index: an index.md past the size bound', () => {
  test('is never read whole: --check and --write refuse it as queries do, and it is left as it is', () => {
    const home = makeHome({ files: { 'knowledge/approaches/a.md': note('api', 'A') } });
    const file = path.join(home, 'knowledge', 'index.md');
    fs.writeFileSync(file, '# Knowledge Index\n');
    fs.truncateSync(file, 65 * 1024 * 1024); // sparse: nothing is written to disk
    for (const args of [['index'], ['index', '--check'], ['index', '--write']]) {
      const r = run(home, args);
      assert.equal(r.code, 1, `${args.join(' ')}: ${r.out}${r.err}`);
      assert.match(r.out, /larger than 64 MB/, args.join(' '));
      assert.equal(r.err, '');
    }
    assert.equal(fs.statSync(file).size, 65 * 1024 * 1024);
    assert.equal(fs.existsSync(`${file}.bak`), false);
  });
});

describe('aria-context index: aliases.md as aria ships it', () => {
  test('examples in a code fence or an HTML comment are not aliases; the lines after them are', () => {
    const aliases = [
      '# Tag Aliases',
      '',
      'Format, one per line:',
      '',
      '```',
      '- `<alias>` → `<canonical>`',
      '```',
      '',
      '~~~md',
      '- `js` → `api`',
      '~~~',
      '',
      '## Aliases',
      '',
      '<!-- Add aliases below. Examples:',
      '- `rn` → `react-native`',
      '-->',
      '- `rest` → `api` <!-- why: the old name -->',
      '',
    ].join('\n');
    const home = makeHome({
      index: '# Knowledge Index\n\n## Known Tags\n\napi, react-native\n',
      files: { 'knowledge/approaches/a.md': note('api', 'A'), 'knowledge/aliases.md': aliases },
    });
    const checked = run(home, ['index', '--check']);
    assert.doesNotMatch(checked.out, /<canonical>|react-native: none/, checked.out);
    assert.equal(run(home, ['index', '--write']).code, 0);
    const text = fs.readFileSync(path.join(home, 'knowledge', 'index.md'), 'utf8');
    assert.match(text, /^api \[aliases: rest\], react-native$/m);
  });
});

describe('aria-context index --write: a backup that cannot be made', () => {
  test('index.md.bak a folder: nothing written, index.md as it was, no temporary file left behind', () => {
    const index = '# Knowledge Index\n\n## Known Tags\n\napi\n';
    const home = makeHome({
      index,
      files: { 'knowledge/approaches/a.md': note('api', 'A'), 'knowledge/index.md.bak/keep.md': 'mine\n' },
    });
    const folder = path.join(home, 'knowledge');
    const r = run(home, ['index', '--write']);
    assert.equal(r.code, 1, r.out);
    assert.match(r.out, /Not written: its backup index.md.bak could not be replaced \(EISDIR\); nothing was written/);
    assert.equal(fs.readFileSync(path.join(folder, 'index.md'), 'utf8'), index);
    assert.deepEqual(fs.readdirSync(folder).sort(), ['approaches', 'index.md', 'index.md.bak']);
    assert.deepEqual(fs.readdirSync(path.join(folder, 'index.md.bak')), ['keep.md']);
  });
});

describe('aria-context index: a long title cut to one line', () => {
  test('is cut between characters, never inside one: the index checks up to date after --write', () => {
    const title = `${'a'.repeat(298)}${'😀'.repeat(5)}`;
    const home = makeHome({ files: { 'knowledge/approaches/e.md': note('api', title) } });
    assert.equal(run(home, ['index', '--write']).code, 0);
    const text = fs.readFileSync(path.join(home, 'knowledge', 'index.md'), 'utf8');
    assert.equal(text.includes('\ufffd'), false);
    assert.match(text, /^- approaches\/e\.md — a{298}(😀)?…$/mu);
    const again = JSON.parse(run(home, ['index', '--check', '--json']).out) as { unchanged: boolean };
    assert.equal(again.unchanged, true);
  });
});

describe('aria-context index: a title is written as the note has it, its controls escaped (§12.2)', () => {
  test('a joined emoji reaches index.md as characters; a bidi mark and a tab as escape text', () => {
    const title = 'Pairing 👩\u200d💻 on \u200fRTL\u200f\tnotes';
    const home = makeHome({ files: { 'knowledge/approaches/t.md': note('api', title) } });
    assert.equal(run(home, ['index', '--write']).code, 0);
    const text = fs.readFileSync(path.join(home, 'knowledge', 'index.md'), 'utf8');
    assert.ok(text.includes('- approaches/t.md — Pairing 👩\u200d💻 on \\u200fRTL\\u200f\\u0009notes\n'), text);
    const again = JSON.parse(run(home, ['index', '--check', '--json']).out) as { unchanged: boolean };
    assert.equal(again.unchanged, true);
  });
});

describe('aria-context index: a file name that is not UTF-8', () => {
  test('is reported as refused, never silently left out', () => {
    const home = makeHome({ files: { 'knowledge/approaches/a.md': note('api', 'A') } });
    const dir = Buffer.from(path.join(home, 'knowledge', 'approaches/'));
    fs.writeFileSync(Buffer.concat([dir, Buffer.from([0x62, 0xff, 0x2e, 0x6d, 0x64])]), note('api', 'B'));
    const d = JSON.parse(run(home, ['index', '--check', '--json']).out) as {
      refused: Array<{ path: string; reason: string }>;
    };
    assert.deepEqual(
      d.refused.map((r) => r.path),
      ['approaches/b\ufffd.md'],
    );
    assert.match(d.refused[0].reason, /not valid UTF-8/);
  });
});

describe('aria-context index --check: every change is said', () => {
  test('a note grown stale and a retitled note: no pair changes, and --check names each changed line', () => {
    const home = makeHome({
      files: {
        'knowledge/approaches/a.md': `---\ntags: [api]\nlast_updated: 2026-01-01\n---\n# A\n`,
        'knowledge/approaches/b.md': note('api', 'B'),
      },
    });
    const written = spawnSync('node', [cli, 'index', '--write', '--today', '2026-05-01'], {
      env: { PATH: process.env.PATH, HOME: home },
      encoding: 'utf8',
    });
    assert.equal(written.status, 0, written.stdout);
    fs.writeFileSync(path.join(home, 'knowledge', 'approaches', 'b.md'), note('api', 'B, retitled'));
    fs.writeFileSync(path.join(home, 'knowledge', 'approaches', 'c.md'), note('css', 'C'));
    const r = run(home, ['index', '--check']);
    // A pair the diff lists is said once: not again as its heading and entry lines.
    assert.match(r.out, /^\+ css: approaches\/c\.md$/m);
    assert.doesNotMatch(r.out, /^note: Tag Index.*(### css|c\.md)/m);
    assert.match(r.out, /a rebuild changes it .*: 1 pair added, 0 pairs removed/);
    assert.match(r.out, /^note: Tag Index \(api\): removed: - approaches\/b\.md — B$/m);
    assert.match(r.out, /^note: Tag Index \(api\): added: - approaches\/b\.md — B, retitled$/m);
    assert.match(r.out, /^note: Stale Files: added: ### approaches\/a\.md$/m);
    assert.doesNotMatch(r.out, /^note: .*: [-+] - /m); // never two dashes, as if a second bullet
  });
});

describe('aria-context index: an index.md that is not a file', () => {
  test('a folder named index.md: a clear message in the product’s words, no slash command, exit 1', () => {
    const home = makeHome({
      files: { 'knowledge/approaches/a.md': note('api', 'A'), 'knowledge/index.md/x.md': 'x\n' },
    });
    for (const args of [['index'], ['index', '--check'], ['index', '--write']]) {
      const r = run(home, args);
      assert.equal(r.code, 1, args.join(' '));
      assert.match(r.out, /index\.md: it is not a regular file\.\n$/, args.join(' '));
      assert.doesNotMatch(r.out, /Run \/|\s\/(index|setup)\b/, args.join(' '));
    }
  });
});

describe('aria-context index: a dangling symlink among the notes', () => {
  test('is reported as refused, never silently left out', () => {
    const home = makeHome({ files: { 'knowledge/approaches/a.md': note('api', 'A') } });
    fs.symlinkSync(path.join(home, 'gone.md'), path.join(home, 'knowledge', 'approaches', 'link.md'));
    const d = JSON.parse(run(home, ['index', '--check', '--json']).out) as {
      refused: Array<{ path: string; reason: string }>;
    };
    assert.deepEqual(
      d.refused.map((r) => r.path),
      ['approaches/link.md'],
    );
    // §9 one verdict for a symlink whose real path cannot be proved inside: no existence probe
    assert.match(d.refused[0].reason, /its real path \(after symlinks\) is outside the allowed folders/);
  });
});
