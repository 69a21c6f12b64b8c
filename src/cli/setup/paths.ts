// Where Claude Code and Codex keep the files setup edits (and doctor reads): Claude Code's
// ~/.claude.json (user-scope MCP servers) and ~/.claude/settings.json (hooks), both under
// CLAUDE_CONFIG_DIR when it is set; Codex's $CODEX_HOME/config.toml and hooks.json (~/.codex).
import * as path from 'node:path';

export function clientFiles(
  client: 'claude-code' | 'codex',
  env: Record<string, string | undefined>,
  home: string,
): { server: string; hooks: string } | string {
  if (client === 'codex') {
    const dir = env.CODEX_HOME || path.join(home, '.codex');
    if (!path.isAbsolute(dir)) return `CODEX_HOME and HOME must be absolute paths (got "${dir}")`;
    return { server: path.join(dir, 'config.toml'), hooks: path.join(dir, 'hooks.json') };
  }
  const dir = env.CLAUDE_CONFIG_DIR;
  if (dir) {
    if (!path.isAbsolute(dir)) return `CLAUDE_CONFIG_DIR must be an absolute path (got "${dir}")`;
    return { server: path.join(dir, '.claude.json'), hooks: path.join(dir, 'settings.json') };
  }
  if (!path.isAbsolute(home)) return `HOME must be an absolute path (got "${home}")`;
  return { server: path.join(home, '.claude.json'), hooks: path.join(home, '.claude', 'settings.json') };
}
