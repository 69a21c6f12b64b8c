// The tools as agents meet them, through both official clients over real stdio: the v1 client
// (a 2025 revision, initialize) and the v2 client pinned to 2026-07-28 (server/discover). Strict
// arguments, typed picks, sizes and match reasons, the character budget, resource links and the
// per-connection ledger, on the golden fixture.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { fixtureHome } from '../helpers';
import { connect, connectV2, textOf, type TextResult } from './client';

interface AnyClient {
  callTool(p: { name: string; arguments?: Record<string, unknown> }): Promise<unknown>;
  listTools(): Promise<{ tools: Array<{ name: string; inputSchema: Record<string, unknown> }> }>;
}

type Item = {
  n: number | null;
  path: string;
  absPath: string;
  bytes: number | null;
  tokens: number | null;
  matchedBy: Array<{ kind: string; value: string }>;
};

for (const flavour of ['v1 client (2025 revision)', 'v2 client pinned to 2026-07-28'] as const) {
  describe(`agent tools through the ${flavour}`, () => {
    const { home, golden } = fixtureHome();
    let client: AnyClient;
    let close: () => Promise<void>;
    let protocol: string | undefined;
    before(async () => {
      if (flavour.startsWith('v1')) {
        const s = await connect(home, ['--today', golden.today]);
        client = s.client as unknown as AnyClient;
        close = s.close;
        protocol = s.client.getServerVersion() ? '2025' : undefined;
      } else {
        const s = await connectV2(home, ['--today', golden.today]);
        client = s.client as unknown as AnyClient;
        close = s.close;
        protocol = s.client.getNegotiatedProtocolVersion();
      }
    });
    after(async () => close());
    const call = async (name: string, args: Record<string, unknown>) =>
      (await client.callTool({ name, arguments: args })) as TextResult;

    test('the revision the client asked for is served', () => {
      if (flavour.startsWith('v2')) assert.equal(protocol, '2026-07-28');
      else assert.equal(protocol, '2025', 'the v1 client initialized');
    });

    test('every tool refuses arguments outside its schema, and picks is typed', async () => {
      const { tools } = await client.listTools();
      assert.deepEqual(
        tools.map((t) => t.name),
        ['knowledge_query', 'knowledge_load'],
        'a fixed order',
      );
      for (const t of tools) assert.equal(t.inputSchema.additionalProperties, false);
      const picks = (tools[1].inputSchema.properties as Record<string, { type?: unknown }>).picks;
      assert.deepEqual(picks.type, ['array', 'string'], 'a top-level type, so clients send an array as an array');
      for (const [name, args] of [
        ['knowledge_query', { query: 'stripe', bogus: true }],
        ['knowledge_load', { paths: ['approaches/api-pagination.md'], bogus: true }],
      ] as const) {
        const r = await call(name, args);
        assert.equal(r.isError, true, name);
        assert.match(textOf(r), /^Unknown argument "bogus": this tool takes only /, name);
      }
      const asText = await call('knowledge_load', { query: 'stripe', picks: '[1,3]' });
      assert.equal(asText.isError, true);
      assert.match(textOf(asText), /"picks" must be an array of integers or "all"/);
      const fraction = await call('knowledge_load', { query: 'stripe', picks: [1.5] });
      assert.equal(fraction.isError, true);
      const tooBig = await call('knowledge_load', { query: 'stripe', maxChars: 10_000_000 });
      assert.match(textOf(tooBig), /"maxChars" must be at most 262144/);
    });

    test('query items carry their size and why they matched, in the JSON and the text', async () => {
      const r = await call('knowledge_query', { query: 'stripe' });
      const items = (r.structuredContent as { items: Item[] }).items.filter((i) => i.n !== null);
      assert.ok(items.length >= 3);
      for (const i of items) {
        assert.ok(Number.isInteger(i.bytes) && i.bytes! > 0, `${i.path} has a size`);
        assert.equal(i.bytes, fs.statSync(i.absPath).size, `${i.path}: the file's own size`);
        assert.equal(i.tokens, Math.ceil(i.bytes! / 4));
        assert.ok(
          i.matchedBy.some((m) => m.kind === 'tag' && m.value === 'stripe'),
          `${i.path}: ${JSON.stringify(i.matchedBy)}`,
        );
      }
      const text = textOf(r);
      assert.match(text, /^Sizes \(≈4 characters a token\) and why each matched:$/m);
      assert.match(text, new RegExp(`^1\\. [\\d.]+ (B|KB), ~[\\d,]+ tokens — tag stripe`, 'm'));
      const expanded = await call('knowledge_query', { query: 'proj-a' });
      const reasons = (expanded.structuredContent as { items: Item[] }).items.flatMap((i) =>
        i.matchedBy.map((m) => m.kind),
      );
      assert.ok(reasons.includes('expansion') || reasons.includes('project'), reasons.join(','));
    });

    test('knowledge_load links each note to its resource and sends a file once per connection unless asked again', async () => {
      const path = 'approaches/api-pagination.md';
      const first = await call('knowledge_load', { paths: [path] });
      assert.notEqual(first.isError, true);
      assert.match(textOf(first), /Use opaque cursors/);
      const links = first.content.filter((c) => c.type === 'resource_link') as unknown as Array<{
        uri: string;
        name: string;
      }>;
      assert.deepEqual(
        links.map((l) => [l.uri, l.name]),
        [[`aria-knowledge://knowledge/${path}`, path]],
      );
      const again = textOf(await call('knowledge_load', { paths: [path] }));
      assert.doesNotMatch(again, /Use opaque cursors/);
      assert.match(again, /Already loaded in this session and unchanged since, so not sent again; pass "reload": true/);
      assert.match(again, new RegExp(`^- ${path}$`, 'm'));
      const reloaded = textOf(await call('knowledge_load', { paths: [path], reload: true }));
      assert.match(reloaded, /Use opaque cursors/);
    });

    test('knowledge_load stays within maxChars and names what did not fit', async () => {
      const whole = textOf(
        await call('knowledge_load', { query: 'proj-a', picks: 'all', maxChars: 256 * 1024, reload: true }),
      );
      assert.ok(whole.length > 1000, `the fixture's proj-a notes take ${whole.length} characters`);
      const text = textOf(
        await call('knowledge_load', { query: 'proj-a', picks: 'all', maxChars: 1000, reload: true }),
      );
      assert.ok(text.length <= 1000, `${text.length} characters`);
      assert.match(text, /\(Not loaded: this call's 1,000-character budget was reached/);
    });
  });
}
