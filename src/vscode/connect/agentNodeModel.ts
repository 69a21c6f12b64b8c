// Which Node an agent's MCP config names for Connect Agents' launcher, as plain data (no vscode
// import, unit-tested): the first `node` on PATH when it is new enough, else the editor's own
// runtime (Electron run as Node on the desktop, code-server's Node) when that is, else nothing,
// with the words that say what to install. A config naming a Node older than the CLI's floor
// would only ever print "needs Node.js 22.12 or later" to the agent's log.
import { NODE_FLOOR_TEXT, nodeTooOld } from '../../core';

/** A Node that could run the launcher: where it is and the version it reported (null: it did not say). */
export interface NodeCandidate {
  path: string;
  version: string | null;
}

/** The editor's own runtime: its path, its Node version, and whether it is Electron (run as Node by an env var). */
export interface OwnRuntime extends NodeCandidate {
  electron: boolean;
}

export type NodeChoice = { ok: true; path: string; electron: boolean } | { ok: false; message: string };

/** `v20.20.2` (what `node --version` prints) or `20.20.2` as `20.20.2`; null for anything else. */
export function parseNodeVersion(text: string): string | null {
  const m = /^v?(\d+\.\d+\.\d+)\s*$/.exec(text.trim());
  return m ? m[1] : null;
}

function usable(candidate: NodeCandidate | undefined): boolean {
  return !!candidate && candidate.version !== null && !nodeTooOld(candidate.version);
}

function described(candidate: NodeCandidate): string {
  return `${candidate.path} (${candidate.version === null ? 'its version could not be read' : `Node.js ${candidate.version}`})`;
}

/** The Node the config names: PATH's when new enough, else the editor's own, else what to install. */
export function chooseNode(onPath: NodeCandidate | undefined, own: OwnRuntime): NodeChoice {
  if (onPath && usable(onPath)) return { ok: true, path: onPath.path, electron: false };
  if (usable(own)) return { ok: true, path: own.path, electron: own.electron };
  const found = [onPath && `the node on PATH is ${described(onPath)}`, `this editor runs ${described(own)}`]
    .filter(Boolean)
    .join(', and ');
  return {
    ok: false,
    message: `The aria-context MCP server needs Node.js ${NODE_FLOOR_TEXT} or later: ${found}. Install Node.js ${NODE_FLOOR_TEXT} or later (https://nodejs.org) so that it is the first node on PATH, then run Context: Connect Agents… again.`,
  };
}
