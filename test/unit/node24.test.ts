// scripts/node24.mjs: the project's own commands on Node 24 LTS from the npm registry's `node@24`,
// and that package's C headers for code-server's native build (npm_config_nodedir), so a build
// needs nothing from nodejs.org. Uses the Node 24 `npm test` itself runs on (installed by then).
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../helpers';

const script = path.join(repoRoot, 'scripts', 'node24.mjs');
const node24 = path.join(
  process.env.ARIA_E2E_CACHE || path.join(process.env.HOME ?? '', '.cache', 'aria-context-e2e'),
  'node24',
  'node_modules',
  '.bin',
  'node',
);
const installed = fs.existsSync(node24) ? false : 'Node 24 is not installed in the cache (npm test installs it first)';

test("node@24's headers are where node-gyp's nodedir wants them", { skip: installed }, () => {
  const r = spawnSync(process.execPath, [script, '--headers'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const dir = r.stdout.trim();
  for (const file of ['include/node/common.gypi', 'include/node/node.h', 'include/node/node_api.h'])
    assert.ok(fs.existsSync(path.join(dir, file)), file);
  const version = fs.readFileSync(path.join(dir, 'include', 'node', 'node_version.h'), 'utf8');
  assert.match(version, /#define NODE_MAJOR_VERSION 24\b/);
});

test('the harness builds code-server with those headers, never downloading them', () => {
  const harness = fs.readFileSync(path.join(repoRoot, 'scripts', 'e2e', 'setup-harness.sh'), 'utf8');
  assert.match(harness, /node24\.mjs" --headers/);
  assert.match(harness, /npm_config_nodedir="\$NODE_HEADERS"[^\n]*\\\n[^\n]*\n?\s*bash \.\/postinstall\.sh/);
});

test('a script run by another Node runs again on Node 24 and says once which Node it uses', { skip: installed }, () => {
  const older = ['/usr/bin/node', '/usr/local/bin/node'].find(
    (n) => fs.existsSync(n) && !spawnSync(n, ['-v'], { encoding: 'utf8' }).stdout.startsWith('v24.'),
  );
  const runner = older ?? process.execPath;
  const r = spawnSync(runner, [script, '-p', 'process.version + " " + require("child_process").execSync("node -v")'], {
    encoding: 'utf8',
    env: { ...process.env, ARIA_CONTEXT_NODE_ANNOUNCED: '' },
  });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^v24\.\d+\.\d+ v24\.\d+\.\d+\n/, 'the script and every node it starts are Node 24');
  assert.equal(r.stderr.match(/using Node v24/g)?.length, 1, r.stderr);
});
