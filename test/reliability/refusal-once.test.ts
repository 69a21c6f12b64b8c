// §9 A path the reader refuses is reported once, as a refusal, and never handed to the editor as a
// location; and a symlink whose real path cannot be proved inside gets one verdict whatever lies
// (or does not lie) at its target, so a teammate's folder cannot probe which paths exist on the
// user's disk. Every shape of symlinked note: to an existing file outside, to nothing outside,
// to nothing inside, into a loop, to a folder outside, through a symlinked folder, to a file in a
// folder that may not be entered; against a plain name that is missing.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, test } from 'node:test';
import { checkIndex } from '../../src/core/health/indexHealth';
import { scanDrift, withDrift } from '../../src/core/health/indexDrift';
import { openablePaths } from '../../src/core/read/reader';
import { toJson } from '../../src/core/present/json';
import { connect, connectV2, textOf } from '../mcp/client';
import { makeHome, query, snapshotFor } from './helpers';
import { runCli } from '../cliRun';
import { lineOf } from '../helpers';

const NOTE = (tags: string) => `---\ntags: [${tags}]\n---\n# A note\n`;

function symlinkHome() {
  const h = makeHome({ files: { 'knowledge/notes/plain.md': NOTE('api'), 'outside/dir/x.md': NOTE('api, secret') } });
  const notes = path.join(h.folder, 'notes');
  const link = (name: string, target: string) => fs.symlinkSync(target, path.join(notes, name));
  link('to-file.md', h.secret); // exists outside, tags differ from the index
  link('to-nothing.md', path.join(h.outside, 'no-such-file.md'));
  link('to-nothing-inside.md', 'no-such-note.md');
  link('loop-a.md', 'loop-b.md');
  link('loop-b.md', 'loop-a.md');
  link('to-dir.md', path.join(h.outside, 'dir'));
  link('relative-out.md', '../../outside/secret.md');
  fs.mkdirSync(path.join(h.outside, 'locked'));
  fs.writeFileSync(path.join(h.outside, 'locked', 'x.md'), NOTE('api'));
  link('to-locked.md', path.join(h.outside, 'locked', 'x.md'));
  fs.chmodSync(path.join(h.outside, 'locked'), 0o000);
  fs.symlinkSync(path.join(h.outside, 'dir'), path.join(notes, 'linked-dir'));
  fs.symlinkSync(path.join(h.outside, 'gone-dir'), path.join(notes, 'linked-gone'));
  const linked = [
    'notes/to-file.md',
    'notes/to-nothing.md',
    'notes/to-nothing-inside.md',
    'notes/loop-a.md',
    'notes/to-dir.md',
    'notes/relative-out.md',
    'notes/to-locked.md',
    'notes/linked-dir/x.md',
    'notes/linked-gone/x.md',
  ];
  const index = [
    '# Knowledge Index',
    '',
    '> Last rebuilt: 2026-01-01',
    '',
    '## Tag Index',
    '',
    '### api',
    '- notes/plain.md — Plain',
    '- notes/missing.md — A plain name that is missing',
    ...linked.map((p) => `- ${p} — Linked ${p}`),
    '',
  ].join('\n');
  fs.writeFileSync(path.join(h.folder, 'index.md'), index);
  return { ...h, linked, index, lineOf: (p: string) => lineOf(index, (l) => l.startsWith(`- ${p} `)) };
}

describe('a refusal is reported once, as a refusal, and points nowhere', () => {
  const h = symlinkHome();
  after(() => fs.chmodSync(path.join(h.outside, 'locked'), 0o700));

  test('Check Index: one `refused` on each symlinked entry’s line, no drift about it, no note location', async () => {
    const snapshot = snapshotFor(h.home);
    const health = withDrift(checkIndex(snapshot), await scanDrift(snapshot));
    for (const p of h.linked) {
      const mine = health.problems.filter((x) => x.line === h.lineOf(p) || x.message.includes(p));
      assert.deepEqual(
        mine.map((x) => x.kind),
        ['refused'],
        `${p}: ${JSON.stringify(mine)}`,
      );
    }
    const linkedAbs = new Set(h.linked.map((p) => path.join(h.folder, p)));
    for (const x of health.problems) assert.ok(!x.file || !linkedAbs.has(x.file), `a location for ${x.file}`);
    assert.ok(!health.problems.some((x) => x.kind === 'tags-differ'), JSON.stringify(health.problems));
    const missing = health.problems.filter((x) => x.kind === 'missing-file').map((x) => x.line);
    assert.deepEqual(missing, [h.lineOf('notes/missing.md')]);
  });

  test('the editor is given no location the reader refuses (openablePaths)', () => {
    const snapshot = snapshotFor(h.home);
    const asked = [...h.linked, 'notes/plain.md'].map((p) => path.join(h.folder, p));
    assert.deepEqual([...openablePaths(snapshot.config, asked).keys()], [path.join(h.folder, 'notes/plain.md')]);
  });

  test('one verdict for every symlinked note, whatever its target: query, --json, check, --load', () => {
    const result = query(snapshotFor(h.home), 'api');
    const problems = new Set<string>();
    for (const p of h.linked) {
      const item = result.items.find((i) => i.path === p);
      assert.ok(item, p);
      assert.equal(item.selectable, false, p);
      assert.equal(item.problem?.kind, 'refused', `${p}: ${JSON.stringify(item.problem)}`);
      problems.add(item.problem.reason);
    }
    assert.equal(problems.size, 1, [...problems].join(' | '));
    assert.equal(result.items.find((i) => i.path === 'notes/missing.md')?.problem?.kind, 'missing');
    const json = toJson(result) as { items: Array<{ path: string; problem: string | null }> };
    assert.equal(new Set(json.items.filter((i) => h.linked.includes(i.path)).map((i) => i.problem)).size, 1);

    const check = runCli(['check', '--drift', '--json', '--today', '2026-12-01'], h.home);
    const out = JSON.parse(check.out) as {
      problems: Array<{ line: number; code: string; message: string }>;
      summary: string;
    };
    for (const p of h.linked) {
      const mine = out.problems.filter((x) => x.line === h.lineOf(p));
      assert.deepEqual(
        mine.map((x) => x.code),
        ['refused'],
        p,
      );
    }
    assert.equal(
      new Set(out.problems.filter((x) => x.code === 'refused').map((x) => x.message.replace(/^Refused \S+: /, '')))
        .size,
      1,
    );
    assert.doesNotMatch(out.summary, /changed tags/);
    assert.match(out.summary, new RegExp(`${h.linked.length} refused`));

    const load = runCli(['query', 'api', '--load', 'all', '--json'], h.home);
    const refused = (JSON.parse(load.out) as { refused: Array<{ path: string; reason: string }> }).refused;
    assert.equal(new Set(refused.filter((r) => h.linked.includes(r.path)).map((r) => r.reason)).size, 1);
  });

  for (const [revision, open] of [
    ['2025 revision', connect],
    ['2026-07-28 revision', connectV2],
  ] as const) {
    test(`MCP server (${revision}): one refusal text for every symlinked note, by path and in the query`, async () => {
      const c = await open(h.home);
      try {
        const client = c.client as unknown as {
          callTool(p: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
        };
        const reasons = new Set<string>();
        for (const p of h.linked) {
          const text = textOf(await client.callTool({ name: 'knowledge_load', arguments: { paths: [p] } }));
          const reason = text.split(p).join('P');
          assert.doesNotMatch(reason, /does not exist|not found|permission|loop|directory/i, `${p}: ${text}`);
          reasons.add(reason);
        }
        assert.equal(reasons.size, 1, [...reasons].join('\n---\n'));
        const q = textOf(await client.callTool({ name: 'knowledge_query', arguments: { query: 'api' } }));
        for (const p of h.linked) assert.doesNotMatch(q.split('\n').find((l) => l.includes(p)) ?? '', /not found/, p);
      } finally {
        await c.close();
      }
    });
  }
});
