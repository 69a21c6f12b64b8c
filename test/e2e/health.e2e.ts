// Index health you can act on, in a real VS Code (code-server 4.139 = VS Code 1.139) driven
// through its UI by Chromium, on the example folder (a refused entry, a duplicate, a note deleted
// on disk):
//   - the index row opens index.md and the Problems panel; a Warnings row opens its line;
//   - Problems follows the open buffer: a fix applied and not saved clears its problem, and the
//     problems after it point at their lines in the buffer;
//   - a listed note deleted is a problem without index.md changing, and restoring it clears it;
//   - quick fixes (Ctrl+.) remove a duplicate entry and the entry of a missing file, and add a
//     note Check Index found missing from the index under its tags, in the buffer only: index.md
//     on disk is unchanged until the user saves; once saved, the problem clears itself; a
//     note whose tags changed has its entries updated from its front matter;
//   - Check Index's findings survive a window reload (the notes it found are checked again);
//   - a note fixed in itself (its front matter) clears its problem when saved.
//
//   npm run package && node --import tsx --test test/e2e/health.e2e.ts
//
// Screenshots go to test-artifacts/ (ignored). DOM used: the Tags tree rows, the status bar's
// `Ln N,`, `.markers-panel` rows, the code action widget's rows, the tab's `dirty` class.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { editorTabTitles, openViewContainer, runCommand, screenshot, sleep, treeItems, waitFor } from './harness';
import {
  TAGS_VIEW,
  tagTreeRow,
  showProblems,
  openSession,
  AUTO_SAVE_OFF,
  keepExtensionLog,
  cursorLine,
  goToLine,
} from './workbench';
import { lineOf } from '../helpers';
import { suiteSession, duplicatedIndexHome, DUPLICATE } from './suiteSession';

const REFUSED = '- ../.claude/aria-knowledge.local.md — Local config (outside the knowledge folder: never surfaced)';
const DELETED = 'approaches/offline-sync.md';

function problemRow(page: Page, text: string) {
  return page.locator('.markers-panel .monaco-list-row', { hasText: text }).first();
}

/** Ctrl+. (or the light bulb) on the cursor's line, then the action whose title starts with `title`. */
async function applyQuickFix(page: Page, title: string): Promise<void> {
  const widget = page.locator('.action-widget').first();
  // A key pressed while Go to Line's input is still closing can be lost: then the light bulb is clicked.
  for (let attempt = 0; ; attempt++) {
    if (attempt === 0) await page.keyboard.press('Control+.');
    else await page.locator('.part.editor .monaco-editor .lightBulbWidget').first().click(); // the light bulb on the line
    const shown = await waitFor(
      async () => (await widget.count()) > 0 && (await widget.isVisible()),
      5_000,
      'the quick fix menu',
    ).catch(() => false);
    if (shown) break;
    if (attempt === 2) {
      await screenshot(page, 'health-no-quick-fix-menu');
      throw new Error('the quick fix menu did not show');
    }
  }
  const row = widget.getByText(title).first();
  await waitFor(async () => (await row.count()) > 0, 5_000, `the quick fix "${title}" in: ${await widget.innerText()}`);
  await row.click();
}

/** The Problems panel shown (Ctrl+Shift+M toggles it: pressed only while it is hidden). */
/** The quick fix edited the open index.md: the tab is dirty and the file on disk is still `before`. */
async function expectEditedNotSaved(page: Page, file: string, before: string): Promise<void> {
  await waitFor(
    async () => (await page.locator('.part.editor .tabs-container .tab.dirty').count()) > 0,
    10_000,
    'index.md edited, not saved',
  );
  await sleep(500);
  assert.equal(fs.readFileSync(file, 'utf8'), before, 'nothing written');
}

/** Saves the active editor the way a user does, and waits until it is no longer dirty. */
async function saveEditor(page: Page): Promise<void> {
  await page.keyboard.press('Control+S');
  await waitFor(
    async () => (await page.locator('.part.editor .tabs-container .tab.dirty').count()) === 0,
    10_000,
    'saved',
  );
}

describe('index health you can act on, in the real workbench', () => {
  let home: string, indexFile: string, onDisk: string;
  const session = suiteSession(
    'health-e2e',
    () => {
      // A duplicate: the webhook note listed twice under `security`.
      ({ home, indexFile, onDisk } = duplicatedIndexHome());
      // A tagged note written after the last /index: Check Index finds it, its quick fix lists it.
      fs.writeFileSync(
        path.join(home, 'knowledge', 'approaches', 'retry-budgets.md'),
        '---\ntags: [api, stripe]\n---\n# Retry budgets\n',
      );
      // A listed note whose front matter dropped `architecture` and gained `security` since.
      const k8s = path.join(home, 'knowledge', 'guides', 'deploy', 'k8s-rollouts.md');
      fs.writeFileSync(
        k8s,
        fs
          .readFileSync(k8s, 'utf8')
          .replace('tags: [architecture, deployment, kubernetes]', 'tags: [deployment, kubernetes, security]'),
      );
      // A listed note whose front matter gained `redis`: fixed in the note itself, its problem goes.
      fs.writeFileSync(
        postgresNote(),
        postgresOriginal().replace('tags: [database, postgres]', 'tags: [database, postgres, redis]'),
      );
      return openSession({ home, userSettings: AUTO_SAVE_OFF });
    },
    keepExtensionLog('health-e2e'),
  );

  let original: string | undefined;
  const postgresNote = () => path.join(home, 'knowledge', 'references', 'sources', 'postgres-locks.md');
  const postgresOriginal = () => (original ??= fs.readFileSync(postgresNote(), 'utf8'));

  test('the index row opens index.md at its first problem and shows Problems', async () => {
    await openViewContainer(session.page, 'Context');
    const row = await waitFor(
      async () =>
        (await treeItems(session.page, TAGS_VIEW)).find(
          (r) => r.level === 1 && /^index: \d+ problems?, rebuilt/.test(r.label),
        ),
      60_000,
      'the index row',
    );
    await tagTreeRow(session.page, row.label, 1).click();
    await waitFor(
      async () => (await editorTabTitles(session.page)).some((t) => t.startsWith('index.md')),
      15_000,
      'index.md open',
    );
    await waitFor(async () => session.page.locator('.markers-panel').isVisible(), 15_000, 'the Problems panel');
    await waitFor(
      async () => (await problemRow(session.page, 'listed twice').count()) > 0,
      30_000,
      'the duplicate in Problems',
    );
    await screenshot(session.page, 'health-index-row');
  });

  test('a Warnings row opens the line of index.md it is about', async () => {
    // The Warnings group (collapsed) is the tree's last row; a click expands it.
    const group = tagTreeRow(session.page, 'Warnings', 1);
    const warning = session.page
      .locator(`.monaco-list[aria-label="${TAGS_VIEW}"] .monaco-list-row[aria-level="2"]`, {
        hasText: 'Index entry ../.claude/aria-knowledge.local.md',
      })
      .first();
    // The tree may re-render under the click (a refresh): expanded again until the row shows.
    await waitFor(
      async () => {
        if ((await warning.count()) > 0 && (await warning.isVisible())) return true;
        if ((await group.count()) > 0 && (await group.getAttribute('aria-expanded')) !== 'true') await group.click();
        await sleep(500);
        return false;
      },
      20_000,
      'the refused entry under Warnings',
    );
    await warning.click();
    const line = lineOf(onDisk, REFUSED);
    await waitFor(async () => (await cursorLine(session.page)) === line, 15_000, `index.md on line ${line}`);
    assert.ok((await editorTabTitles(session.page)).some((t) => t.startsWith('index.md')));
    await screenshot(session.page, 'health-warning-row');
  });

  test('quick fix: the duplicate entry goes from the buffer; index.md on disk is unchanged until saved', async () => {
    await runCommand(session.page, 'Context: Open index.md');
    await goToLine(session.page, lineOf(onDisk, DUPLICATE, 2));
    await applyQuickFix(session.page, 'Remove the duplicate listing of references/stripe-webhook-patterns.md');
    await expectEditedNotSaved(session.page, indexFile, onDisk);
    // Problems follows the buffer, unsaved: the fixed duplicate goes, the refused entry below it moves up a line.
    await showProblems(session.page);
    await waitFor(
      async () => (await problemRow(session.page, 'listed twice').count()) === 0,
      30_000,
      'the fixed duplicate to leave Problems before any save',
    );
    const refusedRow = problemRow(session.page, 'Refused ../.claude/aria-knowledge.local.md');
    const moved = lineOf(onDisk, REFUSED) - 1;
    await waitFor(
      async () => (await refusedRow.count()) > 0 && (await refusedRow.innerText()).includes(`[Ln ${moved},`),
      30_000,
      `the refused entry's problem on line ${moved} of the buffer`,
    );
    assert.equal(fs.readFileSync(indexFile, 'utf8'), onDisk, 'still nothing written');
    await screenshot(session.page, 'health-quick-fix-duplicate');
    await session.page.locator('.part.editor .monaco-editor .view-lines').first().click();
    await saveEditor(session.page);
    assert.equal(fs.readFileSync(indexFile, 'utf8'), onDisk.replace(`${DUPLICATE}\n${DUPLICATE}\n`, `${DUPLICATE}\n`));
    onDisk = fs.readFileSync(indexFile, 'utf8');
    // The saved fix clears its problem by itself.
    await showProblems(session.page);
    await waitFor(
      async () => (await problemRow(session.page, 'listed twice').count()) === 0,
      30_000,
      'the duplicate problem to clear',
    );
  });

  test('a listed note deleted is a problem without index.md changing; restored, the problem clears itself', async () => {
    const note = path.join(home, 'knowledge', DELETED);
    const aside = path.join(home, 'offline-sync.md.bak');
    await showProblems(session.page);
    assert.equal(await problemRow(session.page, DELETED).count(), 0, 'no problem while the note is there');
    fs.renameSync(note, aside);
    await waitFor(
      async () => (await problemRow(session.page, `${DELETED} does not exist`).count()) > 0,
      30_000,
      'the missing note in Problems',
    );
    assert.equal(fs.readFileSync(indexFile, 'utf8'), onDisk, 'index.md did not change');
    await screenshot(session.page, 'health-note-deleted');
    fs.renameSync(aside, note);
    await waitFor(
      async () => (await problemRow(session.page, DELETED).count()) === 0,
      30_000,
      'the problem to clear once the note is back',
    );
  });

  test('quick fix: the entry of a missing file goes from the buffer only', async () => {
    const note = path.join(home, 'knowledge', DELETED);
    const aside = path.join(home, 'offline-sync.md.bak');
    fs.renameSync(note, aside);
    await showProblems(session.page);
    await waitFor(
      async () => (await problemRow(session.page, `${DELETED} does not exist`).count()) > 0,
      30_000,
      'the missing note in Problems',
    );
    await runCommand(session.page, 'Context: Open index.md');
    await goToLine(session.page, lineOf(onDisk, `- ${DELETED} — Offline-first sync for mobile`));
    await applyQuickFix(session.page, `Remove the listing of missing ${DELETED}`);
    await expectEditedNotSaved(session.page, indexFile, onDisk);
    await screenshot(session.page, 'health-quick-fix-missing');
    await runCommand(session.page, 'File: Revert File');
    fs.renameSync(aside, note);
  });

  test('quick fix: a note Check Index found missing from the index is added under its tags; saved, the problem clears itself', async () => {
    await runCommand(session.page, 'Context: Check Index');
    await showProblems(session.page);
    const found = problemRow(session.page, 'retry-budgets.md (tags: api, stripe) is not in the index');
    await waitFor(async () => (await found.count()) > 0, 30_000, 'the not-indexed note in Problems');
    await runCommand(session.page, 'Context: Open index.md');
    await goToLine(session.page, onDisk.split('\n').findIndex((l) => l.startsWith('Last rebuilt:')) + 1);
    await applyQuickFix(session.page, 'Add approaches/retry-budgets.md to the index under api, stripe');
    await expectEditedNotSaved(session.page, indexFile, onDisk);
    await saveEditor(session.page);
    const saved = fs.readFileSync(indexFile, 'utf8');
    for (const tag of ['api', 'stripe']) {
      const block = saved.slice(saved.indexOf(`### ${tag}\n`)).split('\n\n')[0];
      assert.match(block, /^- approaches\/retry-budgets\.md — Retry budgets$/m, `listed under ${tag}`);
    }
    await showProblems(session.page);
    await waitFor(async () => (await found.count()) === 0, 30_000, 'the not-indexed problem to clear once saved');
    await screenshot(session.page, 'health-quick-fix-add-note');
  });

  test('Check Index findings survive a window reload: the notes are looked at again, not forgotten', async () => {
    const found = problemRow(session.page, 'guides/deploy/k8s-rollouts.md: its front matter adds security');
    await showProblems(session.page);
    await waitFor(async () => (await found.count()) > 0, 30_000, 'the changed tags in Problems before the reload');
    await session.page.reload();
    await session.page.locator('.monaco-workbench .part.statusbar').waitFor({ state: 'visible', timeout: 60_000 });
    await showProblems(session.page);
    await waitFor(async () => (await found.count()) > 0, 60_000, 'the changed tags in Problems after the reload');
    await screenshot(session.page, 'health-findings-after-reload');
  });

  test('quick fix: a note whose tags changed has its entries updated from its front matter', async () => {
    const text = fs.readFileSync(indexFile, 'utf8');
    await showProblems(session.page);
    const found = problemRow(
      session.page,
      'guides/deploy/k8s-rollouts.md: its front matter adds security and no longer has architecture',
    );
    await waitFor(
      async () => (await found.count()) > 0,
      30_000,
      'the changed tags in Problems (Check Index ran above)',
    );
    await runCommand(session.page, 'Context: Open index.md');
    await goToLine(session.page, lineOf(text, '- guides/deploy/k8s-rollouts.md — Rolling out to Kubernetes safely'));
    await applyQuickFix(
      session.page,
      'Update guides/deploy/k8s-rollouts.md from its front matter: add security, remove architecture',
    );
    await expectEditedNotSaved(session.page, indexFile, text);
    await saveEditor(session.page);
    const saved = fs.readFileSync(indexFile, 'utf8');
    const block = (tag: string) => saved.slice(saved.indexOf(`### ${tag}\n`)).split('\n\n')[0];
    assert.doesNotMatch(block('architecture'), /k8s-rollouts/);
    assert.match(block('security'), /^- guides\/deploy\/k8s-rollouts\.md — Rolling out to Kubernetes safely$/m);
    await showProblems(session.page);
    await waitFor(async () => (await found.count()) === 0, 30_000, 'the changed-tags problem to clear once saved');
  });

  test('a note fixed in itself (its front matter back in line with the index) clears its problem once saved; index.md unchanged', async () => {
    const before = fs.readFileSync(indexFile, 'utf8');
    await showProblems(session.page);
    const found = problemRow(session.page, 'references/sources/postgres-locks.md: its front matter adds redis');
    await waitFor(
      async () => (await found.count()) > 0,
      30_000,
      'the changed tags in Problems (Check Index ran above)',
    );
    // saved by another editor, a sync or git: what VS Code's file watcher reports
    fs.writeFileSync(postgresNote(), postgresOriginal());
    await waitFor(async () => (await found.count()) === 0, 30_000, 'the problem to clear once the note is fixed');
    assert.equal(fs.readFileSync(indexFile, 'utf8'), before, 'index.md did not change');
    await screenshot(session.page, 'health-note-fixed-in-itself');
  });
});
