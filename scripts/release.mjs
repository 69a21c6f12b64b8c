#!/usr/bin/env node
// `npm run release`: the two things a user installs, side by side in release/ (git-ignored):
//
//   release/aria-context-<version>.vsix   the extension (minified bundles), for any VS Code
//   release/aria-context-<version>.tgz    the `aria-context` command and MCP server, for npm
//
// The npm package is packed from a staged folder whose package.json carries only what npm needs
// (name, version, bin, engines, files, licence, description, repository), not the editor's
// manifest: the tarball's users never load `contributes`, and npm never runs a script of ours.
//
// Options: --out DIR (default release/), --skip-build (use the dist/ already built),
//          --npm-only (only the tarball), --check (publish nothing, write nothing: check what a
//          Marketplace, Open VSX and npm publish would check; scripts/releaseCheck.mjs),
//          --manifest FILE (with --check: check that manifest instead of package.json).
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { releaseCheck, VSIX_LIMIT } from './releaseCheck.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export { VSIX_LIMIT };

/**
 * The files of the npm package besides package.json (npm adds README.md and LICENSE itself): the
 * launcher, each command's bundle, js-yaml's and the MCP server's.
 */
export const NPM_FILES = ['dist/cli.js', 'dist/commands', 'dist/yaml.js', 'dist/mcp.js'];

/** What the npm package is: the command, not the editor extension the manifest describes. */
const NPM_DESCRIPTION =
  'The aria-context command: query an aria-knowledge folder by tag in a terminal, serve it to agents over MCP (Claude Code, Codex, Cursor, VS Code) and push matching notes to them through hooks.';

/** The npm package's package.json, derived from the repository's manifest. */
export function npmManifest(manifest) {
  const { name, version, license, repository, bin, engines } = manifest;
  return {
    name,
    version,
    description: NPM_DESCRIPTION,
    license,
    repository,
    bin,
    engines: { node: engines.node },
    files: NPM_FILES,
  };
}

/**
 * Packs the npm tarball from `dist/` (under `distRoot`, default the repository) into `outDir`
 * through a staged folder; returns its path. dist/ must hold a build.
 */
export function packNpm(outDir, { env = process.env, distRoot = repo, manifest: given } = {}) {
  const manifest = given ?? JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8'));
  const stage = fs.mkdtempSync(path.join(outDir, '.stage-'));
  try {
    for (const file of [...NPM_FILES, 'README.md', 'LICENSE']) {
      fs.mkdirSync(path.dirname(path.join(stage, file)), { recursive: true });
      const from = path.join(file.startsWith('dist/') ? distRoot : repo, file);
      // a folder (dist/commands) without a development build's source maps
      fs.cpSync(from, path.join(stage, file), { recursive: true, filter: (f) => !f.endsWith('.map') });
    }
    fs.chmodSync(path.join(stage, manifest.bin['aria-context']), 0o755);
    fs.writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify(npmManifest(manifest), null, 2)}\n`);
    const out = execFileSync('npm', ['pack', '--json', '--pack-destination', path.resolve(outDir)], {
      cwd: stage,
      env,
      encoding: 'utf8',
    });
    const [packed] = JSON.parse(out);
    return path.join(outDir, packed.filename);
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

function main() {
  const args = process.argv.slice(2);
  if (args.includes('--check')) {
    const manifestFile = args.includes('--manifest') ? path.resolve(args[args.indexOf('--manifest') + 1]) : undefined;
    const problems = releaseCheck({ root: repo, manifestFile, packNpm, log: (s) => console.log(s) });
    for (const p of problems) console.error(`Not ready to publish: ${p}`);
    if (problems.length === 0)
      console.log('Ready to publish: the Marketplace, Open VSX and npm checks pass (nothing was published).');
    process.exit(problems.length === 0 ? 0 : 1);
  }
  const outDir = path.resolve(args.includes('--out') ? args[args.indexOf('--out') + 1] : path.join(repo, 'release'));
  const { version } = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8'));
  fs.mkdirSync(outDir, { recursive: true });
  const run = (cmd, cmdArgs) => execFileSync(cmd, cmdArgs, { cwd: repo, stdio: ['ignore', 'ignore', 'inherit'] });

  if (!args.includes('--skip-build')) run(process.execPath, ['esbuild.mjs', '--production']);
  const kb = (file) => `${Math.round(fs.statSync(file).size / 1024)} KB`;
  const rel = (file) => {
    const relative = path.relative(process.cwd(), file);
    return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
  };
  if (!args.includes('--npm-only')) {
    const vsix = path.join(outDir, `aria-context-${version}.vsix`);
    const vsce = path.join(repo, 'node_modules', '@vscode', 'vsce', 'vsce');
    run(process.execPath, [vsce, 'package', '--no-dependencies', '--out', vsix]);
    console.log(`${rel(vsix)}  ${kb(vsix)}  the extension: code --install-extension ${rel(vsix)}`);
    if (fs.statSync(vsix).size > VSIX_LIMIT) {
      console.error(
        `The .vsix is ${kb(vsix)}, over the ${VSIX_LIMIT / 1024} KB limit: look at what it ships (npx vsce ls).`,
      );
      process.exit(1);
    }
  }
  const tgz = packNpm(outDir);
  console.log(
    `${rel(tgz)}  ${kb(tgz)}  the CLI and MCP server: npm install -g ${path.isAbsolute(rel(tgz)) ? '' : './'}${rel(tgz)}`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
