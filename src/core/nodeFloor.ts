// The oldest Node the CLI, its MCP server and hooks run on (package.json `engines.node`), and the
// one line said on an older one: the launcher's, and the editor's when it picks a Node for an
// agent's config (Connect Agents), so both say what to install in the same words.

export const NODE_FLOOR = { major: 22, minor: 12 };

/** `22.12`, as the messages say it. */
export const NODE_FLOOR_TEXT = `${NODE_FLOOR.major}.${NODE_FLOOR.minor}`;

/** Whether a Node version (`20.20.2`) is older than the floor. */
export function nodeTooOld(version: string): boolean {
  const [major, minor] = version.split('.').map(Number);
  return major < NODE_FLOOR.major || (major === NODE_FLOOR.major && minor < NODE_FLOOR.minor);
}

/** The exit code on an older Node (SPEC §13.1): its own, told apart from a usage error (2) and index's 4. */
export const OLD_NODE_EXIT = 5;

/**
 * The launcher's one line on an older Node: which Node ran it, what to install, and that the VS
 * Code extension's agents need none (they run on the editor's own runtime).
 */
export function oldNodeLine(version: string, execPath: string): string {
  return `aria-context needs Node.js ${NODE_FLOOR_TEXT} or later (this is ${version}, ${execPath}): install Node.js ${NODE_FLOOR_TEXT} or later from https://nodejs.org and put it first on PATH; the VS Code extension's agents run on the editor's own runtime and need none`;
}
