// The npm package as a user gets it: `npm run release`'s tarball, then `npm install -g` of the tarball into a
// temporary prefix with the network off. The installed `aria-context` must run (help, a query,
// the MCP server's first answer) and npm must have installed no dependency: everything the
// command needs is in the bundles the tarball ships.
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { fixtureCopy, initializeOverStdio, repoRoot, tempDir } from '../helpers';

if (!fs.existsSync(path.join(repoRoot, 'dist', 'cli.js')) || !fs.existsSync(path.join(repoRoot, 'dist', 'mcp.js'))) {
  execFileSync('node', ['esbuild.mjs'], { cwd: repoRoot });
}

const { version } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };

describe('the npm package installed from its tarball', { timeout: 300_000 }, () => {
  const tmp = tempDir('aria-npm-pack-');
  const prefix = path.join(tmp, 'prefix');
  // npm's own settings from a parent `npm test` (prefix, cache…) must not leak in; an empty
  // cache and --offline prove that nothing is fetched.
  const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
  Object.assign(env, {
    npm_config_cache: path.join(tmp, 'npm-cache'),
    npm_config_update_notifier: 'false',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
  });
  const bin =
    process.platform === 'win32' ? path.join(prefix, 'aria-context.cmd') : path.join(prefix, 'bin', 'aria-context');
  const installed =
    process.platform === 'win32'
      ? path.join(prefix, 'node_modules', 'aria-context')
      : path.join(prefix, 'lib', 'node_modules', 'aria-context');

  test('npm run release packs aria-context-<version>.tgz: the CLI (launcher and command bundles), the MCP bundle and a package.json for npm only', () => {
    // --skip-build: the build the test run made (a rebuild would change dist/ under other tests)
    const out = execFileSync('node', ['scripts/release.mjs', '--skip-build', '--npm-only', '--out', tmp], {
      cwd: repoRoot,
      env,
      encoding: 'utf8',
    });
    assert.match(out, new RegExp(`aria-context-${version.replace(/\./g, '\\.')}\\.tgz`));
    const listing = execFileSync('tar', ['-tzf', path.join(tmp, `aria-context-${version}.tgz`)], { encoding: 'utf8' });
    const files = listing
      .split('\n')
      .filter(Boolean)
      .map((f) => f.replace(/^package\//, ''))
      .sort();
    // the launcher, each command's bundle (one per src/cli/commands/ file), js-yaml's and the MCP server's
    const commands = fs
      .readdirSync(path.join(repoRoot, 'src', 'cli', 'commands'))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => `dist/commands/${f.replace(/\.ts$/, '.js')}`);
    assert.deepEqual(
      files,
      ['LICENSE', 'README.md', 'dist/cli.js', ...commands, 'dist/mcp.js', 'dist/yaml.js', 'package.json'].sort(),
    );
    const manifest = JSON.parse(
      execFileSync('tar', ['-xzOf', path.join(tmp, `aria-context-${version}.tgz`), 'package/package.json'], {
        encoding: 'utf8',
      }),
    ) as Record<string, unknown>;
    const repoManifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as Record<
      string,
      { node?: string }
    >;
    // what npm needs, and nothing of the editor's manifest (contributes, scripts, devDependencies…)
    assert.deepEqual(Object.keys(manifest).sort(), [
      'bin',
      'description',
      'engines',
      'files',
      'license',
      'name',
      'repository',
      'version',
    ]);
    assert.deepEqual(manifest.bin, { 'aria-context': './dist/cli.js' });
    assert.deepEqual(manifest.engines, { node: repoManifest.engines.node }, "the Node range is the repository's");
    assert.equal(manifest.version, version);
  });

  test('npm install -g of the tarball works offline and installs no dependency', () => {
    const run = spawnSync(
      'npm',
      ['install', '-g', '--offline', '--prefix', prefix, path.join(tmp, `aria-context-${version}.tgz`)],
      { cwd: tmp, env, encoding: 'utf8' },
    );
    assert.equal(run.status, 0, `npm install failed:\n${run.stdout}\n${run.stderr}`);
    const manifest = JSON.parse(fs.readFileSync(path.join(installed, 'package.json'), 'utf8')) as {
      dependencies?: object;
    };
    assert.deepEqual(manifest.dependencies ?? {}, {}, 'the package declares runtime dependencies');
    assert.ok(
      !fs.existsSync(path.join(installed, 'node_modules')),
      `dependencies were installed: ${fs.existsSync(path.join(installed, 'node_modules')) ? fs.readdirSync(path.join(installed, 'node_modules')).join(', ') : ''}`,
    );
  });

  test('the installed aria-context prints its help and answers a query on the example folder', () => {
    const help = spawnSync(bin, ['--help'], { env, encoding: 'utf8' });
    assert.equal(help.status, 0, help.stderr);
    assert.match(help.stdout, /^aria-context — query an aria-knowledge folder by tag/);
    const home = fixtureCopy('aria-npm-home-');
    const query = spawnSync(bin, ['query', 'stripe'], { env: { ...env, HOME: home }, encoding: 'utf8' });
    assert.equal(query.status, 0, query.stderr);
    assert.match(query.stdout, /^Found 3 files matching: \[stripe\] \(OR\)/);
    assert.match(query.stdout, /references\/stripe-webhook-patterns\.md/);
  });

  test('the installed aria-context mcp answers initialize over stdio', () => {
    const home = fixtureCopy('aria-npm-home-');
    const { reply, output } = initializeOverStdio(bin, ['mcp'], { ...env, HOME: home }, 'npm-package-test');
    assert.ok(reply?.result, `no initialize result:\n${output}`);
    assert.equal(reply.result.serverInfo?.name, 'aria-context');
  });
});
