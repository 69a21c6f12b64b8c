// Each agent's MCP config for one command line (the same for `aria-context setup` and the
// editor's Context: Connect Agents…): one complete entry per client, never commented alternatives
// (Codex refuses a TOML table with duplicate keys). Pure: nothing is run or written here.
import { tomlString } from './tomlText';

export const CLIENTS = ['claude-code', 'codex', 'cursor', 'vscode'] as const;
export type Client = (typeof CLIENTS)[number];

/** POSIX shell quoting, only where needed. */
export function shellQuote(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The command line that starts the server, and each client's form of it. */
export function serverCommand(
  io: { node: string; cli: string },
  serverArgs: string[] = [],
): { command: string; args: string[] } {
  return { command: io.node, args: [io.cli, 'mcp', ...serverArgs] };
}

/** A server's command line; `env` only when the command needs it (an editor's Electron run as Node). */
export interface ServerLine {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

export function clientConfig(
  client: Client,
  server: ServerLine,
  where: { codexHome?: string } = {},
): { apply?: { command: string; args: string[] }; text: string; file?: string } {
  const line = (c: { command: string; args: string[] }) => [c.command, ...c.args].map(shellQuote).join(' ');
  switch (client) {
    case 'claude-code': {
      // after the name: claude's --env takes every word up to the next option, the name included
      const env = Object.entries(server.env ?? {}).flatMap(([k, v]) => ['--env', `${k}=${v}`]);
      const apply = {
        command: 'claude',
        args: ['mcp', 'add', '--scope', 'user', 'aria-context', ...env, '--', server.command, ...server.args],
      };
      return { apply, text: `${line(apply)}\n` };
    }
    case 'codex': {
      const env = Object.entries(server.env ?? {});
      const apply = {
        command: 'codex',
        args: [
          'mcp',
          'add',
          ...env.flatMap(([k, v]) => ['--env', `${k}=${v}`]),
          'aria-context',
          '--',
          server.command,
          ...server.args,
        ],
      };
      const envLine =
        env.length > 0 ? `env = { ${env.map(([k, v]) => `${tomlString(k)} = ${tomlString(v)}`).join(', ')} }\n` : '';
      const toml = `[mcp_servers.aria-context]\ncommand = ${tomlString(server.command)}\nargs = [${server.args.map(tomlString).join(', ')}]\n${envLine}`;
      return { apply, text: toml, file: where.codexHome ? `${where.codexHome}/config.toml` : '~/.codex/config.toml' };
    }
    case 'cursor':
      return {
        text: `${JSON.stringify({ mcpServers: { 'aria-context': server } }, null, 2)}\n`,
        file: '~/.cursor/mcp.json (or .cursor/mcp.json in a project)',
      };
    case 'vscode':
      return {
        text: `${JSON.stringify({ servers: { 'aria-context': { type: 'stdio', ...server } } }, null, 2)}\n`,
        file: 'the file MCP: Open User Configuration opens (or .vscode/mcp.json in a workspace)',
      };
  }
}
