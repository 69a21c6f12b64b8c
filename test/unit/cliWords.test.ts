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

// aria-knowledge's skills a query's lines name (§4d: codemap, stitch) as well as its /context flow's
const SLASH_COMMAND = /(^|[^\w./-])\/(setup|index|context|codemap|stitch)\b/;

function run(home: string, args: string[]): string {
  const r = spawnSync(process.execPath, [cli, ...args], {
    env: { PATH: process.env.PATH, HOME: home, ARIA_CONTEXT_NO_CACHE: '1' },
    input: '',
    encoding: 'utf8',
  });
  return `${r.stdout}${r.stderr}`;
}

/** Output without the pending ideas' titles, the user's own text: their lines, or the JSON's `ideas`. */
function withoutIdeas(out: string): string {
  try {
    const json = JSON.parse(out) as Record<string, unknown>;
    if (json && typeof json === 'object') delete json.ideas;
    return JSON.stringify(json, null, 2);
  } catch {
    return out
      .split('\n')
      .filter((line) => !/^- \d{4}-\d{2}-\d{2} /.test(line))
      .join('\n');
  }
}

test('no command, on any trouble, tells a terminal user to run /setup, /index or /context', () => {
  const empty = tempDir('aria-words-empty-');
  const noIndex = makeHome({});
  const badConfig = makeHome({ config: { knowledge_folder: 'relative/kb' } });
  const example = fixtureCopy('aria-words-example-');
  fs.writeFileSync(path.join(example, 'knowledge', 'intake', 'ideas-backlog.md'), '# legacy\n');
  const tags = JSON.parse(run(example, ['tags', '--json'])) as { tags: { name: string; kind: string }[] };
  const projects = tags.tags.filter((t) => t.kind === 'project').map((t) => t.name);
  const project = projects[0];
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
    [unhealthy, ['index']],
    [unhealthy, ['index', '--check']],
    [unhealthy, ['index', '--check', '--json']],
    [unhealthy, ['index', '--write']],
  ];
  for (const home of [empty, noIndex, badConfig])
    for (const args of [
      ['query', 'api'],
      ['query', 'api', '--json'],
      ['check'],
      ['tags'],
      ['doctor'],
      ['doctor', '--json'],
      ['index'],
      ['index', '--check'],
      ['index', '--write'],
    ])
      runs.push([home, args]);
  runs.push(
    [empty, ['query']],
    [empty, ['query', 'AND']],
    [empty, ['frobnicate']],
    [empty, ['setup', 'claude-code']],
    [noIndex, ['setup', 'codex']],
    [example, ['query', 'no-such-tag']],
    [example, ['query', project, '--load', 'all']],
    // every project: a missing CODEMAP, a stale STITCH, the legacy note; in text and in --json (§M)
    ...projects.flatMap((p): [string, string[]][] => [
      [example, ['query', p]],
      [example, ['query', p, '--json']],
      [example, ['query', p, 'AND', 'database', '--json']],
    ]),
    [example, ['query', 'stripe', '--load', '1']],
  );
  let legacySeen = false;
  for (const [home, args] of runs) {
    // a pending idea's title is the user's own text (the example has one naming /setup)
    const out = withoutIdeas(run(home, args));
    assert.doesNotMatch(out, SLASH_COMMAND, `aria-context ${args.join(' ')}:\n${out}`);
    if (/Legacy ideas-backlog\.md detected/.test(out)) legacySeen = true;
  }
  assert.ok(legacySeen, 'the legacy backlog note was among the outputs checked');
  // §4d, §M: what creates or refreshes an artifact, in a terminal's words, in text and JSON alike
  const proj = (args: string[]) => run(example, ['query', 'proj-c', ...args]);
  assert.match(proj([]), /CODEMAP\.md — \(not found — aria-knowledge's codemap create, run in your agent, writes it\)/);
  assert.match(
    proj([]),
    /STITCH\.md — \d+ days ago \[STALE — aria-knowledge's stitch verify proj-c, run in your agent, checks it\]/,
  );
  const json = JSON.parse(proj(['--json'])) as {
    items: { path: string; problem: string | null; status?: string }[];
    notes: string[];
  };
  const codemap = json.items.find((i) => i.path.endsWith('CODEMAP.md'));
  assert.equal(codemap?.problem, "not found — aria-knowledge's codemap create, run in your agent, writes it");
  assert.ok(
    json.notes.includes(
      "(Legacy ideas-backlog.md detected — aria-knowledge's setup, run in your agent, migrates pre-2.11 entries into this view.)",
    ),
  );
  assert.match(
    run(unhealthy, ['check']),
    /gone\.md does not exist \(moved or deleted since the index was last rebuilt\?\)/,
  );
  assert.match(run(example, ['query', 'no-such-tag']), /aria-context index --write/);
  assert.match(run(example, ['query', 'stripe', '--load', '1']), /^Loaded 1 knowledge file into context\.$/m);
});

test("the README's troubleshooting sends a terminal user to aria-context's own commands, never a slash command", () => {
  const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const start = readme.indexOf('## Troubleshooting');
  assert.ok(start >= 0);
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  // Codex's own `/hooks` screen is where its hooks are trusted: a place in Codex, not a command of ours.
  assert.doesNotMatch(section.replace('`/hooks`', ''), SLASH_COMMAND);
  assert.match(section, /aria-context index --write/);
});
