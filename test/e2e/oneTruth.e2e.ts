// One truth in a real VS Code (code-server 4.139 = VS Code 1.139) driven through its UI by
// Chromium, on the example folder with a note that is a symlink out of the folder, a note deleted
// since the last /index and a `projects/` path listed under a tag:
//   - every row of the Tags view (known tags, other tags, projects) says what
//     `aria-context query --json` returns for it: files, team-shared notes, artifacts present and
//     missing, pending ideas; sorting by count follows the same numbers;
//   - the refused and the missing note are listed under their tag, marked, never counted, and
//     open nothing; the refused one is an error in Problems as soon as the folder is loaded.
//
//   npm run package && node --import tsx --test test/e2e/oneTruth.e2e.ts
//
// Screenshots go to test-artifacts/ (ignored). DOM used: the Tags tree rows, `.markers-panel` rows.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { editorTabTitles, runCommand, screenshot, sleep, treeItems, waitFor, type TreeRow } from './harness';
import { parseCounts, queryCounts, TODAY } from '../cliRun';
import { fixtureHome, TAGS_VIEW, tagTreeRow, showProblems, openSession, openTagView } from './workbench';
import { suiteSession } from './suiteSession';

const REFUSED = 'refs/evil.md';
const MISSING = 'approaches/gone.md';
const GROUPS = ['Projects', 'Known Tags', 'Other Tags'];

/** The example folder, with a symlinked note leading out of it and a deleted note, both listed under `webhooks`. */
function oneTruthHome(): string {
  const home = fixtureHome();
  const knowledge = path.join(home, 'knowledge');
  fs.mkdirSync(path.join(home, 'outside'), { recursive: true });
  fs.writeFileSync(
    path.join(home, 'outside', 'secret.md'),
    '---\ntags: [webhooks]\n---\n# Not in the knowledge folder\n',
  );
  fs.mkdirSync(path.join(knowledge, 'refs'), { recursive: true });
  fs.symlinkSync(path.join(home, 'outside', 'secret.md'), path.join(knowledge, REFUSED));
  const index = path.join(knowledge, 'index.md');
  const text = fs.readFileSync(index, 'utf8');
  assert.ok(text.includes('### webhooks\n'), 'the example lists webhooks under Other Tags');
  assert.ok(/^- projects\/proj-a\//m.test(text), 'the example lists a projects/ path under a tag');
  fs.writeFileSync(
    index,
    text.replace(
      '### webhooks\n',
      `### webhooks\n- ${REFUSED} — Looks like a note\n- ${MISSING} — Deleted since the last /index\n`,
    ),
  );
  return home;
}

/** Sets a row's expansion by clicking it (a click that lands while the tree refreshes can be lost: retried). */
async function setExpanded(page: Page, label: string, level: number, expanded: boolean): Promise<void> {
  const row = tagTreeRow(page, label, level);
  await row.waitFor({ timeout: 30_000 });
  await waitFor(
    async () => {
      if ((await row.getAttribute('aria-expanded')) === String(expanded)) return true;
      await row.click();
      await sleep(300);
      return false;
    },
    15_000,
    `${label} ${expanded ? 'expanded' : 'collapsed'}`,
  );
}

/** The rows one level below the row `label` at `level`, while it is expanded. */
async function rowsUnder(page: Page, label: string, level: number): Promise<TreeRow[]> {
  const rows = await treeItems(page, TAGS_VIEW);
  const at = rows.findIndex((r) => r.level === level && r.label === label);
  const out: TreeRow[] = [];
  if (at < 0) return out;
  for (const r of rows.slice(at + 1)) {
    if (r.level <= level) break;
    if (r.level === level + 1) out.push(r);
  }
  return out;
}

/** Each group's rows (one group open at a time, so that every row is rendered). */
async function groupRows(page: Page): Promise<Map<string, TreeRow[]>> {
  const out = new Map<string, TreeRow[]>();
  for (const group of GROUPS) {
    await setExpanded(page, group, 1, true);
    let rows: TreeRow[] = [];
    // Rows with their counts (a large index shows its known tags first and counts them after).
    await waitFor(
      async () => {
        rows = await rowsUnder(page, group, 1);
        return rows.length > 0 && rows.every((r) => /\d+ files?/.test(r.description));
      },
      15_000,
      `rows under ${group}, counted`,
    );
    out.set(group, rows);
    await setExpanded(page, group, 1, false);
  }
  return out;
}

describe('one truth on every surface, in the real workbench', { timeout: 900_000 }, () => {
  let home: string;
  const session = suiteSession('one-truth-e2e', () => {
    home = oneTruthHome();
    return openSession({ home, today: TODAY });
  });

  test('every tag and project row says what querying it returns; sorting by count follows the same numbers', async () => {
    await openTagView(session.page);
    const groups = await groupRows(session.page);
    let compared = 0;
    for (const [group, rows] of groups) {
      for (const row of rows) {
        const expected = queryCounts(home, row.label).counts;
        assert.deepEqual(parseCounts(row.description), expected, `${group} › ${row.label}: "${row.description}"`);
        compared++;
      }
    }
    const webhooks = groups.get('Other Tags')!.find((r) => r.label === 'webhooks');
    assert.ok(webhooks, 'webhooks is an other tag');
    assert.equal(parseCounts(webhooks.description).files, 1, 'the refused and the missing note are not counted');
    assert.ok(compared >= 15, `every row compared (${compared})`);
    await screenshot(session.page, 'one-truth-counts');

    await runCommand(session.page, 'Context: Sort Tags by File Count');
    try {
      await waitFor(
        async () => {
          const known = await (async () => {
            await setExpanded(session.page, 'Known Tags', 1, true);
            return rowsUnder(session.page, 'Known Tags', 1);
          })();
          const notes = known.map((r) => {
            const c = parseCounts(r.description);
            return c.files + c.teamShared;
          });
          return known.length > 0 && notes.every((n, i) => i === 0 || notes[i - 1] >= n) && notes[0] > notes.at(-1)!;
        },
        20_000,
        'Known Tags in the order of their counts',
      );
    } finally {
      await runCommand(session.page, 'Context: Sort Tags by Name');
      await setExpanded(session.page, 'Known Tags', 1, false);
    }
  });

  test('the refused and the missing note are listed under their tag, marked, and open nothing; the refused one is an error in Problems', async () => {
    await openTagView(session.page);
    await setExpanded(session.page, 'Other Tags', 1, true);
    await setExpanded(session.page, 'webhooks', 2, true);
    let files: TreeRow[] = [];
    await waitFor(
      async () => (files = await rowsUnder(session.page, 'webhooks', 2)).length >= 3,
      15_000,
      'the notes of webhooks',
    );
    const descriptions = files.map((f) => f.description);
    assert.ok(descriptions.includes(`refused · ${REFUSED}`), descriptions.join(' | '));
    assert.ok(descriptions.includes(`missing · ${MISSING}`), descriptions.join(' | '));
    assert.equal(files.filter((f) => !/^(refused|missing) · /.test(f.description)).length, 1);
    await screenshot(session.page, 'one-truth-refused-missing');

    const tabsBefore = await editorTabTitles(session.page);
    const refusedRow = session.page
      .locator(`.monaco-list[aria-label="${TAGS_VIEW}"] .monaco-list-row[aria-level="3"]`)
      .filter({ has: session.page.locator('.label-description', { hasText: `refused · ${REFUSED}` }) })
      .first();
    await refusedRow.click();
    await sleep(1_500);
    assert.deepEqual(await editorTabTitles(session.page), tabsBefore, 'clicking a refused note opens nothing');

    // Problems, without Check Index: the cheap check runs after each load.
    await showProblems(session.page);
    const problem = session.page.locator('.markers-panel .monaco-list-row', { hasText: `Refused ${REFUSED}` }).first();
    await problem.waitFor({ timeout: 30_000 });
    assert.ok((await problem.locator('.codicon-error').count()) > 0, 'an error, not a warning');
    assert.match((await problem.textContent()) ?? '', /outside the allowed folders/);
    await screenshot(session.page, 'one-truth-problems');
    await session.page.keyboard.press('Control+Shift+M');
    await setExpanded(session.page, 'Other Tags', 1, false);
  });
});
