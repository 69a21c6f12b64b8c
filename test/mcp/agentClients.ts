// The agent clients the tests connect with, where setup-agents.sh installed them into the e2e
// cache (skipped, saying how to install them, where not), and Codex's own view of its MCP
// servers: its app server (JSON-RPC over stdio, as Codex's editor extensions use it) starts
// each configured server and lists its tools, without a login or a model.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { ensureBuilt } from './client';

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

/** A test that runs `client` on the built CLI; skipped, saying why, where the client is missing. */
export function testWith(client: { missing: string | false }, name: string, fn: () => Promise<void>): void {
  test(name, { skip: client.missing }, async () => {
    ensureBuilt();
    await fn();
  });
}

/** `base` with the client's own folder first on PATH (so `claude …` or `codex …` runs it). */
function withClientOnPath(bin: string, base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...base, PATH: `${path.dirname(bin)}${path.delimiter}${base.PATH ?? ''}` };
}

/** What Claude Code runs with in a test: this HOME (its settings), no colour, updates or other traffic. */
export function claudeEnv(home: string, base: NodeJS.ProcessEnv = { PATH: process.env.PATH }): NodeJS.ProcessEnv {
  return withClientOnPath(claudeCode.bin, {
    ...base,
    HOME: home,
    NO_COLOR: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_TELEMETRY: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
  });
}

/** What Codex runs with in a test: this HOME and its config folder (CODEX_HOME), no colour. */
export function codexEnv(
  home: string,
  codexHome: string,
  base: NodeJS.ProcessEnv = { PATH: process.env.PATH },
): NodeJS.ProcessEnv {
  return withClientOnPath(codex.bin, { ...base, HOME: home, CODEX_HOME: codexHome, NO_COLOR: '1' });
}

/** What Codex's app server reports of one configured MCP server. */
export interface CodexServer {
  name: string;
  /** The server's own name from its initialize answer; null when Codex could not connect. */
  serverName: string | null;
  tools: string[];
}

/**
 * One request to Codex's app server (`codex app-server`, CODEX_HOME from `env`): initialize,
 * initialized, then `method` with `params`; its result.
 */
export function codexAppServer(
  env: NodeJS.ProcessEnv,
  method: string,
  params: object = {},
  timeoutMs = 60_000,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = spawn(codex.bin, ['app-server'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    let buffered = '';
    const finish = (err: Error | null, result?: unknown) => {
      clearTimeout(timer);
      child.kill();
      if (err) reject(err);
      else resolve(result);
    };
    const timer = setTimeout(
      () => finish(new Error(`codex app-server did not answer ${method} in ${timeoutMs} ms: ${stderr}`)),
      timeoutMs,
    );
    const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', (err) => finish(err));
    child.stdout.on('data', (d: Buffer) => {
      buffered += d.toString();
      for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
        const message = JSON.parse(buffered.slice(0, nl)) as { id?: number; result?: unknown; error?: unknown };
        buffered = buffered.slice(nl + 1);
        if (message.id === undefined) continue; // a notification
        if (message.error) return finish(new Error(`codex app-server ${method}: ${JSON.stringify(message.error)}`));
        if (message.id === 0) {
          send({ method: 'initialized' });
          send({ method, id: 1, params });
        } else if (message.id === 1) finish(null, message.result);
      }
    });
    send({ method: 'initialize', id: 0, params: { clientInfo: { name: 'aria-context-tests', version: '1' } } });
  });
}

/** Codex's status of every configured MCP server: it starts each and lists its tools. */
export async function codexServerStatus(env: NodeJS.ProcessEnv): Promise<CodexServer[]> {
  const { data } = (await codexAppServer(env, 'mcpServerStatus/list')) as {
    data: Array<{ name: string; serverInfo: { name: string } | null; tools: Record<string, unknown> | null }>;
  };
  return data.map((s) => ({
    name: s.name,
    serverName: s.serverInfo?.name ?? null,
    tools: Object.keys(s.tools ?? {}).sort(),
  }));
}

/** A hook Codex found (hooks/list): its event, command, file, and whether the user trusts it. */
export interface CodexHook {
  eventName: string;
  command: string;
  trustStatus: string;
  sourcePath: string;
}

/** The hooks Codex found for `cwd`. */
export async function codexHooks(env: NodeJS.ProcessEnv, cwd: string): Promise<CodexHook[]> {
  const { data } = (await codexAppServer(env, 'hooks/list', { cwds: [cwd] })) as {
    data: Array<{ hooks: CodexHook[] }>;
  };
  return data.flatMap((d) => d.hooks);
}
