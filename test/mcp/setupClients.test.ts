// `aria-context setup` checked by the real clients: Claude Code (`claude mcp list`) and Codex
// (`codex mcp list --json`, its app server's hooks/list) read what setup wrote, run twice and
// from another installation, and --remove gives both of each client's files back byte for byte
// (other servers and hooks included). Claude Code rewrites ~/.claude.json whenever it runs, so
// it reads a copy of the home setup wrote. Skipped, saying so, without the clients.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe } from 'node:test';
import { promisify } from 'node:util';
import { INDEX_HEADER, makeHome, tempDir } from '../helpers';
import { testWith, claudeCode, claudeEnv, codex, codexEnv, codexHooks } from './agentClients';
import { cliJs } from './client';

const run = promisify(execFile);

function home(): string {
  return makeHome({
    index: `${INDEX_HEADER}## Tag Index\n### api\n- a.md — Alpha notes\n`,
    files: { 'knowledge/a.md': '# A\n' },
  });
}

/**
 * A copy of the build (the launcher, its command bundles, the MCP server's) in a folder whose
 * name needs escaping in TOML and JSON (DEL, a quote, a tab).
 */
function otherInstall(): string {
  const dir = path.join(tempDir('aria-setup-install-'), 'a\u007fb"c\td');
  fs.cpSync(path.dirname(cliJs), dir, { recursive: true });
  return path.join(dir, 'cli.js');
}

const setup = (cli: string, env: NodeJS.ProcessEnv, ...args: string[]) =>
  run(process.execPath, [cli, 'setup', ...args, '--yes'], { env, timeout: 60_000 });

describe('setup with the real clients', () => {
  testWith(
    claudeCode,
    'Claude Code: twice, from another installation, then --remove; `claude mcp list` connects, then lists only the others',
    async () => {
      const h = home();
      const claudeJson = path.join(h, '.claude.json');
      const settings = path.join(h, '.claude', 'settings.json');
      const began = {
        claude:
          '{"numStartups": 12345678901234567890, "ratio": 1.0,\n "mcpServers": {"other": {"type": "stdio", "command": "/bin/true", "args": [ ]}}}\n',
        settings:
          '{\n    "hooks": {"UserPromptSubmit": [{"hooks": [{"type": "command", "command": "node /opt/other-tool/dist/cli.js hook claude-code --redact-secrets"}]}]}\n}\n',
      };
      fs.writeFileSync(claudeJson, began.claude);
      fs.writeFileSync(settings, began.settings);
      const env = claudeEnv(h);
      const list = async () => {
        // Claude Code rewrites ~/.claude.json as it runs: it reads a copy of this home
        const copy = tempDir('aria-claude-copy-');
        fs.cpSync(h, copy, { recursive: true });
        const { stdout } = await run(claudeCode.bin, ['mcp', 'list'], {
          cwd: tempDir('aria-claude-project-'),
          env: claudeEnv(copy),
          timeout: 120_000,
        });
        return stdout;
      };
      await setup(cliJs, env, 'claude-code', '--hooks');
      const twice = await setup(cliJs, env, 'claude-code', '--hooks');
      assert.match(twice.stdout, /nothing to change/);
      assert.match(await list(), /^aria-context: .*cli\.js mcp - ✔ Connected$/m);
      const moved = otherInstall();
      await setup(moved, env, 'claude-code', '--hooks');
      const listed = await list();
      assert.match(listed, /^aria-context: .*a.?b"c\s?d\/cli\.js mcp - ✔ Connected$/m, listed);
      assert.equal(JSON.parse(fs.readFileSync(settings, 'utf8')).hooks.SessionStart.length, 1);
      await setup(cliJs, env, 'claude-code', '--remove');
      assert.equal(fs.readFileSync(claudeJson, 'utf8'), began.claude);
      assert.equal(fs.readFileSync(settings, 'utf8'), began.settings);
      const after = await list();
      assert.doesNotMatch(after, /aria-context/);
      assert.match(after, /^other: /m);
    },
  );

  testWith(
    codex,
    'Codex: twice, from another installation (a DEL in its path), then --remove; Codex reads every step',
    async () => {
      const codexHome = tempDir('aria-codex-home-');
      const env = codexEnv(home(), codexHome);
      const config = path.join(codexHome, 'config.toml');
      const hooksFile = path.join(codexHome, 'hooks.json');
      const began = {
        config: '# mine\nmodel = "o3"   # keep\n\n[mcp_servers.other]\ncommand = "/bin/true"\nargs = [ "x",\n  "y" ]\n',
        hooks:
          '{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "node /opt/other-tool/dist/cli.js hook codex"}]}]}}',
      };
      fs.writeFileSync(config, began.config);
      fs.writeFileSync(hooksFile, began.hooks);
      const servers = async () =>
        (
          JSON.parse((await run(codex.bin, ['mcp', 'list', '--json'], { env, timeout: 60_000 })).stdout) as Array<{
            name: string;
            transport: { command: string; args: string[] };
          }>
        ).map((s) => [s.name, s.transport.command, s.transport.args]);
      await setup(cliJs, env, 'codex', '--hooks');
      await setup(cliJs, env, 'codex', '--hooks');
      assert.deepEqual(await servers(), [
        ['aria-context', process.execPath, [fs.realpathSync(cliJs), 'mcp']],
        ['other', '/bin/true', ['x', 'y']],
      ]);
      const moved = otherInstall();
      await setup(moved, env, 'codex', '--hooks');
      assert.deepEqual((await servers())[0], ['aria-context', process.execPath, [moved, 'mcp']]);
      const hooks = await codexHooks(env, tempDir('aria-codex-cwd-'));
      assert.deepEqual(hooks.map((x) => x.eventName).sort(), ['sessionStart', 'stop', 'userPromptSubmit']);
      assert.ok(hooks.filter((x) => x.command.includes(moved)).length === 2, JSON.stringify(hooks));
      await setup(cliJs, env, 'codex', '--remove');
      assert.equal(fs.readFileSync(config, 'utf8'), began.config);
      assert.equal(fs.readFileSync(hooksFile, 'utf8'), began.hooks);
      assert.deepEqual(await servers(), [['other', '/bin/true', ['x', 'y']]]);
    },
  );
});
