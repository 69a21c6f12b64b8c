// The agent clients the tests connect with, where setup-agents.sh installed them into the e2e
// cache (skipped, saying how to install them, where not), and Codex's own view of its MCP
// servers: its app server (JSON-RPC over stdio, as Codex's editor extensions use it) starts
// each configured server and lists its tools, without a login or a model.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const cache = process.env.ARIA_E2E_CACHE || path.join(os.homedir(), '.cache', 'aria-context-e2e');

/** An installed client's executable, and the skip reason (false) for tests that need it. */
function agentClient(folder: string, bin: string, name: string): { bin: string; missing: string | false } {
  const file = path.join(cache, folder, 'node_modules', '.bin', bin);
  return {
    bin: file,
    missing: fs.existsSync(file)
      ? false
      : `${name} is not installed in ${path.join(cache, folder)}: run bash scripts/e2e/setup-agents.sh`,
  };
}

export const claudeCode = agentClient('claude-code', 'claude', 'Claude Code');
export const codex = agentClient('codex', 'codex', 'Codex');

/** What Codex's app server reports of one configured MCP server. */
export interface CodexServer {
  name: string;
  /** The server's own name from its initialize answer; null when Codex could not connect. */
  serverName: string | null;
  tools: string[];
}

/**
 * Asks Codex's app server (`codex app-server`, CODEX_HOME from `env`) for the status of every
 * configured MCP server: initialize, initialized, then `mcpServerStatus/list`.
 */
export function codexServerStatus(env: NodeJS.ProcessEnv, timeoutMs = 60_000): Promise<CodexServer[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(codex.bin, ['app-server'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    let buffered = '';
    const timer = setTimeout(
      () => finish(new Error(`codex app-server did not answer in ${timeoutMs} ms: ${stderr}`)),
      timeoutMs,
    );
    const finish = (err: Error | null, servers?: CodexServer[]) => {
      clearTimeout(timer);
      child.kill();
      if (err) reject(err);
      else resolve(servers!);
    };
    const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', (err) => finish(err));
    child.stdout.on('data', (d: Buffer) => {
      buffered += d.toString();
      for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        const message = JSON.parse(line) as { id?: number; result?: unknown; error?: unknown };
        if (message.error) return finish(new Error(`codex app-server: ${JSON.stringify(message.error)}`));
        if (message.id === 0) {
          send({ method: 'initialized' });
          send({ method: 'mcpServerStatus/list', id: 1, params: {} });
        } else if (message.id === 1) {
          const { data } = message.result as {
            data: Array<{ name: string; serverInfo: { name: string } | null; tools: Record<string, unknown> | null }>;
          };
          finish(
            null,
            data.map((s) => ({
              name: s.name,
              serverName: s.serverInfo?.name ?? null,
              tools: Object.keys(s.tools ?? {}).sort(),
            })),
          );
        }
      }
    });
    send({ method: 'initialize', id: 0, params: { clientInfo: { name: 'aria-context-tests', version: '1' } } });
  });
}
