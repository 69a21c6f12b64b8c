// The index generator's heap (§12.9, §F44), held like every other front end's: the built CLI's
// `index` runs in a child under `--max-old-space-size` set to 16× the larger of what it reads and
// what it writes, plus 64 MB, on notes of hostile front matter (thousands of short tags each), and
// answers, or refuses with one clear message: never V8's "heap out of memory" abort. (Before the bound, 7 MB of such notes
// aborted `index --check` under a 1 GB heap, building a rebuild of hundreds of MB.)
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { cliJs, ensureBuilt } from '../mcp/client';
import { hangBound } from '../timing';
import { assertNoFatal, heapBoundMb, runUnderHeap } from './heapBound';
import { makeHome } from './helpers';

/** Notes under guides/, each with `tags(n)` and `title`; returns their bytes in all. */
function writeNotes(folder: string, count: number, tags: (n: number) => string[], title: string): number {
  let bytes = 0;
  fs.mkdirSync(path.join(folder, 'guides'), { recursive: true });
  for (let n = 0; n < count; n++) {
    const text = `---\ntags: [${tags(n).join(', ')}]\n---\n# ${title}\n`;
    fs.writeFileSync(path.join(folder, 'guides', `n${n}.md`), text);
    bytes += Buffer.byteLength(text);
  }
  return bytes;
}

const INDEX =
  '# Knowledge Index\n\nLast rebuilt: 2026-11-02\n\n## Known Tags\n\napi\n\n## Tag Index\n\n### api\n- guides/n0.md — x\n';

test('index --check on 7 MB of hostile front matter stays within 16× it plus 64 MB of heap', async () => {
  ensureBuilt();
  const h = makeHome({ index: INDEX });
  // 125 notes of nearly 60 KB of front matter (under the 64 KB a note's may be): 5,500 short tags each
  const bytes = writeNotes(
    h.folder,
    125,
    (n) => Array.from({ length: 5_500 }, (_, i) => `n${n}t${i}`),
    'A note with a long title, repeated on every entry line of its tags'.repeat(3),
  );
  assert.ok(bytes > 6.5 * 2 ** 20, `${bytes} bytes of notes`);
  const mb = heapBoundMb(bytes + INDEX.length);
  for (const args of [
    ['index', '--check'],
    ['index', '--write'],
  ]) {
    const r = await runUnderHeap([cliJs, ...args, '--today', '2026-12-04'], h.home, mb, {
      hangMs: hangBound(60_000),
    });
    assertNoFatal(r, args.join(' '));
    assert.equal(r.code, 0, `${args.join(' ')}: ${r.stdout.slice(-500)}${r.stderr.slice(0, 500)}`);
    assert.match(r.stdout, /\(125 notes scanned\): 62,500 pairs added/);
    assert.match(r.stdout, /^note: guides\/n0\.md declares 5,500 tags: only the first 500 tags/m);
  }
});

test('a rebuild past the 64 MB cap is refused within 16× the notes plus 64 MB of heap', async () => {
  ensureBuilt();
  const h = makeHome({ index: INDEX });
  const bytes = writeNotes(h.folder, 450, () => Array.from({ length: 500 }, (_, i) => `t${i}`), 'T'.repeat(298));
  const r = await runUnderHeap([cliJs, 'index', '--write', '--force'], h.home, heapBoundMb(bytes + INDEX.length), {
    hangMs: hangBound(30_000),
  });
  assertNoFatal(r, 'index --write --force');
  assert.equal(r.code, 1, r.stdout.slice(-500));
  assert.match(r.stdout, /the rebuild would be more than 64 MB/);
  assert.equal(fs.readFileSync(path.join(h.folder, 'index.md'), 'utf8'), INDEX);
});

test('a rebuild several times the size of its notes is written within 16× the rebuild plus 64 MB of heap', async () => {
  ensureBuilt();
  const h = makeHome({ index: INDEX });
  // 150 notes of 500 tags of their own: under 1 MB of notes, a rebuild of about 2.5 MB
  const bytes = writeNotes(h.folder, 150, (n) => Array.from({ length: 500 }, (_, i) => `n${n}x${i}`), 'T');
  const printed = await runUnderHeap([cliJs, 'index', '--today', '2026-12-04'], h.home, 1024, {
    hangMs: hangBound(30_000),
  });
  assert.equal(printed.code, 0);
  const out = Buffer.byteLength(printed.stdout);
  assert.ok(out > 2 * bytes, `${out} bytes of rebuild from ${bytes} of notes`);
  const r = await runUnderHeap([cliJs, 'index', '--write', '--today', '2026-12-04'], h.home, heapBoundMb(out), {
    hangMs: hangBound(30_000),
  });
  assertNoFatal(r, 'index --write');
  assert.equal(r.code, 0, r.stdout.slice(-500));
  // (stdout is compared by size: the heap runner decodes it chunk by chunk, splitting an em dash)
  const written = fs.readFileSync(path.join(h.folder, 'index.md'), 'utf8');
  assert.ok(
    Math.abs(Buffer.byteLength(written) - out) < 16,
    `${Buffer.byteLength(written)} bytes written, ${out} printed`,
  );
  assert.match(written, /^### n149x499\n- guides\/n149\.md — T$/m);
});
