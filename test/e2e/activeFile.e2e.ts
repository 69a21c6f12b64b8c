// Knowledge for the active file and the index's health, in a real VS Code (code-server 4.139 =
// VS Code 1.139) driven through its UI by Chromium:
//   - opening a project file updates the status bar item (`$(book) N`) and the "For the Active
//     File" section at the top of the Tags view; a file outside every project clears them;
//   - clicking the status bar item shows the Context: Query pick list for that file's query;
//   - an index.md entry pointing to a missing file is a diagnostic in Problems on its line.
//
//   npm run package && node --import tsx --test test/e2e/activeFile.e2e.ts
//
// Screenshots go to test-artifacts/ (ignored). DOM used: `.part.statusbar` items by their
// aria-label, the Tags tree rows, the quick input title, `.markers-panel` rows.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { closeQuickInput, openViewContainer, runCommand, screenshot, sleep, treeItems, waitFor } from './harness';
import { fixtureHome, openSession, showProblems } from './workbench';
import { quickOpen, suiteSession } from './suiteSession';

const STATUS_ITEM = '.part.statusbar [aria-label^="aria-context:"]';
const MISSING_ENTRY = '- approaches/removed-note.md — Removed since the last /index';

async function statusText(page: Page): Promise<string> {
  const item = page.locator(STATUS_ITEM).first();
  if (!(await item.count())) return '';
  return ((await item.textContent()) ?? '').trim();
}

describe('knowledge for the active file, and index health, in the real workbench', () => {
  let home: string;
  let missingLine: number;
  let rebuiltLine: number;
  const session = suiteSession('active-file-e2e', () => {
    home = fixtureHome();
    // A source file of project proj-a whose path names a known tag.
    const project = path.join(home, 'Projects', 'proj-a');
    fs.mkdirSync(path.join(project, 'src', 'stripe'), { recursive: true });
    fs.writeFileSync(path.join(project, 'src', 'stripe', 'WebhookHandler.ts'), 'export const handler = 1;\n');
    // A file outside every project and the knowledge folder, though its name holds two tags.
    const outside = path.join(home, 'scratch');
    fs.mkdirSync(outside);
    fs.writeFileSync(path.join(outside, 'stripe-api-notes.txt'), 'nothing to see\n');
    // index.md lists a note that no longer exists.
    const indexFile = path.join(home, 'knowledge', 'index.md');
    const lines = fs.readFileSync(indexFile, 'utf8').split('\n');
    const at = lines.indexOf('### api') + 1;
    lines.splice(at + 1, 0, MISSING_ENTRY);
    fs.writeFileSync(indexFile, lines.join('\n'));
    missingLine = at + 2;
    // A tagged note written after the last /index: only Check Index's scan finds it.
    fs.writeFileSync(
      path.join(home, 'knowledge', 'approaches', 'retry-budgets.md'),
      '---\ntags: [api, stripe]\n---\n# Retry budgets\n',
    );
    rebuiltLine = lines.findIndex((l) => l.startsWith('Last rebuilt:')) + 1;
    // The workspace is the home folder: projects, the knowledge folder and scratch/ in one tree.
    return openSession({ home });
  });

  test('opening a project file updates the status bar item (on the right) and the tree section; an outside file clears them', async () => {
    await quickOpen(session.page, 'WebhookHandler.ts');
    const text = await waitFor(
      async () => {
        const t = await statusText(session.page);
        return /\d/.test(t) ? t : '';
      },
      30_000,
      'the status bar item to show a count',
    );
    assert.match(text, /^\d+\+?/, `status bar text "${text}"`);
    const label = (await session.page.locator(STATUS_ITEM).first().getAttribute('aria-label')) ?? '';
    assert.match(label, /knowledge files for the active file/);
    // Per file, so on the right with the editor's items (the left side is the workspace's).
    const inPart = (side: string) =>
      session.page.locator(`.part.statusbar .${side}-items ${STATUS_ITEM.replace('.part.statusbar ', '')}`).count();
    assert.deepEqual(
      [(await inPart('left')) === 0, (await inPart('right')) > 0],
      [true, true],
      'on the right, not on the left',
    );

    await openViewContainer(session.page, 'Context');
    // The section's row can show a moment before its children: wait for both.
    const rows = await waitFor(
      async () => {
        const r = await treeItems(session.page, 'Tags');
        return r[0]?.label === 'For the Active File' && r[1]?.level === 2 ? r : null;
      },
      20_000,
      'For the Active File at the top of the tree, with its files',
    );
    assert.equal(rows[0].description, 'proj-a stripe');
    assert.equal(rows[0].expanded, true);
    const end = rows.findIndex((r, i) => i > 0 && r.level === 1);
    const section = rows.slice(1, end).map((r) => r.label);
    const files = section.filter((l) => !l.startsWith('…and'));
    assert.ok(files.length >= 1 && files.length <= 5, `files under the section: ${section.join(', ')}`);
    assert.ok(files.includes('Webhook signature verification'), 'the stripe webhook note is among them');
    // The index health row follows once the cheap check (on the index worker) has reported.
    await waitFor(
      async () =>
        (await treeItems(session.page, 'Tags')).some(
          (r) => r.level === 1 && /^index: \d+ problems?, rebuilt \d+ days ago$/.test(r.label),
        ),
      20_000,
      'the index row',
    );
    await screenshot(session.page, 'active-file-status-and-tree');

    await quickOpen(session.page, 'stripe-api-notes.txt');
    await waitFor(
      async () => !/\d/.test(await statusText(session.page)),
      10_000,
      'the count to go away outside every project',
    );
    await waitFor(
      async () => (await treeItems(session.page, 'Tags'))[0]?.label !== 'For the Active File',
      10_000,
      'the section to go away',
    );
  });

  test('clicking the status bar item shows the pick list for the active file', async () => {
    await quickOpen(session.page, 'WebhookHandler.ts');
    await waitFor(async () => /\d/.test(await statusText(session.page)), 20_000, 'the count');
    await session.page.locator(STATUS_ITEM).first().click();
    const title = session.page.locator('.quick-input-widget .quick-input-title');
    await title.waitFor({ state: 'visible', timeout: 10_000 });
    await waitFor(
      async () => /^proj-a stripe — \d+ files? \(OR\)( · .+)?$/.test(((await title.textContent()) ?? '').trim()),
      10_000,
      'the results of "proj-a stripe"',
    );
    const rows = await session.page.locator('.quick-input-widget .quick-input-list .monaco-list-row').count();
    assert.ok(rows > 0);
    await screenshot(session.page, 'active-file-pick-list');
    await closeQuickInput(session.page);
  });

  test('an index.md entry pointing to a missing file is a diagnostic in Problems on its line', async () => {
    await runCommand(session.page, 'Context: Open index.md');
    // index.md names no project and no tags: the count goes away.
    await waitFor(async () => !/\d/.test(await statusText(session.page)), 10_000, 'no count for index.md');
    await session.page.keyboard.press('Control+Shift+M');
    const row = session.page.locator('.markers-panel .monaco-list-row', { hasText: 'removed-note.md' }).first();
    await waitFor(async () => (await row.count()) > 0 && (await row.isVisible()), 30_000, 'the missing-file problem');
    const text = ((await row.textContent()) ?? '').replace(/\s+/g, ' ');
    assert.match(text, /approaches\/removed-note\.md does not exist/);
    assert.match(text, new RegExp(`\\[Ln ${missingLine}, Col \\d+\\]`), `problem row "${text}" on line ${missingLine}`);
    await screenshot(session.page, 'active-file-index-problems');
    // Quick navigation: the problem opens index.md on that line.
    await row.click();
    await sleep(300);
    await session.page.keyboard.press('Enter');
    await waitFor(
      async () => ((await session.page.locator('.part.statusbar').textContent()) ?? '').includes(`Ln ${missingLine},`),
      10_000,
      `the cursor on line ${missingLine}`,
    );
  });

  test('Context: Check Index scans the notes and adds a note missing from the index on the Last rebuilt line', async () => {
    const row = session.page.locator('.markers-panel .monaco-list-row', { hasText: 'retry-budgets.md' }).first();
    assert.equal(await row.count(), 0, 'the cheap check does not read notes');
    await runCommand(session.page, 'Context: Check Index');
    await showProblems(session.page); // Check Index may have opened (and focused) it already: never toggled shut
    await waitFor(async () => (await row.count()) > 0 && (await row.isVisible()), 30_000, 'the not-indexed problem');
    const text = ((await row.textContent()) ?? '').replace(/\s+/g, ' ');
    assert.match(text, /approaches\/retry-budgets\.md \(tags: api, stripe\) is not in the index/);
    assert.match(text, new RegExp(`\\[Ln ${rebuiltLine}, Col \\d+\\]`), `problem row "${text}" on line ${rebuiltLine}`);
    await screenshot(session.page, 'active-file-check-index');
  });
});
