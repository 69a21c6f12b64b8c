#!/usr/bin/env node
// `npm run test:desktop`: the in-host suite (test/desktop/suite.ts) inside a desktop
// VS Code downloaded by @vscode/test-electron. This needs a machine that can download VS Code
// (a contributor's machine with internet); CI runs the code-server route instead
// (test/e2e/editor.e2e.ts for the UI, test/e2e/inhost.e2e.ts for this same suite inside
// code-server's extension host). When test-electron is not installed or the download fails, this
// script says so and exits non-zero.
//
//   npm i -D @vscode/test-electron     # once, on a machine with internet
//   npm run test:desktop               # VSCODE_VERSION=1.95.0 to pin a version (default: stable)
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fixtureHomeDir = path.join(repo, 'examples', 'knowledge-home');
const goldenFile = path.join(repo, 'test', 'golden', 'cases.json');
const require = createRequire(import.meta.url);
const log = (msg) => console.log(`[test:desktop] ${msg}`);

function fail(message) {
  console.error(`[test:desktop] ${message}`);
  process.exit(1);
}

let testElectron;
try {
  testElectron = require('@vscode/test-electron');
} catch {
  fail(
    [
      '@vscode/test-electron is not installed, so no desktop VS Code can be started.',
      'On a machine with internet access run:',
      '    npm i -D @vscode/test-electron && npm run test:desktop',
      '(It downloads a desktop VS Code on first use. On machines that only reach the npm registry',
      'that download cannot work: there the same in-host suite runs inside code-server with',
      '    node --import tsx --test test/e2e/inhost.e2e.ts',
      'and the UI scenarios with node --import tsx --test test/e2e/editor.e2e.ts (what CI runs).)',
    ].join('\n'),
  );
}

// Build the extension and bundle the in-host suite (vscode stays external: the host provides it).
log('building the extension and the in-host suite');
execFileSync('npm', ['run', 'build'], { cwd: repo, stdio: 'inherit' });
const outDir = path.join(repo, 'out', 'desktop');
fs.mkdirSync(outDir, { recursive: true });
const esbuild = await import('esbuild');
await esbuild.build({
  entryPoints: [path.join(repo, 'test', 'desktop', 'suite.ts')],
  outfile: path.join(outDir, 'suite.js'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['vscode'],
  logLevel: 'warning',
});

const golden = JSON.parse(fs.readFileSync(goldenFile, 'utf8'));
const temps = [];
const tempDir = (prefix) => {
  const d = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  temps.push(d);
  return d;
};
process.on('exit', () => temps.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function writable(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isSymbolicLink()) continue;
    fs.chmodSync(p, e.isDirectory() ? 0o755 : 0o644);
    if (e.isDirectory()) writable(p);
  }
}

function fixtureHome() {
  const home = tempDir('aria-desktop-home-');
  fs.cpSync(fixtureHomeDir, home, { recursive: true });
  writable(home);
  for (const [rel, date] of Object.entries(golden.mtimes)) {
    const t = new Date(`${date}T12:00:00`);
    fs.utimesSync(path.join(home, rel), t, t);
  }
  return home;
}

function workspace(settings) {
  const ws = tempDir('aria-desktop-ws-');
  fs.mkdirSync(path.join(ws, '.vscode'));
  fs.writeFileSync(path.join(ws, '.vscode', 'settings.json'), JSON.stringify(settings, null, 2));
  return ws;
}

async function runScenario(name, home, ws, extraEnv) {
  log(`scenario set "${name}" (HOME=${home})`);
  await testElectron.runTests({
    version: process.env.VSCODE_VERSION ?? 'stable',
    extensionDevelopmentPath: repo,
    extensionTestsPath: path.join(outDir, 'suite.js'),
    launchArgs: [
      ws,
      '--disable-extensions',
      '--disable-workspace-trust',
      '--user-data-dir',
      tempDir('aria-desktop-user-'),
      '--skip-welcome',
      '--skip-release-notes',
    ],
    extensionTestsEnv: {
      HOME: home,
      ARIA_CONTEXT_TODAY: golden.today,
      ARIA_DESKTOP_SCENARIO: name,
      ARIA_DESKTOP_HOME: home,
      ARIA_DESKTOP_GOLDEN: goldenFile,
      ...extraEnv,
    },
  });
}

try {
  const home = fixtureHome();
  // A hostile workspace setting must not move the folder in either run.
  const decoy = tempDir('aria-desktop-decoy-');
  await runScenario('fixture', home, workspace({ 'ariaContext.knowledgeFolder': decoy }), {});
  const other = fixtureHome();
  const knowledge = path.join(other, 'knowledge');
  await runScenario(
    'unconfigured',
    tempDir('aria-desktop-empty-home-'),
    workspace({ 'ariaContext.knowledgeFolder': knowledge }),
    {
      ARIA_DESKTOP_KNOWLEDGE: knowledge,
    },
  );
  log('all in-host scenarios passed');
} catch (err) {
  const message = err instanceof Error ? err.message : String(err);
  const download =
    /download|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|getaddrinfo|fetch failed|socket|certificate/i.test(message);
  fail(
    download
      ? `could not download a desktop VS Code (${message}). This machine cannot reach the VS Code download servers; ` +
          'run the same suite in code-server instead: node --import tsx --test test/e2e/inhost.e2e.ts'
      : `in-host scenarios failed: ${message}`,
  );
}
