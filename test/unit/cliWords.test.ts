// The CLI speaks to a person at a terminal: whatever goes wrong, it never tells them to run a
// slash command (/setup, /index, /context are aria-knowledge's, typed in an agent). Every
// command, on every kind of trouble, through the built dist/cli.js.
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { fixtureCopy, INDEX_HEADER, makeHome, repoRoot, tempDir } from '../helpers';

const cli = path.join(repoRoot, 'dist', 'cli.js');
if (!fs.existsSync(cli)) execFileSync('node', ['esbuild.mjs'], { cwd: repoRoot });

const SLASH_COMMAND = /(^|[^\w./-])\/(setup|index|context)\b/;

function run(home: string, args: string[]): string {
  const r = spawnSync(process.execPath, [cli, ...args], {
    env: { PATH: process.env.PATH, HOME: home, ARIA_CONTEXT_NO_CACHE: '1' },
    input: '',
    encoding: 'utf8',
  });
  return `${r.stdout}${r.stderr}`;
}

test('no command, on any trouble, tells a terminal user to run /setup, /index or /context', () => {
  const empty = tempDir('aria-words-empty-');
  const noIndex = makeHome({});
  const badConfig = makeHome({ config: { knowledge_folder: 'relative/kb' } });
  const example = fixtureCopy('aria-words-example-');
  fs.writeFileSync(path.join(example, 'knowledge', 'intake', 'ideas-backlog.md'), '# legacy\n');
  const tags = JSON.parse(run(example, ['tags', '--json'])) as { tags: { name: string; kind: string }[] };
  const project = tags.tags.find((t) => t.kind === 'project')?.name;
  assert.ok(project, 'the example has a project key');

  // index problems of every kind `check` reports: a missing note, a note not in the index, an unused tag
  const unhealthy = makeHome({
    index: `${INDEX_HEADER}## Known Tags\n- api\n- unused\n\n## Tag Index\n### api\n- gone.md — Gone\n- a.md — A\n`,
    files: {
      'knowledge/a.md': '---\ntags: [api, other]\n---\n# A\n',
      'knowledge/b.md': '---\ntags: [api]\n---\n# B\n',
    },
  });
  const runs: [string, string[]][] = [
    [unhealthy, ['check']],
    [unhealthy, ['check', '--drift']],
    [unhealthy, ['check', '--json', '--drift']],
    [unhealthy, ['tags']],
    [unhealthy, ['query', 'api', '--load', 'all']],
  ];
  for (const home of [empty, noIndex, badConfig])
    for (const args of [
      ['query', 'api'],
      ['query', 'api', '--json'],
      ['check'],
      ['tags'],
      ['doctor'],
      ['doctor', '--json'],
    ])
      runs.push([home, args]);
  runs.push(
    [empty, ['query']],
    [empty, ['query', 'AND']],
    [empty, ['frobnicate']],
    [empty, ['setup', 'claude-code']],
    [noIndex, ['setup', 'codex']],
    [example, ['query', 'no-such-tag']],
    [example, ['query', project]],
    [example, ['query', project, '--load', 'all']],
    [example, ['query', 'stripe', '--load', '1']],
  );
  let legacySeen = false;
  for (const [home, args] of runs) {
    // a pending idea's title is the user's own text (the example has one naming /setup)
    const out = run(home, args)
      .split('\n')
      .filter((line) => !/^- \d{4}-\d{2}-\d{2} /.test(line))
      .join('\n');
    assert.doesNotMatch(out, SLASH_COMMAND, `aria-context ${args.join(' ')}:\n${out}`);
    if (/Legacy ideas-backlog\.md detected/.test(out)) legacySeen = true;
  }
  assert.ok(legacySeen, 'the legacy backlog note was among the outputs checked');
  assert.match(
    run(unhealthy, ['check']),
    /gone\.md does not exist \(moved or deleted since the index was last rebuilt\?\)/,
  );
  assert.match(run(example, ['query', 'no-such-tag']), /aria-context index --write/);
  assert.match(run(example, ['query', 'stripe', '--load', '1']), /^Loaded 1 knowledge file into context\.$/m);
});
