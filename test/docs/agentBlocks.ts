// The README's agent setup, followed as written on a fresh copy after its Install blocks ran:
// the .vsix installs into a real VS Code (code-server) with the README's `code` line; the
// tarball installs with the README's `npm install -g` line; then each client's block (Claude
// Code's `claude mcp add`, Codex's TOML table, Cursor's and VS Code's JSON) is what
// `aria-context setup <client> --print` prints once the README's example paths (/usr/local/…)
// are this machine's, and the server it names connects: through `claude mcp list`, and through
// the official v1 client and the v2 client pinned to 2026-07-28, and Codex's own app server.
// Clients that are not installed (code-server, Claude Code, Codex: the e2e cache) are skipped,
// saying how to install them.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { fixtureCopy, tempDir } from '../helpers';
import { claudeCode, claudeEnv, codex, codexEnv, codexServerStatus } from '../mcp/agentClients';

/** The example paths the README's client blocks use; `setup --print` prints this machine's. */
export const EXAMPLE_NODE = '/usr/local/bin/node';
export const EXAMPLE_CLI = '/usr/local/lib/node_modules/aria-context/dist/cli.js';

interface Fenced {
  lang: string;
  body: string;
}

function fencedBlocks(markdown: string): Fenced[] {
  const out: Fenced[] = [];
  const re = /^```([\w-]*)\n([\s\S]*?)^```$/gm;
  for (let m = re.exec(markdown); m; m = re.exec(markdown)) out.push({ lang: m[1], body: m[2] });
  return out;
}

/** The one block of a language that holds `marker`; a test fails when there is none or several. */
export function oneBlock(markdown: string, lang: string, marker: string): string {
  const found = fencedBlocks(markdown).filter((b) => b.lang === lang && b.body.includes(marker));
  assert.equal(found.length, 1, `README: expected one ${lang} block holding ${marker}, found ${found.length}`);
  return found[0].body;
}

/** Codex's table: `command = "…"` and `args = [...]` (TOML basic strings are JSON strings). */
export function tomlServer(toml: string): { command: string; args: string[] } {
  const lines = toml.split('\n').filter((l) => l.trim() !== '');
  assert.equal(lines[0], '[mcp_servers.aria-context]');
  const keys = lines.slice(1).map((l) => /^(\w+) = (.*)$/.exec(l));
  assert.ok(keys.every(Boolean), `a line that is not key = value:\n${toml}`);
  const names = keys.map((k) => k![1]);
  assert.equal(new Set(names).size, names.length, `duplicate keys (Codex refuses the file):\n${toml}`);
  const value = (name: string) => JSON.parse(keys.find((k) => k![1] === name)![2]);
  return { command: value('command'), args: value('args') };
}

export interface AgentContext {
  readme: string;
  version: string;
  /** The fresh copy after the README's sh blocks ran (the .vsix and the tarball are in it). */
  copy: () => string;
  env: () => NodeJS.ProcessEnv;
}

const cache = process.env.ARIA_E2E_CACHE || path.join(os.homedir(), '.cache', 'aria-context-e2e');
const node24 = path.join(cache, 'node24', 'node_modules', '.bin', 'node');
const codeServer = path.join(cache, 'code-server', 'node_modules', 'code-server', 'out', 'node', 'entry.js');
const noClaude = claudeCode.missing;
const noCodeServer =
  fs.existsSync(node24) && fs.existsSync(codeServer)
    ? false
    : `code-server is not in ${cache}: run bash scripts/e2e/setup-harness.sh --no-browser`;

function sh(script: string, cwd: string, env: NodeJS.ProcessEnv) {
  const r = spawnSync('bash', ['-e', '-o', 'pipefail', '-c', script], { cwd, env, encoding: 'utf8', timeout: 300_000 });
  assert.equal(r.status, 0, `${script}\nexit ${r.status ?? r.signal}\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** A folder on PATH holding `name`, a shell script that runs `command…` with its arguments. */
function shim(name: string, command: string[]): string {
  const dir = tempDir('aria-shim-');
  const quoted = command.map((c) => `'${c.replace(/'/g, `'\\''`)}'`).join(' ');
  fs.writeFileSync(path.join(dir, name), `#!/bin/sh\nexec ${quoted} "$@"\n`, { mode: 0o755 });
  return dir;
}

/** Connects to a configured server with both official clients; each lists the tools and queries. */
async function connectsWithBothClients(server: { command: string; args: string[] }, home: string): Promise<void> {
  const env = { PATH: process.env.PATH ?? '', HOME: home };
  const v1 = new Client({ name: 'readme-v1', version: '1' });
  await v1.connect(new StdioClientTransport({ ...server, env, stderr: 'pipe' }));
  try {
    const tools = (await v1.listTools()).tools.map((t) => t.name);
    assert.deepEqual(tools, ['knowledge_query', 'knowledge_load']);
    const r = await v1.callTool({ name: 'knowledge_query', arguments: { query: 'stripe' } });
    assert.match(JSON.stringify(r.content), /references\/stripe-webhook-patterns\.md/);
  } finally {
    await v1.close();
  }
  const { Client: V2Client } = await import('@modelcontextprotocol/client');
  const { StdioClientTransport: V2Transport } = await import('@modelcontextprotocol/client/stdio');
  const v2 = new V2Client({ name: 'readme-v2', version: '1' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  await v2.connect(new V2Transport({ ...server, env, stderr: 'pipe' }));
  try {
    assert.deepEqual(
      (await v2.listTools()).tools.map((t) => t.name),
      ['knowledge_query', 'knowledge_load'],
    );
  } finally {
    await v2.close();
  }
}

export function agentSetupTests(ctx: AgentContext): void {
  const vsix = `aria-context-${ctx.version}.vsix`;
  let prefix = '';
  let env: NodeJS.ProcessEnv = {};
  let cli = '';
  const here = (s: string) => s.split(EXAMPLE_CLI).join(cli).split(EXAMPLE_NODE).join(process.execPath);
  const printed = (client: string) => sh(`aria-context setup ${client} --print`, ctx.copy(), env);

  const installsVsix = `README: \`code --install-extension ${vsix}\` installs the extension into VS Code`;
  test(installsVsix, { skip: noCodeServer }, () => {
    const line = oneBlock(ctx.readme, 'shell', '--install-extension').trim();
    assert.equal(line, `code --install-extension ${vsix}`);
    const home = tempDir('aria-readme-vscode-');
    const codeOnPath = `${shim('code', [node24, codeServer])}${path.delimiter}${ctx.env().PATH}`;
    const vscodeEnv = { ...ctx.env(), HOME: home, PATH: codeOnPath };
    sh(line, ctx.copy(), vscodeEnv);
    assert.match(sh('code --list-extensions', ctx.copy(), vscodeEnv), /^aria-context\.aria-context$/m);
  });

  test("README: the tarball installs with its npm install -g line, and setup prints this install's paths", () => {
    const install = oneBlock(ctx.readme, 'sh', 'npm pack')
      .split('\n')
      .find((l) => l.startsWith('npm install -g'));
    assert.equal(install, `npm install -g ./aria-context-${ctx.version}.tgz`);
    prefix = tempDir('aria-readme-clients-');
    const binOnPath = `${path.join(prefix, 'bin')}${path.delimiter}${ctx.env().PATH}`;
    env = { ...ctx.env(), npm_config_prefix: prefix, PATH: binOnPath };
    sh(install!, ctx.copy(), env);
    cli = fs.realpathSync(path.join(prefix, 'lib', 'node_modules', 'aria-context', 'dist', 'cli.js'));
    assert.equal(tomlServer(printed('codex')).args[0], cli);
  });

  test("README: Codex's table is what setup prints, has no duplicate key, and its server connects", async () => {
    assert.ok(cli, 'not installed');
    const table = oneBlock(ctx.readme, 'toml', '[mcp_servers.aria-context]');
    assert.equal(here(table), printed('codex'));
    await connectsWithBothClients(tomlServer(here(table)), fixtureCopy('aria-readme-codex-'));
  });

  for (const how of ['the table pasted into config.toml', 'aria-context setup codex --yes'])
    test(
      `README: Codex, set up by ${how}, starts the server and lists its tools`,
      { skip: codex.missing },
      async () => {
        assert.ok(cli, 'not installed');
        const codexHome = tempDir('aria-readme-codex-home-');
        const withCodex = codexEnv(fixtureCopy('aria-readme-codex-'), codexHome, env);
        if (how === 'aria-context setup codex --yes') sh(how, ctx.copy(), withCodex);
        else
          fs.writeFileSync(
            path.join(codexHome, 'config.toml'),
            here(oneBlock(ctx.readme, 'toml', '[mcp_servers.aria-context]')),
          );
        const servers = await codexServerStatus(withCodex);
        assert.deepEqual(
          servers.map((s) => [s.name, s.serverName, s.tools]),
          [['aria-context', 'aria-context', ['knowledge_load', 'knowledge_query']]],
        );
      },
    );

  for (const [client, key] of [
    ['cursor', 'mcpServers'],
    ['vscode', 'servers'],
  ] as const) {
    test(`README: ${client}'s JSON is what setup prints, and its server connects`, async () => {
      assert.ok(cli, 'not installed');
      const config = JSON.parse(here(oneBlock(ctx.readme, 'json', `"${key}"`)));
      assert.deepEqual(config, JSON.parse(printed(client)));
      const server = config[key]['aria-context'] as { command: string; args: string[] };
      const home = fixtureCopy(`aria-readme-${client}-`);
      await connectsWithBothClients({ command: server.command, args: server.args }, home);
    });
  }

  test(
    "README: Claude Code's line and `aria-context setup claude-code` both leave it connected in claude mcp list",
    { skip: noClaude },
    () => {
      assert.ok(cli, 'not installed');
      const line = oneBlock(ctx.readme, 'shell', 'claude mcp add').trim();
      assert.equal(`${here(line)}\n`, printed('claude-code'));
      for (const how of [here(line), 'aria-context setup claude-code --yes']) {
        const withClaude = claudeEnv(tempDir('aria-readme-claude-'), env);
        const project = tempDir('aria-readme-claude-project-');
        sh(how, project, withClaude);
        const list = sh('claude mcp list', project, withClaude);
        assert.match(list, /^aria-context: .*cli\.js mcp - ✔ Connected$/m, `${how}\n${list}`);
      }
    },
  );
}
