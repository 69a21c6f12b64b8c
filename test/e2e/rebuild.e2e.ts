// Context: Rebuild Index… in a real VS Code (code-server) driven through Chromium, on the example
// folder: the rebuild arrives as a diff against index.md with a one-line summary; Apply puts it
// into the index.md buffer, unsaved (the file on disk unchanged until the user saves, and then
// byte-identical to `aria-context index`); with index.md gone, the welcome view's Build index.md
// from my notes does the same for a new file.
//
//   npm run package && flock /tmp/aria-e2e.lock node --import tsx --test test/e2e/rebuild.e2e.ts
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  editorTabTitles,
  REPO_ROOT,
  runCommand,
  screenshot,
  showNotifications,
  sleep,
  treeItems,
  waitFor,
} from './harness';
import {
  fixtureHome,
  golden,
  isChecked,
  knownTagRows,
  pickRowByLabel,
  openSession,
  AUTO_SAVE_OFF,
  openTagView,
  waitForNotification,
} from './workbench';
import { suiteSession } from './suiteSession';

/** What `aria-context index` prints for this HOME: the text Apply must leave in the buffer. */
function cliRebuild(home: string): string {
  const r = spawnSync('node', [path.join(REPO_ROOT, 'dist', 'cli.js'), 'index', '--today', golden.today], {
    env: { PATH: process.env.PATH, HOME: home },
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  return r.stdout;
}

const dirtyTabs = (page: Page) => page.locator('.part.editor .tabs-container .tab.dirty');

/** The button of a notification, in its toast or, once the toast is gone, in the notification center. */
async function clickNotificationButton(page: Page, message: string, button: string): Promise<void> {
  const item = page
    .locator('.notifications-toasts .notification-list-item, .notifications-center .notification-list-item', {
      hasText: message,
    })
    .first();
  const shown = await item
    .waitFor({ state: 'visible', timeout: 15_000 })
    .then(() => true)
    .catch(() => false);
  if (!shown) {
    await showNotifications(page);
    await item.waitFor({ state: 'visible', timeout: 30_000 });
  }
  await item.locator('.monaco-button', { hasText: new RegExp(`^\\s*${button}\\s*$`) }).click();
}

async function saveActive(page: Page, file: string): Promise<void> {
  await page.locator('.part.editor .monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+S');
  // An untitled buffer with a path may ask where to save, prefilled with that path: accept it.
  await sleep(1_000);
  const input = page.locator('.quick-input-widget .quick-input-box input');
  if (await input.isVisible().catch(() => false)) await page.keyboard.press('Enter');
  await waitFor(async () => fs.existsSync(file) && (await dirtyTabs(page).count()) === 0, 20_000, 'saved');
}

describe('Context: Rebuild Index…, in the real workbench', () => {
  let home: string;
  let indexFile: string;
  const session = suiteSession('rebuild-e2e', () => {
    home = fixtureHome();
    indexFile = path.join(home, 'knowledge', 'index.md');
    return openSession({ home, userSettings: AUTO_SAVE_OFF });
  });

  test('the diff with its summary; Apply leaves the rebuild in an unsaved index.md buffer', async () => {
    const expected = cliRebuild(home);
    const onDisk = fs.readFileSync(indexFile, 'utf8');
    assert.notEqual(expected, onDisk);
    await openTagView(session.page);
    await runCommand(session.page, 'Context: Rebuild Index…');
    await waitFor(
      async () =>
        (await editorTabTitles(session.page)).some((t) =>
          /^index\.md ↔ rebuild: 11 added, 3 removed, 0 dead links dropped/.test(t),
        ),
      60_000,
      'the diff editor with the summary',
    );
    await screenshot(session.page, 'rebuild-diff');
    await clickNotificationButton(session.page, 'Rebuild of index.md', 'Apply');
    await waitFor(async () => (await dirtyTabs(session.page).count()) > 0, 15_000, 'index.md edited, not saved');
    await sleep(500);
    assert.equal(fs.readFileSync(indexFile, 'utf8'), onDisk, 'nothing written by the extension');
    await screenshot(session.page, 'rebuild-applied');
    await saveActive(session.page, indexFile);
    assert.equal(fs.readFileSync(indexFile, 'utf8'), expected, 'the buffer held exactly the rebuild');
  });

  test('Apply and Promote Tags… later: the tag joins the tag list, not the prose, and its section moves to Tag Index', async () => {
    await runCommand(session.page, 'View: Close All Editors');
    for (const n of ['a', 'b', 'c'])
      fs.writeFileSync(
        path.join(home, 'knowledge', 'guides', `retry-${n}.md`),
        `---\ntags: [api, retries, s82]\n---\n# Retry ${n}\n`,
      );
    // A hand-written line under Known Tags, after its tag list: prose, never a place for a tag.
    const prose = 'Lasting topics only: ask the team before adding one.';
    const withProse = fs
      .readFileSync(indexFile, 'utf8')
      .replace(/(## Known Tags\n\n[^#]*?testing\n)/, `$1\n${prose}\n`);
    assert.ok(withProse.includes(prose));
    fs.writeFileSync(indexFile, withProse);
    // First the rebuild is applied as it is: retries goes under Other Tags.
    await runCommand(session.page, 'Context: Rebuild Index…');
    await waitFor(
      async () =>
        (await editorTabTitles(session.page)).some((t) => /^index\.md ↔ rebuild: .*1 promotion available/.test(t)),
      60_000,
      'the diff editor with one promotion',
    );
    await clickNotificationButton(session.page, 'Rebuild of index.md', 'Apply');
    await waitFor(async () => (await dirtyTabs(session.page).count()) > 0, 15_000, 'index.md edited, not saved');
    await saveActive(session.page, indexFile);
    const applied = fs.readFileSync(indexFile, 'utf8');
    assert.match(applied.slice(applied.indexOf('## Other Tags')), /^## Other Tags\n[^]*?\n### retries\n/);
    await runCommand(session.page, 'View: Close All Editors');
    await runCommand(session.page, 'Notifications: Clear All Notifications');

    // Later: nothing else to change, one promotion; Apply and Promote from the Index Rebuild view.
    await runCommand(session.page, 'Context: Rebuild Index…');
    const header = session.page.locator('.part.sidebar .pane-header', { hasText: 'Index Rebuild' });
    await header.waitFor({ state: 'visible', timeout: 60_000 });
    await waitFor(
      async () => (await treeItems(session.page, 'Index Rebuild')).some((r) => r.label === 'Promotion candidates'),
      30_000,
      'the promotion candidates in the change list',
    );
    await header.hover();
    await header.locator('.action-label[aria-label="Apply Rebuild and Promote Tags…"]').click();
    const row = pickRowByLabel(session.page, 'retries');
    await row.waitFor({ timeout: 15_000 });
    assert.equal(await pickRowByLabel(session.page, 's82').count(), 0, 'a session stamp is never suggested');
    await row.locator('.monaco-checkbox').click();
    assert.ok(await isChecked(session.page, row), 'retries checked');
    await session.page.locator('.quick-input-widget .quick-input-box input').focus();
    await session.page.keyboard.press('Enter');
    await session.page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
    await waitFor(async () => (await dirtyTabs(session.page).count()) > 0, 60_000, 'index.md edited, not saved');
    await waitForNotification(session.page, '1 section moved');
    const before = fs.readFileSync(indexFile, 'utf8');
    await sleep(500);
    assert.equal(fs.readFileSync(indexFile, 'utf8'), before, 'nothing written by the extension');
    await screenshot(session.page, 'rebuild-promoted');
    await saveActive(session.page, indexFile);
    const saved = fs.readFileSync(indexFile, 'utf8');
    assert.match(
      saved,
      /kubernetes \[aliases: k8s, kube\], nextjs, react-native \[aliases: rn\], security, stripe, testing, retries\n/,
    );
    assert.ok(saved.includes(`\n${prose}\n`), 'the prose line is as it was');
    assert.equal(saved.split('### retries\n').length, 2, 'one retries section');
    const tagIndex = saved.slice(
      saved.indexOf('## Tag Index'),
      saved.indexOf('\n## ', saved.indexOf('## Tag Index') + 1),
    );
    assert.match(tagIndex, /### retries\n- guides\/retry-a\.md — Retry a\n/);
    // One truth: once saved, the Tags view reads the text the rebuild produced.
    await waitFor(
      async () =>
        (await knownTagRows(session.page)).some((r) => r.label === 'retries' && /^3 files/.test(r.description)),
      30_000,
      'retries under Known Tags with its 3 notes',
    );
  });

  test('without index.md, the welcome view builds one from the notes', async () => {
    await runCommand(session.page, 'View: Close All Editors');
    fs.rmSync(indexFile);
    const expected = cliRebuild(home);
    await openTagView(session.page);
    const welcome = session.page.locator('.part.sidebar .welcome-view-content');
    await welcome.waitFor({ state: 'visible', timeout: 30_000 });
    await welcome.locator('.monaco-button', { hasText: 'Build index.md from my notes' }).click();
    await waitFor(
      async () => (await editorTabTitles(session.page)).some((t) => t.startsWith('index.md ↔ rebuild')),
      60_000,
      'the diff editor',
    );
    await clickNotificationButton(session.page, 'Rebuild of index.md', 'Apply');
    await waitFor(async () => (await dirtyTabs(session.page).count()) > 0, 15_000, 'a new index.md buffer, unsaved');
    assert.equal(fs.existsSync(indexFile), false, 'nothing written by the extension');
    await saveActive(session.page, indexFile);
    assert.equal(fs.readFileSync(indexFile, 'utf8'), expected);
  });
});
