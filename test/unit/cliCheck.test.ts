// `aria-context check`: the index health the editor shows in Problems, from the built CLI on
// real folders, for scripts and CI (exit 1 on an error, 2 usage, 3 not configured or no index).
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { INDEX_HEADER, makeHome, repoRoot, tempDir, writeTree, lineOf, containing } from '../helpers';

const cli = path.join(repoRoot, 'dist', 'cli.js');
if (!fs.existsSync(cli)) execFileSync('node', ['esbuild.mjs'], { cwd: repoRoot });

function run(args: string[], home: string) {
  const r = spawnSync('node', [cli, 'check', ...args], {
    env: { PATH: process.env.PATH, HOME: home },
    encoding: 'utf8',
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

interface Problem {
  line: number;
  severity: string;
  code: string;
  message: string;
  related?: { line: number; message: string };
  file?: string;
}

function problems(args: string[], home: string): { code: number | null; problems: Problem[]; summary: string } {
  const r = run(['--json', ...args], home);
  const json = JSON.parse(r.out) as { problems: Problem[]; summary: string };
  return { code: r.code, ...json };
}

const CLEAN = `${INDEX_HEADER}## Known Tags\napi\n\n## Tag Index\n### api\n- guides/a.md — A\n`;
const NOTE_A = '---\ntags: [api]\n---\n# A\n';

describe('aria-context check', () => {
  test('a clean index: no problem lines, the summary, exit 0', () => {
    const home = makeHome({ index: CLEAN, files: { 'knowledge/guides/a.md': NOTE_A } });
    const r = run(['--today', '2026-11-14'], home);
    assert.equal(r.code, 0);
    assert.equal(r.err, '');
    assert.equal(
      r.out,
      'index.md: no problems; rebuilt 12 days ago; notes not compared with the index (add --drift)\n',
    );
  });

  test('refused entries (a path leaving the folder, a symlink out of it) are errors with code refused, exit 1', () => {
    const outside = tempDir('aria-outside-');
    writeTree(outside, { 'secret.md': '# secret\n' });
    const index = `${INDEX_HEADER}## Tag Index\n### api\n- guides/a.md — A\n- ../outside.md — Leaves\n- guides/evil.md — Symlink out\n- refs/secret.md — Through a linked folder\n`;
    const home = makeHome({ index, files: { 'knowledge/guides/a.md': NOTE_A } });
    fs.symlinkSync(path.join(outside, 'secret.md'), path.join(home, 'knowledge', 'guides', 'evil.md'));
    fs.symlinkSync(outside, path.join(home, 'knowledge', 'refs'));

    const json = problems([], home);
    assert.equal(json.code, 1);
    const refused = json.problems.filter((p) => p.code === 'refused');
    assert.deepEqual(
      refused.map((p) => [p.line, p.severity]),
      [
        [lineOf(index, containing('../outside.md')), 'error'],
        [lineOf(index, containing('guides/evil.md')), 'error'],
        [lineOf(index, containing('refs/secret.md')), 'error'],
      ],
    );
    assert.match(refused[0].message, /^Refused \.\.\/outside\.md: the path leaves the knowledge folder/);
    assert.match(
      refused[1].message,
      /^Refused guides\/evil\.md: its real path \(after symlinks\) is outside the allowed folders/,
    );
    assert.match(
      refused[2].message,
      /^Refused refs\/secret\.md: its real path \(after symlinks\) is outside the allowed folders/,
    );
    assert.match(json.summary, /3 problems \(3 errors\): 3 refused entries;/);

    // The text form: one compiler-style line per problem, then the summary.
    const text = run([], home);
    assert.equal(text.code, 1);
    const indexFile = path.join(home, 'knowledge', 'index.md');
    const lines = text.out.trimEnd().split('\n');
    assert.equal(lines.length, 4);
    assert.equal(
      lines[0],
      `${indexFile}:${lineOf(index, containing('../outside.md'))}: error refused: ${refused[0].message}`,
    );
    assert.equal(
      lines[1],
      `${indexFile}:${lineOf(index, containing('guides/evil.md'))}: error refused: ${refused[1].message}`,
    );
    assert.equal(lines[3], json.summary);
  });

  test('a symlink that stays inside the folder is a normal entry; one to nothing is refused like one leading out (§9: only a plain name is missing)', () => {
    const index = `${INDEX_HEADER}## Tag Index\n### api\n- guides/a.md — A\n- guides/alias.md — Link in\n- guides/dangling.md — Link to nothing\n`;
    const home = makeHome({ index, files: { 'knowledge/guides/a.md': NOTE_A } });
    fs.symlinkSync('a.md', path.join(home, 'knowledge', 'guides', 'alias.md'));
    fs.symlinkSync('nothing.md', path.join(home, 'knowledge', 'guides', 'dangling.md'));
    const json = problems([], home);
    assert.deepEqual(
      json.problems.map((p) => [p.line, p.code]),
      [[lineOf(index, containing('guides/dangling.md')), 'refused']],
    );
    assert.equal(json.code, 1);
  });

  test('a missing file is a warning with code missing-file: reported, exit 0', () => {
    const index = `${INDEX_HEADER}## Tag Index\n### api\n- guides/a.md — A\n- guides/gone.md — Gone\n`;
    const home = makeHome({ index, files: { 'knowledge/guides/a.md': NOTE_A } });
    const json = problems([], home);
    assert.equal(json.code, 0);
    assert.deepEqual(json.problems, [
      {
        line: lineOf(index, containing('guides/gone.md')),
        severity: 'warning',
        code: 'missing-file',
        message: 'guides/gone.md does not exist (moved or deleted since the index was last rebuilt?)',
      },
    ]);
    assert.match(json.summary, /^index\.md: 1 problem \(1 warning\): 1 missing file; rebuilt /);
  });

  test('--json prints {problems, summary}; each problem has line, severity, code, message, and related where there is one', () => {
    const index = `${INDEX_HEADER}## Known Tags\napi, orphan\n\n## Tag Index\n### api\n- guides/a.md — A\n- guides/a.md — A again\n`;
    const home = makeHome({ index, files: { 'knowledge/guides/a.md': NOTE_A } });
    const r = run(['--json', '--today', '2026-11-02'], home);
    assert.equal(r.code, 0);
    const json = JSON.parse(r.out) as { problems: Problem[]; summary: string };
    assert.deepEqual(Object.keys(json), ['problems', 'summary']);
    assert.deepEqual(json.problems, [
      {
        line: lineOf(index, containing('A again')),
        severity: 'warning',
        code: 'duplicate',
        message: `guides/a.md is listed twice under ### api (first on line ${lineOf(index, containing('guides/a.md — A'))})`,
        related: { line: lineOf(index, containing('guides/a.md — A')), message: 'first listed here' },
      },
      {
        line: lineOf(index, containing('api, orphan')),
        severity: 'info',
        code: 'unused-tag',
        message: 'Known tag orphan has no files',
      },
    ]);
    assert.equal(
      json.summary,
      'index.md: 2 problems (1 warning, 1 info): 1 duplicate entry, 1 tag without files; rebuilt today; notes not compared with the index (add --drift)',
    );
  });

  test('--drift adds the front-matter scan: a tagged note the index does not list, on the Last rebuilt line, with its file', () => {
    const home = makeHome({
      index: CLEAN,
      files: { 'knowledge/guides/a.md': NOTE_A, 'knowledge/guides/new.md': '---\ntags: [webhooks]\n---\n# New\n' },
    });
    const before = new Date('2026-11-01T12:00:00'); // both notes older than Last rebuilt: no newer-than-index
    for (const note of ['a.md', 'new.md']) fs.utimesSync(path.join(home, 'knowledge', 'guides', note), before, before);
    assert.deepEqual(problems([], home).problems, []);
    const json = problems(['--drift'], home);
    assert.equal(json.code, 0);
    assert.deepEqual(
      json.problems.map((p) => [p.line, p.severity, p.code, p.file]),
      [
        [
          lineOf(CLEAN, containing('Last rebuilt')),
          'warning',
          'not-indexed',
          path.join(home, 'knowledge', 'guides', 'new.md'),
        ],
      ],
    );
    assert.match(json.problems[0].message, /^guides\/new\.md \(tags: webhooks\) is not in the index/);
    assert.match(json.summary, /; 2 notes compared with the index$/);
  });

  test('not configured or no index: exit 3 with the message query gives; bad usage: exit 2', () => {
    const empty = tempDir();
    const query = (home: string) =>
      spawnSync('node', [cli, 'query', 'api'], { env: { PATH: process.env.PATH, HOME: home }, encoding: 'utf8' })
        .stdout;
    const notConfigured = run([], empty);
    assert.deepEqual(notConfigured, { code: 3, out: query(empty), err: '' });
    assert.match(notConfigured.out, /^aria-knowledge is not configured\. Looked for aria-knowledge\.local\.md in: /);
    assert.deepEqual(JSON.parse(run(['--json'], empty).out), {
      error: { code: 'not-configured', message: notConfigured.out.trimEnd() },
    });
    const noIndex = makeHome({ files: { 'knowledge/a.md': '# A\n' } });
    assert.deepEqual(run([], noIndex), {
      code: 3,
      out: `No index.md in the knowledge folder ${path.join(noIndex, 'knowledge')}. Build it from your notes with: aria-context index --write\n`,
      err: '',
    });
    assert.deepEqual(run([], noIndex), { code: 3, out: query(noIndex), err: '' });
    const missingConfig = run(['--config', path.join(empty, 'none.md')], empty);
    assert.equal(missingConfig.code, 3);
    assert.match(missingConfig.out, /^Config file not found: /);

    const home = makeHome({ index: CLEAN, files: { 'knowledge/guides/a.md': NOTE_A } });
    for (const args of [['--bogus'], ['api'], ['--load', 'all'], ['--today', '2026-02-30'], ['--folder']]) {
      const r = run(args, home);
      assert.equal(r.code, 2, args.join(' '));
      assert.doesNotMatch(r.out, /\n\s+at /, 'no stack trace');
    }
    assert.match(run(['api'], home).out, /check takes no tokens/);
    assert.equal(JSON.parse(run(['--json', '--bogus'], home).out).error.code, 'usage');
  });

  test('--folder, --config and --today work as for query', () => {
    const home = makeHome({ index: CLEAN, files: { 'knowledge/guides/a.md': NOTE_A } });
    const other = tempDir();
    writeTree(other, { 'kb/index.md': `${INDEX_HEADER}## Tag Index\n### api\n- gone.md — Gone\n` });
    assert.deepEqual(
      problems(['--folder', path.join(other, 'kb')], home).problems.map((p) => p.code),
      ['missing-file'],
    );
    writeTree(other, { 'cfg.md': `---\nknowledge_folder: ${path.join(other, 'kb')}\n---\n` });
    assert.deepEqual(
      problems(['--config', path.join(other, 'cfg.md')], home).problems.map((p) => p.code),
      ['missing-file'],
    );
    assert.match(problems(['--today', '2026-11-12'], home).summary, /rebuilt 10 days ago/);
    assert.equal(run(['--folder', 'relative/kb'], home).code, 2);
  });

  test("--help is check's own usage, --drift included", () => {
    assert.match(run(['--help'], tempDir()).out, /^Usage: aria-context check \[--json\].* \[--drift\]$/m);
  });

  // §F5 and §F6: these spellings are the Tag Index section; queries refuse its entries there.
  // Fails until index health takes its lines from the parser (src/core/indexLines.ts reads `## ` headings its own way).
  test('refused and missing entries are reported under every heading spelling the spec accepts', () => {
    for (const heading of [
      '## Tag Index',
      '## Tag  Index',
      '## Tag Index ##',
      '## tag index',
      '##\tTAG   index',
      '  ## Tag Index #',
    ]) {
      const index = `${INDEX_HEADER}${heading}\n### api\n- guides/a.md — A\n- ../outside.md — Leaves\n- guides/gone.md — Gone\n`;
      const home = makeHome({ index, files: { 'knowledge/guides/a.md': NOTE_A } });
      const json = problems([], home);
      assert.deepEqual(
        json.problems.map((p) => [p.line, p.code]),
        [
          [lineOf(index, containing('../outside.md')), 'refused'],
          [lineOf(index, containing('guides/gone.md')), 'missing-file'],
        ],
        JSON.stringify(heading),
      );
      assert.equal(json.code, 1, JSON.stringify(heading));
    }
  });
});

describe('aria-context check: rule breaks of the differential run (§10, §F5)', () => {
  test('more than 50 unreadable lines: every one is listed (up to 200), on its own line, and the summary counts them all', () => {
    const bad = Array.from({ length: 60 }, (_, i) => `not an entry ${i}`).join('\n');
    const index = `${INDEX_HEADER}## Known Tags\napi\n\n## Tag Index\n### api\n- guides/a.md — A\n${bad}\n`;
    const home = makeHome({ index, files: { 'knowledge/guides/a.md': NOTE_A } });
    const r = problems([], home);
    const unparsed = r.problems.filter((p) => p.code === 'unparsed');
    assert.equal(unparsed.length, 60);
    assert.deepEqual(
      unparsed.map((p) => p.line),
      Array.from({ length: 60 }, (_, i) => lineOf(index, `not an entry ${i}`)),
    );
    assert.ok(!r.problems.some((p) => /more problem line/.test(p.message)), "the parser's cap line is no problem");
    assert.match(r.summary, /60 /);
  });

  test('past 200 of one kind: 200 listed, one line says how many more, the summary counts every one', () => {
    const bad = Array.from({ length: 250 }, (_, i) => `junk ${i}`).join('\n');
    const home = makeHome({ index: `${INDEX_HEADER}## Tag Index\n### api\n${bad}\n` });
    const r = problems([], home);
    const unparsed = r.problems.filter((p) => p.code === 'unparsed');
    assert.equal(unparsed.length, 201);
    assert.match(unparsed[200].message, /50 more problems of this kind not listed/);
    assert.match(r.summary, /250 /);
  });

  test('§F5: a #### line inside Known Tags declares nothing and is warned about', () => {
    const index = `${INDEX_HEADER}## Known Tags\napi\n#### Retired tags, cache [aliases: kv]\n\n## Tag Index\n### api\n- guides/a.md — A\n`;
    const home = makeHome({ index, files: { 'knowledge/guides/a.md': NOTE_A } });
    const r = problems([], home);
    assert.deepEqual(
      r.problems.filter((p) => p.code === 'unparsed').map((p) => p.line),
      [lineOf(index, containing('#### Retired'))],
    );
    const tags = spawnSync('node', [cli, 'tags', '--json'], {
      env: { PATH: process.env.PATH, HOME: home },
      encoding: 'utf8',
    });
    const names = (JSON.parse(tags.stdout) as { tags: Array<{ name: string; aliases: string[] }> }).tags;
    assert.deepEqual(
      names.map((t) => [t.name, t.aliases]),
      [['api', []]],
    );
  });
});

describe('aria-context check --drift: one scan with the index generator (§12.1)', () => {
  test("§10: exactly the generator's notes, projects/ included; never archive/, intake/, logs/, root files or an unnamed project", () => {
    const tagged = '---\ntags: [api]\n---\n# N\n';
    const home = makeHome({
      config: { projects_enabled: 'true', projects_list: 'shop:shop' },
      index: CLEAN,
      files: {
        'knowledge/guides/a.md': NOTE_A,
        'knowledge/references/deep/r.md': tagged,
        'knowledge/projects/shop/p.md': tagged,
        'knowledge/projects/other/o.md': tagged,
        'knowledge/archive/old.md': tagged,
        'knowledge/intake/i.md': tagged,
        'knowledge/logs/l.md': tagged,
        'knowledge/root.md': tagged,
        'knowledge/approaches/sub/deeper.md': tagged,
      },
    });
    const r = problems(['--drift'], home);
    const notIndexed = r.problems
      .filter((p) => p.code === 'not-indexed')
      .map((p) => /^(\S+) /.exec(p.message)?.[1])
      .sort();
    assert.deepEqual(notIndexed, ['projects/shop/p.md', 'references/deep/r.md'], JSON.stringify(r.problems));
  });

  test('the bundled example: archive/old-api-notes.md is no note (/index never catalogues archive/)', () => {
    const home = path.join(tempDir('aria-drift-'), 'home');
    fs.cpSync(path.join(repoRoot, 'examples', 'knowledge-home'), home, { recursive: true });
    const r = problems(['--drift', '--today', '2026-12-04'], home);
    const drift = r.problems.filter((p) => ['not-indexed', 'tags-differ'].includes(p.code));
    assert.ok(!drift.some((p) => p.message.includes('archive/')), JSON.stringify(drift));
    // What it does report is what `aria-context index --check` would add: the path-derived tags
    assert.ok(
      drift.length > 0 && drift.every((p) => /adds (proj-|cross)|is not in the index/.test(p.message)),
      JSON.stringify(drift),
    );
  });
});
