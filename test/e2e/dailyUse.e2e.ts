// The editor as a daily tool, in a real VS Code (code-server 1.139, a remote window) driven
// through Chromium with the keyboard and the mouse: where Open aria-context Settings lands, Send
// to Chat of 358 files (asks, progress, cancel, one message), the read-only query summary, the
// pick list's checkable rows and Toggle All, validation in the query input, recent queries, the
// menus that offer Send to Chat, the default keybinding, Go to Tag, tag sorting, and the tree's
// expansion across an index.md delete and restore, the walkthrough's checked steps, the folder
// picker's warning for a folder with no index.md, Reveal in Explorer View and Copy Path on tree
// files, Reveal Active File in Tags View, and what a project node shows. The 358-file send runs last: a chat input
// holding 358 attachments slows the workbench down for what would follow.
//
//   npm run package && node --import tsx --test test/e2e/dailyUse.e2e.ts
//
// Screenshots go to test-artifacts/ (harness `screenshot`). DOM used beyond the harness's:
// `.settings-editor .settings-tabs-widget .action-label` (class `checked`), the settings search
// box `.settings-editor .suggest-input-container .view-line`, `.quick-input-check-all`, the modal
// `.monaco-dialog-box`, `.notifications-center .notification-list-item`, `.context-view
// .action-label`, the tab's `dirty` class, the walkthrough's `button.getting-started-step`
// (`data-step-id`, `aria-checked`), the Explorer's selected row, the hover `.monaco-hover`.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  chatAttachments,
  closeQuickInput,
  editorTabTitles,
  notificationMessages,
  runCommand,
  screenshot,
  showNotifications,
  sleep,
  treeItems,
  typeInQuickInput,
  waitFor,
} from './harness';
import {
  allPickRows,
  extensionLog,
  fixtureHome,
  knownTagRows,
  QI_ROW,
  runQuery,
  tagTreeRow as treeRow,
  openSession,
  openTagView,
} from './workbench';
import { attachmentsAtLeast, waitForEditorText, suiteSession, grantClipboard } from './suiteSession';

const VIEW = 'Tags';
const BULK = 358;
const TITLE = '.quick-input-widget .quick-input-title';
/** The pick list's Toggle All checkbox (a Monaco checkbox in the header). */
const CHECK_ALL = '.quick-input-widget .quick-input-header .monaco-checkbox';

/** The fixture plus 358 notes under one tag, and a workspace that is the knowledge folder with a note the index does not list. */
function bulkHome(): { home: string; knowledge: string } {
  const home = fixtureHome();
  const knowledge = path.join(home, 'knowledge');
  const index = path.join(knowledge, 'index.md');
  const entries: string[] = [];
  fs.mkdirSync(path.join(knowledge, 'bulk'), { recursive: true });
  for (let i = 0; i < BULK; i++) {
    const rel = `bulk/note-${String(i).padStart(3, '0')}.md`;
    fs.writeFileSync(path.join(knowledge, rel), `# Bulk note ${i}\n\nSome text.\n`);
    entries.push(`- ${rel} — Bulk note ${i}`);
  }
  const text = fs
    .readFileSync(index, 'utf8')
    .replace('api, architecture,', 'api, architecture, bulk,')
    .replace('## Tag Index\n', `## Tag Index\n\n### bulk\n${entries.join('\n')}\n`);
  fs.writeFileSync(index, text);
  fs.writeFileSync(path.join(knowledge, 'scratch.md'), '# Not in the index\n');
  return { home, knowledge };
}

async function clearNotifications(page: Page): Promise<void> {
  const clear = page
    .locator('.notifications-center .notifications-center-header .action-label[aria-label^="Clear All"]')
    .first();
  if (await clear.isVisible()) await clear.click();
  else await runCommand(page, 'Notifications: Clear All Notifications');
}

/** The notification center, opened with the mouse on the status bar's bell (the palette may be slow to open). */
async function openNotificationCenter(page: Page): Promise<void> {
  if (await page.locator('.notifications-center').isVisible()) return;
  const bell = page.locator('.part.statusbar [id="status.notifications"] a').first();
  if (await bell.isVisible()) await bell.click();
  if (!(await page.locator('.notifications-center').isVisible())) await showNotifications(page);
}

async function waitForMessage(page: Page, pattern: RegExp, timeoutMs = 30_000): Promise<string> {
  return waitFor(
    async () => {
      await openNotificationCenter(page);
      return (await notificationMessages(page)).find((m) => pattern.test(m));
    },
    timeoutMs,
    `a notification matching ${pattern}`,
  );
}

/** Right-clicks `row` and chooses `action` in its context menu (the menu ignores a click that comes too soon). */
async function contextMenu(page: Page, row: ReturnType<typeof treeRow>, action: string): Promise<void> {
  await row.click({ button: 'right' });
  const menu = page.locator('.context-view .monaco-menu');
  await menu.waitFor({ state: 'visible', timeout: 5_000 });
  await sleep(300);
  const item = menu.locator('.action-label', { hasText: new RegExp(`^${action}$`) }).first();
  await item.hover();
  await item.click();
  await menu.waitFor({ state: 'hidden', timeout: 5_000 });
}

/** Level-2 labels under the Known Tags group, in order. */
async function knownTags(page: Page): Promise<string[]> {
  return (await knownTagRows(page)).map((r) => r.label);
}

/** Queries `bulk`, checks every file it finds and presses Send to Chat. */
async function sendEveryBulkFile(page: Page): Promise<void> {
  await runQuery(page, 'bulk');
  await page.locator(CHECK_ALL).click();
  await page.locator('.quick-input-widget .quick-input-titlebar .action-label[aria-label="Send to Chat"]').click();
}

describe('the editor as a daily tool, in a real VS Code', { timeout: 900_000 }, () => {
  let knowledge: string;
  const session = suiteSession('daily-use', () => {
    const setup = bulkHome();
    knowledge = setup.knowledge;
    return openSession({ home: setup.home, workspace: knowledge });
  });
  before(async () => {
    await openTagView(session.page);
    await treeRow(session.page, 'Known Tags', 1).waitFor({ timeout: 30_000 });
    await grantClipboard(session);
  });

  test('Open aria-context Settings lands on the Remote tab of this remote window, filtered to the extension, with the path settings', async () => {
    await runCommand(session.page, 'Context: Open aria-context Settings');
    const editor = session.page.locator('.settings-editor');
    await editor.waitFor({ state: 'visible', timeout: 15_000 });
    const active = editor.locator('.settings-tabs-widget .action-label.checked');
    await waitFor(async () => /Remote/i.test((await active.textContent()) ?? ''), 15_000, 'the Remote tab selected');
    await waitFor(
      async () =>
        (await editor.locator('.suggest-input-container .view-line').allTextContents())
          .join('')
          .replace(/\u00a0/g, ' ')
          .includes('@ext:aria-context.aria-context'),
      10_000,
      'the @ext filter',
    );
    for (const name of ['Knowledge Folder', 'Config File', 'Projects Root']) {
      await waitFor(
        async () => (await editor.locator('.setting-item-title').allTextContents()).some((t) => t.includes(name)),
        10_000,
        `the ${name} setting`,
      );
    }
    await screenshot(session.page, 'daily-settings-remote-tab');
    await runCommand(session.page, 'View: Close All Editors');
  });

  test('the pick list lists only checkable files: Toggle All checks every row and clears them again; ideas are named in the title', async () => {
    await runQuery(session.page, 'proj-a');
    const title = (await session.page.locator(TITLE).textContent()) ?? '';
    assert.match(title, /2 pending ideas/);
    const rows = await allPickRows(session.page);
    assert.ok(rows.length > 0);
    assert.equal(
      await session.page.locator(`${QI_ROW} .monaco-checkbox`).count(),
      await session.page.locator(QI_ROW).count(),
      'every row has a checkbox',
    );
    const toggle = session.page.locator(CHECK_ALL);
    await toggle.click();
    await waitFor(
      async () =>
        (await session.page.locator(`${QI_ROW}[aria-checked="true"]`).count()) ===
        (await session.page.locator(QI_ROW).count()),
      5_000,
      'every row checked',
    );
    assert.equal(await toggle.getAttribute('aria-checked'), 'true', 'Toggle All shows as checked');
    await screenshot(session.page, 'daily-pick-list-toggle-all');
    await toggle.click();
    await waitFor(
      async () => (await session.page.locator(`${QI_ROW}[aria-checked="true"]`).count()) === 0,
      5_000,
      'every row cleared by the second click',
    );
    await closeQuickInput(session.page);
  });

  test('validation shows in the query input: only AND is explained in the title and Enter keeps the input open; an emptied input does not run a recent query', async () => {
    await runQuery(session.page, 'stripe'); // a recent query now
    await closeQuickInput(session.page);
    await runCommand(session.page, 'Context: Query');
    await session.page.locator(TITLE, { hasText: 'Context: Query' }).waitFor({ timeout: 10_000 });
    await typeInQuickInput(session.page, 'AND');
    await waitFor(
      async () => /AND joins two tags/.test((await session.page.locator(TITLE).textContent()) ?? ''),
      5_000,
      'the validation in the title',
    );
    await session.page.keyboard.press('Enter');
    await sleep(500);
    assert.match((await session.page.locator(TITLE).textContent()) ?? '', /^Context: Query/);
    await screenshot(session.page, 'daily-query-validation');
    await typeInQuickInput(session.page, '');
    await session.page.keyboard.press('Enter');
    await sleep(500);
    assert.match(
      (await session.page.locator(TITLE).textContent()) ?? '',
      /^Context: Query/,
      'still the query input, not the results of a recent query',
    );
    // A recent query has a remove button that takes it out of the list.
    const recent = session.page
      .locator(QI_ROW)
      .filter({ hasText: 'recent query' })
      .filter({ has: session.page.locator('.label-name', { hasText: /^\s*stripe\s*$/ }) })
      .first();
    await recent.hover();
    await recent.locator('.codicon-close').click();
    await waitFor(
      async () =>
        (await session.page
          .locator(QI_ROW)
          .filter({ hasText: 'recent query' })
          .filter({ has: session.page.locator('.label-name', { hasText: /^\s*stripe\s*$/ }) })
          .count()) === 0,
      5_000,
      'the recent query removed',
    );
    await closeQuickInput(session.page);
  });

  test('Show Query Summary reuses one read-only markdown document that is never dirty', async () => {
    await runQuery(session.page, 'stripe');
    await session.page
      .locator('.quick-input-widget .quick-input-titlebar .action-label[aria-label^="Show Query Summary"]')
      .click();
    await waitFor(
      async () => (await editorTabTitles(session.page)).some((t) => t.startsWith('Query Summary.md')),
      10_000,
      'the summary tab',
    );
    await waitForEditorText(session.page, 'Context: stripe', 'the stripe summary');
    await runQuery(session.page, 'kubernetes');
    await session.page
      .locator('.quick-input-widget .quick-input-titlebar .action-label[aria-label^="Show Query Summary"]')
      .click();
    await waitForEditorText(session.page, 'Context: kubernetes', 'the summary refreshed');
    const titles = (await editorTabTitles(session.page)).filter((t) => t.startsWith('Query Summary.md'));
    assert.equal(titles.length, 1, 'one summary document, reused');
    assert.equal(await session.page.locator('.part.editor .tabs-container .tab.dirty').count(), 0, 'nothing to save');
    // Typing into it changes nothing: it is read-only.
    await session.page.locator('.part.editor .view-lines').first().click();
    await session.page.keyboard.type('xyz');
    await sleep(300);
    assert.equal(await session.page.locator('.part.editor .tabs-container .tab.dirty').count(), 0);
    await screenshot(session.page, 'daily-query-summary');
    await runCommand(session.page, 'View: Close All Editors');
    await sleep(500);
    assert.equal(await session.page.locator('.monaco-dialog-box').count(), 0, 'no save prompt');
  });

  test('Send to Chat is offered in the explorer only on knowledge files', async () => {
    await runCommand(session.page, 'View: Show Explorer');
    const menuFor = async (name: string): Promise<string[]> => {
      const row = session.page.locator('.explorer-folders-view .monaco-list-row', { hasText: name }).first();
      await row.waitFor({ timeout: 10_000 });
      await row.click({ button: 'right' });
      const menu = session.page.locator('.context-view .monaco-menu');
      await menu.waitFor({ state: 'visible', timeout: 5_000 });
      const labels = (await menu.locator('.action-label').allTextContents()).map((t) => t.trim());
      await session.page.keyboard.press('Escape');
      return labels;
    };
    await session.page
      .locator('.explorer-folders-view .monaco-list-row', { hasText: 'scratch.md' })
      .first()
      .waitFor({ timeout: 10_000 });
    assert.ok(!(await menuFor('scratch.md')).includes('Send to Chat'), 'not on a note the index does not list');
    await session.page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'approaches' }).first().click();
    assert.ok((await menuFor('api-pagination.md')).includes('Send to Chat'), 'on a knowledge note');
    await openTagView(session.page);
  });

  test('ctrl+alt+k ctrl+alt+q opens Context: Query', async () => {
    await session.page.locator('.part.editor').click();
    await session.page.keyboard.press('Control+Alt+K');
    await session.page.keyboard.press('Control+Alt+Q');
    await session.page.locator(TITLE, { hasText: 'Context: Query' }).waitFor({ timeout: 5_000 });
    await closeQuickInput(session.page);
  });

  test('Go to Tag… finds a tag among many and reveals it in the tree', async () => {
    await openTagView(session.page);
    await runCommand(session.page, 'Context: Go to Tag…');
    await typeInQuickInput(session.page, 'kubernetes');
    await session.page.keyboard.press('Enter');
    const row = treeRow(session.page, 'kubernetes', 2);
    await waitFor(
      async () => (await row.getAttribute('aria-selected')) === 'true',
      10_000,
      'kubernetes selected in the tree',
    );
    await screenshot(session.page, 'daily-go-to-tag');
  });

  test('tags sort by count and the order is remembered after a reload; back to by name', async () => {
    await runCommand(session.page, 'Context: Sort Tags by File Count');
    await waitFor(async () => (await knownTags(session.page))[0] === 'bulk', 10_000, 'bulk (358 files) first');
    await session.page.reload();
    await session.page.locator('.monaco-workbench').waitFor({ timeout: 90_000 });
    await openTagView(session.page);
    await waitFor(async () => (await knownTags(session.page))[0] === 'bulk', 30_000, 'still by count after a reload');
    await runCommand(session.page, 'Context: Sort Tags by Name');
    await waitFor(async () => (await knownTags(session.page))[0] === 'api', 10_000, 'api first by name');
  });

  test('expanded tags stay expanded when index.md is deleted and restored', async () => {
    await openTagView(session.page);
    const stripe = treeRow(session.page, 'stripe', 2);
    await stripe.waitFor({ timeout: 10_000 });
    if ((await stripe.getAttribute('aria-expanded')) !== 'true') await stripe.click();
    await waitFor(async () => (await stripe.getAttribute('aria-expanded')) === 'true', 5_000, 'stripe expanded');
    const index = path.join(knowledge, 'index.md');
    const kept = `${index}.away`;
    fs.renameSync(index, kept);
    try {
      await session.page.locator('.part.sidebar .welcome-view-content').waitFor({ state: 'visible', timeout: 20_000 });
    } finally {
      fs.renameSync(kept, index);
    }
    await treeRow(session.page, 'stripe', 2).waitFor({ timeout: 20_000 });
    await waitFor(
      async () => (await treeRow(session.page, 'stripe', 2).getAttribute('aria-expanded')) === 'true',
      10_000,
      'stripe expanded again',
    );
  });

  test('Choose Knowledge Folder warns about a folder with no index.md and keeps the current folder unless told to use it', async () => {
    const empty = path.join(path.dirname(knowledge), 'notes-without-index');
    fs.mkdirSync(empty, { recursive: true });
    const machineSettings = path.join(session.server.userDataDir, 'Machine', 'settings.json');
    const before = fs.existsSync(machineSettings) ? fs.readFileSync(machineSettings, 'utf8') : '';
    await runCommand(session.page, 'Context: Choose Knowledge Folder');
    const input = session.page.locator('.quick-input-widget .quick-input-box input');
    await input.waitFor({ state: 'visible', timeout: 10_000 });
    await input.fill(`${empty}/`);
    await sleep(1000);
    const dialog = session.page.locator('.monaco-dialog-box');
    // The simple folder dialog may take the first Enter to move into the folder (slower under
    // load): Enter again until the extension's warning shows, each after a wait for it.
    for (let attempt = 0; attempt < 4 && !(await dialog.isVisible()); attempt++) {
      if (await input.isVisible()) await session.page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'visible', timeout: 4_000 }).catch(() => undefined);
    }
    await dialog.waitFor({ state: 'visible', timeout: 15_000 });
    assert.match((await dialog.innerText()).replace(/\s+/g, ' '), /notes-without-index has no index\.md/);
    await screenshot(session.page, 'daily-choose-folder-no-index');
    // Choose Another Folder brings the picker back; closing it changes nothing.
    await dialog.getByRole('button', { name: 'Choose Another Folder' }).click();
    await input.waitFor({ state: 'visible', timeout: 10_000 });
    await closeQuickInput(session.page);
    await sleep(500);
    assert.equal(
      fs.existsSync(machineSettings) ? fs.readFileSync(machineSettings, 'utf8') : '',
      before,
      'no setting written',
    );
    await openTagView(session.page);
    await treeRow(session.page, 'Known Tags', 1).waitFor({ timeout: 10_000 });
  });

  /** The kubernetes note's row under Known Tags › kubernetes, expanded into view. */
  async function kubernetesNote() {
    await openTagView(session.page);
    const tag = treeRow(session.page, 'kubernetes', 2);
    await tag.waitFor({ timeout: 10_000 });
    if ((await tag.getAttribute('aria-expanded')) !== 'true') await tag.click();
    const file = treeRow(session.page, 'Rolling out to Kubernetes safely', 3);
    await file.waitFor({ timeout: 10_000 });
    return file;
  }

  test('Reveal in Explorer View on a tree file selects that file in the Explorer', async () => {
    await contextMenu(session.page, await kubernetesNote(), 'Reveal in Explorer View');
    const selected = session.page.locator('.explorer-folders-view .monaco-list-row[aria-selected="true"]');
    await waitFor(
      async () => (await selected.allTextContents()).some((t) => t.includes('k8s-rollouts.md')),
      10_000,
      'k8s-rollouts.md selected in the Explorer',
    );
    await screenshot(session.page, 'daily-reveal-in-explorer');
  });

  test('Copy Path on a tree file puts its absolute path on the clipboard', async () => {
    await session.page.evaluate(() => (globalThis as any).navigator.clipboard.writeText('before') as Promise<void>);
    await contextMenu(session.page, await kubernetesNote(), 'Copy Path');

    const expected = path.join(knowledge, 'guides', 'deploy', 'k8s-rollouts.md');
    await waitFor(
      async () =>
        (await session.page.evaluate(() => (globalThis as any).navigator.clipboard.readText() as Promise<string>)) ===
        expected,
      10_000,
      `the clipboard holding ${expected}`,
    );
  });

  test('Reveal Active File in Tags View asks under which tag a note listed under several should be shown, and selects it there', async () => {
    await runCommand(session.page, 'Go to File...');
    await typeInQuickInput(session.page, 'api-pagination.md');
    await session.page.locator(QI_ROW, { hasText: 'api-pagination.md' }).first().waitFor({ timeout: 10_000 });
    await session.page.keyboard.press('Enter');
    await waitFor(
      async () => (await editorTabTitles(session.page)).some((t) => t.startsWith('api-pagination.md')),
      10_000,
      'the note open',
    );
    await runCommand(session.page, 'Context: Reveal Active File in Tags View');
    const choice = session.page.locator(QI_ROW).filter({ hasText: 'Known Tags › stripe' }).first();
    await choice.waitFor({ timeout: 10_000 });
    assert.ok(
      (await session.page.locator(QI_ROW).filter({ hasText: 'Known Tags › pagination' }).count()) +
        (await session.page.locator(QI_ROW).filter({ hasText: '› api' }).count()) >
        0,
      'the other tags are offered too',
    );
    await choice.click();
    const stripe = treeRow(session.page, 'stripe', 2);
    await waitFor(async () => (await stripe.getAttribute('aria-expanded')) === 'true', 10_000, 'stripe expanded');
    const selected = session.page.locator(`.monaco-list[aria-label="${VIEW}"] .monaco-list-row[aria-selected="true"]`);
    await waitFor(
      async () =>
        (await selected.locator('.label-name').allTextContents())
          .map((t) => t.trim())
          .includes('Cursor-based pagination patterns'),
      10_000,
      'the note selected in the tree',
    );
    const rows = await treeItems(session.page, VIEW);
    const at = rows.findIndex(
      (r) =>
        r.level === 3 &&
        r.label === 'Cursor-based pagination patterns' &&
        r.description === 'approaches/api-pagination.md',
    );
    const parent = rows
      .slice(0, at)
      .reverse()
      .find((r) => r.level === 2);
    assert.equal(parent?.label, 'stripe', 'selected under the tag chosen');
    await screenshot(session.page, 'daily-reveal-active-file');
    await runCommand(session.page, 'View: Close All Editors');
  });

  test("a project node shows its counts, its CODEMAP's freshness, its pending ideas and its repository's team-shared notes", async () => {
    await openTagView(session.page);
    const group = treeRow(session.page, 'Projects', 1);
    await group.waitFor({ timeout: 10_000 });
    const project = treeRow(session.page, 'proj-a', 2);
    // A click that lands while the tree refreshes (a reload, a watched note) can be lost: retry.
    await waitFor(
      async () => {
        if (await project.isVisible()) return true;
        if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
        return false;
      },
      15_000,
      'proj-a under Projects',
    );
    const description = ((await project.locator('.label-description').textContent()) ?? '').trim();
    // The project's count is what querying it returns (aria-context tags says the same).
    assert.match(description, /^Payments Platform · \d+ files( \+ \d+ team-shared)? · 1 artifact · 2 pending ideas$/);
    const hover = session.page.locator('.monaco-hover, .workbench-hover').filter({ hasText: 'CODEMAP.md' }).first();
    // The tooltip shows after a delay, and not for a pointer that was already there: move in again.
    await waitFor(
      async () => {
        await session.page.mouse.move(0, 0);
        await project.locator('.label-name').hover();
        return hover.waitFor({ state: 'visible', timeout: 3_000 }).then(
          () => true,
          () => false,
        );
      },
      20_000,
      "proj-a's tooltip",
    );
    const tooltip = (await hover.innerText()).replace(/\s+/g, ' ');
    assert.match(tooltip, /CODEMAP\.md: (today|yesterday|\d+ days ago) (— fresh|\[STALE)/);
    assert.match(tooltip, /2 pending ideas/);
    assert.match(tooltip, /Querying proj-a returns \d+ files \+ [1-9]\d* team-shared/);
    await screenshot(session.page, 'daily-project-node');
    await session.page.mouse.move(0, 0);
    await project.click();
    await waitFor(async () => (await project.getAttribute('aria-expanded')) === 'true', 5_000, 'proj-a expanded');
    const team = treeRow(session.page, 'Team-shared', 3);
    await team.waitFor({ timeout: 10_000 });
    if ((await team.getAttribute('aria-expanded')) !== 'true') await team.click();
    await waitFor(
      async () => {
        const rows = await treeItems(session.page, VIEW);
        const at = rows.findIndex((r) => r.level === 3 && r.label === 'Team-shared');
        const inside: string[] = [];
        for (const r of rows.slice(at + 1)) {
          if (r.level <= 3) break;
          inside.push(r.description);
        }
        return inside.some((d) => d.includes('_project-knowledge/2026-04-28-mike-webhook-retries.md'));
      },
      10_000,
      "proj-a's team-shared note listed under it",
    );
    await project.click();
  });

  test(`Send to Chat of ${BULK} files asks first, then attaches one read-only bundle outside the knowledge folder, and ends with one message`, async (t) => {
    await runCommand(session.page, 'Chat: Focus on Chat View');
    await clearNotifications(session.page);
    // 1. Asked first; Cancel in the dialog sends nothing.
    await sendEveryBulkFile(session.page);
    const dialog = session.page.locator('.monaco-dialog-box');
    await dialog.waitFor({ state: 'visible', timeout: 10_000 });
    assert.match(
      (await dialog.innerText()).replace(/\s+/g, ' '),
      new RegExp(`Send ${BULK} knowledge files .* to the chat\\?.*more than 50 files.*one read-only bundle file`),
    );
    await screenshot(session.page, 'daily-send-to-chat-confirm');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await sleep(1000);
    assert.equal((await chatAttachments(session.page)).length, 0, 'nothing sent after Cancel');

    // 2. Send: one attachment, the bundle, and one message with the total.
    await openNotificationCenter(session.page);
    await sendEveryBulkFile(session.page);
    await dialog.waitFor({ state: 'visible', timeout: 10_000 });
    const sendAt = Date.now();
    await dialog.getByRole('button', { name: 'Send' }).click();
    const message = await waitForMessage(
      session.page,
      new RegExp(`Attached ${BULK} files to the chat input as one bundle`),
      60_000,
    );
    // Reported, not asserted: the extension's own time (its log) and Send → message as seen here.
    const own = /bundle \S+: \d+ files.*, attached in (\d+) ms/.exec(extensionLog(session.server))?.[1];
    t.diagnostic(
      `Send to Chat of ${BULK} files: attached in ${own ?? '?'} ms (extension log); Send → message ${Date.now() - sendAt} ms`,
    );
    assert.match(
      message,
      /No language model is available in this editor/,
      'no model here: the message says nothing can answer',
    );
    const chips = await attachmentsAtLeast(session.page, 1, 20_000, 'the bundle chip');
    await sleep(500);
    assert.equal((await chatAttachments(session.page)).length, 1, 'one attachment, not one per file');
    assert.match(chips[0].name, /^knowledge-bulk-\d{8}T\d{6}Z\.md$/);
    const file = /bundle (\S+knowledge-bulk-\S+\.md)/.exec(extensionLog(session.server))?.[1];
    assert.ok(file, 'the log names the bundle file');
    assert.equal(fs.statSync(file).mode & 0o777, 0o400, 'read-only');
    assert.ok(path.relative(fs.realpathSync(knowledge), file).startsWith('..'), 'outside the knowledge folder');
    const text = fs.readFileSync(file, 'utf8');
    assert.equal(text.match(/^## bulk\/note-\d{3}\.md$/gm)?.length, BULK);
    assert.match(text, new RegExp(`Loaded ${BULK} knowledge files into context\\.\\n$`));
    await screenshot(session.page, 'daily-send-to-chat-done');
  });
  // Last: with the walkthrough open, VS Code 1.139 on a loaded machine left the command palette
  // inert for the next command (seen in CI), so every action comes first and nothing follows it.
  test('the walkthrough checks its steps once they are done: a folder loaded, a query run, notes copied as context', async () => {
    await runQuery(session.page, 'stripe');
    await closeQuickInput(session.page);
    await openTagView(session.page);
    await contextMenu(session.page, treeRow(session.page, 'stripe', 2), 'Copy as Context');
    await runCommand(session.page, 'Welcome: Open Walkthrough...');
    await typeInQuickInput(session.page, 'Get started with aria-context');
    await session.page
      .locator(QI_ROW, { hasText: 'Get started with aria-context' })
      .first()
      .waitFor({ timeout: 10_000 });
    await session.page.keyboard.press('Enter');
    const step = (id: string) => session.page.locator(`button.getting-started-step[data-step-id$="${id}"]`).first();
    const checked = async (id: string) => (await step(id).getAttribute('aria-checked')) === 'true';
    await step('configure').waitFor({ state: 'attached', timeout: 20_000 });
    await waitFor(() => checked('configure'), 10_000, 'the configure step checked: the knowledge folder is loaded');
    await waitFor(() => checked('query'), 10_000, 'the query step checked: a query was run');
    await waitFor(() => checked('chat'), 10_000, 'the chat step checked: notes were copied as context');
    // Not asserted: "tree" (onView). VS Code 1.139 drops a completion event that happened before it
    // registered the walkthrough, which here is after the view was first shown.
    await screenshot(session.page, 'daily-walkthrough-checked');
  });
});
