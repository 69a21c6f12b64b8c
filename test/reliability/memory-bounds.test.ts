// Bounded memory (§9, §F44): every front end answers a hostile index.md using at most 16× its
// size plus 64 MB of heap. Each shape (bench/hostile.ts: the pathological ones and those that
// pack the most entries, tags, aliases and phrases into the fewest bytes) is written to a real
// HOME, and the built CLI, the MCP server and the editor's index worker each run under
// `--max-old-space-size` set to that bound: an answer, never V8's "heap out of memory" abort.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { test } from 'node:test';
import { ALL_SHAPES, shapeIndex } from '../../bench/hostile';
import { repoRoot } from '../helpers';
import { cliJs, ensureBuilt } from '../mcp/client';
import { makeHome } from './helpers';

/** Large enough that the 16× term dominates what a shape can cost, small enough for CI. */
const SIZE = 4 << 20;
/** What a process crashed by V8 prints, and what a user must never see. */
const FATAL = /heap out of memory|FATAL ERROR|Native stack|node::|v8::internal|^\s+at /im;
/** Far above a healthy run; only a hang reaches it. */
const HANG_MS = 180_000;

const heapBound = (bytes: number) => Math.ceil((16 * bytes) / (1 << 20)) + 64;

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** `node --max-old-space-size=<mb> …args` with HOME set; `input` written to stdin (kept open until `done` says so). */
function run(args: string[], home: string, mb: number, input?: string, done?: (stdout: string) => boolean): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [`--max-old-space-size=${mb}`, ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: home, ARIA_CONTEXT_NO_CACHE: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), HANG_MS);
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (done?.(stdout)) child.stdin.end();
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
    if (input !== undefined) child.stdin.write(input);
    if (!done) child.stdin.end();
  });
}

const rpc = (id: number, method: string, params: unknown) => `${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`;

function mcpSession(query: string): string {
  return [
    rpc(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'memory-bounds', version: '1' } }),
    `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`,
    rpc(2, 'tools/call', { name: 'knowledge_query', arguments: { query } }),
  ].join('');
}

/** The JSON-RPC answer with `id`, once stdout holds it. */
function answer(stdout: string, id: number): { result?: { content: Array<{ text?: string }>; isError?: boolean }; error?: unknown } | undefined {
  for (const line of stdout.split('\n')) {
    if (!line.trim()) continue;
    try {
      const message = JSON.parse(line) as { id?: number };
      if (message.id === id) return message as ReturnType<typeof answer>;
    } catch {
      // not a whole line yet
    }
  }
  return undefined;
}

// The worker as the editor runs it: the host (this script) starts dist/indexWorker.js through
// the IndexWorker client, opens the image it posts and answers a query from it.
const workerScript = `
const { IndexWorker } = require(${JSON.stringify(path.join(repoRoot, 'src/indexWorker/client.ts'))});
const { runQuery } = require(${JSON.stringify(path.join(repoRoot, 'src/core/index.ts'))});
const { loadConfig } = require(${JSON.stringify(path.join(repoRoot, 'src/core/config.ts'))});
const config = loadConfig({ home: process.env.HOME, env: {}, trustedWorkspaceFolders: [] });
if (!config.ok) throw new Error(config.message);
new IndexWorker(${JSON.stringify(path.join(repoRoot, 'dist/indexWorker.js'))}).loader.load(config.config).then((outcome) => {
  if (!outcome.ok) return console.log('refused: ' + outcome.message);
  const q = runQuery(outcome.snapshot, 'api', { today: '2026-11-30' });
  console.log(q.ok ? 'answered ' + q.result.items.length : 'usage: ' + q.message);
}, (err) => console.log('failed: ' + err.message));
`;

function assertNoFatal(r: Run, where: string): void {
  assert.equal(r.signal, null, `${where}: killed by ${r.signal}\n${r.stderr.slice(0, 2000)}`);
  assert.doesNotMatch(r.stderr, FATAL, `${where}: a fatal error reached the user:\n${r.stderr.slice(0, 2000)}`);
}

ensureBuilt();

for (const shape of Object.keys(ALL_SHAPES)) {
  test(`hostile index (${shape}): the CLI, the MCP server and the index worker answer within 16× its size + 64 MB of heap`, async () => {
    const index = shapeIndex(shape, SIZE);
    const h = makeHome({ index, files: { 'knowledge/a.md': '# a\n' } });
    const mb = heapBound(Buffer.byteLength(index));
    const [cli, mcp, worker] = await Promise.all([
      run([cliJs, 'query', 'api', 'p', '--no-cache'], h.home, mb),
      run([cliJs, 'mcp'], h.home, mb, mcpSession('api p'), (out) => answer(out, 2) !== undefined),
      run(['--import', 'tsx', '-e', workerScript], h.home, mb),
    ]);

    assertNoFatal(cli, `${shape}: CLI`);
    assert.ok(cli.code === 0 || cli.code === 1, `${shape}: CLI exit ${cli.code}\n${cli.stderr}`);
    assert.ok(cli.stdout.length > 0, `${shape}: CLI printed an answer`);

    assertNoFatal(mcp, `${shape}: MCP`);
    const reply = answer(mcp.stdout, 2);
    assert.ok(reply?.result, `${shape}: MCP answered the query (${mcp.stdout.slice(-500)}${mcp.stderr.slice(-1000)})`);
    assert.equal(mcp.code, 0, `${shape}: MCP server exit`);

    assertNoFatal(worker, `${shape}: index worker`);
    assert.match(worker.stdout, /^answered \d+\n$/, `${shape}: index worker (${worker.stdout}${worker.stderr.slice(-1000)})`);
  });
}
