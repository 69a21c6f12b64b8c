// Every field a client sends is capped, and so is what the server sends back for it: an
// over-long line, completion values, resource URIs. The built server over real stdio.
import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CompleteResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { INDEX_HEADER, makeHome } from '../helpers';
import { MAX_COMPLETION_CHARS, MAX_ECHO_CHARS } from '../../src/mcp/resources';
import { MAX_LINE_BYTES } from '../../src/mcp/stdio';
import { connect, spawnRawServer, textOf } from './client';

/** 150 tags starting with "t", so one completion could offer far more than it may. */
const TAGS = Array.from({ length: 150 }, (_, i) => `t${String(i).padStart(3, '0')}`);
const manyTags = () =>
  makeHome({
    index: `${INDEX_HEADER}## Tag Index\n${TAGS.map((t) => `### ${t}\n- a.md — A\n`).join('')}`,
    files: { 'knowledge/a.md': '# A\n' },
  });

type Answer = { id?: number | null; error?: { code: number; message: string }; result?: Record<string, unknown> };

describe('MCP stdio framing', () => {
  test('a line over the cap gets a JSON-RPC error with id null, and the server keeps serving', async () => {
    const child = spawnRawServer();
    let out = '';
    let exited: number | null | undefined;
    child.on('exit', (code) => (exited = code));
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const answers = () =>
      out
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Answer);
    const waitFor = async (count: number) => {
      for (let waited = 0; answers().length < count; waited += 20) {
        if (exited !== undefined) throw new Error(`the server exited (code ${exited}); stdout: ${out.slice(0, 500)}`);
        if (waited > 30_000) throw new Error(`no answer; stdout: ${out.slice(0, 500)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return answers()[count - 1];
    };
    const write = (text: string) =>
      new Promise<void>((resolve) => (child.stdin.write(text) ? resolve() : child.stdin.once('drain', resolve)));
    try {
      // Longer than the SDK's own 10 MB buffer as well as ours, sent in pieces as a pipe delivers it.
      const piece = 'x'.repeat(1024 * 1024);
      for (let i = 0; i < 11; i++) await write(piece);
      await write('\n');
      const tooLong = await waitFor(1);
      assert.equal(tooLong.id, null);
      assert.equal(tooLong.error?.code, -32700);
      assert.match(tooLong.error?.message ?? '', new RegExp(`longer than ${MAX_LINE_BYTES} bytes`));
      await write(
        `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } })}\n`,
      );
      assert.equal((await waitFor(2)).id, 1);
      await write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n{not json\n`);
      assert.deepEqual([(await waitFor(3)).id, (await waitFor(3)).error?.code], [null, -32700]);
      await write(
        `${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'knowledge_query', arguments: { query: 'api' } } })}\n`,
      );
      const call = await waitFor(4);
      assert.equal(call.id, 2);
      assert.match(JSON.stringify(call.result), /a\.md — A/);
      assert.ok(out.length < 64 * 1024, 'nothing of the long line is echoed');
    } finally {
      child.kill();
    }
  });
});

describe('MCP completion and URI caps', () => {
  test('a completion value over the cap is refused as invalid params, not echoed', async () => {
    const s = await connect(manyTags());
    try {
      const value = `${'w'.repeat(200 * 1024)} t`;
      await assert.rejects(
        s.client.complete({ ref: { type: 'ref/prompt', name: 'context' }, argument: { name: 'query', value } }),
        (err: { code?: number; message: string }) => err.code === -32602 && err.message.length < 1000,
      );
    } finally {
      await s.close();
    }
  });

  test('completion values repeat the typed words within a total cap, and say there is more', async () => {
    const s = await connect(manyTags());
    try {
      const typed = `${'w'.repeat(1500)} `;
      const answer = CompleteResultSchema.parse(
        await s.client.complete({
          ref: { type: 'ref/prompt', name: 'context' },
          argument: { name: 'query', value: `${typed}t` },
        }),
      );
      const values = answer.completion.values;
      assert.ok(values.length > 0);
      assert.ok(values.join('').length <= MAX_COMPLETION_CHARS, `${values.join('').length} characters`);
      assert.ok(values.every((v) => v.startsWith(typed)));
      assert.equal(answer.completion.hasMore, true);
      const short = CompleteResultSchema.parse(
        await s.client.complete({
          ref: { type: 'ref/resource', uri: 'aria-knowledge://tag/{tag}' },
          argument: { name: 'tag', value: 't' },
        }),
      );
      assert.equal(short.completion.values.length, 100, 'short values: the count cap applies');
    } finally {
      await s.close();
    }
  });

  test('a resource URI over the cap is refused as invalid params with a clipped echo', async () => {
    const s = await connect(manyTags());
    try {
      const uri = `aria-knowledge://knowledge/${'deep/'.repeat(4000)}a.md`;
      await assert.rejects(
        s.client.readResource({ uri }),
        (err: { code?: number; message: string }) => err.code === -32602 && err.message.length < MAX_ECHO_CHARS + 200,
      );
      const unknownTool = s.client.callTool({ name: 'x'.repeat(100_000), arguments: {} });
      await assert.rejects(
        unknownTool,
        (err: { message: string }) => /Unknown tool/.test(err.message) && err.message.length < MAX_ECHO_CHARS + 200,
      );
      assert.match(
        textOf(await s.client.callTool({ name: 'knowledge_query', arguments: { query: 't001' } })),
        /a\.md — A/,
      );
    } finally {
      await s.close();
    }
  });
});
