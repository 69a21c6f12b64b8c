// The chat customizations of the installed .vsix in a real VS Code (code-server 1.139) through
// Chromium: the `knowledge-notes` skill (chatSkills) in Chat: Configure Skills, the `/context` prompt file
// (chatPromptFiles) in the chat input's `/` menu, and the plugin's hooks (chatPlugins,
// hooks/hooks.json) under Chat: Open Customizations › Hooks.
//
//   bash scripts/e2e/setup-harness.sh && npm run package && node --import tsx --test test/e2e/chatCustomizations.e2e.ts
//
// Screenshots go to test-artifacts/ (chat-skills.png, chat-slash-menu.png, chat-hooks.png).
import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { tempDir } from '../helpers';
import { closeQuickInput, quickInputItems, runCommand, screenshot, sleep, waitFor } from './harness';
import { openExampleSession } from './workbench';
import { focusChatInput, suiteSession } from './suiteSession';

/** Visible text of the workbench, spaces normalised. */
async function workbenchText(page: Page, selector = '.monaco-workbench'): Promise<string> {
  return (
    await page
      .locator(selector)
      .first()
      .innerText()
      .catch(() => '')
  ).replace(/\s+/g, ' ');
}

describe('the chat customizations contributed by the extension, in a real VS Code', { timeout: 600_000 }, () => {
  const session = suiteSession('chat-customizations-e2e', () => openExampleSession(tempDir('aria-e2e-custom-ws-')));

  test('Chat: Configure Skills lists the knowledge-notes skill', async () => {
    const row = await waitFor(
      async () => {
        await runCommand(session.page, 'Chat: Configure Skills...');
        await sleep(1000);
        const rows = await quickInputItems(session.page);
        const found = rows.find((r) => r.label === 'knowledge-notes' || /\bknowledge-notes\b/.test(r.ariaLabel));
        if (!found) await closeQuickInput(session.page);
        return found;
      },
      60_000,
      'the knowledge-notes skill in Configure Skills',
    );
    assert.ok(row);
    await screenshot(session.page, 'chat-skills');
    await closeQuickInput(session.page);
  });

  test('the chat input’s / menu offers /context', async () => {
    await focusChatInput(session.page);
    await session.page.keyboard.press('Backspace');
    await session.page.keyboard.type('/');
    const suggestion = await waitFor(
      async () => {
        const rows = await session.page
          .locator('.editor-widget.suggest-widget .monaco-list-row')
          .allInnerTexts()
          .catch(() => [] as string[]);
        const hit = rows.find((r) => /^\/?context\b/m.test(r.trim()) || /\/context\b/.test(r));
        if (!hit) {
          // the menu may need a nudge once the prompt files are discovered
          await session.page.keyboard.press('Backspace');
          await session.page.keyboard.type('/');
        }
        return hit;
      },
      60_000,
      '/context in the chat input’s suggestions',
    );
    assert.match(suggestion, /context/);
    await screenshot(session.page, 'chat-slash-menu');
    await session.page.keyboard.press('Escape');
    await session.page.keyboard.press('Control+A');
    await session.page.keyboard.press('Backspace');
  });

  test('Chat: Open Customizations › Hooks lists the plugin’s hooks', async () => {
    await runCommand(session.page, 'Chat: Open Customizations');
    const hooks = session.page.locator('.monaco-workbench').getByText('Hooks', { exact: true }).first();
    await waitFor(() => hooks.isVisible().catch(() => false), 30_000, 'the Hooks section in Customizations');
    await hooks.click();
    const text = await waitFor(
      async () => {
        const now = await workbenchText(session.page);
        // listed per event under Plugins, from the plugin's hooks.json
        return /aria-context:userpromptsubmit/i.test(now) && /aria-context:sessionstart/i.test(now) ? now : undefined;
      },
      30_000,
      'the aria-context hooks in the Hooks list',
    ).catch(async (err: Error) => {
      await screenshot(session.page, 'chat-hooks-missing');
      throw err;
    });
    assert.match(text, /Plugins \d+ .*hooks\.json/);
    // Each event once: one plugin contributes the hooks (contributed twice, each event is listed twice).
    assert.equal(text.match(/aria-context:userpromptsubmit/gi)?.length, 1, 'UserPromptSubmit listed once');
    assert.equal(text.match(/aria-context:sessionstart/gi)?.length, 1, 'SessionStart listed once');
    await screenshot(session.page, 'chat-hooks');
  });
});
