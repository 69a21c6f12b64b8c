// Context: Connect Agents…'s launcher, run as an agent runs it: Node on the script the command
// writes into global storage. It must pick the newest installed aria-context extension (each
// version has its own folder), pass the arguments and stdio through, and keep the exit code.
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import {
  anotherMachineText,
  CLIENT_LABELS,
  connectText,
  launcherScript,
  launcherServer,
} from '../../src/vscode/connect/connectAgentsModel';
import { nodeForAgents } from '../../src/vscode/connect/agentNode';
import { chooseNode, parseNodeVersion } from '../../src/vscode/connect/agentNodeModel';
import { fixtureCopy, initializeOverStdio, repoRoot, tempDir } from '../helpers';

const ID = 'aria-context.aria-context';

/** An extensions folder with fake installs whose dist/cli.js reports which version ran. */
function extensionsDir(installs: Record<string, number | null>): string {
  const dir = tempDir('aria-connect-ext-');
  for (const [folder, exit] of Object.entries(installs)) {
    fs.mkdirSync(path.join(dir, folder, 'dist'), { recursive: true });
    if (exit === null) continue; // a folder left without its bundle (a half-removed version)
    fs.writeFileSync(
      path.join(dir, folder, 'dist', 'cli.js'),
      `process.stdout.write(JSON.stringify({ from: ${JSON.stringify(folder)}, argv: process.argv.slice(2) })); process.exit(${exit});\n`,
    );
  }
  return dir;
}

function writeLauncher(dir: string): string {
  const launcher = path.join(tempDir('aria-connect-storage-'), 'aria-context-mcp.js');
  fs.writeFileSync(launcher, launcherScript(dir, ID));
  return launcher;
}

test('the launcher runs the newest installed version that has its bundle, with mcp and the given arguments', () => {
  const dir = extensionsDir({
    [`${ID}-0.1.0`]: 0,
    [`${ID}-0.10.0`]: 0,
    [`${ID}-0.9.3-linux-x64`]: 0,
    [`${ID}-1.0.0`]: null,
    'other.ext-9.9.9': 0,
    [`${ID}-notaversion`]: 0,
  });
  const run = spawnSync(process.execPath, [writeLauncher(dir), '--folder', '/x'], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.deepEqual(JSON.parse(run.stdout), { from: `${ID}-0.10.0`, argv: ['mcp', '--folder', '/x'] });
});

test('an update is picked up without touching the launcher; the exit code passes through', () => {
  const dir = extensionsDir({ [`${ID}-0.1.0`]: 0 });
  const launcher = writeLauncher(dir);
  assert.equal(JSON.parse(spawnSync(process.execPath, [launcher], { encoding: 'utf8' }).stdout).from, `${ID}-0.1.0`);
  fs.mkdirSync(path.join(dir, `${ID}-0.2.0`, 'dist'), { recursive: true });
  fs.writeFileSync(path.join(dir, `${ID}-0.2.0`, 'dist', 'cli.js'), 'process.exit(3);\n');
  assert.equal(spawnSync(process.execPath, [launcher], { encoding: 'utf8' }).status, 3);
});

test('no installed extension: a one-line message and exit 1', () => {
  const run = spawnSync(process.execPath, [writeLauncher(extensionsDir({ 'other.ext-1.0.0': 0 }))], {
    encoding: 'utf8',
  });
  assert.equal(run.status, 1);
  assert.match(run.stderr, /^aria-context: no installed aria-context extension found in .*Connect Agents/);
});

test('through the launcher, the real server answers initialize over stdio', () => {
  if (!fs.existsSync(path.join(repoRoot, 'dist', 'cli.js'))) execFileSync('node', ['esbuild.mjs'], { cwd: repoRoot });
  const dir = tempDir('aria-connect-real-');
  fs.symlinkSync(repoRoot, path.join(dir, `${ID}-0.1.0`));
  const { reply, output } = initializeOverStdio(
    process.execPath,
    [writeLauncher(dir)],
    { PATH: process.env.PATH, HOME: fixtureCopy('aria-connect-home-') },
    'connect-test',
  );
  assert.equal(reply?.result?.serverInfo?.name, 'aria-context', output);
});

test("each client gets one complete config for the launcher; the editor's runtime as Node carries ELECTRON_RUN_AS_NODE", () => {
  const node = launcherServer('/s/aria-context-mcp.js', { path: '/usr/bin/node', electron: false });
  assert.deepEqual(node, { command: '/usr/bin/node', args: ['/s/aria-context-mcp.js'] });
  assert.equal(
    connectText('claude-code', node).run,
    'claude mcp add --scope user aria-context -- /usr/bin/node /s/aria-context-mcp.js',
  );
  const electron = launcherServer('/s/aria-context-mcp.js', { path: '/opt/Code/code', electron: true });
  assert.equal(
    connectText('claude-code', electron).run,
    'claude mcp add --scope user aria-context --env ELECTRON_RUN_AS_NODE=1 -- /opt/Code/code /s/aria-context-mcp.js',
  );
  const codex = connectText('codex', electron);
  assert.equal(
    codex.text,
    '[mcp_servers.aria-context]\ncommand = "/opt/Code/code"\nargs = ["/s/aria-context-mcp.js"]\nenv = { "ELECTRON_RUN_AS_NODE" = "1" }\n',
  );
  assert.equal(
    codex.run,
    'codex mcp add --env ELECTRON_RUN_AS_NODE=1 aria-context -- /opt/Code/code /s/aria-context-mcp.js',
  );
  assert.deepEqual(JSON.parse(connectText('cursor', electron).text), {
    mcpServers: {
      'aria-context': {
        command: '/opt/Code/code',
        args: ['/s/aria-context-mcp.js'],
        env: { ELECTRON_RUN_AS_NODE: '1' },
      },
    },
  });
  assert.equal(connectText('cursor', node).run, undefined, 'Cursor has no command: the JSON is pasted');
});

test('another machine: no path of this one, but how that machine gets its own config', () => {
  const text = anotherMachineText('0.1.0');
  assert.doesNotMatch(text, /globalStorage|aria-context-mcp\.js|\/home\/|\/Users\//, 'nothing of this machine');
  assert.match(text, /npm install -g \.\/aria-context-0\.1\.0\.tgz/);
  assert.match(text, /aria-context setup <claude-code\|codex\|cursor\|vscode>/);
  assert.match(text, /"command": "aria-context"/);
  // The VS Code entry that points at this machine's launcher says it is for this machine.
  assert.match(CLIENT_LABELS.find((c) => c.client === 'vscode')!.label, /this machine/);
  assert.ok(!CLIENT_LABELS.some((c) => /another machine/i.test(c.label)));
});

/** A folder holding a fake `node` that says it is `version` and can run nothing (as an old Node fails the CLI). */
function fakeNodeDir(version: string): string {
  const dir = tempDir('aria-fake-node-');
  const node = path.join(dir, 'node');
  fs.writeFileSync(
    node,
    `#!/bin/sh\nif [ "$1" = "--version" ]; then echo ${version}; exit 0; fi\necho "aria-context needs Node.js 22.12 or later (this is ${version.slice(1)})" >&2\nexit 2\n`,
  );
  fs.chmodSync(node, 0o755);
  return dir;
}

test(
  "an old node first on PATH: the config names the editor's own runtime, and its command starts the server (MCP initialize)",
  { skip: process.platform === 'win32' ? 'a shell-script node' : false },
  async () => {
    if (!fs.existsSync(path.join(repoRoot, 'dist', 'cli.js'))) execFileSync('node', ['esbuild.mjs'], { cwd: repoRoot });
    const dir = tempDir('aria-connect-old-');
    fs.symlinkSync(repoRoot, path.join(dir, `${ID}-0.1.0`));
    const fake = fakeNodeDir('v20.20.2');
    const env = { PATH: `${fake}${path.delimiter}${process.env.PATH ?? ''}`, HOME: fixtureCopy('aria-connect-home-') };
    // The editor's own runtime as code-server has it: a Node (this test's, new enough).
    const own = { path: process.execPath, version: process.versions.node, electron: false };
    const choice = await nodeForAgents(env, own);
    assert.deepEqual(choice, { ok: true, path: process.execPath, electron: false }, 'not the old node on PATH');
    const server = launcherServer(writeLauncher(dir), choice.ok ? choice : own);
    const { reply, output } = initializeOverStdio(
      server.command,
      server.args,
      { ...env, ...server.env },
      'connect-old',
    );
    assert.equal(reply?.result?.serverInfo?.name, 'aria-context', output);
    // A new enough node on PATH is the one named (it stays valid when the editor is updated or closed).
    const good = tempDir('aria-good-node-');
    fs.symlinkSync(process.execPath, path.join(good, 'node'));
    const chosen = await nodeForAgents({ PATH: `${good}${path.delimiter}${fake}` }, own);
    assert.deepEqual(chosen, { ok: true, path: path.join(good, 'node'), electron: false });
  },
);

test("the Node chosen: PATH's when it is 22.12 or later, else the editor's (Electron run as Node), else what to install", () => {
  assert.equal(parseNodeVersion('v20.20.2\n'), '20.20.2');
  assert.equal(parseNodeVersion('garbage v24.1.0'), null);
  const electron = { path: '/opt/Code/code', version: '22.15.1', electron: true };
  assert.deepEqual(chooseNode({ path: '/usr/bin/node', version: '24.1.0' }, electron), {
    ok: true,
    path: '/usr/bin/node',
    electron: false,
  });
  assert.deepEqual(chooseNode({ path: '/usr/bin/node', version: '20.20.2' }, electron), {
    ok: true,
    path: '/opt/Code/code',
    electron: true,
  });
  assert.deepEqual(
    chooseNode({ path: '/usr/bin/node', version: null }, electron).ok,
    true,
    'a node that would not say',
  );
  assert.deepEqual(chooseNode(undefined, electron), { ok: true, path: '/opt/Code/code', electron: true });
  const oldOwn = { path: '/usr/lib/code-server/lib/node', version: '20.18.0', electron: false };
  const none = chooseNode({ path: '/usr/bin/node', version: '20.20.2' }, oldOwn);
  assert.equal(none.ok, false);
  assert.equal(
    none.ok ? '' : none.message,
    'The aria-context MCP server needs Node.js 22.12 or later: the node on PATH is /usr/bin/node (Node.js 20.20.2), and this editor runs /usr/lib/code-server/lib/node (Node.js 20.18.0). Install Node.js 22.12 or later (https://nodejs.org) so that it is the first node on PATH, then run Context: Connect Agents… again.',
  );
  const electronConfig = launcherServer('/s/l.js', { path: '/opt/Code/code', electron: true });
  assert.deepEqual(electronConfig.env, { ELECTRON_RUN_AS_NODE: '1' });
});

/** A real Node older than 22.12 (ARIA_OLD_NODE or the system's), if the machine has one. */
function realOldNode(): string | undefined {
  for (const node of [process.env.ARIA_OLD_NODE, '/usr/bin/node', '/usr/local/bin/node']) {
    if (!node || !fs.existsSync(node)) continue;
    const version = spawnSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout?.trim() ?? '';
    const [major, minor] = version.split('.').map(Number);
    if (major < 22 || (major === 22 && minor < 12)) return node;
  }
  return undefined;
}

const oldNode = realOldNode();
test(
  'the launcher run by an old Node says in one line which Node it is and what to install, and exits 2',
  { skip: oldNode ? false : 'no Node older than 22.12 on this machine (set ARIA_OLD_NODE)' },
  () => {
    const run = spawnSync(oldNode!, [writeLauncher(extensionsDir({ [`${ID}-0.1.0`]: 0 }))], { encoding: 'utf8' });
    assert.equal(run.status, 2);
    assert.equal(run.stdout, '', 'nothing reached the server');
    assert.match(
      run.stderr,
      /^aria-context needs Node\.js 22\.12 or later \(this agent started it with 2\d\.\d+\.\d+, [^\n]+\): install Node\.js 22\.12 or later from https:\/\/nodejs\.org, then run Context: Connect Agents… again in the editor\.\n$/,
    );
  },
);
