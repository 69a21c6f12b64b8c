// `aria-context doctor`, through the built CLI on temp homes: the config found or every place
// looked, the folder and index, and for Claude Code and Codex the server and hooks registered
// with whether the Node and cli.js they run still exist; exit 1 once one of those is gone.
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { INDEX_HEADER, makeHome, repoRoot, tempDir } from '../helpers';

const cli = path.join(repoRoot, 'dist', 'cli.js');
if (!fs.existsSync(cli)) execFileSync('node', ['esbuild.mjs'], { cwd: repoRoot });

function run(home: string, args: string[], options: { cli?: string; env?: Record<string, string> } = {}) {
  const r = spawnSync(process.execPath, [options.cli ?? cli, ...args], {
    env: { PATH: process.env.PATH, HOME: home, ...options.env },
    input: '',
    encoding: 'utf8',
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function otherInstall(): string {
  // the whole build: the launcher requires its command bundles beside it
  const dir = tempDir('aria-doctor-install-');
  fs.cpSync(path.dirname(cli), dir, { recursive: true });
  return path.join(dir, 'cli.js');
}

interface DoctorJson {
  ok: boolean;
  config: { file: string | null; looked: string[] };
  knowledgeFolder: string | null;
  index: { files?: number; lastRebuilt?: string | null; health?: string; problem?: string | null } | null;
  clients: {
    client: string;
    server: { node: string; cli: string | null; problem: string | null } | null;
    hooks: { events: string[]; node: string; cli: string | null; problem: string | null; setups: boolean }[];
  }[];
}

const doctor = (home: string, env?: Record<string, string>) => {
  const r = run(home, ['doctor', '--json'], { env });
  return { code: r.code, json: JSON.parse(r.out) as DoctorJson };
};

describe('aria-context doctor', () => {
  test('healthy, then broken (exit 1) once the cli.js the clients run is removed; both clients, server and hooks', () => {
    const home = makeHome({
      index: `${INDEX_HEADER}## Tag Index\n### api\n- a.md — A\n`,
      files: { 'knowledge/a.md': '# A\n' },
    });
    const codexHome = tempDir('aria-doctor-codex-');
    const env = { CODEX_HOME: codexHome };
    const moved = otherInstall();
    for (const client of ['claude-code', 'codex'])
      assert.equal(run(home, ['setup', client, '--hooks', '--yes'], { cli: moved, env }).code, 0);

    const healthy = doctor(home, env);
    assert.equal(healthy.code, 0);
    assert.equal(healthy.json.ok, true);
    assert.equal(healthy.json.config.file, path.join(home, '.claude', 'aria-knowledge.local.md'));
    assert.equal(healthy.json.knowledgeFolder, path.join(home, 'knowledge'));
    assert.equal(healthy.json.index?.files, 1);
    assert.match(healthy.json.index?.health ?? '', /^index\.md: /);
    const setUp = (json: DoctorJson) => json.clients.filter((c) => c.client !== 'cursor');
    assert.deepEqual(
      healthy.json.clients.map((c) => c.client),
      ['claude-code', 'codex', 'cursor'],
    );
    for (const c of setUp(healthy.json)) {
      assert.deepEqual([c.server?.node, c.server?.cli, c.server?.problem], [process.execPath, moved, null], c.client);
      assert.deepEqual(
        c.hooks.map((h) => [h.events.sort(), h.cli, h.problem]),
        [[['SessionStart', 'UserPromptSubmit'], moved, null]],
        c.client,
      );
    }

    fs.rmSync(moved); // npm rm -g
    const broken = doctor(home, env);
    assert.equal(broken.code, 1);
    assert.equal(broken.json.ok, false);
    for (const c of setUp(broken.json)) {
      assert.equal(c.server?.problem, `${moved} does not exist`);
      assert.equal(c.hooks[0].problem, `${moved} does not exist`);
    }
    const text = run(home, ['doctor'], { env });
    assert.equal(text.code, 1);
    assert.match(text.out, /BROKEN/);
    assert.match(text.out, /aria-context setup codex --remove/);
    assert.equal(text.err, '');
  });

  test('a server whose Node is gone, or a bare command not on PATH, is broken too', () => {
    const home = tempDir('aria-doctor-node-');
    fs.writeFileSync(
      path.join(home, '.claude.json'),
      JSON.stringify({ mcpServers: { 'aria-context': { command: '/nonexistent/node', args: [cli, 'mcp'] } } }),
    );
    const gone = doctor(home);
    assert.equal(gone.code, 1);
    assert.match(gone.json.clients[0].server?.problem ?? '', /\/nonexistent\/node does not exist/);
    fs.writeFileSync(
      path.join(home, '.claude.json'),
      JSON.stringify({ mcpServers: { 'aria-context': { command: 'node', args: [cli, 'mcp'] } } }),
    );
    assert.equal(doctor(home).json.clients[0].server?.problem, null, 'node on PATH');
    const noPath = doctor(home, { PATH: tempDir('aria-doctor-empty-path-') });
    assert.equal(noPath.code, 1);
    assert.equal(noPath.json.clients[0].server?.problem, 'node is not on PATH');
  });

  test("a hook shaped like setup's but not in its record is shown as such, with how to remove it by hand", () => {
    const home = tempDir('aria-doctor-lookalike-');
    fs.mkdirSync(path.join(home, '.claude'));
    const gone = path.join(home, 'old', 'cli.js');
    const command = `[ -f ${gone} ] && [ -x ${process.execPath} ] && exec ${process.execPath} ${gone} hook claude-code; exit 0`;
    fs.writeFileSync(
      path.join(home, '.claude', 'settings.json'),
      JSON.stringify({ hooks: { SessionStart: [{ hooks: [{ type: 'command', command }] }] } }),
    );
    const r = doctor(home);
    assert.equal(r.code, 1);
    assert.deepEqual(
      r.json.clients[0].hooks.map((h) => [h.cli, h.setups, h.problem]),
      [[gone, false, `${gone} does not exist`]],
    );
    assert.match(run(home, ['doctor']).out, /not written by this setup .*remove them from .*settings\.json by hand/);
  });

  test("Cursor's mcp.json, pasted by hand, is checked the same way", () => {
    const home = tempDir('aria-doctor-cursor-');
    fs.mkdirSync(path.join(home, '.cursor'));
    const gone = path.join(home, 'gone', 'cli.js');
    fs.writeFileSync(
      path.join(home, '.cursor', 'mcp.json'),
      JSON.stringify({ mcpServers: { 'aria-context': { command: process.execPath, args: [gone, 'mcp'] } } }),
    );
    const r = doctor(home);
    assert.equal(r.code, 1);
    assert.equal(r.json.clients.find((c) => c.client === 'cursor')?.server?.problem, `${gone} does not exist`);
  });

  test('no config: every place looked, and how to choose one; no index: the folder and the command that builds it', () => {
    const empty = tempDir('aria-doctor-empty-');
    const none = doctor(empty);
    assert.equal(none.code, 1, 'an agent would get nothing');
    assert.equal(none.json.config.file, null);
    assert.ok(none.json.config.looked.includes(path.join(empty, '.claude', 'aria-knowledge.local.md')));
    const text = run(empty, ['doctor']).out;
    assert.match(text, /Looked for aria-knowledge\.local\.md in: .*\.claude\/aria-knowledge\.local\.md/);
    assert.match(text, /Pass --config FILE .* or --folder DIR/);
    assert.doesNotMatch(text, /(^|[^\w./-])\/(setup|index|context)\b/);

    const noIndex = makeHome({ files: { 'knowledge/a.md': '# A\n' } });
    const out = run(noIndex, ['doctor']).out;
    assert.match(out, /Index: none\./);
    assert.match(out, /aria-context index --write/);
    assert.ok(out.includes(path.join(noIndex, 'knowledge')), out);
  });

  test('bad usage exits 2', () => {
    assert.equal(run(tempDir('aria-doctor-usage-'), ['doctor', '--bogus']).code, 2);
  });
});
