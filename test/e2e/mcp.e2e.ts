// The MCP server in a real VS Code (code-server 1.139) through Chromium: the installed .vsix
// contributes it (mcpServerDefinitionProviders), VS Code lists it, starts it with the editor's
// own Node on the packaged dist/mcp.js, discovers its two tools, offers them in the chat's
// Configure Tools picker and its files under MCP: Browse Resources.
//
//   bash scripts/e2e/setup-harness.sh && node --import tsx --test test/e2e/mcp.e2e.ts
//
// Screenshots go to test-artifacts/ (mcp-server-list.png, mcp-tools.png, mcp-resources.png).
import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { tempDir } from '../helpers';
import { closeQuickInput, quickInputItems, runCommand, screenshot, sleep, waitFor } from './harness';
import { openExampleSession } from './workbench';
import { suiteSession } from './suiteSession';

const ROW = '.quick-input-widget .monaco-list-row';

/** MCP: List Servers, and the row of our server (label, state, the group it is listed under). */
async function serverRow(page: Page) {
  // The list is built when the command runs: reopen it until the extension's provider answered.
  return waitFor(
    async () => {
      await runCommand(page, 'MCP: List Servers');
      await sleep(1000);
      const row = (await quickInputItems(page)).find((r) => r.label === 'aria-context');
      if (!row) await closeQuickInput(page);
      return row;
    },
    60_000,
    'aria-context in the MCP server list',
  );
}

async function chooseInQuickInput(page: Page, text: string): Promise<void> {
  await page.locator(ROW, { hasText: text }).first().click();
}

describe('the MCP server, contributed by the extension, in a real VS Code', { timeout: 600_000 }, () => {
  const session = suiteSession('mcp-e2e', () => openExampleSession(tempDir('aria-e2e-mcp-ws-')));

  test('MCP: List Servers shows aria-context, contributed by the aria-context extension', async () => {
    const row = await serverRow(session.page);
    assert.equal(row.separator, 'aria-context', 'listed under the extension that contributes it');
    assert.match(row.description, /Stopped|Running|Starting/);
    await screenshot(session.page, 'mcp-server-list');
    await closeQuickInput(session.page);
  });

  test('started by VS Code with the editor’s Node on the packaged server, it discovers the two tools', async () => {
    let row = await serverRow(session.page);
    if (!/Running/.test(row.description)) {
      await chooseInQuickInput(session.page, 'aria-context');
      await chooseInQuickInput(session.page, 'Start Server');
      row = await waitFor(
        async () => {
          const now = await serverRow(session.page);
          if (/Running/.test(now.description)) return now;
          await closeQuickInput(session.page);
          await sleep(1000);
          return undefined;
        },
        60_000,
        'the server to run',
      );
    }
    await chooseInQuickInput(session.page, 'aria-context');
    await chooseInQuickInput(session.page, 'Show Output');
    const output = await waitFor(
      async () => {
        // The output editor renders spaces as no-break spaces and wraps long lines.
        const text = (
          await session.page
            .locator('.part.panel')
            .innerText()
            .catch(() => '')
        ).replace(/\s+/g, ' ');
        return /Discovered 2 tools/.test(text) ? text : undefined;
      },
      30_000,
      '"Discovered 2 tools" in the MCP output',
    ).catch(async (err: Error) => {
      await screenshot(session.page, 'mcp-output-missing');
      throw err;
    });
    // By default the server writes only warnings and errors to stderr, which VS Code shows as
    // warnings: its info line ("Serving … over stdio") is not there (the resources test below
    // shows it read the user's config).
    assert.doesNotMatch(output.replace(/\s+/g, ''), /Serving\/\S*overstdio/);
  });

  test('the chat’s Configure Tools picker lists knowledge_query and knowledge_load under the server', async () => {
    await closeQuickInput(session.page);
    await runCommand(session.page, 'Chat: Focus on Chat View');
    await session.page.locator('.interactive-input-part .action-label[aria-label^="Configure Tools"]').first().click();
    const rows = session.page.locator(ROW);
    const serverNode = rows.filter({ hasText: 'aria-context knowledge' }).first(); // the server's title
    await serverNode.waitFor({ state: 'visible', timeout: 15_000 });
    await serverNode.locator('.monaco-tl-twistie').click();
    const labels = await waitFor(
      async () => {
        const now = await rows.evaluateAll((els: any[]) => els.map((e) => String(e.getAttribute('aria-label') ?? '')));
        return now.some((l) => l.startsWith('knowledge_query,')) ? now : undefined;
      },
      15_000,
      'the server’s tools in the picker',
    );
    const tools = labels
      .filter((l) => /^knowledge_(query|load),/.test(l))
      .map((l) => l.split(',')[0])
      .sort();
    assert.deepEqual(tools, ['knowledge_load', 'knowledge_query']);
    assert.ok(
      labels.some((l) => l.startsWith('knowledge_query, Searches the user')),
      'the model-facing description is shown',
    );
    await screenshot(session.page, 'mcp-tools');
    await closeQuickInput(session.page);
  });

  test('MCP: Browse Resources lists the knowledge files and the tag template', async () => {
    await runCommand(session.page, 'MCP: Browse Resources...');
    const items = await waitFor(
      async () => {
        const now = await quickInputItems(session.page);
        return now.some((r) => r.label === 'Cursor-based pagination patterns') ? now : undefined;
      },
      30_000,
      'the knowledge files as resources',
    );
    const pagination = items.find((r) => r.label === 'Cursor-based pagination patterns')!;
    assert.equal(pagination.detail, 'aria-knowledge://knowledge/approaches/api-pagination.md');
    assert.ok(items.some((r) => r.detail === 'Resource template: aria-knowledge://tag/{tag}'));
    await screenshot(session.page, 'mcp-resources');
    await closeQuickInput(session.page);
  });
});
