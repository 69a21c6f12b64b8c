// The fuzz suite's memory bound (§F44), run in a child process under the heap bound:
//   node --max-old-space-size=<16×MB+64> --import tsx test/reliability/heapChild.ts <bytes> <shape>…
// For each shape, an index.md of about <bytes> is written to a real HOME, then loaded and
// answered, and loaded and checked, as the CLI does it, and loaded, compacted and answered as the MCP server and the
// editor do it; one `ok <shape>` line each, each front end's heap let go before the next.
import * as fs from 'node:fs';
import { checkIndex } from '../../src/core/health/indexHealth';
import { indexFromImage } from '../../src/core/index/image/view';
import { compactIndex } from '../../src/core/index/image/compact';
import { runQuery, type Snapshot } from '../../src/core/match/engine';
import { toJson } from '../../src/core/present/json';
import { loadSnapshot } from '../../src/core/index/snapshot';
import { renderSummary } from '../../src/core/present/summary';
import { shapeIndex } from '../../bench/hostile';
import { makeHome, TODAY } from './helpers';

function answer(snapshot: Snapshot, shape: string): void {
  const q = runQuery(snapshot, 'api p k1 t1 a.md', { today: TODAY });
  if (!q.ok) throw new Error(`${shape}: ${q.message}`);
  renderSummary(q.result);
  JSON.stringify(toJson(q.result));
}

function load(home: string, shape: string): Snapshot {
  const outcome = loadSnapshot({ home, env: {} });
  if (!outcome.ok) throw new Error(`${shape}: ${outcome.message}`);
  return outcome.snapshot;
}

/** The CLI: `query` parses and answers; `check` parses and checks that parse's own line records. */
function asTheCli(home: string, shape: string): void {
  answer(load(home, shape), shape);
  checkIndex(load(home, shape));
}

/** The worker, then the MCP server and the editor: the compact image, the full parse dropped once it is built. */
function asTheServer(home: string, shape: string): void {
  let snapshot = load(home, shape);
  snapshot = { config: snapshot.config, index: indexFromImage(compactIndex(snapshot.index)) };
  answer(snapshot, shape);
}

const [bytes, ...shapes] = process.argv.slice(2);
for (const shape of shapes) {
  const h = makeHome({ index: shapeIndex(shape, Number(bytes)), files: { 'knowledge/a.md': '# a\n' } });
  try {
    asTheCli(h.home, shape);
    asTheServer(h.home, shape);
    process.stdout.write(`ok ${shape}\n`);
  } finally {
    fs.rmSync(h.home, { recursive: true, force: true });
  }
}
