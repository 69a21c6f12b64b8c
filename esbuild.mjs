// Bundles the extension, the CLI, the MCP server (its own entry: the SDK stays out of the
// others) and the index worker. `--production` minifies and drops source maps;
// `--watch` rebuilds on change. vscode is provided by the editor at run time.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

// js-yaml's `!!js/function` type loads `esprima` at run time (a hidden `require`, so bundling
// leaves it to node_modules): ~8 ms of start-up for a type that only js-yaml's unsafe `load`
// accepts. We read YAML with `safeLoad` only and must never evaluate JavaScript from front
// matter, so the lookup is removed: the type then never matches, as in the shipped .vsix,
// which carries no node_modules.
const noEsprima = {
  name: 'no-esprima',
  setup(build) {
    build.onLoad({ filter: /[\\/]js-yaml[\\/]lib[\\/]js-yaml[\\/]type[\\/]js[\\/]function\.js$/ }, async (args) => {
      const source = await fs.readFile(args.path, 'utf8');
      const contents = source.replace("esprima = _require('esprima');", 'esprima = undefined;');
      if (contents === source) throw new Error(`no-esprima: the esprima lookup was not found in ${args.path}`);
      return { contents, loader: 'js' };
    });
  },
};

const shared = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'warning',
  legalComments: 'none',
  plugins: [noEsprima],
};

const { version } = JSON.parse(await fs.readFile(new URL('./package.json', import.meta.url), 'utf8'));

/**
 * The build's identity for the files it caches (the CLI's index cache): the version and a hash
 * of every source file, so a build never trusts a cache another build wrote. A watch build
 * has none (its sources change under it), which turns the cache off.
 */
async function buildIdentity() {
  const root = new URL('./', import.meta.url);
  const sources = (await fs.readdir(new URL('src/', root), { recursive: true }))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => `src/${f.split('\\').join('/')}`);
  const hash = createHash('sha256');
  for (const f of ['package.json', 'package-lock.json', 'esbuild.mjs', ...sources].sort()) {
    const bytes = await fs.readFile(new URL(f, root)).catch(() => Buffer.from('(none)'));
    hash.update(`${f}\0`).update(bytes).update('\0');
  }
  return `${version}+${hash.digest('hex').slice(0, 16)}`;
}
const buildDefine = watch ? {} : { ARIA_CONTEXT_BUILD: JSON.stringify(await buildIdentity()) };

const builds = [
  { ...shared, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] },
  // The `aria-context` command.
  {
    ...shared,
    entryPoints: ['src/cli.ts'],
    outfile: 'dist/cli.js',
    define: buildDefine,
    banner: { js: '#!/usr/bin/env node' },
  },
  {
    ...shared,
    entryPoints: ['src/mcp/main.ts'],
    outfile: 'dist/mcp.js',
    define: { ARIA_CONTEXT_VERSION: JSON.stringify(version), ...buildDefine },
  },
  // The extension reads index.md on a worker thread after a change on disk (src/indexWorker/).
  { ...shared, entryPoints: ['src/indexWorker/main.ts'], outfile: 'dist/indexWorker.js' },
];

if (watch) {
  for (const options of builds) await (await esbuild.context(options)).watch();
} else {
  await Promise.all(builds.map((options) => esbuild.build(options)));
}
