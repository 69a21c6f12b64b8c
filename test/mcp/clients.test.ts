// Third-party clients over real stdio: the MCP Inspector's CLI (a devDependency, offline) lists
// and calls every tool; Claude Code's `claude mcp list` reports the server connected; Codex,
// set up by `aria-context setup codex` (which writes its table into config.toml), starts the server and
// lists its tools. Claude Code and Codex are installed into the e2e cache by
// scripts/e2e/setup-agents.sh; their tests skip, saying so, where they are missing.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { promisify } from 'node:util';
import { INDEX_HEADER, makeHome, repoRoot, tempDir } from '../helpers';
import { testWith, claudeCode, claudeEnv, codex, codexEnv, codexHooks, codexServerStatus } from './agentClients';
import { cliJs, ensureBuilt } from './client';

const run = promisify(execFile);

function home(): string {
  return makeHome({
    index: `${INDEX_HEADER}## Tag Index\n### api\n- a.md — Alpha notes\n- b.md — Beta notes\n`,
    files: { 'knowledge/a.md': '# A\nALPHA-CONTENT\n', 'knowledge/b.md': '# B\nBETA-CONTENT\n' },
  });
}

describe('the MCP Inspector CLI', () => {
  const inspector = path.join(repoRoot, 'node_modules', '.bin', 'mcp-inspector');
  const h = home();
  const inspect = async (...args: string[]) => {
    ensureBuilt();
    const r = await run(inspector, ['--cli', process.execPath, cliJs, 'mcp', ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: h, NO_COLOR: '1' },
      timeout: 60_000,
    });
    return JSON.parse(r.stdout.slice(r.stdout.indexOf('{')));
  };

  test('lists both tools with their schemas', async () => {
    const listed = await inspect('--method', 'tools/list');
    assert.deepEqual(
      listed.tools.map((t: { name: string }) => t.name),
      ['knowledge_query', 'knowledge_load'],
    );
    for (const t of listed.tools) assert.equal(t.inputSchema.additionalProperties, false, t.name);
  });

  test('calls every tool; picks typed as an array arrives as an array; an unknown argument is a readable tool error', async () => {
    const call = (tool: string, ...args: string[]) =>
      inspect('--method', 'tools/call', '--tool-name', tool, ...args.flatMap((a) => ['--tool-arg', a]));
    const query = await call('knowledge_query', 'query=api');
    assert.match(query.content[0].text, /1\. a\.md — Alpha notes \[api\]/);
    assert.equal(query.structuredContent.items[0].matchedBy[0].kind, 'tag');
    const load = await call('knowledge_load', 'query=api', 'picks=[2]');
    assert.notEqual(load.isError, true, JSON.stringify(load));
    assert.match(load.content[0].text, /BETA-CONTENT/);
    assert.doesNotMatch(load.content[0].text, /ALPHA-CONTENT/);
    const links = load.content.slice(1).map((c: { type: string; uri: string }) => [c.type, c.uri]);
    assert.deepEqual(links, [['resource_link', 'aria-knowledge://knowledge/b.md']]);
    // The Inspector prints a tool result with isError and exits non-zero; the model reads the text.
    await assert.rejects(call('knowledge_query', 'query=api', 'bogus=true'), (err: { stdout?: string }) => {
      const result = JSON.parse((err.stdout ?? '').slice((err.stdout ?? '').indexOf('{')));
      assert.equal(result.isError, true, err.stdout);
      assert.match(result.content[0].text, /^Unknown argument "bogus": this tool takes only query, cursor\.$/);
      return true;
    });
  });
});

describe('Claude Code', () => {
  const claude = claudeCode.bin;
  testWith(claudeCode, '`claude mcp list` reports the server connected (and a broken one not)', async () => {
    const h = home();
    const project = tempDir('aria-claude-project-');
    const env = claudeEnv(h);
    const claudeRun = (...args: string[]) => run(claude, args, { cwd: project, env, timeout: 120_000 });
    await claudeRun('mcp', 'add', '--scope', 'user', 'aria-context', '--', process.execPath, cliJs, 'mcp');
    const broken = path.join(h, 'no-such-server.js');
    await claudeRun('mcp', 'add', '--scope', 'user', 'broken', '--', process.execPath, broken);
    const { stdout } = await claudeRun('mcp', 'list');
    assert.match(stdout, /^aria-context: .*cli\.js mcp - ✔ Connected$/m, stdout);
    assert.match(stdout, /^broken: .* - ✘ Failed to connect/m, stdout);
  });
});

describe('Codex', () => {
  testWith(
    codex,
    '`aria-context setup codex` adds the server to config.toml; Codex starts it and lists its tools (a broken one, none)',
    async () => {
      const h = home();
      const env = codexEnv(h, tempDir('aria-codex-home-'));
      const setup = await run(process.execPath, [cliJs, 'setup', 'codex', '--yes'], { env, timeout: 120_000 });
      assert.match(setup.stdout, /^\+ \[mcp_servers\.aria-context\]$/m, setup.stdout);
      const listed = JSON.parse(
        (await run(codex.bin, ['mcp', 'list', '--json'], { env, timeout: 60_000 })).stdout,
      ) as Array<{
        name: string;
        transport: { command: string; args: string[] };
      }>;
      assert.deepEqual(
        listed.map((s) => [s.name, s.transport.command, s.transport.args]),
        [['aria-context', process.execPath, [fs.realpathSync(cliJs), 'mcp']]],
      );
      await run(codex.bin, ['mcp', 'add', 'broken', '--', process.execPath, path.join(h, 'no-such-server.js')], {
        env,
        timeout: 60_000,
      });
      const servers = await codexServerStatus(env);
      assert.deepEqual(
        servers.map((s) => [s.name, s.serverName, s.tools]),
        [
          ['aria-context', 'aria-context', ['knowledge_load', 'knowledge_query']],
          ['broken', null, []],
        ],
      );
    },
  );

  testWith(
    codex,
    '`aria-context setup codex --hooks` leaves Codex listing the hook on both events, waiting for the user to trust it',
    async () => {
      const codexHome = tempDir('aria-codex-home-');
      const env = codexEnv(home(), codexHome);
      const setup = await run(process.execPath, [cliJs, 'setup', 'codex', '--hooks', '--yes'], {
        env,
        timeout: 60_000,
      });
      assert.match(setup.stdout, /trust/, setup.stdout);
      const hooks = await codexHooks(env, tempDir('aria-codex-cwd-'));
      const cli = fs.realpathSync(cliJs);
      const command = `[ -f ${cli} ] && [ -x ${process.execPath} ] && NODE_COMPILE_CACHE= exec ${process.execPath} ${cli} hook codex; exit 0`;
      assert.deepEqual(hooks.map((h) => [h.eventName, h.command, h.trustStatus, h.sourcePath]).sort(), [
        ['sessionStart', command, 'untrusted', path.join(codexHome, 'hooks.json')],
        ['userPromptSubmit', command, 'untrusted', path.join(codexHome, 'hooks.json')],
      ]);
    },
  );
});
