// dist/cli.js, the `aria-context` command: compiles the CLI (dist/cliMain.js, from src/cli.ts)
// with V8's code cache for this build and Node version, kept beside the index cache, so a run
// does not compile the bundle from scratch. The CLI writes the code cache (after its answer,
// where the index cache may be written) when there was none or V8 refused it; a file failing
// the cache folder's checks is ignored like a missing one.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vm from 'node:vm';
import { cacheDisabledByEnv, CODE_CACHE_HANDOFF, indexCacheDir, MAX_CODE_CACHE_BYTES, readPrivateFile, unwrapCodeCache, type CodeCacheHandoff } from './core';

/** This build's identity (esbuild.mjs); absent in a watch build, which then compiles without a cache. */
declare const ARIA_CONTEXT_BUILD: string | undefined;

function codeCacheFile(): string | null {
  const build = typeof ARIA_CONTEXT_BUILD === 'string' ? ARIA_CONTEXT_BUILD : '';
  if (build === '' || cacheDisabledByEnv(process.env) || process.argv.includes('--no-cache') || process.argv[2] === 'mcp') return null;
  const home = process.env.HOME || os.homedir();
  const dir = indexCacheDir(process.env, home);
  if (dir === null) return null;
  const name = `cli-${build}-node${process.versions.node}-${process.arch}`.replace(/[^A-Za-z0-9.+-]/g, '_');
  return path.join(dir, `${name}.v8cache`);
}

const mainFile = path.join(__dirname, 'cliMain.js');
const cacheFile = codeCacheFile();
// Compiled code runs as the CLI: the file must be this user's and private to them (0600 in a
// 0700 folder, as the CLI writes it; a clone or a sync does not make that), and whole. The
// CLI writes it only where its config allows (outside the knowledge folder and project roots).
const file = cacheFile === null ? null : readPrivateFile(cacheFile, MAX_CODE_CACHE_BYTES, [], { ownerOnly: true });
const cached = file === null ? null : unwrapCodeCache(file);
let source = fs.readFileSync(mainFile, 'utf8');
if (source.startsWith('#!')) source = `//${source.slice(2)}`;
// The same wrapper as Node's own for a CommonJS file, so the bundle runs as if required.
const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) { ${source}\n})`, {
  filename: mainFile,
  cachedData: cached ?? undefined,
});
if (cacheFile !== null && (cached === null || script.cachedDataRejected)) {
  const handoff: CodeCacheHandoff = { file: cacheFile, data: () => script.createCachedData() };
  (globalThis as Record<symbol, unknown>)[CODE_CACHE_HANDOFF] = handoff;
}
// `module` is this file's: the CLI then sees itself as the main module, as when run directly.
(script.runInThisContext() as (...args: unknown[]) => void)(module.exports, require, module, mainFile, __dirname);
