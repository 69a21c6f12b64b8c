// Bounded memory (§9, §F44): every front end answers any index.md within the 64 MB cap using at
// most 16× its size plus 64 MB of heap, or refuses it with one clear message. Each hostile shape
// (bench/hostile.ts: the pathological ones and those that pack the most entries, tags, aliases
// and phrases into the fewest bytes) is generated into a real HOME on disk, and the built CLI
// (query, check; --json and --load on the largest), the MCP server over stdio (knowledge_query, knowledge_load,
// resources) and the editor's index worker each run in a child under `--max-old-space-size` set
// to that bound: an answer or one refusal, never V8's "heap out of memory" abort.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { ALL_SHAPES, COUNT_SHAPES, shapeIndex } from '../../bench/hostile';
import { repoRoot } from '../helpers';
import { cliJs, ensureBuilt } from '../mcp/client';
import { hangBound } from '../timing';
import { assertNoFatal, heapBoundMb, runUnderHeap, type Run } from './heapBound';
import { makeHome } from './helpers';

/** Large enough that the 16× term dominates what a shape can cost, small enough for CI. */
const SIZE = 4 << 20;
/** The size that proves the bound on the heaviest shapes: there, 16× is four fifths of it. */
const LARGE = 16 << 20;

const rpc = (id: number, method: string, params: unknown) =>
  `${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`;

/** initialize, then a query, a load of all it found, the resource list and a tag resource: ids 2–5. */
function mcpSession(query: string): string {
  return [
    rpc(1, 'initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'memory-bounds', version: '1' },
    }),
    `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`,
    rpc(2, 'tools/call', { name: 'knowledge_query', arguments: { query } }),
    rpc(3, 'tools/call', { name: 'knowledge_load', arguments: { query, picks: 'all' } }),
    rpc(4, 'resources/list', {}),
    rpc(5, 'resources/read', { uri: 'aria-knowledge://tag/api' }),
  ].join('');
}

type Reply = {
  result?: { content?: Array<{ text?: string }>; contents?: unknown[]; resources?: unknown[]; isError?: boolean };
  error?: { message: string };
};

/** The JSON-RPC answer with `id`, once stdout holds it. */
function answer(stdout: string, id: number): Reply | undefined {
  for (const line of stdout.split('\n')) {
    if (!line.trim()) continue;
    try {
      const message = JSON.parse(line) as { id?: number };
      if (message.id === id) return message as Reply;
    } catch {
      // not a whole line yet
    }
  }
  return undefined;
}

// The worker as the editor runs it: the host (this script) starts dist/indexWorker.js through
// the IndexWorker client, opens the image it posts and answers a query from it; the worker's own
// heap is held to the same bound (its default is the bound of the largest index.md).
const workerScript = `
const { IndexWorker } = require(${JSON.stringify(path.join(repoRoot, 'src/indexWorker/client.ts'))});
const { runQuery } = require(${JSON.stringify(path.join(repoRoot, 'src/core/index.ts'))});
const { loadConfig } = require(${JSON.stringify(path.join(repoRoot, 'src/core/config/config.ts'))});
const config = loadConfig({ home: process.env.HOME, env: {}, trustedWorkspaceFolders: [] });
if (!config.ok) throw new Error(config.message);
const limits = { timeoutMs: 1e9, resourceLimits: { maxOldGenerationSizeMb: Number(process.env.ARIA_TEST_HEAP_MB) } };
new IndexWorker(${JSON.stringify(path.join(repoRoot, 'dist/indexWorker.js'))}, limits).loader.load(config.config).then((outcome) => {
  if (!outcome.ok) return console.log('refused: ' + outcome.message);
  const q = runQuery(outcome.snapshot, 'api', { today: '2026-11-30' });
  console.log(q.ok ? 'answered ' + q.result.items.length : 'usage: ' + q.message);
}, (err) => console.log('failed: ' + err.message));
`;

interface FrontEnds {
  query: Run;
  json: Run;
  load: Run;
  check: Run;
  mcp: Run;
  worker: Run;
}

/** Every front end on the HOME `home` under the heap bound of `bytes`, at most two children at a time. */
async function frontEnds(
  home: string,
  bytes: number,
  idleMs: number,
  only?: Array<keyof FrontEnds>,
): Promise<Partial<FrontEnds>> {
  const mb = heapBoundMb(bytes);
  const hangMs = hangBound(idleMs);
  const cli =
    (...args: string[]) =>
    () =>
      runUnderHeap([cliJs, ...args], home, mb, { hangMs });
  const jobs: Record<keyof FrontEnds, () => Promise<Run>> = {
    query: cli('query', 'api', 'p', '--no-cache'),
    json: cli('query', 'api', 'p', '--json', '--no-cache'),
    load: cli('query', 'api', 'p', '--load', 'all', '--no-cache'),
    check: cli('check', '--json'),
    mcp: () =>
      runUnderHeap([cliJs, 'mcp'], home, mb, {
        hangMs,
        input: mcpSession('api p'),
        done: (out) => answer(out, 5) !== undefined,
      }),
    worker: () =>
      runUnderHeap(['--import', 'tsx', '-e', workerScript], home, mb, {
        hangMs,
        env: { ARIA_TEST_HEAP_MB: String(mb) },
      }),
  };
  const names = only ?? (Object.keys(jobs) as Array<keyof FrontEnds>);
  const out: Partial<FrontEnds> = {};
  for (let i = 0; i < names.length; i += 2) {
    const pair = names.slice(i, i + 2);
    const runs = await Promise.all(pair.map((name) => jobs[name]()));
    pair.forEach((name, j) => (out[name] = runs[j]));
  }
  return out;
}

/** Each front end answered: exit 0 or 1 with output, the MCP server every request, the worker a query. */
function assertAnswered(r: Partial<FrontEnds>, where: string): void {
  for (const name of ['query', 'json', 'load', 'check'] as const) {
    const run = r[name];
    if (!run) continue;
    assertNoFatal(run, `${where}: CLI ${name}`);
    assert.ok(run.code === 0 || run.code === 1, `${where}: CLI ${name} exit ${run.code}\n${run.stderr.slice(0, 1000)}`);
    assert.ok(run.stdout.length > 0, `${where}: CLI ${name} printed an answer`);
  }
  if (r.json) assert.doesNotThrow(() => JSON.parse(r.json!.stdout), `${where}: --json prints JSON`);
  if (r.check)
    assert.ok(Array.isArray((JSON.parse(r.check.stdout) as { problems: unknown }).problems), `${where}: check --json`);
  if (r.mcp) {
    assertNoFatal(r.mcp, `${where}: MCP`);
    for (const id of [2, 3, 4, 5]) {
      const reply = answer(r.mcp.stdout, id);
      assert.ok(
        reply?.result,
        `${where}: MCP answered request ${id} (${r.mcp.stdout.slice(-300)}${r.mcp.stderr.slice(-1000)})`,
      );
    }
    assert.equal(r.mcp.code, 0, `${where}: MCP server exit`);
  }
  if (r.worker) {
    assertNoFatal(r.worker, `${where}: index worker`);
    assert.match(
      r.worker.stdout,
      /^answered \d+\n$/,
      `${where}: index worker (${r.worker.stdout}${r.worker.stderr.slice(-1000)})`,
    );
  }
}

ensureBuilt();

for (const shape of Object.keys(ALL_SHAPES)) {
  const who = shape in COUNT_SHAPES ? 'the CLI, the MCP server and the index worker' : 'the CLI and the MCP server';
  test(`hostile index (${shape}, 4 MB): ${who} answer within 16× its size + 64 MB of heap`, async () => {
    const index = shapeIndex(shape, SIZE);
    const h = makeHome({ index, files: { 'knowledge/a.md': '# a\n' } });
    try {
      // The count-heavy shapes through every front end; the pathological ones (also under the bound in
      // fuzz-memory.test.ts, through the core) through the CLI and the MCP server.
      const only: Array<keyof FrontEnds> =
        shape in COUNT_SHAPES ? ['query', 'check', 'mcp', 'worker'] : ['query', 'mcp'];
      assertAnswered(await frontEnds(h.home, Buffer.byteLength(index), 30_000, only), shape);
    } finally {
      fs.rmSync(h.home, { recursive: true, force: true });
    }
  });
}

for (const shape of ['aliases that are tags', 'hint phrases']) {
  test(`hostile index (${shape}, 16 MB): the CLI (query, --json, --load, check) and the MCP server answer within 16× its size + 64 MB`, async () => {
    const index = shapeIndex(shape, LARGE);
    const h = makeHome({ index, files: { 'knowledge/a.md': '# a\n' } });
    try {
      const r = await frontEnds(h.home, Buffer.byteLength(index), 60_000, ['query', 'json', 'load', 'check', 'mcp']);
      assertAnswered(r, `${shape}, 16 MB`);
      // The no-match help names a bounded number of known tags, not the index's million (§5).
      assert.ok(r.query!.stdout.length < 64 * 1024, `${shape}: the summary is ${r.query!.stdout.length} characters`);
    } finally {
      fs.rmSync(h.home, { recursive: true, force: true });
    }
  });
}

// The team-shared list at its largest: every entry an allowed file of a shared project, so a
// query lists 1,000 of them and a load of all of them resolves each requested path (§F44).
test('hostile index (team-shared entries of a shared project, 16 MB): the CLI and the MCP server answer within 16× its size + 64 MB', async () => {
  let body = '## Team-Shared Tag Index\n### api\n';
  for (let i = 0; body.length < LARGE; i++)
    body += `- ~/Projects/p/_project-knowledge/${i.toString(36)}.md [project: p]\n`;
  const index = `# Knowledge Index\nLast rebuilt: 2026-11-02\n\n${body}`;
  const h = makeHome({
    index,
    config: { projects_enabled: 'true', projects_list: 'p:p', projects_shared_knowledge: 'p' },
    files: { 'knowledge/a.md': '# a\n', 'Projects/p/_project-knowledge/0.md': '# team zero\n' },
  });
  try {
    const r = await frontEnds(h.home, Buffer.byteLength(index), 60_000, ['query', 'load', 'mcp']);
    assertAnswered(r, 'team-shared entries of a shared project, 16 MB');
    // The load found the team-shared files the query listed (each requested path resolved).
    assert.match(answer(r.mcp!.stdout, 3)?.result?.content?.[0]?.text ?? '', /_project-knowledge/, 'MCP: the load');
  } finally {
    fs.rmSync(h.home, { recursive: true, force: true });
  }
});

test('an index.md over the 64 MB cap is refused by every front end with one message, under the heap bound of the cap', async () => {
  const h = makeHome({ index: '# Knowledge Index\n', files: { 'knowledge/a.md': '# a\n' } });
  try {
    fs.truncateSync(path.join(h.folder, 'index.md'), (64 << 20) + 1); // sparse: nothing of it is read
    const r = await frontEnds(h.home, 64 << 20, 10_000, ['query', 'json', 'check', 'mcp', 'worker']);
    for (const name of ['query', 'json', 'check'] as const) {
      const run = r[name]!;
      assertNoFatal(run, `CLI ${name}`);
      assert.equal(run.code, 3, `CLI ${name} exit (${run.stderr})`);
      assert.equal(
        `${run.stdout}${run.stderr}`.match(/larger than 64 MB/g)?.length,
        1,
        `CLI ${name}: one refusal (${run.stdout}${run.stderr})`,
      );
    }
    assertNoFatal(r.mcp!, 'MCP');
    const reply = answer(r.mcp!.stdout, 2);
    assert.ok(reply?.result?.isError, `MCP: the query is refused (${r.mcp!.stdout.slice(0, 500)})`);
    assert.match(reply.result.content?.[0].text ?? '', /larger than 64 MB/);
    assertNoFatal(r.worker!, 'index worker');
    assert.match(
      r.worker!.stdout,
      /^refused: .*larger than 64 MB/,
      `index worker (${r.worker!.stdout}${r.worker!.stderr})`,
    );
  } finally {
    fs.rmSync(h.home, { recursive: true, force: true });
  }
});
