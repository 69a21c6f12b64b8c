// `aria-context setup`: the exact config for this installation (this Node, this dist/cli.js),
// printed for every client; what it writes into Claude Code's and Codex's own files is tested
// in cliSetupFiles.test.ts.
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { INDEX_HEADER, makeHome, repoRoot, tempDir } from '../helpers';

const cli = path.join(repoRoot, 'dist', 'cli.js');
if (!fs.existsSync(cli)) execFileSync('node', ['esbuild.mjs'], { cwd: repoRoot });
const realCli = fs.realpathSync(cli);

function run(
  args: string[],
  options: { home?: string; path?: string; input?: string; env?: Record<string, string> } = {},
) {
  const home = options.home ?? tempDir('aria-setup-home-');
  const r = spawnSync(process.execPath, [cli, ...args], {
    env: { PATH: options.path ?? process.env.PATH, HOME: home, ...options.env },
    input: options.input ?? '',
    encoding: 'utf8',
  });
  return { code: r.status, out: r.stdout, err: r.stderr, home };
}

describe('aria-context setup', () => {
  test('--print gives each client its complete config with this Node and this dist/cli.js, absolute', () => {
    const claude = run(['setup', 'claude-code', '--print']);
    assert.equal(claude.code, 0);
    assert.equal(
      claude.out,
      `claude mcp add --scope user aria-context --env NODE_COMPILE_CACHE= -- ${process.execPath} ${realCli} mcp\n`,
    );

    const codex = run(['setup', 'codex', '--print']);
    assert.equal(
      codex.out,
      `[mcp_servers.aria-context]\ncommand = ${JSON.stringify(process.execPath)}\nargs = [${JSON.stringify(realCli)}, "mcp"]\nenv = { "NODE_COMPILE_CACHE" = "" }\n`,
    );

    const cursor = JSON.parse(run(['setup', 'cursor', '--print']).out);
    const env = { NODE_COMPILE_CACHE: '' };
    assert.deepEqual(cursor, {
      mcpServers: { 'aria-context': { command: process.execPath, args: [realCli, 'mcp'], env } },
    });
    const vscode = JSON.parse(run(['setup', 'vscode', '--print']).out);
    assert.deepEqual(vscode, {
      servers: { 'aria-context': { type: 'stdio', command: process.execPath, args: [realCli, 'mcp'], env } },
    });
    for (const p of [process.execPath, realCli]) assert.ok(path.isAbsolute(p));
  });

  test('server options are passed on and must be absolute', () => {
    const folder = tempDir('aria-setup-folder-');
    const out = JSON.parse(run(['setup', 'cursor', '--print', '--folder', folder]).out);
    assert.deepEqual(out.mcpServers['aria-context'].args, [realCli, 'mcp', '--folder', folder]);
    const relative = run(['setup', 'cursor', '--folder', 'notes']);
    assert.equal(relative.code, 2);
    assert.match(relative.out, /--folder must be an absolute path/);
  });

  test('cursor and vscode print the JSON and the file to paste it into, and write nothing', () => {
    const cursor = run(['setup', 'cursor']);
    assert.equal(cursor.code, 0);
    assert.match(cursor.out, /^Paste this into ~\/\.cursor\/mcp\.json/);
    assert.deepEqual(fs.readdirSync(cursor.home), []);
    const vscode = run(['setup', 'vscode']);
    assert.match(vscode.out, /MCP: Open User Configuration/);
    assert.deepEqual(fs.readdirSync(vscode.home), []);
  });

  test('bad usage exits 2 with the usage line', () => {
    for (const args of [
      ['setup'],
      ['setup', 'emacs'],
      ['setup', 'cursor', '--bogus'],
      ['setup', 'cursor', '--hooks'],
      ['setup', 'vscode', '--remove'],
      ['setup', 'codex', '--remove', '--print'],
    ]) {
      const r = run(args);
      assert.equal(r.code, 2, args.join(' '));
      assert.equal(r.err, '');
    }
  });

  test('setup says which folder the server will serve, or warns: no config (every place looked), no index', () => {
    const home = makeHome({ index: `${INDEX_HEADER}## Tag Index\n### api\n- a.md — A\n` });
    const serving = run(['setup', 'claude-code'], { home });
    assert.ok(
      serving.out.startsWith(`The server will serve the knowledge folder ${path.join(home, 'knowledge')} (from `),
      serving.out,
    );
    const empty = run(['setup', 'claude-code']);
    assert.match(empty.out, /^Warning: aria-knowledge is not configured\. Looked for aria-knowledge\.local\.md in: /);
    assert.match(empty.out, /--config FILE or --folder DIR/);
    const noIndex = makeHome({ files: { 'knowledge/a.md': '# A\n' } });
    const warned = run(['setup', 'codex'], { home: noIndex });
    assert.ok(
      warned.out.includes(`No index.md in the knowledge folder ${path.join(noIndex, 'knowledge')}.`),
      warned.out,
    );
    assert.match(warned.out, /aria-context index --write/);
    const folder = tempDir('aria-setup-folder-only-');
    assert.match(run(['setup', 'claude-code', '--folder', folder]).out, /No index\.md in the knowledge folder/);
    assert.equal(
      run(['setup', 'claude-code', '--remove']).out.includes('Warning'),
      false,
      '--remove says nothing of it',
    );
  });

  test('--print --hooks prints the hooks, guarded so a removed installation is silent', () => {
    const r = run(['setup', 'codex', '--print', '--hooks']);
    const hooks = JSON.parse(r.out.slice(r.out.indexOf('\n{')));
    assert.equal(
      hooks.hooks.SessionStart[0].hooks[0].command,
      `[ -f ${realCli} ] && [ -x ${process.execPath} ] && NODE_COMPILE_CACHE= exec ${process.execPath} ${realCli} hook codex; exit 0`,
    );
  });
});
