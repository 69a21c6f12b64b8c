// Bundles the extension, the CLI, the MCP server (its own entry: the SDK stays out of the
// others) and the index worker. `--production` minifies and drops source maps;
// `--watch` rebuilds on change. vscode is provided by the editor at run time.
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

const builds = [
  { ...shared, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] },
  { ...shared, entryPoints: ['src/cli.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } },
  { ...shared, entryPoints: ['src/mcp/main.ts'], outfile: 'dist/mcp.js', define: { ARIA_CONTEXT_VERSION: JSON.stringify(version) } },
  // The extension reads index.md on a worker thread after a change on disk (src/indexWorker/).
  { ...shared, entryPoints: ['src/indexWorker/main.ts'], outfile: 'dist/indexWorker.js' },
];

if (watch) {
  for (const options of builds) await (await esbuild.context(options)).watch();
} else {
  await Promise.all(builds.map((options) => esbuild.build(options)));
}
