// Raw stdio, resource paging, per-call caps and bundle separation, on the built server.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as readline from 'node:readline';
import { describe, test } from 'node:test';
import { INDEX_HEADER, makeHome } from '../helpers';
import { cliJs, connect, ensureBuilt, mcpJs, spawnRawServer, textOf } from './client';

describe('MCP server over raw stdio', () => {
  test('a line that is not JSON or not JSON-RPC gets an error answer; stdout carries only JSON-RPC and the server keeps serving', async () => {
    const child = spawnRawServer();
    const lines: string[] = [];
    const waiters: Array<() => void> = [];
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      waiters.splice(0).forEach((w) => w());
    });
    const next = async (count: number) => {
      while (lines.length < count)
        await new Promise<void>((resolve, reject) => {
          waiters.push(resolve);
          setTimeout(() => reject(new Error(`no answer; stdout so far: ${lines.join('\n')}`)), 10_000).unref();
        });
      return JSON.parse(lines[count - 1]) as {
        id?: number;
        error?: { code: number; message: string };
        result?: Record<string, unknown>;
      };
    };
    const send = (text: string) => child.stdin.write(`${text}\n`);
    try {
      send('{this is not json');
      assert.equal((await next(1)).error?.code, -32700);
      send('{"hello":"world"}');
      assert.equal((await next(2)).error?.code, -32600);
      send(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
        }),
      );
      const init = await next(3);
      assert.equal(init.id, 1);
      assert.equal((init.result?.serverInfo as { name: string }).name, 'aria-context');
      send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
      send(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/call',
          params: { name: 'knowledge_query', arguments: { query: 'api' } },
        }),
      );
      const call = await next(4);
      assert.equal(call.id, 2);
      assert.match(JSON.stringify(call.result), /1\. a\.md — A \[api\]/);
      for (const line of lines) assert.equal(JSON.parse(line).jsonrpc, '2.0');
    } finally {
      child.kill();
    }
  });

  test('--help and bad arguments answer on the terminal without starting a server', async () => {
    ensureBuilt();
    const run = (args: string[]) =>
      new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
        const child = spawn(process.execPath, [mcpJs, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        let err = '';
        child.stdout.on('data', (d) => (out += d));
        child.stderr.on('data', (d) => (err += d));
        child.on('close', (code) => resolve({ code, out, err }));
      });
    const help = await run(['--help']);
    assert.equal(help.code, 0);
    assert.match(help.out, /aria-context mcp \[--config FILE\]/);
    const bad = await run(['--bogus']);
    assert.equal(bad.code, 2);
    assert.match(bad.err, /Unknown option --bogus/);
  });
});

describe('MCP resource paging and per-call caps', () => {
  const NOTES = 230;
  const entries = Array.from({ length: NOTES }, (_, i) => `- n/note-${String(i).padStart(3, '0')}.md — Note ${i}`).join(
    '\n',
  );
  const files: Record<string, string> = {};
  for (let i = 0; i < NOTES; i++)
    files[`knowledge/n/note-${String(i).padStart(3, '0')}.md`] =
      `# Note ${i}\n${'x'.repeat(i < 10 ? 40 * 1024 : 100)}\nEND-OF-NOTE-${i}\n`;
  files['knowledge/big.md'] = `# Big\n${'y'.repeat(100 * 1024)}\nEND-OF-BIG\n`;
  const home = makeHome({
    index: `${INDEX_HEADER}## Tag Index\n### bulk\n${entries}\n### big\n- big.md — Big\n`,
    files,
  });
  fs.rmSync(`${home}/knowledge/n/note-005.md`); // listed but missing: never offered as a resource

  test('resources/list pages through every loadable file once, with a cursor', async () => {
    const s = await connect(home);
    try {
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await s.client.listResources(cursor ? { cursor } : {});
        assert.ok(page.resources.length <= 100, `page of ${page.resources.length}`);
        seen.push(...page.resources.map((r) => r.name));
        cursor = page.nextCursor;
        pages++;
      } while (cursor && pages < 20);
      assert.ok(pages >= 3, `${pages} pages`);
      assert.equal(new Set(seen).size, seen.length, 'no resource listed twice');
      assert.equal(seen.length, NOTES); // 230 notes + big.md − the missing one
      assert.ok(seen.includes('big.md') && !seen.includes('n/note-005.md'));
    } finally {
      await s.close();
    }
  });

  test('knowledge_load stays within 40,000 characters by default, cuts a file at 64 KB with maxChars, and names what did not fit', async () => {
    const s = await connect(home);
    try {
      const byDefault = textOf(await s.client.callTool({ name: 'knowledge_load', arguments: { paths: ['big.md'] } }));
      assert.ok(byDefault.length <= 40_000, `${byDefault.length} characters`);
      assert.match(
        byDefault,
        /This call's 40,000-character budget was reached; load this file alone, or with a larger "maxChars"/,
      );
      const big = textOf(
        await s.client.callTool({ name: 'knowledge_load', arguments: { paths: ['big.md'], maxChars: 256 * 1024 } }),
      );
      assert.match(big, /\(Truncated: showing the first 64 KB of 100 KB\.\)/);
      assert.doesNotMatch(big, /END-OF-BIG/);
      const bulk = textOf(
        await s.client.callTool({ name: 'knowledge_load', arguments: { query: 'bulk', picks: 'all' } }),
      );
      assert.ok(bulk.length <= 40_000, `bundle of ${bulk.length} characters`);
      const notLoaded = bulk.slice(bulk.indexOf('(Not loaded'));
      assert.match(notLoaded, /40,000-character budget was reached before these \d+ files/);
      const loaded = Number(/Loaded (\d+) knowledge files/.exec(bulk)?.[1]);
      const named =
        (notLoaded.match(/^- [^…]/gm) ?? []).length + Number(/^- … and (\d+) more/m.exec(notLoaded)?.[1] ?? 0);
      // whole files first: the small notes all fit, the 40 KB ones that did not are named
      assert.match(notLoaded, /^- n\/note-001\.md$/m);
      assert.doesNotMatch(notLoaded, /^- n\/note-229\.md$/m);
      assert.equal(loaded + named, NOTES - 1); // every bulk note but the missing one, which is refused
      assert.match(bulk, /Refused n\/note-005\.md/);
      const most = textOf(
        await s.client.callTool({
          name: 'knowledge_load',
          arguments: { query: 'bulk', picks: 'all', maxChars: 256 * 1024, reload: true },
        }),
      );
      assert.ok(most.length <= 256 * 1024, `bundle of ${most.length} characters`);
      assert.ok(most.length > 200 * 1024, 'a larger maxChars sends more');
      assert.match(most, /END-OF-NOTE-0\n/, 'the 40 KB notes fit whole in a larger budget');
    } finally {
      await s.close();
    }
  });
});

describe('bundles', () => {
  test('the CLI and the extension bundles do not carry the MCP SDK; the server bundle does', () => {
    ensureBuilt();
    const marker = /StdioServerTransport|modelcontextprotocol/;
    assert.match(fs.readFileSync(mcpJs, 'utf8'), marker);
    assert.doesNotMatch(fs.readFileSync(cliJs, 'utf8'), marker);
    assert.doesNotMatch(fs.readFileSync(mcpJs.replace('mcp.js', 'extension.js'), 'utf8'), marker);
  });
});
