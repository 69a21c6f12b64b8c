// Bundles the extension, the CLI (a launcher, dist/cli.js, and one bundle per command in
// dist/commands/), the MCP server (its own entry: the SDK stays out of the others), the index
// worker, and js-yaml (dist/yaml.js, required only for front matter outside the plain subset).
// `--production` minifies and drops source maps; `--watch` rebuilds on change. vscode is
// provided by the editor at run time.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs/promises';
import { builtinModules } from 'node:module';
import * as path from 'node:path';
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
// `--outdir DIR`: the same bundles in DIR instead of dist/ (`npm run release -- --check` builds
// there, leaving dist/ to the tests and the editor).
const outdirAt = process.argv.indexOf('--outdir');
const outdir = outdirAt >= 0 ? process.argv[outdirAt + 1] : undefined;

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

/**
 * js-yaml is its own bundle, dist/yaml.js: a `require('js-yaml')` in any other bundle becomes a
 * require of that file beside it, so nothing parses the YAML library until front matter needs it
 * (src/core/config/frontMatter.ts loads it on first use).
 */
const yamlBundle = (outfile) => ({
  name: 'yaml-bundle',
  setup(build) {
    const beside = path.posix.relative(path.posix.dirname(outfile), 'dist/yaml.js');
    build.onResolve({ filter: /^js-yaml$/ }, () => ({
      path: beside.startsWith('.') ? beside : `./${beside}`,
      external: true,
    }));
  },
});

const shared = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'cjs',
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'warning',
  legalComments: 'none',
};
/**
 * Each `import * as fs from 'node:fs'` would copy the whole module into a namespace object of its
 * own at start-up (esbuild's __toESM), once per importing file: a query's bundle made 26 such
 * copies of fs and path. Every import of a Node built-in goes through one re-exporting module
 * instead, so each built-in is copied once per bundle. Not util: copying its exports runs its lazy
 * getters, which load streams and worker_threads into every CLI run; it is imported by name only
 * (`parseArgs`), which esbuild's own require() does without a copy.
 */
const COPIED_BUILTINS = builtinModules.filter((name) => name !== 'util');
const builtinsOnce = {
  name: 'builtins-once',
  setup(build) {
    build.onResolve({ filter: /^(node:)?[a-z_/]+$/, namespace: 'file' }, (args) => {
      const name = args.path.replace(/^node:/, '');
      // a require() on first use stays one
      if (args.kind !== 'import-statement' || !COPIED_BUILTINS.includes(name)) return undefined;
      return { path: name, namespace: 'builtin-once' };
    });
    build.onLoad({ filter: /.*/, namespace: 'builtin-once' }, (args) => ({
      contents: `export * from ${JSON.stringify(`node:${args.path}`)};`,
      loader: 'js',
    }));
  },
};

/** A bundle of ours: js-yaml stays in dist/yaml.js. */
const ours = (options) => ({ ...shared, plugins: [yamlBundle(options.outfile), builtinsOnce], ...options });

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

// One bundle per CLI command (src/cli/commands/<name>.ts → dist/commands/<name>.js), required by the launcher.
const commands = (await fs.readdir(new URL('src/cli/commands/', import.meta.url)))
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.slice(0, -3));

const builds = [
  ours({ entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] }),
  // The `aria-context` command: the launcher, which must run on an old Node long enough to say so.
  ours({
    entryPoints: ['src/cli/launcher.ts'],
    outfile: 'dist/cli.js',
    target: 'node14',
    define: buildDefine,
    banner: { js: '#!/usr/bin/env node' },
  }),
  ...commands.map((name) =>
    ours({ entryPoints: [`src/cli/commands/${name}.ts`], outfile: `dist/commands/${name}.js`, define: buildDefine }),
  ),
  ours({
    entryPoints: ['src/mcp/main.ts'],
    outfile: 'dist/mcp.js',
    define: { ARIA_CONTEXT_VERSION: JSON.stringify(version), ...buildDefine },
  }),
  // The extension reads index.md on a worker thread after a change on disk (src/indexWorker/).
  ours({ entryPoints: ['src/indexWorker/main.ts'], outfile: 'dist/indexWorker.js' }),
  { ...shared, entryPoints: ['js-yaml'], outfile: 'dist/yaml.js', plugins: [noEsprima] },
];

if (outdir) for (const options of builds) options.outfile = path.join(outdir, path.relative('dist', options.outfile));

if (watch) {
  for (const options of builds) await (await esbuild.context(options)).watch();
} else {
  await Promise.all(builds.map((options) => esbuild.build(options)));
}
