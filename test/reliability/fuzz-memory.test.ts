// The fuzz suite's memory bound (§F44), next to its time bounds (fuzz-index.test.ts): every
// hostile shape of bench/hostile.ts, pathological and count-heavy, run in a child process under
// `--max-old-space-size` set to 16× its size plus 64 MB, as the CLI (query, check) and as the MCP
// server and the editor (compact image) run it (heapChild.ts). A shape that makes a front end's
// heap grow faster than the bound aborts the child with V8's "heap out of memory": a project key
// expanding to every relevant tag of a flooded `Relevant tags:` line once did, in the hint matcher.
import assert from 'node:assert/strict';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { ALL_SHAPES } from '../../bench/hostile';
import { repoRoot } from '../helpers';
import { hangBound } from '../timing';
import { assertNoFatal, heapBoundMb, runUnderHeap } from './heapBound';

test('every hostile shape of 2 MB parses, answers and is checked within 16× its size + 64 MB of heap', async () => {
  const bytes = 2 << 20;
  const shapes = Object.keys(ALL_SHAPES);
  const child = path.join(repoRoot, 'test', 'reliability', 'heapChild.ts');
  const r = await runUnderHeap(['--import', 'tsx', child, String(bytes), ...shapes], os.tmpdir(), heapBoundMb(bytes), {
    hangMs: hangBound(120_000),
  });
  assertNoFatal(r, 'hostile shapes under the heap bound');
  const done = r.stdout.split('\n').filter((l) => l.startsWith('ok ') && shapes.includes(l.slice(3)));
  assert.deepEqual(
    done,
    shapes.map((s) => `ok ${s}`),
    `every shape answered (${r.stderr.slice(-1500)})`,
  );
  assert.equal(r.code, 0);
});
