#!/usr/bin/env node
// Node 24 LTS for the project's own commands (`npm test`, `npm start`, `npm run bench`, .ci/run,
// the e2e harness), whatever the system Node is: the npm registry's `node@24` package carries the
// binary, installed once into a cache prefix outside the repository. Written for old Nodes too
// (it is what a Node 20 runs first), so no syntax newer than Node 16's.
//
//   node scripts/node24.mjs --path          installs Node 24 if needed, prints its path
//   node scripts/node24.mjs --headers       the folder with its C headers (for node-gyp's nodedir)
//   node scripts/node24.mjs <node args…>    runs Node 24 with these arguments
//   import { relaunchOnNode24 } …            a script that must run on Node 24 calls it first
//
//   ARIA_E2E_CACHE  the cache folder (default: ~/.cache/aria-context-e2e; Node 24 in node24/)
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

export const NODE_MAJOR = 24;
/** Set for the processes started on Node 24, so the Node in use is named once. */
const ANNOUNCED = 'ARIA_CONTEXT_NODE_ANNOUNCED';

const say = (msg) => process.stderr.write(`[aria-context] ${msg}\n`);

export function node24Prefix(env = process.env) {
  const cache = env.ARIA_E2E_CACHE || path.join(os.homedir(), '.cache', 'aria-context-e2e');
  return path.join(cache, 'node24');
}

function versionOf(node) {
  const r = spawnSync(node, ['-v'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

const isMajor = (version) => typeof version === 'string' && version.startsWith(`v${NODE_MAJOR}.`);

/** Node 24's path, installed from the npm registry if the cache has none; throws one sentence on failure. */
export function ensureNode24(env = process.env) {
  const prefix = node24Prefix(env);
  const node = path.join(prefix, 'node_modules', '.bin', process.platform === 'win32' ? 'node.cmd' : 'node');
  if (fs.existsSync(node) && isMajor(versionOf(node))) return node;
  say(`installing Node ${NODE_MAJOR} from the npm registry (npm install node@${NODE_MAJOR}) into ${prefix}`);
  try {
    fs.mkdirSync(prefix, { recursive: true });
  } catch (err) {
    throw new Error(
      `Cannot make ${prefix} for Node ${NODE_MAJOR} (${err.code ?? err.message}): set ARIA_E2E_CACHE to a folder you can write, or install Node ${NODE_MAJOR} yourself and put it first on PATH.`,
    );
  }
  const r = spawnSync(
    'npm',
    ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', `node@${NODE_MAJOR}`],
    { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', shell: process.platform === 'win32' },
  );
  if (r.status !== 0 || !fs.existsSync(node) || !isMajor(versionOf(node))) {
    // npm's first error line that says what went wrong (not where its log is)
    const npmError = (r.stderr ?? '')
      .split('\n')
      .filter((l) => /^npm (error|ERR!)/.test(l))
      .map((l) => l.replace(/^npm (error|ERR!)\s*/, ''))
      .find((l) => l !== '' && !/complete log/i.test(l));
    const why = r.error?.message ?? npmError ?? `exit ${r.status}`;
    throw new Error(
      `Could not install Node ${NODE_MAJOR} from the npm registry (${why}): install Node ${NODE_MAJOR} ` +
        `yourself and put it first on PATH, or run this again once registry.npmjs.org can be reached.`,
    );
  }
  return node;
}

/**
 * The folder holding Node 24's C headers (include/node/common.gypi), as node-gyp's `nodedir`
 * wants it: the platform package inside `node@24` ships them, so a native build needs nothing
 * from nodejs.org. Null when they are not there.
 */
export function nodeHeadersDir(node) {
  const real = fs.realpathSync(node);
  const candidates = [path.dirname(path.dirname(real))];
  const prefix = path.dirname(path.dirname(path.dirname(node))); // <prefix>/node_modules/.bin/node
  for (const dir of [path.join(prefix, 'node_modules', 'node', 'node_modules'), path.join(prefix, 'node_modules')]) {
    try {
      for (const name of fs.readdirSync(dir)) if (name.startsWith('node-')) candidates.push(path.join(dir, name));
    } catch {
      // not this layout
    }
  }
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'include', 'node', 'common.gypi'))) ?? null;
}

/** `env` with `node`'s folder first on PATH, so every `node` a child starts is the same one. */
export function envWithNode(node, env = process.env) {
  const key = Object.keys(env).find((k) => k.toUpperCase() === 'PATH') ?? 'PATH';
  return { ...env, [key]: `${path.dirname(node)}${path.delimiter}${env[key] ?? ''}`, [ANNOUNCED]: '1' };
}

/** Runs `node args` with stdio shared and exits as it does; Ctrl+C reaches it directly (same terminal). */
function runAndExit(node, args) {
  const child = spawn(node, args, { stdio: 'inherit', env: envWithNode(node) });
  const forward = (sig) => () => child.kill(sig);
  process.on('SIGINT', () => undefined); // the child has it too, and decides when to stop
  process.on('SIGTERM', forward('SIGTERM'));
  process.on('SIGHUP', forward('SIGHUP'));
  child.on('error', (err) => {
    say(`could not start ${node}: ${err.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 1) : 1)));
  return new Promise(() => undefined); // the process ends in the exit handler
}

function fail(err) {
  say(err.message);
  process.exit(1);
}

/**
 * Call first in a script that must run on Node 24: on Node 24 it names the Node (once per
 * command) and returns; otherwise it runs the same script with the same arguments on Node 24
 * (installed if needed) and never returns.
 */
export async function relaunchOnNode24() {
  if (isMajor(process.version)) {
    if (!process.env[ANNOUNCED]) say(`using Node ${process.version} (${process.execPath})`);
    process.env[ANNOUNCED] = '1';
    process.env.PATH = `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`;
    return;
  }
  let node;
  try {
    node = ensureNode24();
  } catch (err) {
    fail(err);
  }
  say(`using Node ${versionOf(node)} (${node}); this system's Node is ${process.version}`);
  await runAndExit(node, [...process.execArgv, process.argv[1], ...process.argv.slice(2)]);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  try {
    if (args[0] === '--path') process.stdout.write(`${ensureNode24()}\n`);
    else if (args[0] === '--headers') {
      const dir = nodeHeadersDir(ensureNode24());
      if (dir === null) throw new Error(`Node ${NODE_MAJOR}'s package has no C headers (include/node).`);
      process.stdout.write(`${dir}\n`);
    } else if (args.length > 0) {
      const node = isMajor(process.version) ? process.execPath : ensureNode24();
      if (!process.env[ANNOUNCED])
        say(`using Node ${isMajor(process.version) ? process.version : versionOf(node)} (${node})`);
      await runAndExit(node, args);
    } else {
      say('usage: node scripts/node24.mjs --path | --headers | <node arguments…>');
      process.exit(2);
    }
  } catch (err) {
    fail(err);
  }
}
