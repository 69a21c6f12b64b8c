// Context: Rebuild Index…'s texts, its Apply edit and the Index Rebuild view's rows, from the facts
// the rebuild's worker posts (src/vscode/rebuild/rebuildModel.ts, changeListModel.ts; SPEC §7, §12.8).
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ChangeGroup } from '../../src/core/indexGen/changeList';
import { madeFromOf } from '../../src/indexWorker/rebuildJob';
import type { RebuildFacts } from '../../src/indexWorker/rebuildMessage';
import { childNodes, rootNodes, rowView, ROWS_SHOWN } from '../../src/vscode/rebuild/changeListModel';
import {
  applyDelivery,
  applyRefusal,
  diffOffer,
  minimalEdit,
  promotionItems,
  rebuildSummary,
} from '../../src/vscode/rebuild/rebuildModel';

const facts = (
  f: Partial<RebuildFacts> & { groups?: ChangeGroup[]; changedLines?: number; moved?: number },
): RebuildFacts => ({
  text: new TextEncoder().encode('new\n'),
  madeFrom: madeFromOf('old\n'),
  unchanged: false,
  notes: 3,
  added: 0,
  removed: 0,
  deadLinks: 0,
  refused: 0,
  errors: 0,
  promotions: [],
  problemLines: [],
  remarks: [],
  promoted: [],
  changes: { groups: f.groups ?? [], changedLines: f.changedLines ?? 2, moved: f.moved ?? 0 },
  ...f,
});

test('the one-line summary: added, removed, dead links, moved sections and hand-written lines, promotions', () => {
  assert.equal(
    rebuildSummary(facts({ added: 1, deadLinks: 1, promotions: [{ tag: 'w', notes: 3, first: ['1', '2', '3'] }] })),
    '1 added, 0 removed, 1 dead link dropped, 1 promotion available',
  );
  assert.equal(
    rebuildSummary(facts({ refused: 1, errors: 2 })),
    '0 added, 0 removed, 0 dead links dropped, no promotions, 1 refused file, 2 errors',
  );
  // A promotion moves a section and changes no pair: the summary still says what it does.
  const hand: ChangeGroup = { section: 'Tag Index', kind: 'hand-written', total: 2, rows: [] };
  assert.equal(
    rebuildSummary(facts({ moved: 1, promoted: ['retries'], groups: [hand] })),
    '0 added, 0 removed, 0 dead links dropped, 1 section moved, 2 hand-written lines not carried, 1 tag promoted',
  );
  assert.equal(rebuildSummary(facts({ unchanged: true })), 'index.md is up to date: a rebuild changes nothing');
  assert.equal(
    rebuildSummary(facts({ unchanged: true, promotions: [{ tag: 'w', notes: 3, first: [] }] })),
    'index.md is up to date: a rebuild changes nothing; 1 promotion available',
  );
});

test('promotion rows', () => {
  assert.deepEqual(
    promotionItems(facts({ promotions: [{ tag: 'webhooks', notes: 4, first: ['a.md', 'b.md', 'c.md'] }] })),
    [{ label: 'webhooks', description: '4 notes: a.md, b.md, c.md, …', tag: 'webhooks' }],
  );
});

test('the full diff is offered only where VS Code can diff it', () => {
  assert.deepEqual(diffOffer(facts({ changedLines: 5_000 })), { ok: true });
  const big = diffOffer(facts({ changedLines: 45_804 }));
  assert.equal(big.ok, false);
  assert.match(!big.ok ? big.why : '', /45,804 changed lines.*Index Rebuild view lists every change/);
});

test('Apply under auto-save goes through the preview, and says so; an untitled buffer is never auto-saved', () => {
  assert.equal(applyDelivery('off', false).review, false);
  assert.match(applyDelivery(undefined, false).message, /unsaved: review it and save it/);
  const auto = applyDelivery('afterDelay', false);
  assert.equal(auto.review, true);
  assert.match(auto.message, /Refactor Preview.*nothing changes until you apply it there.*auto-save writes index\.md/);
  assert.equal(applyDelivery('afterDelay', true).review, false);
});

test('Apply is refused when the index.md buffer no longer holds what the rebuild was made from', () => {
  assert.equal(applyRefusal('# Knowledge Index\n', madeFromOf('# Knowledge Index\n')), null);
  assert.equal(applyRefusal('', null), null);
  // What the editor shows of a file with a BOM and CRLF lines is the same text.
  assert.equal(
    applyRefusal('# Knowledge Index\r\n\r\napi\n', madeFromOf('\ufeff# Knowledge Index\r\n\r\napi\r\n')),
    null,
  );
  assert.equal(applyRefusal('# Knowledge Index\r\n', madeFromOf('\ufeff# Knowledge Index\r\n')), null);
  assert.match(
    applyRefusal('# Knowledge Index\n\nmy edit\n', madeFromOf('# Knowledge Index\n')) ?? '',
    /nothing was applied/,
  );
});

test('the Apply edit is the whole lines between the common first and last lines', () => {
  const before = 'a\nb\nc\nd\n';
  const apply = (b: string, e: ReturnType<typeof minimalEdit>) =>
    e ? b.slice(0, e.start) + e.text + b.slice(e.end) : b;
  for (const after of [
    'a\nB\nc\nd\n',
    'a\nb\nc\nd\ne\n',
    'x\na\nb\nc\nd\n',
    'a\nd\n',
    '',
    'a\nbb\nc\nd\n',
    'a\nb\nc\nd',
  ]) {
    const e = minimalEdit(before, after);
    assert.equal(apply(before, e), after, JSON.stringify(after));
    if (e) {
      assert.ok(e.start === 0 || before[e.start - 1] === '\n', `starts a line: ${JSON.stringify(after)}`);
      assert.ok(e.end === before.length || before[e.end - 1] === '\n', `ends a line: ${JSON.stringify(after)}`);
    }
  }
  assert.deepEqual(minimalEdit('a\nb\nc\n', 'a\nX\nc\n'), { start: 2, end: 4, text: 'X\n' });
  assert.equal(minimalEdit(before, before), null);
  assert.equal(minimalEdit(before, `\ufeff${before}`), null, "the file's BOM is its encoding's, not the buffer's");
});

test('the change list rows: sections, their groups, rows capped with the rest counted, each opening its line', () => {
  const rows = Array.from({ length: 700 }, (_, i) => ({
    label: `n${i}.md`,
    detail: 'api',
    file: '/k/n.md',
    line: null,
  }));
  const f = facts({
    groups: [
      { section: 'Tag Index', kind: 'added', total: 90_000, rows },
      {
        section: 'Tag Index',
        kind: 'dead',
        total: 1,
        rows: [{ label: 'gone.md', detail: 'api · the file is gone', file: '/k/index.md', line: 12 }],
      },
      { section: 'Other Tags', kind: 'moved', total: 1, rows: [] },
    ],
    promotions: [{ tag: 'retries', notes: 3, first: ['a', 'b', 'c'] }],
    changedLines: 90_010,
  });
  const roots = rootNodes(f);
  assert.deepEqual(
    roots.map((n) => rowView(f, n).label),
    ['Tag Index', 'Other Tags', 'Promotion candidates', 'Full diff not offered'],
  );
  assert.equal(rowView(f, roots[0]).description, '90000 added, 1 dead link dropped');
  const groups = childNodes(f, roots[0]);
  assert.deepEqual(
    groups.map((g) => rowView(f, g).label),
    ['90000 added', '1 dead link dropped'],
  );
  const added = childNodes(f, groups[0]);
  assert.equal(added.length, ROWS_SHOWN + 1);
  assert.equal(rowView(f, added[ROWS_SHOWN]).label, `and ${(90_000 - ROWS_SHOWN).toLocaleString('en-US')} more`);
  assert.deepEqual(rowView(f, childNodes(f, groups[1])[0]).open, { file: '/k/index.md', line: 12 });
  assert.deepEqual(rowView(f, added[0]).open, { file: '/k/n.md', line: null });
  assert.match(rowView(f, roots[3]).tooltip ?? '', /not offered/);
  assert.deepEqual(
    rootNodes(facts({ changedLines: 3 })).map((n) => rowView(facts({}), n).open),
    ['diff'],
  );
});
