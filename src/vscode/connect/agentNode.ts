// Finds the Node an agent's config names for Connect Agents' launcher: the first `node` on PATH,
// asked its version (a short timeout: a wrapper that hangs is no Node to name), and chooses with
// the editor's own runtime as the fallback (agentNodeModel.ts). No vscode import: the test runs it
// with a fake old `node` first on PATH.
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { chooseNode, parseNodeVersion, type NodeCandidate, type NodeChoice, type OwnRuntime } from './agentNodeModel';

/** How long `node --version` may take before that node counts as one whose version is unknown. */
const VERSION_TIMEOUT_MS = 3_000;

/** The first `node` (`node.exe` on Windows) in an absolute folder of `PATH`, if any. */
export function firstNodeOnPath(envPath: string | undefined, platform = process.platform): string | undefined {
  const name = platform === 'win32' ? 'node.exe' : 'node';
  for (const dir of (envPath ?? '').split(path.delimiter)) {
    if (!dir || !path.isAbsolute(dir)) continue;
    const candidate = path.join(dir, name);
    try {
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** What `<node> --version` says, as a version, or null when it fails, times out or says something else. */
export function nodeVersionOf(node: string, env: NodeJS.ProcessEnv): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(
      node,
      ['--version'],
      { timeout: VERSION_TIMEOUT_MS, env, encoding: 'utf8', maxBuffer: 4_096, windowsHide: true },
      (err, stdout) => resolve(err ? null : parseNodeVersion(stdout)),
    );
  });
}

/** The editor's own runtime as a Node for agents: Electron's (run as Node) or code-server's. */
export function ownRuntime(): OwnRuntime {
  return { path: process.execPath, version: process.versions.node, electron: !!process.versions.electron };
}

/** The Node the config names (PATH's when new enough, else the editor's own), or what to install. */
export async function nodeForAgents(env: NodeJS.ProcessEnv, own: OwnRuntime = ownRuntime()): Promise<NodeChoice> {
  const found = firstNodeOnPath(env.PATH);
  const onPath: NodeCandidate | undefined = found
    ? { path: found, version: await nodeVersionOf(found, env) }
    : undefined;
  return chooseNode(onPath, own);
}
