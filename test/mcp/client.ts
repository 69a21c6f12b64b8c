// Test helpers: the built server driven by the SDK's own client over real stdio.
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { INDEX_HEADER, makeHome, repoRoot } from '../helpers';

export const cliJs = path.join(repoRoot, 'dist', 'cli.js');
export const mcpJs = path.join(repoRoot, 'dist', 'mcp.js');

export function ensureBuilt(): void {
  if (!fs.existsSync(mcpJs) || !fs.existsSync(cliJs))
    execFileSync('node', ['esbuild.mjs'], { cwd: repoRoot, stdio: 'inherit' });
}

/** The built server (`cli.js mcp`) over raw stdio, on a HOME whose index lists a.md under api. */
export function spawnRawServer(): ChildProcessWithoutNullStreams {
  ensureBuilt();
  const home = makeHome({
    index: `${INDEX_HEADER}## Tag Index\n### api\n- a.md — A\n`,
    files: { 'knowledge/a.md': '# A\n' },
  });
  return spawn(process.execPath, [cliJs, 'mcp'], {
    env: { PATH: process.env.PATH, HOME: home },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

export interface Connected {
  client: Client;
  stderr: () => string;
  close: () => Promise<void>;
}

/** `node dist/cli.js mcp …args` (or dist/mcp.js with `direct`) with HOME set, connected. */
export async function connect(
  home: string,
  args: string[] = [],
  options: { env?: Record<string, string>; direct?: boolean } = {},
): Promise<Connected> {
  ensureBuilt();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: options.direct ? [mcpJs, ...args] : [cliJs, 'mcp', ...args],
    env: { PATH: process.env.PATH ?? '', HOME: home, ...options.env },
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const client = new Client({ name: 'aria-context-tests', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => err, close: () => client.close() };
}

export type TextResult = {
  content: Array<{ type: string; text?: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

export function textOf(result: unknown): string {
  return (result as TextResult).content.map((c) => c.text ?? '').join('');
}

/** The same server driven by the v2 SDK's client, pinned to the 2026-07-28 revision (server/discover, no initialize). */
export async function connectV2(home: string, args: string[] = []) {
  ensureBuilt();
  const { Client: V2Client } = await import('@modelcontextprotocol/client');
  const { StdioClientTransport: V2Transport } = await import('@modelcontextprotocol/client/stdio');
  const transport = new V2Transport({
    command: process.execPath,
    args: [cliJs, 'mcp', ...args],
    env: { PATH: process.env.PATH ?? '', HOME: home },
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const client = new V2Client(
    { name: 'aria-context-tests-v2', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(transport);
  return { client, stderr: () => err, close: () => client.close() };
}
