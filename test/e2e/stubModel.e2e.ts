// The chat paths that need a language model, in a real VS Code (code-server 1.139): a test-only
// extension (test/e2e/stub-model/, never shipped) registers a scripted chat model through
// `languageModelChatProviders` + vscode.lm.registerLanguageModelChatProvider. With it:
// - `@context stripe` typed into the chat is dispatched to the participant;
// - agent mode: VS Code 1.139 still routes the request to GitHub Copilot's set-up (recorded);
// - VS Code's own tool service (vscode.lm.tools / invokeTool) runs the MCP server's
//   knowledge_query, the call agent mode makes, and returns the server's answer.
//
//   bash scripts/e2e/setup-harness.sh && node --import tsx --test test/e2e/stubModel.e2e.ts
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { tempDir } from '../helpers';
import { openWorkbench, runCommand, screenshot, sleep, startCodeServer, waitFor, type CodeServer, type Workbench } from './harness';
import { endSession, extensionLog, fixtureHome, golden, packagedVsix } from './workbench';

const STUB = path.join(__dirname, 'stub-model');

type StubEvent = { event: string; tools?: string[]; names?: string[]; tool?: string; text?: string; message?: string };

describe('chat with a stub language model, in a real VS Code', { timeout: 600_000 }, () => {
  let server: CodeServer;
  let wb: Workbench;
  let page: Page;
  let stubLog: string;
  const events = (): StubEvent[] => (fs.existsSync(stubLog) ? fs.readFileSync(stubLog, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as StubEvent) : []);
  const inputActions = () => page.locator('.interactive-input-part .action-label').evaluateAll((els: any[]) => els.map((e) => String(e.getAttribute('aria-label') ?? '')));
  const lastResponse = async () => (await page.locator('.interactive-session .interactive-response').last().innerText().catch(() => '')).replace(/\s+/g, ' ');
  async function send(text: string): Promise<void> {
    const input = page.locator('.interactive-input-part .interactive-input-editor').first();
    await input.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(text);
    await page.keyboard.press('Enter');
  }

  before(async () => {
    const workspace = tempDir('aria-e2e-stub-ws-');
    fs.writeFileSync(path.join(workspace, 'README.md'), '# workspace\n');
    stubLog = path.join(tempDir('aria-e2e-stub-log-'), 'stub.jsonl');
    server = await startCodeServer({
      workspace,
      vsixPath: packagedVsix(),
      extensionDevelopmentPath: STUB,
      env: { HOME: fixtureHome(), ARIA_CONTEXT_TODAY: golden.today, ARIA_STUB_LOG: stubLog },
    });
    wb = await openWorkbench(server, workspace);
    page = wb.page;
    await waitFor(() => events().some((e) => e.event === 'activate'), 60_000, 'the stub model extension to activate');
  });

  after(() => endSession('stub-model-e2e', { page, wb, server }));

  test('@context stripe is dispatched to the participant once a chat model is registered', async () => {
    await runCommand(page, 'Chat: Focus on Chat View');
    // 1.139 lists extension-provided models only after the chat's first request; until one is
    // selected, a participant request ends in the workbench with "Language model unavailable".
    const answered = await waitFor(async () => {
      await send('@context stripe');
      await sleep(4000);
      const text = await lastResponse();
      return /Use \/load all/.test(text) ? text : undefined;
    }, 90_000, 'the participant’s answer');
    assert.ok((await inputActions()).includes('Models, Aria Stub'), 'the stub model is the selected model');
    assert.doesNotMatch(answered, /Language model unavailable/);
    // its follow-ups, built from the query's result, sit under the response
    assert.match((await page.locator('.interactive-session').innerText()).replace(/\s+/g, ' '), /Load all of these files Related: api/);
    assert.match(extensionLog(server), /@context stripe/, 'the participant handler ran in the extension host');
    await screenshot(page, 'stub-model-participant');
  });

  test('agent mode with the stub model: answered through our tools, or stopped by Copilot set-up (recorded)', async (t) => {
    await send('call knowledge_query stripe');
    const outcome = await waitFor(async () => {
      const dialog = page.locator('.monaco-dialog-box');
      if (await dialog.isVisible().catch(() => false)) {
        const text = (await dialog.innerText()).replace(/\s+/g, ' ');
        await screenshot(page, 'stub-model-agent-setup');
        await page.keyboard.press('Escape');
        return `dialog: ${text}`;
      }
      const text = await lastResponse();
      return /STUB SAW|set up GitHub Copilot/.test(text) ? text : undefined;
    }, 60_000, 'an agent-mode outcome');
    const requests = events().filter((e) => e.event === 'request');
    if (/STUB SAW/.test(outcome)) {
      assert.ok(requests.some((r) => (r.tools ?? []).some((n) => n.includes('knowledge_query'))), 'our MCP tool was offered to the model');
      assert.match(outcome, /approaches\/api-pagination\.md/);
    } else {
      // VS Code 1.139 without GitHub Copilot: agent mode belongs to Copilot's default agent, and
      // its set-up answers before any model is asked (the stub received no request).
      assert.match(outcome, /GitHub Copilot/);
      assert.deepEqual(requests, [], 'the model was never asked');
      t.diagnostic(`workbench answered: ${outcome}`);
    }
  });

  test('VS Code’s tool service runs the MCP server’s knowledge_query, as agent mode calls it', async () => {
    await runCommand(page, 'Aria Stub: Invoke knowledge_query through VS Code');
    const invoked = await waitFor(() => events().find((e) => e.event === 'invoked' || e.event === 'invokeFailed'), 60_000, 'the tool invocation');
    const tools = events().find((e) => e.event === 'tools')?.names ?? [];
    assert.ok(tools.includes('aria-context_query'), 'the LM tools are there too');
    assert.equal(invoked.event, 'invoked', invoked.message);
    assert.match(invoked.tool ?? '', /^mcp_aria-context_+knowledge_query$/);
    // VS Code hands the model the tool's structuredContent: the --json contract.
    const json = JSON.parse(invoked.text ?? '') as { items: Array<{ category: string; path: string }> };
    const stripe = golden.cases.find((c) => c.args.join(' ') === 'stripe')!;
    assert.deepEqual(json.items.filter((i) => i.category !== 'tracked-artifact').map((i) => [i.category, i.path]), stripe.items);
  });
});
