#!/usr/bin/env node
// `npm run screenshots`: refresh the documentation's images in media/screenshots/ on purpose. It runs
// the two real-workbench suites that take them (test/e2e/editor.e2e.ts, test/e2e/chat.e2e.ts)
// with ARIA_UPDATE_SCREENSHOTS=1; a plain `npm test` writes its screenshots to test-artifacts/
// only. The workspace folder and HOME have fixed names and hovers and the caret are hidden, so
// an unchanged UI gives the same pictures. Needs the full e2e harness (code-server + Chromium).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args, env = {}) => {
  const r = spawnSync(cmd, args, { cwd: repo, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

run('bash', ['scripts/e2e/setup-harness.sh']);
run('npm', ['run', 'package']);
run('node', ['--import', 'tsx', '--test', '--test-reporter=spec', 'test/e2e/editor.e2e.ts', 'test/e2e/chat.e2e.ts'], {
  ARIA_UPDATE_SCREENSHOTS: '1',
  ARIA_E2E_VSIX: path.join(
    repo,
    `aria-context-${JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')).version}.vsix`,
  ),
});
spawnSync('git', ['status', '--short', '--', 'media/screenshots'], { cwd: repo, stdio: 'inherit' });
console.log('[screenshots] media/screenshots/ refreshed; review the images with git diff before committing.');
