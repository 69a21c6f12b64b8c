// The README's install and agent setup, followed as written on a fresh copy after its blocks
// ran `npm run release`: the .vsix installs into a real VS Code (code-server) with the README's
// `code` line and uninstalls with its `code --uninstall-extension`; the tarball installs with the
// README's `npm install -g` line into a temporary prefix, and the command runs from there; then
// what `aria-context setup <client>` prints and does for each client the README names (Claude
// Code's `claude mcp add`, Codex's TOML table, Cursor's and VS Code's JSON) connects: through
// `claude mcp list`, the official v1 client and the v2 client pinned to 2026-07-28, and Codex's
// own app server; the README's removal commands remove it. Clients that are not installed
// (code-server, Claude Code, Codex: the e2e cache) are skipped, saying how to install them.
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

/** The one inline command of the README that starts with `start` (in `code` quotes). */
export function inlineCommand(markdown: string, start: string): string {
  const prose = markdown.replace(/^ {0,3}```[\s\S]*?^ {0,3}```$/gm, '').replace(/\n\s*/g, ' ');
  const found = [...prose.matchAll(/`([^`]+)`/g)].map((m) => m[1]).filter((c) => c.startsWith(start));
  assert.equal(new Set(found).size, 1, `README: expected one \`${start}…\` command, found ${found.join(' | ')}`);
  return found[0];
}

/** What the tarball installed into a temporary prefix (README: `npm install -g`). */
export interface Installed {
  prefix: string;
  /** `<prefix>/bin/aria-context`, the command a user runs. */
  bin: string;
  /** The installed `dist/cli.js` (real path), which setup writes into each client's config. */
  cli: string;
  /** The README's environment with `<prefix>/bin` first on PATH. */
  env: NodeJS.ProcessEnv;
}

export function agentSetupTests(ctx: AgentContext): void {
  const vsix = `release/aria-context-${ctx.version}.vsix`;
  let installed: Installed | null = null;
  const need = (): Installed => {
    assert.ok(installed, 'the tarball is not installed');
    return installed;
  };
  const printed = (client: string) => sh(`aria-context setup ${client} --print`, ctx.copy(), need().env);

  const installsVsix = `README: \`code --install-extension ${vsix}\` installs the extension into VS Code, and its uninstall command removes it`;
  test(installsVsix, { skip: noCodeServer }, () => {
    const line = oneBlock(ctx.readme, 'shell', '--install-extension').trim();
    assert.equal(line, `code --install-extension ${vsix}`);
    const home = tempDir('aria-readme-vscode-');
    const codeOnPath = `${shim('code', [node24, codeServer])}${path.delimiter}${ctx.env().PATH}`;
    const vscodeEnv = { ...ctx.env(), HOME: home, PATH: codeOnPath };
    sh(line, ctx.copy(), vscodeEnv);
    assert.match(sh('code --list-extensions', ctx.copy(), vscodeEnv), /^aria-context\.aria-context$/m);
    sh(inlineCommand(ctx.readme, 'code --uninstall-extension '), ctx.copy(), vscodeEnv);
    assert.doesNotMatch(sh('code --list-extensions', ctx.copy(), vscodeEnv), /aria-context/);
  });

  test('README: the tarball installs with its npm install -g line into a temporary prefix', () => {
    const install = oneBlock(ctx.readme, 'sh', 'npm install -g')
      .split('\n')
      .find((l) => l.startsWith('npm install -g'));
    assert.equal(install, `npm install -g ./release/aria-context-${ctx.version}.tgz`);
    const prefix = tempDir('aria-readme-clients-');
    const env = {
      ...ctx.env(),
      npm_config_prefix: prefix,
      PATH: `${path.join(prefix, 'bin')}${path.delimiter}${ctx.env().PATH}`,
    };
    sh(install!, ctx.copy(), env);
    installed = {
      prefix,
      bin: path.join(prefix, 'bin', 'aria-context'),
      cli: fs.realpathSync(path.join(prefix, 'lib', 'node_modules', 'aria-context', 'dist', 'cli.js')),
      env,
    };
  });

  // Checks of the installed command (e.g. `aria-context doctor`) go here, on need().
  test('the installed aria-context runs from its prefix, outside the clone: a query on the bundled example', () => {
    const { bin, env } = need();
    const home = fixtureCopy('aria-readme-installed-');
    const out = sh(`'${bin}' query stripe`, tempDir('aria-readme-elsewhere-'), { ...env, HOME: home });
    assert.match(out, /^Found 3 files matching: \[stripe\] \(OR\)/);
    assert.match(out, /references\/stripe-webhook-patterns\.md/);
  });

  test('the installed aria-context doctor: healthy after setup on the example config, exit 1 once the registered cli.js is gone; the hook stays silent', () => {
    // the clients are set up from a second installation (the same tarball), whose cli.js is
    // then removed; the first one's doctor reports on it
    const install = oneBlock(ctx.readme, 'sh', 'npm install -g')
      .split('\n')
      .find((l) => l.startsWith('npm install -g'))!;
    const prefix = tempDir('aria-readme-doctor-');
    const env = {
      ...need().env,
      npm_config_prefix: prefix,
      PATH: `${path.join(prefix, 'bin')}${path.delimiter}${ctx.env().PATH}`,
    };
    sh(install, ctx.copy(), env);
    const cli = fs.realpathSync(path.join(prefix, 'lib', 'node_modules', 'aria-context', 'dist', 'cli.js'));
    const home = fixtureCopy('aria-readme-doctor-home-');
    const withHome = { ...env, HOME: home, CODEX_HOME: tempDir('aria-readme-doctor-codex-') };
    const elsewhere = tempDir('aria-readme-doctor-cwd-');
    sh('aria-context setup claude-code --hooks --yes && aria-context setup codex --hooks --yes', elsewhere, withHome);
    const doctor = `'${need().bin}' doctor --json`;
    const healthy = JSON.parse(sh(doctor, elsewhere, withHome)) as {
      ok: boolean;
      config: { file: string };
      clients: { client: string; server: { cli: string } | null; hooks: { cli: string }[] }[];
    };
    assert.equal(healthy.ok, true);
    assert.equal(healthy.config.file, path.join(home, '.claude', 'aria-knowledge.local.md'));
    for (const c of healthy.clients.filter((x) => x.client !== 'cursor')) {
      assert.equal(c.server?.cli, cli, c.client);
      assert.deepEqual(
        c.hooks.map((h) => h.cli),
        [cli],
        c.client,
      );
    }
    const hook = (
      JSON.parse(fs.readFileSync(path.join(home, '.claude', 'settings.json'), 'utf8')) as {
        hooks: { SessionStart: { hooks: { command: string }[] }[] };
      }
    ).hooks.SessionStart[0].hooks[0].command;
    fs.rmSync(cli); // npm rm -g, a Node switch: the registered installation is gone
    const broken = spawnSync(need().bin, ['doctor', '--json'], { cwd: elsewhere, env: withHome, encoding: 'utf8' });
    assert.equal(broken.status, 1, broken.stdout);
    assert.equal((JSON.parse(broken.stdout) as { ok: boolean }).ok, false);
    const run = spawnSync('/bin/sh', ['-c', hook], {
      input: '{"hook_event_name":"SessionStart"}',
      encoding: 'utf8',
      env: withHome,
    });
    assert.deepEqual([run.status, run.stdout, run.stderr], [0, '', '']);
  });

  test("README: Codex's table, as setup prints it, has no duplicate key and its server connects", async () => {
    const table = printed('codex');
    const server = tomlServer(table);
    assert.deepEqual(server, { command: process.execPath, args: [need().cli, 'mcp'] });
    await connectsWithBothClients(server, fixtureCopy('aria-readme-codex-'));
  });

  for (const how of ['the printed table pasted into config.toml', 'aria-context setup codex --yes'])
    test(
      `README: Codex, set up by ${how}, starts the server and lists its tools; codex mcp remove removes it`,
      { skip: codex.missing },
      async () => {
        const codexHome = tempDir('aria-readme-codex-home-');
        const withCodex = codexEnv(fixtureCopy('aria-readme-codex-'), codexHome, need().env);
        if (how === 'aria-context setup codex --yes') sh(how, ctx.copy(), withCodex);
        else fs.writeFileSync(path.join(codexHome, 'config.toml'), printed('codex'));
        const servers = await codexServerStatus(withCodex);
        assert.deepEqual(
          servers.map((s) => [s.name, s.serverName, s.tools]),
          [['aria-context', 'aria-context', ['knowledge_load', 'knowledge_query']]],
        );
        sh(inlineCommand(ctx.readme, 'codex mcp remove'), ctx.copy(), withCodex);
        assert.deepEqual(await codexServerStatus(withCodex), []);
      },
    );

  for (const [client, key] of [
    ['cursor', 'mcpServers'],
    ['vscode', 'servers'],
  ] as const) {
    test(`README: ${client}'s JSON, as setup prints it, names this install and its server connects`, async () => {
      const config = JSON.parse(printed(client)) as Record<string, Record<string, { command: string; args: string[] }>>;
      const server = config[key]['aria-context'];
      assert.deepEqual([server.command, server.args], [process.execPath, [need().cli, 'mcp']]);
      await connectsWithBothClients(
        { command: server.command, args: server.args },
        fixtureCopy(`aria-readme-${client}-`),
      );
    });
  }

  test(
    "README: Claude Code's claude mcp add line and `aria-context setup claude-code` both leave it connected in claude mcp list; the README's remove command removes it",
    { skip: noClaude },
    () => {
      const line = printed('claude-code');
      // §13.3 the server runs with Node's compile cache from the environment cleared
      assert.equal(
        line,
        `claude mcp add --scope user aria-context --env NODE_COMPILE_CACHE= -- ${process.execPath} ${need().cli} mcp\n`,
      );
      assert.match(
        ctx.readme,
        /`claude mcp add --scope user aria-context --env NODE_COMPILE_CACHE= -- <node> <cli\.js> mcp`/,
      );
      for (const how of [line.trim(), 'aria-context setup claude-code --yes']) {
        const withClaude = claudeEnv(tempDir('aria-readme-claude-'), need().env);
        const project = tempDir('aria-readme-claude-project-');
        sh(how, project, withClaude);
        const list = sh('claude mcp list', project, withClaude);
        assert.match(list, /^aria-context: .*cli\.js mcp - ✔ Connected$/m, `${how}\n${list}`);
        sh(inlineCommand(ctx.readme, 'claude mcp remove'), project, withClaude);
        assert.doesNotMatch(sh('claude mcp list', project, withClaude), /^aria-context:/m);
      }
    },
  );

  test('README: its npm rm -g line removes the installed command and package', () => {
    const { prefix, bin, env } = need();
    const line = inlineCommand(ctx.readme, 'npm rm -g');
    assert.equal(line, 'npm rm -g aria-context');
    sh(line, ctx.copy(), env);
    assert.ok(!fs.existsSync(bin), `${bin} is still there`);
    assert.ok(
      !fs.existsSync(path.join(prefix, 'lib', 'node_modules', 'aria-context')),
      'the package is still installed',
    );
  });
}
