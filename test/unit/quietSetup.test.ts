// A quiet, patient set-up: `npm ci` meets no dependency install script that package.json's
// allowScripts policy leaves unreviewed (npm 11.19+ prints a warning for each), and the e2e
// harness's apt-get waits for apt's lock with a bound and, failing, prints the exact command.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../helpers';

test("every dependency with an install script is in package.json's allowScripts: npm ci warns of none", () => {
  const lock = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { hasInstallScript?: boolean }>;
  };
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    allowScripts?: Record<string, boolean>;
  };
  const withScripts = Object.entries(lock.packages)
    .filter(([, p]) => p.hasInstallScript)
    .map(([key]) => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length));
  assert.ok(withScripts.length > 0);
  const policy = manifest.allowScripts ?? {};
  for (const name of withScripts) assert.ok(name in policy, `${name} has an install script: allowScripts decides it`);
  const docs = fs.readFileSync(path.join(repoRoot, 'docs', 'DEVELOPMENT.md'), 'utf8');
  assert.match(docs, /allowScripts/, 'docs/DEVELOPMENT.md says why');
});

test("the harness's apt-get waits for apt's lock (bounded) and a failure names the exact command", () => {
  const script = fs.readFileSync(path.join(repoRoot, 'scripts', 'e2e', 'setup-harness.sh'), 'utf8');
  const calls = script.split('\n').filter((l) => /^\s*apt-get /.test(l));
  assert.ok(calls.length >= 2);
  for (const call of calls) assert.match(call, /apt-get "\$\{apt_wait\[@\]\}" /, call);
  assert.match(script, /apt_wait=\(-o DPkg::Lock::Timeout=\d+\)/);
  const failures = script.split('\n').filter((l) => /fail ".*(need_apt|apt-get update failed)/.test(l));
  assert.ok(failures.length >= 3);
  for (const f of failures) assert.match(f, /\$install_cmd"/, f);
  assert.match(script, /install_cmd="sudo apt-get update && sudo apt-get install -y \$\{need_apt\[\*\]\}"/);
});
