// The oldest Node the CLI, its MCP server and hooks run on (package.json `engines.node`), in a
// file of its own so `doctor` can judge a registered command's Node without loading the launcher.

export const NODE_FLOOR = { major: 22, minor: 12 };

export function nodeTooOld(version: string): boolean {
  const [major, minor] = version.split('.').map(Number);
  return major < NODE_FLOOR.major || (major === NODE_FLOOR.major && minor < NODE_FLOOR.minor);
}
