// §F44 Results are bounded like parses: a query whose list is the largest a hostile index can
// make (every entry under one tag; every team-shared entry of a shared project) answers on every
// front end (query, --json, --load all, tags, check --drift, the hook, the MCP server's query,
// load and tag resource) within 16× index.md's size plus 64 MB of heap, listing the 1,000 most
// relevant matches of the group and saying how many more there are.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { cliJs, ensureBuilt } from '../mcp/client';
import { hangBound } from '../timing';
import { assertNoFatal, heapBoundMb, runUnderHeap, type Run } from './heapBound';
import { configText, tempDir, writeTree } from '../helpers';

const MB = 1 << 20;

/** An index.md of about `bytes` whose `api` list holds every entry it can. */
const SHAPES: Record<string, (bytes: number) => string> = {
  'Tag Index: every entry under one tag': (bytes) => {
    const out = ['## Tag Index', '### web', '- a.md — A', '### api'];
    for (let i = 0, size = 0; size < bytes; i++) {
      const line = `- n/${i.toString(36)}.md — N`;
      out.push(line);
      size += line.length + 1;
    }
    return out.join('\n');
  },
  'Team-shared: every entry of a shared project': (bytes) => {
    const out = ['## Tag Index', '### web', '- a.md — A', '## Team-Shared Tag Index', '### api'];
    for (let i = 0, size = 0; size < bytes; i++) {
      const line = `- ~/Projects/p/_project-knowledge/${i.toString(36)}.md [project: p]`;
      out.push(line);
      size += line.length + 1;
    }
    return out.join('\n');
  },
};

function hostileHome(shape: string, bytes: number): { home: string; size: number } {
  const home = tempDir('aria-result-bounds-');
  const index = `# Knowledge Index\nLast rebuilt: 2026-11-02\n\n${SHAPES[shape](bytes)}\n`;
  writeTree(home, {
    '.claude/aria-knowledge.local.md': configText({
      knowledge_folder: '~/knowledge',
      projects_enabled: 'true',
      projects_list: 'p:p',
      projects_shared_knowledge: 'p',
    }),
    'knowledge/index.md': index,
    'knowledge/a.md': '# A\n',
    'knowledge/n/0.md': '# Zero\n',
    'Projects/p/_project-knowledge/0.md': '# Team zero\n',
  });
  return { home, size: Buffer.byteLength(index) };
}

const rpc = (id: number, method: string, params: unknown) =>
  `${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`;

ensureBuilt();

for (const shape of Object.keys(SHAPES)) {
  test(`${shape} (14 MB), queried at its largest list: every front end answers within 16× + 64 MB`, async () => {
    const { home, size } = hostileHome(shape, 14 * MB);
    const mb = heapBoundMb(size);
    const hangMs = hangBound(240_000);
    const cli = (...args: string[]) => runUnderHeap([cliJs, ...args], home, mb, { hangMs });
    try {
      const runs: Record<string, Run> = {};
      const jobs: Record<string, () => Promise<Run>> = {
        query: () => cli('query', 'api', '--no-cache'),
        json: () => cli('query', 'api', '--json', '--no-cache'),
        load: () => cli('query', 'api', '--load', 'all', '--no-cache'),
        tags: () => cli('tags', '--json'),
        check: () => cli('check', '--drift', '--json'),
        hook: () =>
          runUnderHeap([cliJs, 'hook', 'claude-code'], home, mb, {
            hangMs,
            input: JSON.stringify({
              session_id: `bounds-${process.pid}-${shape.length}`,
              transcript_path: '/tmp/t.jsonl',
              cwd: path.join(home, 'Projects', 'p'),
              hook_event_name: 'UserPromptSubmit',
              prompt: 'what do we know about api and web',
            }),
          }),
        mcp: () =>
          runUnderHeap([cliJs, 'mcp'], home, mb, {
            hangMs,
            input: [
              rpc(1, 'initialize', {
                protocolVersion: '2025-06-18',
                capabilities: {},
                clientInfo: { name: 'b', version: '1' },
              }),
              `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`,
              rpc(2, 'tools/call', { name: 'knowledge_query', arguments: { query: 'api' } }),
              rpc(3, 'tools/call', { name: 'knowledge_load', arguments: { query: 'api', picks: 'all' } }),
              rpc(4, 'resources/read', { uri: 'aria-knowledge://tag/api' }),
            ].join(''),
            done: (out) => /"id":4[,}]/.test(out),
          }),
      };
      const names = Object.keys(jobs);
      for (let i = 0; i < names.length; i += 2) {
        const pair = names.slice(i, i + 2);
        const done = await Promise.all(pair.map((n) => jobs[n]()));
        pair.forEach((n, j) => (runs[n] = done[j]));
      }
      for (const [name, run] of Object.entries(runs)) {
        assertNoFatal(run, `${shape}: ${name}`);
        assert.ok(run.code === 0 || run.code === 1, `${shape}: ${name} exit ${run.code}: ${run.stderr.slice(-500)}`);
      }
      // The group lists 1,000 and counts the rest, in every form.
      assert.match(runs.query.stdout, /… and [\d,]+ more matches not listed or checked/);
      assert.ok(runs.query.stdout.split('\n').filter((l) => /^(\d+\.|-) /.test(l)).length <= 1000 + 2);
      const json = JSON.parse(runs.json.stdout) as { items: unknown[]; unlisted: Record<string, number> };
      assert.ok(json.items.length <= 1000 + 1, `${json.items.length} items`);
      assert.ok(
        Object.values(json.unlisted).some((n) => n > 100_000),
        JSON.stringify(json.unlisted),
      );
      assert.ok(Array.isArray(JSON.parse(runs.tags.stdout).tags));
      assert.ok(Array.isArray(JSON.parse(runs.check.stdout).problems));
      for (const id of [2, 3, 4]) assert.match(runs.mcp.stdout, new RegExp(`"id":${id}[,}]`), `MCP answered ${id}`);
      assert.doesNotMatch(runs.mcp.stdout, /"error"/);
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
    }
  });
}

test('a tag with 300,000 aliases: `tags` lists it (no stack overflow); past the item cap, what came before is kept', () => {
  const home = tempDir('aria-tags-hostile-');
  const aliases = Array.from({ length: 300_000 }, (_, i) => `a${i.toString(36)}`).join(', ');
  const known = Array.from({ length: 10_000 }, (_, i) => `k${i.toString(36)}`).join(', ');
  writeTree(home, {
    '.claude/aria-knowledge.local.md': configText({ knowledge_folder: '~/knowledge' }),
    // `api` is a project key and a known tag twice: its aliases are merged; `first` comes before the cap.
    'knowledge/index.md': `# Knowledge Index\n\n## Projects\n### api — API\nRelevant tags: web\n\n## Known Tags\nfirst [aliases: one]\n${known}\napi [aliases: ${aliases}]\n`,
  });
  try {
    const r = spawnSync(process.execPath, [cliJs, 'tags', '--json'], {
      env: { PATH: process.env.PATH, HOME: home },
      encoding: 'utf8',
      maxBuffer: 256 * MB,
    });
    // Past the item cap `tags` lists what it read and says where the index was cut (exit 1, §10).
    assert.equal(r.status, 1, r.stderr + r.stdout.slice(0, 300));
    const tags = (JSON.parse(r.stdout) as { tags: Array<{ name: string; aliases: string[] }> }).tags;
    assert.ok(tags.find((t) => t.name === 'api')!.aliases.length > 100_000);
    assert.deepEqual(tags.find((t) => t.name === 'first')?.aliases, ['one']);
    assert.ok(
      tags.some((t) => t.name === 'k0'),
      'known tags before the cap are kept',
    );
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
});
