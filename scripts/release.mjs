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
//          --npm-only (only the tarball).
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The largest .vsix we ship; the Marketplace takes far more, but users download it. */
export const VSIX_LIMIT = 500 * 1024;

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
 * Packs the npm tarball from `dist/` into `outDir` through a staged folder; returns its path.
 * dist/ must hold a build.
 */
export function packNpm(outDir, { env = process.env } = {}) {
  const manifest = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8'));
  const stage = fs.mkdtempSync(path.join(outDir, '.stage-'));
  try {
    for (const file of [...NPM_FILES, 'README.md', 'LICENSE']) {
      fs.mkdirSync(path.dirname(path.join(stage, file)), { recursive: true });
      // a folder (dist/commands) without a development build's source maps
      fs.cpSync(path.join(repo, file), path.join(stage, file), { recursive: true, filter: (f) => !f.endsWith('.map') });
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
