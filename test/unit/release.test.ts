// Ready to publish: `vsce package`/`vsce publish` build the production bundles themselves
// (vscode:prepublish), `npm run release -- --check` checks what the Marketplace, Open VSX and npm
// would, without publishing, and fails on a manifest whose icon is missing; the CI workflow that
// publishes on a version tag parses, checks first, and uses only the secrets the docs name.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import * as yaml from 'js-yaml';
import { repoRoot, tempDir } from '../helpers';

interface ReleaseCheck {
  manifestProblems(manifest: object, root: string): string[];
  VSIX_LIMIT: number;
}
const loadCheck = async () => (await import(path.join(repoRoot, 'scripts', 'releaseCheck.mjs'))) as ReleaseCheck;
const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as Record<string, unknown>;

function release(args: string[]) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
  return spawnSync(process.execPath, ['scripts/release.mjs', ...args], { cwd: repoRoot, env, encoding: 'utf8' });
}

describe('ready to publish', () => {
  test('the manifest passes, and vscode:prepublish builds the production bundles (what vsce package runs)', async () => {
    const check = await loadCheck();
    assert.deepEqual(check.manifestProblems(manifest, repoRoot), []);
    assert.equal((manifest.scripts as Record<string, string>)['vscode:prepublish'], 'node esbuild.mjs --production');
    assert.equal(check.VSIX_LIMIT, 450 * 1024);
  });

  test('a manifest whose icon is missing, or lacks its publisher or repository, fails the check', async () => {
    const check = await loadCheck();
    const problems = check.manifestProblems(
      { ...manifest, icon: 'media/no-such-icon.png', publisher: undefined, repository: undefined },
      repoRoot,
    );
    assert.deepEqual(
      problems.map((p) => p.split(':')[0]),
      ['publisher', 'repository.url', 'icon'],
    );
    assert.match(problems[2], /media\/no-such-icon\.png does not exist/);
    const file = path.join(tempDir('aria-release-manifest-'), 'package.json');
    fs.writeFileSync(file, JSON.stringify({ ...manifest, icon: 'media/no-such-icon.png' }));
    const r = release(['--check', '--manifest', file]);
    assert.equal(r.status, 1, r.stdout + r.stderr);
    assert.match(r.stderr, /^Not ready to publish: icon: media\/no-such-icon\.png does not exist$/m);
  });

  test(
    'npm run release -- --check passes: vsce ls lists only the whitelist, the .vsix is within its limit, npm publish --dry-run',
    { timeout: 300_000 },
    () => {
      const before = fs.statSync(path.join(repoRoot, 'dist', 'cli.js'), { throwIfNoEntry: false })?.mtimeMs;
      const r = release(['--check']);
      assert.equal(r.status, 0, r.stdout + r.stderr);
      assert.match(r.stdout, /^vsce ls: \d+ files, each whitelisted$/m);
      assert.match(r.stdout, /^npm publish --dry-run: ok$/m);
      assert.match(r.stdout, /^Ready to publish/m);
      const after = fs.statSync(path.join(repoRoot, 'dist', 'cli.js'), { throwIfNoEntry: false })?.mtimeMs;
      assert.equal(after, before, 'dist/ is left as it was');
    },
  );

  test('the release workflow: on a version tag, checks first, then publishes the three with the secrets the docs name', () => {
    const text = fs.readFileSync(path.join(repoRoot, '.github', 'workflows', 'release.yml'), 'utf8');
    const wf = yaml.load(text) as {
      on: { push: { tags: string[] } };
      jobs: Record<string, { steps: { run?: string; uses?: string; env?: Record<string, string> }[] }>;
    };
    assert.deepEqual(wf.on.push.tags, ['v*.*.*']);
    const steps = Object.values(wf.jobs).flatMap((j) => j.steps);
    const runs = steps.map((s) => s.run ?? '');
    const at = (re: RegExp) => runs.findIndex((r) => re.test(r));
    assert.ok(at(/npm run release -- --check/) >= 0);
    for (const publish of [/vsce publish/, /ovsx publish/, /npm publish/]) {
      assert.ok(at(publish) > at(/npm run release -- --check/), `${publish} after the check`);
    }
    const secrets = [...text.matchAll(/secrets\.(\w+)/g)].map((m) => m[1]).sort();
    assert.deepEqual(secrets, ['NPM_TOKEN', 'OVSX_PAT', 'VSCE_PAT']);
    const docs = fs.readFileSync(path.join(repoRoot, 'docs', 'DEVELOPMENT.md'), 'utf8');
    for (const s of secrets) assert.ok(docs.includes(`\`${s}\``), `docs/DEVELOPMENT.md names ${s}`);
  });
});
