// `aria-context setup`: the exact config for this installation (this Node, this dist/cli.js),
// applied through the client's own command (stand-ins for `claude` and `codex` on PATH record
// what they were given), and Claude Code's hooks merged into settings.json only when confirmed.
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { repoRoot, tempDir } from '../helpers';

const cli = path.join(repoRoot, 'dist', 'cli.js');
if (!fs.existsSync(cli)) execFileSync('node', ['esbuild.mjs'], { cwd: repoRoot });
const realCli = fs.realpathSync(cli);

/** A folder with stand-ins for the clients' commands: each appends its argv (JSON) to a log. */
function fakeClients(exitCode = 0): { bin: string; log: string } {
  const bin = tempDir('aria-setup-bin-');
  const log = path.join(bin, 'calls.log');
  for (const name of ['claude', 'codex']) {
    const script = `#!${process.execPath}\nrequire('fs').appendFileSync(${JSON.stringify(log)}, JSON.stringify([${JSON.stringify(name)}, ...process.argv.slice(2)]) + '\\n');\nconsole.log('Added stdio MCP server aria-context');\nprocess.exit(${exitCode});\n`;
    fs.writeFileSync(path.join(bin, name), script, { mode: 0o755 });
  }
  return { bin, log };
}

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

const calls = (log: string) =>
  fs.existsSync(log)
    ? fs
        .readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as string[])
    : [];

describe('aria-context setup', () => {
  test('--print gives each client its complete config with this Node and this dist/cli.js, absolute', () => {
    const claude = run(['setup', 'claude-code', '--print']);
    assert.equal(claude.code, 0);
    assert.equal(claude.out, `claude mcp add --scope user aria-context -- ${process.execPath} ${realCli} mcp\n`);

    const codex = run(['setup', 'codex', '--print']);
    assert.equal(
      codex.out,
      `[mcp_servers.aria-context]\ncommand = ${JSON.stringify(process.execPath)}\nargs = [${JSON.stringify(realCli)}, "mcp"]\n`,
    );

    const cursor = JSON.parse(run(['setup', 'cursor', '--print']).out);
    assert.deepEqual(cursor, { mcpServers: { 'aria-context': { command: process.execPath, args: [realCli, 'mcp'] } } });
    const vscode = JSON.parse(run(['setup', 'vscode', '--print']).out);
    assert.deepEqual(vscode, {
      servers: { 'aria-context': { type: 'stdio', command: process.execPath, args: [realCli, 'mcp'] } },
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

  test("without --print it shows the command, then runs the client's own (claude mcp add, codex mcp add)", () => {
    const { bin, log } = fakeClients();
    const claude = run(['setup', 'claude-code'], { path: `${bin}${path.delimiter}${process.env.PATH}` });
    assert.equal(claude.code, 0, claude.out);
    assert.ok(
      claude.out.startsWith(
        `Running: claude mcp add --scope user aria-context -- ${process.execPath} ${realCli} mcp\n`,
      ),
      claude.out,
    );
    assert.match(claude.out, /Added stdio MCP server aria-context/);
    const codex = run(['setup', 'codex'], { path: `${bin}${path.delimiter}${process.env.PATH}` });
    assert.equal(codex.code, 0, codex.out);
    assert.deepEqual(calls(log), [
      ['claude', 'mcp', 'add', '--scope', 'user', 'aria-context', '--', process.execPath, realCli, 'mcp'],
      ['codex', 'mcp', 'add', 'aria-context', '--', process.execPath, realCli, 'mcp'],
    ]);
  });

  test('a client that is missing or fails is reported, with what to do, exit 1', () => {
    const empty = tempDir('aria-setup-nopath-');
    const missing = run(['setup', 'codex'], { path: empty });
    assert.equal(missing.code, 1);
    assert.match(missing.out, /codex could not be run \(is it installed and on PATH\?\)/);
    assert.match(missing.out, /\[mcp_servers\.aria-context\]/);
    const { bin } = fakeClients(1);
    const failing = run(['setup', 'claude-code'], { path: bin });
    assert.equal(failing.code, 1);
    assert.match(failing.out, /claude mcp remove --scope user aria-context/);
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
    ]) {
      const r = run(args);
      assert.equal(r.code, 2, args.join(' '));
      assert.equal(r.err, '');
    }
  });

  test('--hooks shows the change and writes ~/.claude/settings.json only when confirmed, keeping other settings and hooks', () => {
    const home = tempDir('aria-setup-hooks-');
    const file = path.join(home, '.claude', 'settings.json');
    fs.mkdirSync(path.dirname(file));
    const other = { type: 'command', command: 'echo other' };
    const original = { model: 'opus', hooks: { UserPromptSubmit: [{ hooks: [other] }], Stop: [{ hooks: [other] }] } };
    fs.writeFileSync(file, JSON.stringify(original));

    const declined = run(['setup', 'claude-code', '--hooks'], { home, input: 'n\n' });
    assert.equal(declined.code, 1);
    assert.match(declined.out, /This adds to .*settings\.json/);
    assert.match(declined.out, /Nothing was changed/);
    assert.deepEqual(JSON.parse(fs.readFileSync(file, 'utf8')), original);
    assert.equal(run(['setup', 'claude-code', '--hooks'], { home }).code, 1, 'no answer (end of input) is no');

    const accepted = run(['setup', 'claude-code', '--hooks'], { home, input: 'y\n' });
    assert.equal(accepted.code, 0, accepted.out);
    const written = JSON.parse(fs.readFileSync(file, 'utf8'));
    const ours = {
      hooks: [{ type: 'command', command: `${process.execPath} ${realCli} hook claude-code`, timeout: 10 }],
    };
    assert.equal(written.model, 'opus');
    assert.deepEqual(written.hooks.UserPromptSubmit, [{ hooks: [other] }, ours]);
    assert.deepEqual(written.hooks.SessionStart, [ours]);
    assert.deepEqual(written.hooks.Stop, [{ hooks: [other] }]);

    // again: nothing to change, and never a second copy
    const again = run(['setup', 'claude-code', '--hooks', '--yes'], { home });
    assert.equal(again.code, 0);
    assert.match(again.out, /already runs this hook/);
    assert.deepEqual(JSON.parse(fs.readFileSync(file, 'utf8')), written);
  });

  test('--hooks --yes creates settings.json when there is none; unreadable JSON is left alone', () => {
    const home = tempDir('aria-setup-hooks-');
    assert.equal(run(['setup', 'claude-code', '--hooks', '--yes'], { home }).code, 0);
    const file = path.join(home, '.claude', 'settings.json');
    assert.deepEqual(Object.keys(JSON.parse(fs.readFileSync(file, 'utf8')).hooks), [
      'UserPromptSubmit',
      'SessionStart',
    ]);
    fs.writeFileSync(file, '{ "hooks": // a comment\n }');
    const bad = run(['setup', 'claude-code', '--hooks', '--yes'], { home });
    assert.equal(bad.code, 1);
    assert.match(bad.out, /could not be read as JSON/);
    assert.equal(fs.readFileSync(file, 'utf8'), '{ "hooks": // a comment\n }');
  });

  test('codex --hooks writes $CODEX_HOME/hooks.json (default ~/.codex) with `hook codex`, keeping other hooks, and says to trust it', () => {
    const home = tempDir('aria-setup-codex-hooks-');
    const other = { type: 'command', command: 'echo other' };
    fs.mkdirSync(path.join(home, '.codex'));
    fs.writeFileSync(
      path.join(home, '.codex', 'hooks.json'),
      JSON.stringify({ hooks: { Stop: [{ hooks: [other] }] } }),
    );
    const r = run(['setup', 'codex', '--hooks', '--yes'], { home });
    assert.equal(r.code, 0, r.out);
    assert.match(r.out, /trust/);
    const ours = { hooks: [{ type: 'command', command: `${process.execPath} ${realCli} hook codex`, timeout: 10 }] };
    assert.deepEqual(JSON.parse(fs.readFileSync(path.join(home, '.codex', 'hooks.json'), 'utf8')), {
      hooks: { Stop: [{ hooks: [other] }], UserPromptSubmit: [ours], SessionStart: [ours] },
    });
    assert.equal(fs.existsSync(path.join(home, '.claude')), false, "Claude Code's settings untouched");

    const codexHome = tempDir('aria-setup-codex-home-');
    assert.equal(run(['setup', 'codex', '--hooks', '--yes'], { home, env: { CODEX_HOME: codexHome } }).code, 0);
    assert.deepEqual(Object.keys(JSON.parse(fs.readFileSync(path.join(codexHome, 'hooks.json'), 'utf8')).hooks), [
      'UserPromptSubmit',
      'SessionStart',
    ]);
    assert.match(run(['setup', 'cursor', '--hooks']).out, /--hooks is for claude-code and codex/);
    // a relative CODEX_HOME would write under the current folder: refused
    const cwdBefore = fs.readdirSync(repoRoot);
    const relative = run(['setup', 'codex', '--hooks', '--yes'], { home, env: { CODEX_HOME: 'codex-home' } });
    assert.equal(relative.code, 1);
    assert.match(relative.out, /must be absolute paths .*nothing was changed/);
    assert.deepEqual(fs.readdirSync(repoRoot), cwdBefore);
  });
});
