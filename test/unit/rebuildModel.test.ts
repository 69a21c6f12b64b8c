// Context: Rebuild Index…'s texts from the core's diff (src/vscode/rebuild/rebuildModel.ts).
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import type { IndexDiff } from '../../src/core/indexGen/diff';
import { applyRefusal, problemLines, promotionItems, rebuildSummary } from '../../src/vscode/rebuild/rebuildModel';

const diff = (d: Partial<IndexDiff>): IndexDiff => ({
  added: [],
  removed: [],
  deadLinks: [],
  untagged: [],
  promotions: [],
  refused: [],
  errors: [],
  unchanged: false,
  notesScanned: 0,
  droppedLines: [],
  droppedLinesNotListed: 0,
  ...d,
});

test('the one-line summary: added, removed, dead links dropped, promotions; refused files and errors when there are', () => {
  assert.equal(
    rebuildSummary(
      diff({
        added: [{ tag: 'a', path: 'x.md' }],
        deadLinks: ['y.md'],
        promotions: [{ tag: 'w', files: ['1', '2', '3'] }],
      }),
    ),
    '1 added, 0 removed, 1 dead link dropped, 1 promotion available',
  );
  assert.equal(
    rebuildSummary(
      diff({
        refused: [{ path: 'e.md', reason: 'r' }],
        errors: [
          { path: 'b.md', message: 'm' },
          { path: 'c.md', message: 'm' },
        ],
      }),
    ),
    '0 added, 0 removed, 0 dead links dropped, no promotions, 1 refused file, 2 errors',
  );
  assert.equal(rebuildSummary(diff({ unchanged: true })), 'index.md is up to date: a rebuild changes nothing');
});

test('promotion rows and the lines for the output channel', () => {
  assert.deepEqual(
    promotionItems(diff({ promotions: [{ tag: 'webhooks', files: ['a.md', 'b.md', 'c.md', 'd.md'] }] })),
    [{ label: 'webhooks', description: '4 notes: a.md, b.md, c.md, …', tag: 'webhooks' }],
  );
  assert.deepEqual(
    problemLines(diff({ errors: [{ path: 'b.md', message: 'broken' }], refused: [{ path: 'e.md', reason: 'out' }] })),
    ['Rebuild Index: error: b.md: broken', 'Rebuild Index: refused e.md: out; not indexed'],
  );
});

test('Apply is refused when the index.md buffer no longer holds what the rebuild was made from', () => {
  assert.equal(applyRefusal('# Knowledge Index\n', '# Knowledge Index\n'), null);
  assert.equal(applyRefusal('', null), null);
  // What the editor shows of a file with a BOM and CRLF lines is the same text.
  assert.equal(applyRefusal('# Knowledge Index\r\n\r\napi\n', '\ufeff# Knowledge Index\r\n\r\napi\r\n'), null);
  assert.match(applyRefusal('# Knowledge Index\n\nmy edit\n', '# Knowledge Index\n') ?? '', /nothing was applied/);
});
