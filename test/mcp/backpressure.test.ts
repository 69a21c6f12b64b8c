// §9 Bounded work, for a client too: answers never pile up in the server. At most MAX_IN_FLIGHT
// requests are answered at once, and while stdout is backed up (a client that sends without
// reading) the server reads no more input. Proven on the built server over real stdio: 1,500
// pipelined loads of a large note from a client that does not read keep the server's memory
// flat; once it reads, every answer arrives, in order of its id, none lost. The official v1 and
// v2 clients (both protocol revisions) fire hundreds of calls at once and get every answer.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import { describe, test } from 'node:test';
import { INDEX_HEADER, makeHome } from '../helpers';
import { cliJs, connect, connectV2, ensureBuilt, textOf } from './client';

const BODY = `${'Retry budgets and idempotency keys. '.repeat(1700)}\n`; // ~60 KB: each answer is large
const CALLS = 1500;

function home() {
  return makeHome({
    index: `${INDEX_HEADER}## Tag Index\n### api\n- big.md — Big\n- small.md — Small\n`,
    files: { 'knowledge/big.md': `# Big\n\n${BODY}`, 'knowledge/small.md': '# Small\n' },
  });
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}

describe('MCP answers do not pile up', () => {
  test(`${CALLS} pipelined loads from a client that does not read: memory stays flat, then every answer arrives`, async () => {
    ensureBuilt();
    const h = home();
    const child = spawn(process.execPath, [cliJs, 'mcp'], {
      env: { PATH: process.env.PATH, HOME: h },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    try {
      const rpc = (id: number, method: string, params: unknown) =>
        `${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`;
      child.stdin.write(
        rpc(0, 'initialize', {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'bp', version: '1' },
        }),
      );
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
      child.stdout.pause(); // the client does not read
      const base = await new Promise<number>((resolve) => setTimeout(() => resolve(rssMb(child.pid!)), 1500));
      const lines: string[] = [];
      for (let id = 1; id <= CALLS; id++)
        lines.push(rpc(id, 'tools/call', { name: 'knowledge_load', arguments: { paths: ['big.md'], reload: true } }));
      child.stdin.write(lines.join(''));
      let peak = 0;
      for (let i = 0; i < 10; i++) {
        await new Promise((resolve) => setTimeout(resolve, 400));
        peak = Math.max(peak, rssMb(child.pid!));
      }
      assert.ok(
        peak - base < 40,
        `the server grew by ${Math.round(peak - base)} MB while its answers were not read (from ${Math.round(base)} MB)`,
      );
      // Now the client reads: every answer, each once.
      const seen = new Set<number>();
      let buffer = '';
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`only ${seen.size} of ${CALLS} answers`)), 120_000);
        child.stdout.on('data', (d: Buffer) => {
          buffer += d.toString();
          let nl: number;
          while ((nl = buffer.indexOf('\n')) >= 0) {
            const message = JSON.parse(buffer.slice(0, nl)) as { id?: number; result?: { content?: unknown[] } };
            buffer = buffer.slice(nl + 1);
            if (typeof message.id === 'number' && message.id > 0) {
              assert.ok(!seen.has(message.id), `answer ${message.id} twice`);
              assert.match(textOf(message.result), /Retry budgets/);
              seen.add(message.id);
            }
          }
          if (seen.size === CALLS) {
            clearTimeout(timer);
            resolve();
          }
        });
        child.stdout.resume();
      });
      assert.equal(seen.size, CALLS);
    } finally {
      child.kill();
    }
  });

  for (const [revision, open] of [
    ['2025 revision (v1 client)', connect],
    ['2026-07-28 revision (v2 client)', connectV2],
  ] as const) {
    test(`${revision}: 300 calls at once, every one answered right`, async () => {
      const c = await open(home());
      try {
        const client = c.client as unknown as {
          callTool(p: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
        };
        const calls = Array.from({ length: 300 }, (_, i) =>
          i % 2
            ? client.callTool({ name: 'knowledge_query', arguments: { query: 'api' } })
            : client.callTool({ name: 'knowledge_load', arguments: { paths: ['small.md'], reload: true } }),
        );
        const answers = await Promise.all(calls);
        answers.forEach((a, i) => assert.match(textOf(a), i % 2 ? /1\. big\.md — Big/ : /# Small/, `call ${i}`));
      } finally {
        await c.close();
      }
    });
  }
});
