#!/usr/bin/env node
// `npm start`: the extension in a real VS Code on the example knowledge folder that ships in
// examples/knowledge-home (a whole example HOME: ~/.claude/aria-knowledge.local.md,
// ~/knowledge/, ~/Projects/).
//
//   - `code` on PATH → desktop VS Code with --extensionDevelopmentPath=<this repo>
//   - otherwise      → code-server on 127.0.0.1 (from the e2e harness cache, installed by
//                      `scripts/e2e/setup-harness.sh --no-browser` if missing: Node 24 and
//                      code-server, no browser) with the packaged .vsix; the URL is printed.
//
// Either way VS Code runs with HOME = a temp copy of examples/knowledge-home, so the extension
// finds the example config exactly as it would find yours, and the example files stay untouched.
//
// Options: --code-server (skip desktop `code`), --port N (code-server port, default: a free one),
//          --keep (do not delete the temp copy on exit)
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureNode24, relaunchOnNode24 } from './node24.mjs';

await relaunchOnNode24();

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const example = path.join(repo, 'examples', 'knowledge-home');
const args = process.argv.slice(2);
const forceCodeServer = args.includes('--code-server');
const keep = args.includes('--keep');
const portArg = args.includes('--port') ? Number(args[args.indexOf('--port') + 1]) : 0;
const CODE_SERVER_VERSION = '4.139.1';

const log = (msg) => console.log(`[aria-context run] ${msg}`);

/** Ends `npm start` with one sentence, never a stack trace. */
function stop(sentence) {
  console.error(`[aria-context run] ${sentence}`);
  process.exit(1);
}

/** A step's command, stopping with `sentence` when it fails. */
function step(sentence, command, commandArgs, options) {
  const r = spawnSync(command, commandArgs, { cwd: repo, stdio: 'inherit', ...options });
  if (r.status !== 0) stop(sentence);
}

function onPath(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

function copyExampleHome() {
  const tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'aria-context-run-')));
  const home = path.join(tmp, 'home');
  fs.cpSync(example, home, { recursive: true });
  const writable = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isSymbolicLink()) continue;
      fs.chmodSync(p, e.isDirectory() ? 0o755 : 0o644);
      if (e.isDirectory()) writable(p);
    }
  };
  writable(home);
  return { tmp, home };
}

/** On exit: stop the editor's whole process group (code-server forks), then delete the copy. */
const children = [];
function cleanupLater(tmp) {
  process.on('exit', () => {
    for (const child of children) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    if (!keep) fs.rmSync(tmp, { recursive: true, force: true });
  });
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => process.exit(130));
}

function quietSettings(userDataDir) {
  fs.mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  fs.writeFileSync(
    path.join(userDataDir, 'User', 'settings.json'),
    JSON.stringify(
      {
        'workbench.startupEditor': 'none',
        'security.workspace.trust.enabled': false,
        'telemetry.telemetryLevel': 'off',
        'update.mode': 'none',
        'extensions.autoUpdate': false,
      },
      null,
      2,
    ),
  );
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function desktop() {
  log('building (npm run build)');
  step('The build failed (see above): fix the error it names, then run npm start again.', 'npm', ['run', 'build']);
  const { tmp, home } = copyExampleHome();
  cleanupLater(tmp);
  const userDataDir = path.join(tmp, 'user-data');
  quietSettings(userDataDir);
  const folder = path.join(home, 'knowledge');
  log(`starting desktop VS Code on ${folder} (HOME=${home})`);
  const child = spawn(
    'code',
    [
      '--new-window',
      '--wait',
      '--user-data-dir',
      userDataDir,
      '--extensions-dir',
      path.join(tmp, 'extensions'),
      `--extensionDevelopmentPath=${repo}`,
      folder,
    ],
    { stdio: 'inherit', env: { ...process.env, HOME: home } },
  );
  child.on('exit', (code) => process.exit(code ?? 0));
}

function harness() {
  const cache = process.env.ARIA_E2E_CACHE ?? path.join(os.homedir(), '.cache', 'aria-context-e2e');
  return {
    cache,
    node24: ensureNode24(),
    entry: path.join(cache, 'code-server', 'node_modules', 'code-server', 'out', 'node', 'entry.js'),
    marker: path.join(cache, `.complete-code-server-${CODE_SERVER_VERSION}-node24`),
  };
}

async function codeServer() {
  let h = harness();
  if (!fs.existsSync(h.marker) || !fs.existsSync(h.entry)) {
    log(
      `code-server is not installed in ${h.cache}: running scripts/e2e/setup-harness.sh --no-browser (about 4 minutes, once)`,
    );
    const setup = spawnSync('bash', [path.join(repo, 'scripts', 'e2e', 'setup-harness.sh'), '--no-browser'], {
      cwd: repo,
      stdio: 'inherit',
    });
    // the script's last line already said what to do
    if (setup.status !== 0) stop('code-server could not be installed (see the line above).');
    h = harness();
  }
  log('packaging the extension (npm run package)');
  step('Packaging the extension failed (see above): fix the error it names, then run npm start again.', 'npm', [
    'run',
    'package',
  ]);
  const vsix = path.join(
    repo,
    `aria-context-${JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')).version}.vsix`,
  );

  const { tmp, home } = copyExampleHome();
  cleanupLater(tmp);
  const userDataDir = path.join(tmp, 'user-data');
  const extensionsDir = path.join(tmp, 'extensions');
  quietSettings(userDataDir);
  const env = { ...process.env, HOME: home };
  const common = [
    '--config',
    path.join(tmp, 'config.yaml'),
    '--user-data-dir',
    userDataDir,
    '--extensions-dir',
    extensionsDir,
  ];
  step(
    `code-server could not install ${path.basename(vsix)} (see above): run ARIA_E2E_FORCE=1 bash scripts/e2e/setup-harness.sh --no-browser to reinstall it, then npm start again.`,
    h.node24,
    [h.entry, ...common, '--install-extension', vsix, '--force'],
    { env, stdio: ['ignore', 'ignore', 'inherit'] },
  );

  const port = portArg || (await freePort());
  const folder = path.join(home, 'knowledge');
  const child = spawn(
    h.node24,
    [
      h.entry,
      ...common,
      '--auth',
      'none',
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      folder,
    ],
    { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  children.push(child);
  let announced = false;
  const url = `http://127.0.0.1:${port}/?folder=${encodeURIComponent(folder)}`;
  const onOutput = (chunk) => {
    const text = chunk.toString();
    if (process.env.ARIA_RUN_VERBOSE) process.stdout.write(text);
    if (!announced && /HTTP server listening/i.test(text)) {
      announced = true;
      log(`VS Code (code-server ${CODE_SERVER_VERSION}) is running with the example knowledge home (HOME=${home}).`);
      log(`Open ${url}`);
      log(
        'Then: the tag icon in the activity bar, or F1 → "Context: Query" → stripe / proj-a / api AND pagination. Ctrl+C stops it.',
      );
    }
  };
  child.stdout.on('data', onOutput);
  child.stderr.on('data', onOutput);
  child.on('exit', (code) => {
    if (!announced)
      log(`code-server exited (${code}) before it was ready; run with ARIA_RUN_VERBOSE=1 to see its output`);
    process.exit(code ?? 0);
  });
}

// A fresh clone has no node_modules yet: install them first, so `npm start` is the whole story.
if (!fs.existsSync(path.join(repo, 'node_modules', '.package-lock.json'))) {
  log('installing dependencies (npm ci)');
  step('npm ci failed (see above): check that registry.npmjs.org can be reached, then run npm start again.', 'npm', [
    'ci',
    '--no-audit',
    '--no-fund',
  ]);
}
try {
  if (!forceCodeServer && onPath('code')) await desktop();
  else await codeServer();
} catch (err) {
  stop(`${err.message.split('\n')[0]} — run npm start again, or with ARIA_RUN_VERBOSE=1 to see more.`);
}
