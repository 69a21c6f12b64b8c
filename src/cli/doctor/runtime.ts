// What `doctor` finds about how the registered commands start (SPEC §13.2): the Node each one runs
// (asked for its version, bounded by a timeout) and a compile cache chosen by the environment
// (NODE_COMPILE_CACHE), which Node turns on before aria-context can judge the folder (SPEC §13.3).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { NODE_FLOOR, nodeTooOld } from '../../core';

/** How long a registered Node may take to say its version (a cold start on a slow disk). */
const VERSION_TIMEOUT_MS = 15_000;

/** The version of the Node at `program`, or why it gave none; asked once per program. */
export function nodeVersionOf(
  program: string,
  env: Record<string, string | undefined>,
  seen: Map<string, string | { problem: string }>,
): string | { problem: string } {
  const known = seen.get(program);
  if (known !== undefined) return known;
  const r = spawnSync(program, ['-e', 'process.stdout.write(process.versions.node)'], {
    // the registered commands run with NODE_COMPILE_CACHE cleared: ask the same way
    env: { ...env, NODE_COMPILE_CACHE: '' },
    encoding: 'utf8',
    timeout: VERSION_TIMEOUT_MS,
    maxBuffer: 4096,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const version = r.status === 0 && /^\d+\.\d+\.\d+$/.test(r.stdout) ? r.stdout : null;
  const answer = version ?? {
    problem: `${program} did not answer as Node does (${r.error ? r.error.message : `exit ${r.status ?? r.signal}`})`,
  };
  seen.set(program, answer);
  return answer;
}

/** What is wrong with running aria-context on `program`'s Node, or null. */
export function nodeProblem(
  program: string,
  env: Record<string, string | undefined>,
  seen: Map<string, string | { problem: string }>,
): string | null {
  const version = nodeVersionOf(program, env, seen);
  if (typeof version !== 'string') return version.problem;
  if (nodeTooOld(version))
    return `${program} is Node.js ${version}; aria-context needs ${NODE_FLOOR.major}.${NODE_FLOOR.minor} or later`;
  return null;
}

/**
 * Why the folder NODE_COMPILE_CACHE names fails the launcher's rule for a folder that holds code
 * (src/cli/launcher.ts compileCacheFolder), or null when it passes: inside HOME, every existing
 * folder from HOME's real path down to it a real folder of this user's that no one else can
 * write, and outside the knowledge folder and project roots. Reads only; makes nothing.
 */
export function compileCacheProblem(dir: string, home: string, keepOut: readonly string[]): string | null {
  if (!path.isAbsolute(dir)) return 'it is a relative path (each client starts in a folder of its own)';
  let top: string;
  try {
    top = fs.realpathSync(home);
  } catch {
    return `your home folder ${home} cannot be resolved`;
  }
  const target = path.resolve(dir);
  const rest = path.relative(top, target);
  if (rest === '' || rest.startsWith('..') || path.isAbsolute(rest)) return `it is not inside your home folder ${top}`;
  for (const k of keepOut) {
    const r = path.relative(path.resolve(k), target);
    if (r === '' || (!r.startsWith('..') && !path.isAbsolute(r)))
      return `it is inside ${k}, which other people may sync or commit into`;
  }
  const uid = process.getuid?.();
  let d = top;
  for (const part of ['', ...rest.split(path.sep)]) {
    d = path.join(d, part);
    let st: fs.Stats;
    try {
      st = fs.lstatSync(d);
    } catch {
      return null; // Node makes the rest, as this user
    }
    if (st.isSymbolicLink()) return `${d} is a symbolic link`;
    if (!st.isDirectory()) return `${d} is not a folder`;
    if (uid !== undefined && st.uid !== uid) return `${d} belongs to another user (uid ${st.uid})`;
    if ((st.mode & 0o022) !== 0) return `${d} can be written by others (mode ${(st.mode & 0o777).toString(8)})`;
  }
  return null;
}
