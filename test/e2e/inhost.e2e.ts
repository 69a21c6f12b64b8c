// The in-host suite of `npm run test:desktop` (test/desktop/suite.ts), run here inside
// code-server's real extension host instead of a downloaded desktop VS Code: the workbench URL
// names the development extension and the tests (`payload` extensionDevelopmentPath +
// extensionTestsPath, honoured with the smoke-test driver on), and the suite's console lines
// come back through the browser console. The `unconfigured` run has workspace trust on: when the
// suite asks ("aria-context trust: please trust this workspace"), this driver trusts the folder
// in the UI (Workspaces: Manage Workspace Trust → Trust).
//
//   node --import tsx --test test/e2e/inhost.e2e.ts
import { execFileSync } from 'node:child_process';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { buildSync } from 'esbuild';
import { chromium } from 'playwright-core';
import { fixtureCopy, goldenFile, tempDir } from '../helpers';
import { CHROMIUM_PATH, REPO_ROOT, grantWorkspaceTrust, startCodeServer, waitFor } from './harness';

const GOLDEN = goldenFile;
const golden = JSON.parse(fs.readFileSync(GOLDEN, 'utf8')) as { today: string; mtimes: Record<string, string> };
const SUITE = path.join(REPO_ROOT, 'out', 'desktop', 'suite.js');

const fixtureHome = () => fixtureCopy('aria-inhost-home-');

function workspace(settings: Record<string, string>, cursorKnowledge?: string): string {
  const ws = tempDir('aria-inhost-ws-');
  fs.mkdirSync(path.join(ws, '.vscode'));
  fs.writeFileSync(path.join(ws, '.vscode', 'settings.json'), JSON.stringify(settings, null, 2));
  if (cursorKnowledge) {
    // Workspace-provided config: only a trusted workspace may use it.
    fs.mkdirSync(path.join(ws, '.cursor'));
    fs.writeFileSync(
      path.join(ws, '.cursor', 'aria-knowledge.local.md'),
      `---\nknowledge_folder: ${cursorKnowledge}\n---\n`,
    );
  }
  return ws;
}

/** A knowledge folder only the workspace's .cursor config names: its one tag is `cursor-only`. */
function cursorKnowledge(): string {
  const folder = path.join(tempDir('aria-inhost-cursor-'), 'knowledge');
  fs.mkdirSync(path.join(folder, 'notes'), { recursive: true });
  fs.writeFileSync(path.join(folder, 'notes', 'from-cursor.md'), '# From the workspace config\n');
  fs.writeFileSync(
    path.join(folder, 'index.md'),
    '# Knowledge Index\n\n## Known Tags\n\ncursor-only\n\n## Tag Index\n\n### cursor-only\n- notes/from-cursor.md — From the workspace config\n',
  );
  return folder;
}

function build(): void {
  execFileSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  buildSync({
    entryPoints: [path.join(REPO_ROOT, 'test', 'desktop', 'suite.ts')],
    outfile: SUITE,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
    logLevel: 'warning',
  });
}

async function runSuite(
  scenario: string,
  home: string,
  ws: string,
  extraEnv: Record<string, string> = {},
  workspaceTrust = false,
): Promise<string[]> {
  const server = await startCodeServer({
    workspace: ws,
    workspaceTrust,
    env: {
      HOME: home,
      ARIA_CONTEXT_TODAY: golden.today,
      ARIA_DESKTOP_SCENARIO: scenario,
      ARIA_DESKTOP_HOME: home,
      ARIA_DESKTOP_GOLDEN: GOLDEN,
      ...extraEnv,
    },
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const lines: string[] = [];
  try {
    const page = await browser.newPage();
    page.on('console', (m) => {
      // A failing step's message and stack follow its `not ok` line in the same console message.
      let failing = false;
      for (const line of m.text().split('\n')) {
        if (/(^|\s)(not )?ok - |aria-context (in-host|diag):/.test(line)) {
          lines.push(line.replace(/^.*?((not )?ok - |aria-context (in-host|diag):)/, '$1'));
          failing = lines[lines.length - 1].startsWith('not ok - ');
        } else if (failing) {
          lines.push(`  ${line.trim()}`);
        } else if (line.includes('aria-context trust: please trust this workspace')) {
          // The suite waits for the user to trust the folder: do it in the UI.
          grantWorkspaceTrust(page).catch((err: Error) =>
            lines.push(`not ok - granting workspace trust in the UI: ${err.message}`),
          );
        }
      }
    });
    const authority = new URL(server.url).host;
    const remote = (p: string) => `vscode-remote://${authority}${p}`;
    const query = new URLSearchParams({
      folder: ws,
      payload: JSON.stringify([
        ['extensionDevelopmentPath', remote(REPO_ROOT)],
        ['extensionTestsPath', remote(SUITE)],
      ]),
    });
    await page.goto(`${server.url}/?${query.toString()}`);
    await waitFor(
      () => lines.some((l) => l.startsWith('aria-context in-host:')),
      120_000,
      `the in-host suite "${scenario}" to finish`,
    );
    return lines;
  } finally {
    await browser.close();
    await server.stop();
  }
}

test(
  "in-host scenarios (the test:desktop suite) inside code-server's extension host",
  { timeout: 400_000 },
  async () => {
    build();
    const fixture = await runSuite(
      'fixture',
      fixtureHome(),
      workspace({ 'ariaContext.knowledgeFolder': tempDir('aria-inhost-decoy-') }),
    );
    const knowledge = path.join(fixtureHome(), 'knowledge');
    // Workspace trust on here: the workspace also carries a .cursor config, which only a trusted workspace may use.
    const cursor = cursorKnowledge();
    const unconfigured = await runSuite(
      'unconfigured',
      tempDir('aria-inhost-empty-'),
      workspace({ 'ariaContext.knowledgeFolder': knowledge }, cursor),
      { ARIA_DESKTOP_KNOWLEDGE: knowledge, ARIA_DESKTOP_CURSOR_KNOWLEDGE: cursor },
      true,
    );
    const all = [...fixture, ...unconfigured];
    console.log(all.join('\n'));
    assert.deepEqual(
      all.filter((l) => l.startsWith('not ok')),
      [],
    );
    assert.equal(fixture.filter((l) => l.startsWith('ok - ')).length, 11);
    assert.equal(unconfigured.filter((l) => l.startsWith('ok - ')).length, 2);
    assert.deepEqual(
      all.filter((l) => l.startsWith('aria-context in-host:')),
      ['aria-context in-host: 11 passed, 0 failed', 'aria-context in-host: 2 passed, 0 failed'],
    );
  },
);
