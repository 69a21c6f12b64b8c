// §9 A note the reader refuses is never handed to the editor as a location, in a real VS Code
// (code-server) driven through Chromium: after Context: Check Index on a folder holding a listed
// note that is a symlink out of the knowledge folder (to a tagged file whose tags differ from the
// index, and one to a path that does not exist), Problems reports each once, as a refusal on its
// line of index.md; no Problems entry or related location points at them, and clicking every row
// about them opens no editor on them (only index.md).
//
//   npm run package && flock /tmp/aria-e2e.lock node --import tsx --test test/e2e/refusedNote.e2e.ts
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import type {} from 'playwright-core';
import { editorTabTitles, runCommand, sleep, waitFor } from './harness';
import { fixtureHome, showProblems, openSession, AUTO_SAVE_OFF } from './workbench';
import { suiteSession } from './suiteSession';

const LINKS = ['references/leak.md', 'references/leak-gone.md'];

describe('a refused note in the real workbench: reported once, never a location', () => {
  let home: string;
  let secret: string;
  const session = suiteSession('refused-note-e2e', () => {
    home = fixtureHome();
    secret = path.join(home, 'outside-secret.md');
    fs.writeFileSync(secret, '---\ntags: [api, secret-tag]\n---\n# Outside secret\n\nnot to be opened\n');
    fs.symlinkSync(secret, path.join(home, 'knowledge', 'references', 'leak.md'));
    fs.symlinkSync(
      path.join(home, 'no-such-dir', 'gone.md'),
      path.join(home, 'knowledge', 'references', 'leak-gone.md'),
    );
    const indexFile = path.join(home, 'knowledge', 'index.md');
    const text = fs.readFileSync(indexFile, 'utf8');
    const heading = '### api\n';
    assert.ok(text.includes(heading));
    fs.writeFileSync(
      indexFile,
      text.replace(heading, `${heading}${LINKS.map((l) => `- ${l} — A note linked from elsewhere`).join('\n')}\n`),
    );
    return openSession({ home, userSettings: AUTO_SAVE_OFF });
  });

  test('Check Index: one refusal per symlinked note, no drift about it, no related location, nothing opens it', async () => {
    await runCommand(session.page, 'Context: Check Index');
    await showProblems(session.page);
    const rows = session.page.locator('.markers-panel .monaco-list-row');
    await waitFor(
      async () => (await rows.filter({ hasText: `Refused ${LINKS[0]}` }).count()) > 0,
      60_000,
      `the refusal of ${LINKS[0]} in Problems`,
    );
    // Let the drift scan finish: Check Index's message says how many notes were compared.
    await waitFor(
      async () =>
        /compared with the index|cancelled/.test(
          (await session.page
            .locator('.notifications-toasts')
            .innerText()
            .catch(() => '')) ?? '',
        ),
      60_000,
      'the Check Index message',
    ).catch(() => undefined);
    await sleep(1000);
    // The list renders only the rows in view: Problems' own filter keeps those about the notes.
    const filter = session.page.locator('.markers-panel-action-filter input, .viewpane-filter input').first();
    await filter.click();
    await filter.fill('leak');
    await sleep(1500);
    const texts = (await rows.allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
    console.log(`Problems rows about the notes:\n${texts.join('\n')}`);
    for (const link of LINKS) {
      const about = texts.filter((t) => t.includes(link) || t.includes(path.basename(link)));
      assert.equal(about.length, 1, `${link}: exactly one row, the refusal:\n${about.join('\n')}`);
      assert.match(about[0], /Refused/);
    }
    assert.ok(!texts.some((t) => t.includes('outside-secret') || t.includes('secret-tag')), texts.join('\n'));
    assert.ok(!texts.some((t) => /\bthe note\b/.test(t) && LINKS.some((l) => t.includes(path.basename(l)))));

    // Every row about them, clicked: index.md may open, the notes (or their target) never.
    for (const link of LINKS) {
      const row = rows.filter({ hasText: link }).first();
      await row.click();
      await row.dblclick();
      await session.page.keyboard.press('Enter');
      await sleep(1500);
      const tabs = await editorTabTitles(session.page);
      assert.ok(
        !tabs.some((t) => /leak|outside-secret/.test(t)),
        `no editor on ${link} or its target: ${tabs.join(' | ')}`,
      );
    }
  });
});
