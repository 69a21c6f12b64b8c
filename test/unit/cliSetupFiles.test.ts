// What `aria-context setup claude-code|codex` writes into the clients' own files, through the
// built CLI on a temp HOME: only its own entries change (other values keep their bytes, other
// tools' hooks survive whatever their command), the whole change is shown before writing, run
// again it replaces its own entry, --remove gives back the files as they began, a symlinked
// file is refused with its target named, and the command a hook runs stays silent once its
// installation is gone.
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { repoRoot, tempDir } from '../helpers';

const cli = path.join(repoRoot, 'dist', 'cli.js');
if (!fs.existsSync(cli)) execFileSync('node', ['esbuild.mjs'], { cwd: repoRoot });
const realCli = fs.realpathSync(cli);

/** Another installation of aria-context: a copy of the build (the launcher and its command bundles) somewhere else. */
function otherInstall(): string {
  const dir = tempDir('aria-setup-other-install-');
  fs.cpSync(path.dirname(cli), dir, { recursive: true });
  return path.join(dir, 'cli.js');
}

function run(
  home: string,
  args: string[],
  options: { cli?: string; input?: string; env?: Record<string, string> } = {},
) {
  const r = spawnSync(process.execPath, [options.cli ?? cli, 'setup', ...args], {
    env: { PATH: process.env.PATH, HOME: home, ...options.env },
    input: options.input ?? '',
    encoding: 'utf8',
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const guarded = (cliPath: string, client: string) =>
  `[ -f ${cliPath} ] && [ -x ${process.execPath} ] && NODE_COMPILE_CACHE= exec ${process.execPath} ${cliPath} hook ${client}; exit 0`;
/** The guarded line as versions before SPEC §13.3 wrote it (the environment's compile cache not cleared). */
const guardedBefore = (cliPath: string, client: string) => guarded(cliPath, client).replace('NODE_COMPILE_CACHE= ', '');

const OTHER_HOOKS = [
  'node /opt/other-tool/dist/cli.js hook claude-code --redact-secrets',
  `${process.execPath} /opt/aria-context-fork/dist/cli.js hook claude-code`,
  'aria-context hook codex',
  `${guarded(realCli, 'claude-code')} # mine, not setup's`,
];

/** A settings file in a shape JSON.stringify would never write: big and odd numbers, tabs, CRLF, others' hooks. */
function settingsText(): string {
  const group = (command: string) => `{ "hooks" : [ { "type":"command", "command" : ${JSON.stringify(command)} } ] }`;
  return `{\r\n\t"cleanupPeriodDays": 12345678901234567890,\r\n\t"ratio": 1.0, "exp": 2E+3,\r\n\t"hooks": {\r\n\t\t"UserPromptSubmit": [ ${OTHER_HOOKS.map(group).join(',\r\n\t\t\t')} ],\r\n\t\t"Stop": [${group('echo stop')}]\r\n\t}\r\n}\r\n`;
}

const CLAUDE_JSON =
  '{"numStartups":12345678901234567890,"tipsHistory":{"a":1.50},\n  "mcpServers":{"other":{"command":"x","args":[]}}}';

describe('setup claude-code edits only its own entries', () => {
  test('twice, from another installation, then --remove: both files end byte for byte as they began', () => {
    const home = tempDir('aria-setup-files-');
    const settings = path.join(home, '.claude', 'settings.json');
    const claudeJson = path.join(home, '.claude.json');
    fs.mkdirSync(path.dirname(settings));
    fs.writeFileSync(settings, settingsText());
    fs.writeFileSync(claudeJson, CLAUDE_JSON);

    const first = run(home, ['claude-code', '--hooks', '--yes']);
    assert.equal(first.code, 0, first.out);
    const written = JSON.parse(fs.readFileSync(settings, 'utf8'));
    for (const event of ['UserPromptSubmit', 'SessionStart'])
      assert.deepEqual(written.hooks[event].at(-1).hooks, [
        { type: 'command', command: guarded(realCli, 'claude-code'), timeout: 10 },
      ]);
    const others = written.hooks.UserPromptSubmit.slice(0, -1).map(
      (g: { hooks: { command: string }[] }) => g.hooks[0].command,
    );
    assert.deepEqual(others, OTHER_HOOKS, "every other tool's hook kept");
    assert.match(
      fs.readFileSync(settings, 'utf8'),
      /"cleanupPeriodDays": 12345678901234567890,\r\n\t"ratio": 1\.0, "exp": 2E\+3/,
    );
    assert.deepEqual(JSON.parse(fs.readFileSync(claudeJson, 'utf8')).mcpServers['aria-context'], {
      type: 'stdio',
      command: process.execPath,
      args: [realCli, 'mcp'],
      env: { NODE_COMPILE_CACHE: '' },
    });
    assert.ok(
      fs.readFileSync(claudeJson, 'utf8').startsWith('{"numStartups":12345678901234567890,"tipsHistory":{"a":1.50}'),
    );

    const again = run(home, ['claude-code', '--hooks', '--yes']);
    assert.equal(again.code, 0, again.out);
    assert.match(again.out, /nothing to change/);

    // another installation (a Node switch, a new global install): its entries replace ours in place, shown
    const moved = otherInstall();
    const replaced = run(home, ['claude-code', '--yes'], { cli: moved });
    assert.equal(replaced.code, 0, replaced.out);
    assert.ok(
      replaced.out.split('\n').some((l) => l.startsWith('- ') && l.includes(realCli)),
      'the removal shown',
    );
    assert.ok(
      replaced.out.split('\n').some((l) => l.startsWith('+ ') && l.includes(moved)),
      'the addition shown',
    );
    const now = JSON.parse(fs.readFileSync(settings, 'utf8'));
    assert.equal(now.hooks.SessionStart.length, 1, 'replaced, not added');
    assert.equal(now.hooks.SessionStart[0].hooks[0].command, guarded(moved, 'claude-code'));
    assert.equal(JSON.parse(fs.readFileSync(claudeJson, 'utf8')).mcpServers['aria-context'].args[0], moved);

    const removed = run(home, ['claude-code', '--remove', '--yes']);
    assert.equal(removed.code, 0, removed.out);
    assert.equal(fs.readFileSync(settings, 'utf8'), settingsText());
    assert.equal(fs.readFileSync(claudeJson, 'utf8'), CLAUDE_JSON);
    assert.match(run(home, ['claude-code', '--remove', '--yes']).out, /nothing to remove/);
  });

  test("a hook an earlier setup wrote for this installation (unguarded) is taken for setup's own and replaced", () => {
    const home = tempDir('aria-setup-legacy-');
    const settings = path.join(home, '.claude', 'settings.json');
    fs.mkdirSync(path.dirname(settings));
    const legacy = `${process.execPath} ${realCli} hook claude-code`;
    const group = (command: string) => ({ hooks: [{ type: 'command', command, timeout: 10 }] });
    fs.writeFileSync(
      settings,
      JSON.stringify(
        { hooks: { UserPromptSubmit: [group(legacy)], SessionStart: [group(guardedBefore(realCli, 'claude-code'))] } },
        null,
        2,
      ),
    );
    assert.equal(run(home, ['claude-code', '--hooks', '--yes']).code, 0);
    const now = JSON.parse(fs.readFileSync(settings, 'utf8'));
    for (const event of ['UserPromptSubmit', 'SessionStart'])
      assert.deepEqual(now.hooks[event], [
        { hooks: [{ type: 'command', command: guarded(realCli, 'claude-code'), timeout: 10 }] },
      ]);
  });

  test('CLAUDE_CONFIG_DIR holds both files when it is set', () => {
    const home = tempDir('aria-setup-config-dir-');
    const dir = tempDir('aria-setup-claude-dir-');
    assert.equal(run(home, ['claude-code', '--hooks', '--yes'], { env: { CLAUDE_CONFIG_DIR: dir } }).code, 0);
    assert.deepEqual(fs.readdirSync(dir).sort(), ['.claude.json', 'settings.json']);
    assert.deepEqual(fs.readdirSync(home), ['.config'], "only setup's record under HOME");
  });

  test('files setup created are gone after --remove; a declined change writes nothing', () => {
    const home = tempDir('aria-setup-fresh-');
    const declined = run(home, ['claude-code', '--hooks'], { input: 'n\n' });
    assert.equal(declined.code, 1);
    assert.match(declined.out, /\(a new file\)/);
    assert.deepEqual(fs.readdirSync(home), []);
    assert.equal(run(home, ['claude-code', '--hooks', '--yes']).code, 0);
    assert.ok(fs.existsSync(path.join(home, '.claude', 'settings.json')));
    assert.equal(run(home, ['claude-code', '--remove', '--yes']).code, 0);
    assert.equal(fs.existsSync(path.join(home, '.claude.json')), false);
    assert.equal(fs.existsSync(path.join(home, '.claude', 'settings.json')), false);
  });

  test('a symlinked or unreadable settings file is refused with a message, and left as it was', () => {
    const home = tempDir('aria-setup-link-');
    const target = path.join(tempDir('aria-setup-dotfiles-'), 'settings.json');
    fs.writeFileSync(target, '{"model": "opus"}');
    fs.mkdirSync(path.join(home, '.claude'));
    const settings = path.join(home, '.claude', 'settings.json');
    fs.symlinkSync(target, settings);
    const r = run(home, ['claude-code', '--hooks', '--yes']);
    assert.equal(r.code, 1);
    assert.ok(r.out.includes(`is a symbolic link to ${target}`), r.out);
    assert.ok(fs.lstatSync(settings).isSymbolicLink());
    assert.equal(fs.readFileSync(target, 'utf8'), '{"model": "opus"}');
    assert.equal(fs.existsSync(path.join(home, '.claude.json')), false, 'nothing written when one file is refused');

    fs.rmSync(settings);
    execFileSync('mkfifo', [settings]); // would block a reader forever
    const fifo = run(home, ['claude-code', '--hooks', '--yes']);
    assert.equal(fifo.code, 1);
    assert.match(fifo.out, /is not a regular file; nothing was changed/);
    fs.rmSync(settings);
    for (const bad of ['{"hooks": // a comment\n}', '{"hooks": [1]}', '{"a": 1,}']) {
      fs.writeFileSync(settings, bad);
      const refused = run(home, ['claude-code', '--hooks', '--yes']);
      assert.equal(refused.code, 1, bad);
      assert.match(refused.out, /nothing was changed/);
      assert.equal(fs.readFileSync(settings, 'utf8'), bad);
    }
  });

  test("the hook's command is silent and exits 0 once its installation is gone", () => {
    for (const client of ['claude-code', 'codex']) {
      const moved = otherInstall();
      const printed = run(tempDir('aria-setup-gone-'), [client, '--print', '--hooks'], { cli: moved }).out;
      const hooks = JSON.parse(printed.slice(printed.indexOf('\n{') + 1));
      const command: string = hooks.hooks.UserPromptSubmit[0].hooks[0].command;
      const payload = '{"hook_event_name":"UserPromptSubmit","prompt":"hi","session_id":"s"}';
      const alive = spawnSync('/bin/sh', ['-c', command], { input: payload, encoding: 'utf8', env: { PATH: '' } });
      assert.equal(alive.status, 0, alive.stderr);
      fs.rmSync(moved); // npm rm -g, a Node switch
      const gone = spawnSync('/bin/sh', ['-c', command], { input: payload, encoding: 'utf8', env: { PATH: '' } });
      assert.deepEqual([gone.status, gone.stdout, gone.stderr], [0, '', ''], client);
    }
  });
});

describe('setup codex edits only its own table', () => {
  test('without codex installed it writes $CODEX_HOME/config.toml and names it', () => {
    const home = tempDir('aria-setup-codex-');
    const codexHome = tempDir('aria-setup-codex-home-');
    const r = run(home, ['codex', '--yes'], { env: { CODEX_HOME: codexHome, PATH: tempDir('aria-setup-no-codex-') } });
    assert.equal(r.code, 0, r.out);
    assert.ok(r.out.includes(`Wrote ${path.join(codexHome, 'config.toml')}.`), r.out);
    assert.match(fs.readFileSync(path.join(codexHome, 'config.toml'), 'utf8'), /^\[mcp_servers\.aria-context\]$/m);
    const printed = run(home, ['cursor'], { env: { CODEX_HOME: codexHome } });
    assert.equal(printed.code, 0);
  });

  test('config.toml and hooks.json: other lines keep their bytes; --remove gives them back', () => {
    const home = tempDir('aria-setup-codex-');
    const codexHome = tempDir('aria-setup-codex-home-');
    const toml =
      '# mine\nmodel = "o3"   # keep\nx = 1.0\n\n[mcp_servers.other]\ncommand = "echo"\nargs = [ "x",\n  "y" ]\n';
    const hooksJson =
      '{ "hooks": { "Stop": [ { "hooks": [ { "type": "command", "command": "node /opt/other-tool/dist/cli.js hook codex" } ] } ] } }';
    fs.writeFileSync(path.join(codexHome, 'config.toml'), toml);
    fs.writeFileSync(path.join(codexHome, 'hooks.json'), hooksJson);
    const env = { CODEX_HOME: codexHome };
    const r = run(home, ['codex', '--hooks', '--yes'], { env });
    assert.equal(r.code, 0, r.out);
    assert.match(r.out, /trust/);
    const written = fs.readFileSync(path.join(codexHome, 'config.toml'), 'utf8');
    assert.equal(
      written,
      `${toml}\n[mcp_servers.aria-context]\ncommand = ${JSON.stringify(process.execPath)}\nargs = [${JSON.stringify(realCli)}, "mcp"]\nenv = { "NODE_COMPILE_CACHE" = "" }\n`,
    );
    assert.equal(run(home, ['codex', '--hooks', '--yes'], { env, cli: otherInstall() }).code, 0);
    assert.equal(run(home, ['codex', '--remove', '--yes'], { env }).code, 0);
    assert.equal(fs.readFileSync(path.join(codexHome, 'config.toml'), 'utf8'), toml);
    assert.equal(fs.readFileSync(path.join(codexHome, 'hooks.json'), 'utf8'), hooksJson);
    assert.equal(fs.existsSync(path.join(home, '.claude')), false, "Claude Code's files untouched");
  });

  test('a relative CODEX_HOME is refused before anything is written', () => {
    const home = tempDir('aria-setup-codex-');
    const before = fs.readdirSync(repoRoot);
    const r = run(home, ['codex', '--hooks', '--yes'], { env: { CODEX_HOME: 'codex-home' } });
    assert.equal(r.code, 1);
    assert.match(r.out, /must be absolute paths .*nothing was changed/);
    assert.deepEqual(fs.readdirSync(repoRoot), before);
  });
});

test("setup's record folder is not a folder of the user's: setup says so, goes on with its own exact lines, records nothing", () => {
  const home = tempDir('aria-setup-no-record-');
  fs.mkdirSync(path.join(home, '.config'));
  fs.writeFileSync(path.join(home, '.config', 'aria-context'), 'a file where the folder would be');
  const r = run(home, ['claude-code', '--hooks', '--yes']);
  assert.equal(r.code, 0, r.out);
  assert.match(
    r.out,
    /^Not using setup's record .*setup\.json: .*aria-context is not a folder\. Setup knows only this installation's own hook lines/m,
  );
  assert.equal(fs.readFileSync(path.join(home, '.config', 'aria-context'), 'utf8'), 'a file where the folder would be');
  const removed = run(home, ['claude-code', '--remove', '--yes']);
  assert.equal(removed.code, 0, removed.out);
  // its own exact lines are still found; without a record setup does not know it created the file
  assert.doesNotMatch(fs.readFileSync(path.join(home, '.claude', 'settings.json'), 'utf8'), /hook claude-code/);
});

describe("setup's record is believed only when private (SPEC §13.4)", () => {
  const otherTool = 'node /opt/other-tool/dist/cli.js hook claude-code --redact-secrets';
  /** A home whose settings.json holds another tool's hook, and a record naming that hook as setup's. */
  function forged(): { home: string; settings: string; record: string } {
    const home = tempDir('aria-setup-forged-');
    const settings = path.join(home, '.claude', 'settings.json');
    fs.mkdirSync(path.dirname(settings), { recursive: true });
    const group = { hooks: [{ type: 'command', command: otherTool, timeout: 10 }] };
    fs.writeFileSync(settings, JSON.stringify({ hooks: { UserPromptSubmit: [group] } }, null, 2));
    const record = path.join(home, '.config', 'aria-context', 'setup.json');
    fs.mkdirSync(path.dirname(record), { recursive: true, mode: 0o700 });
    fs.writeFileSync(record, JSON.stringify({ hooks: { [settings]: [otherTool] }, created: [settings] }), {
      mode: 0o600,
    });
    return { home, settings, record };
  }
  const cases: [string, (f: ReturnType<typeof forged>) => void][] = [
    ['writable by others', (f) => fs.chmodSync(f.record, 0o666)],
    ['in a folder others can write', (f) => fs.chmodSync(path.dirname(f.record), 0o777)],
  ];
  if (process.getuid?.() === 0) cases.push(['owned by another user', (f) => fs.chownSync(f.record, 65534, 65534)]);
  for (const [name, spoil] of cases)
    test(`a record ${name}: --remove leaves the hook it names alone, and says why`, () => {
      const f = forged();
      spoil(f);
      const r = run(f.home, ['claude-code', '--remove', '--yes']);
      assert.equal(r.code, 0, r.out);
      assert.match(r.out, /^Not using setup's record /m);
      assert.ok(fs.readFileSync(f.settings, 'utf8').includes(otherTool), r.out);
    });
  test('the same record, private: believed (the control)', () => {
    const f = forged();
    run(f.home, ['claude-code', '--remove', '--yes']);
    assert.equal(fs.existsSync(f.settings), false, 'what the record names is removed');
  });

  test('after --remove, no empty record is left, and the output says Removed, not Wrote, for a removed file', () => {
    const home = tempDir('aria-setup-empty-record-');
    assert.equal(run(home, ['claude-code', '--hooks', '--yes']).code, 0);
    const record = path.join(home, '.config', 'aria-context', 'setup.json');
    assert.ok(fs.existsSync(record));
    assert.equal(fs.statSync(record).mode & 0o777, 0o600);
    const r = run(home, ['claude-code', '--remove', '--yes']);
    assert.equal(r.code, 0, r.out);
    assert.equal(fs.existsSync(record), false, 'no empty setup.json');
    assert.equal(fs.existsSync(path.dirname(record)), false, 'nor its folder, which setup made');
    assert.match(r.out, /^Removed .*\.claude\.json and .*settings\.json\. aria-context is no longer set up there\.$/m);
    assert.doesNotMatch(r.out, /Wrote/);
  });
});
