// The chat paths that need a language model, in a real VS Code (code-server 1.139): a test-only
// extension (test/e2e/stub-model/, never shipped) registers a scripted chat model through
// `languageModelChatProviders` + vscode.lm.registerLanguageModelChatProvider. With it:
// - `@context stripe` typed into the chat is answered on the first request (the stub asks for its
//   models in activate), with its buttons and follow-ups; `/load` sends the files to the model;
// - agent mode: VS Code 1.139 still routes the request to GitHub Copilot's set-up (recorded);
// - VS Code's own tool service (vscode.lm.tools / invokeTool) runs the MCP server's
//   knowledge_query, the call agent mode makes, and returns the server's answer.
//
//   bash scripts/e2e/setup-harness.sh && node --import tsx --test test/e2e/stubModel.e2e.ts
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, describe, test } from 'node:test';
import { tempDir } from '../helpers';
import { editorTabTitles, runCommand, screenshot, waitFor } from './harness';
import { extensionLog, fixtureHome, golden, waitForNotification, openSession } from './workbench';
import { attachmentsAtLeast, suiteSession } from './suiteSession';

const STUB = path.join(__dirname, 'stub-model');

type StubEvent = {
  event: string;
  tools?: string[];
  names?: string[];
  tool?: string;
  text?: string;
  message?: string;
  prompt?: string;
  count?: number;
};

describe('chat with a stub language model, in a real VS Code', { timeout: 600_000 }, () => {
  let stubLog: string;
  const session = suiteSession('stub-model-e2e', () => {
    const workspace = tempDir('aria-e2e-stub-ws-');
    fs.writeFileSync(path.join(workspace, 'README.md'), '# workspace\n');
    stubLog = path.join(tempDir('aria-e2e-stub-log-'), 'stub.jsonl');
    return openSession({
      home: fixtureHome(),
      workspace,
      extensionDevelopmentPath: STUB,
      env: { ARIA_STUB_LOG: stubLog },
    });
  });
  const events = (): StubEvent[] =>
    fs.existsSync(stubLog)
      ? fs
          .readFileSync(stubLog, 'utf8')
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as StubEvent)
      : [];
  const inputActions = () =>
    session.page
      .locator('.interactive-input-part .action-label')
      .evaluateAll((els: any[]) => els.map((e) => String(e.getAttribute('aria-label') ?? '')));
  const lastResponse = async () =>
    (
      await session.page
        .locator('.interactive-session .interactive-response')
        .last()
        .innerText()
        .catch(() => '')
    ).replace(/\s+/g, ' ');
  async function send(text: string): Promise<void> {
    const input = session.page.locator('.interactive-input-part .interactive-input-editor').first();
    await input.click();
    await session.page.keyboard.press('Control+A');
    await session.page.keyboard.type(text);
    await session.page.keyboard.press('Enter');
  }

  before(async () => {
    await waitFor(() => events().some((e) => e.event === 'activate'), 60_000, 'the stub model extension to activate');
  });

  const chatPane = () => session.page.locator('.interactive-session');
  const responses = () => session.page.locator('.interactive-session .interactive-response');
  const requestsSeen = () => events().filter((e) => e.event === 'request');
  /** Waits for a request at the model, after the first `since` ones, whose prompt holds `text`. */
  const requestHolding = (since: number, text: string, what: string) =>
    waitFor(
      () =>
        requestsSeen()
          .slice(since)
          .find((r) => (r.prompt ?? '').includes(text)),
      60_000,
      what,
    );
  /** A participant's button (ChatResponseStream.button): `.chat-command-button` holds a Monaco button. */
  const commandButton = (name: string) =>
    chatPane().locator('.chat-command-button .monaco-button', { hasText: name }).last();

  test('@context stripe is answered on the first request: the summary, its buttons and follow-ups', async () => {
    await runCommand(session.page, 'Chat: Focus on Chat View');
    await waitFor(
      () => events().some((e) => e.event === 'models' && (e.count ?? 0) > 0),
      30_000,
      'the stub model listed by the workbench',
    );
    // Once: since the stub asks for its models in activate, the first request finds one.
    await send('@context stripe');
    const answered = await waitFor(
      async () => {
        const text = await lastResponse();
        return /Found 3 files|Language model unavailable/.test(text) ? text : undefined;
      },
      60_000,
      'the participant’s answer',
    );
    assert.doesNotMatch(answered, /Language model unavailable/);
    // Shown, not folded into a closed "Completed N steps" (the buttons come after all the text).
    const summary = responses()
      .last()
      .locator('.rendered-markdown strong', { hasText: /Found 3 files matching/ })
      .first();
    await waitFor(() => summary.isVisible(), 10_000, 'the summary in view');
    assert.match(answered, /Found 3 files matching/);
    assert.match(answered, /Use \/load all/, 'a model is there: /load with a question is offered');
    assert.doesNotMatch(answered, /No language model is available/);
    assert.ok((await inputActions()).includes('Models, Aria Stub'), 'the stub model is the selected model');
    for (const name of ['Attach all to chat', 'Open all'])
      await waitFor(() => commandButton(name).isVisible(), 10_000, `the ${name} button`);
    // its follow-ups, built from the query's result, sit under the response
    await waitFor(
      async () => /Load all of these files Related: api/.test((await chatPane().innerText()).replace(/\s+/g, ' ')),
      10_000,
      'the follow-ups',
    );
    assert.match(extensionLog(session.server), /@context stripe/, 'the participant handler ran in the extension host');
    await screenshot(session.page, 'stub-model-participant');
  });

  test('the Open all and Attach all buttons act on the answer’s files', async () => {
    await commandButton('Open all').click();
    await waitFor(
      async () => {
        const titles = (await editorTabTitles(session.page)).join(' ');
        return ['2026-04-28-mike-webhook-retries.md', 'api-pagination.md', 'stripe-webhook-patterns.md'].every((n) =>
          titles.includes(n),
        );
      },
      20_000,
      'the three files open as tabs',
    );
    await commandButton('Attach all to chat').click();
    const chips = await attachmentsAtLeast(session.page, 3, 20_000, 'three attachment chips');
    assert.deepEqual(chips.map((c) => c.name).sort(), [
      '2026-04-28-mike-webhook-retries.md',
      'api-pagination.md',
      'stripe-webhook-patterns.md',
    ]);
    await waitForNotification(session.page, 'Attached 3 files to the chat input');
  });

  test('the follow-up "Load all of these files" sends the files’ contents to the model, which answers', async () => {
    const before = requestsSeen().length;
    await chatPane().getByText('Load all of these files', { exact: true }).last().click();
    const request = await requestHolding(before, 'knowledge files below', 'the /load request at the model');
    for (const content of ['Stripe-Signature', 'Exponential backoff', 'Use opaque cursors'])
      assert.ok(request.prompt!.includes(content), `the model received ${content}`);
    const answer = await waitFor(
      async () => {
        const text = await lastResponse();
        return /STUB:/.test(text) ? text : undefined;
      },
      30_000,
      'the model’s answer in the chat',
    );
    assert.match(answer, /Loaded 3 knowledge files into context/);
    assert.ok(
      requestsSeen()
        .slice(before)
        .every((r) => !(r.prompt ?? '').includes('Question: how')),
      'the default question, none typed',
    );
  });

  test('/load 1 3 with a question: the model gets the question and those two files only', async () => {
    const before = requestsSeen().length;
    await send('@context /load 1 3 how do we verify webhooks?');
    const request = await requestHolding(
      before,
      'Question: how do we verify webhooks?',
      'the /load 1 3 request at the model',
    );
    assert.ok(request.prompt!.includes('Stripe-Signature'), 'file 3: stripe-webhook-patterns.md');
    assert.ok(request.prompt!.includes('Exponential backoff'), 'file 1: the webhook retry policy');
    assert.ok(!request.prompt!.includes('Use opaque cursors'), 'file 2 was not picked');
    // The stub answers with the end of what it received: the bundle's last line.
    await waitFor(
      async () =>
        /Loaded 2 knowledge files into context[\s\S]*STUB:[\s\S]*Loaded 2 knowledge files/.test(await lastResponse()),
      30_000,
      'the answer',
    );
  });

  test('agent mode with the stub model: answered through our tools, or stopped by Copilot set-up (recorded)', async (t) => {
    const before = events().length;
    await send('call knowledge_query stripe');
    const outcome = await waitFor(
      async () => {
        const dialog = session.page.locator('.monaco-dialog-box');
        if (await dialog.isVisible().catch(() => false)) {
          const text = (await dialog.innerText()).replace(/\s+/g, ' ');
          await screenshot(session.page, 'stub-model-agent-setup');
          await session.page.keyboard.press('Escape');
          return `dialog: ${text}`;
        }
        const text = await lastResponse();
        return /STUB SAW|set up GitHub Copilot/.test(text) ? text : undefined;
      },
      60_000,
      'an agent-mode outcome',
    );
    const requests = events()
      .slice(before)
      .filter((e) => e.event === 'request');
    if (/STUB SAW/.test(outcome)) {
      assert.ok(
        requests.some((r) => (r.tools ?? []).some((n) => n.includes('knowledge_query'))),
        'our MCP tool was offered to the model',
      );
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
    await runCommand(session.page, 'Aria Stub: Invoke knowledge_query through VS Code');
    const invoked = await waitFor(
      () => events().find((e) => e.event === 'invoked' || e.event === 'invokeFailed'),
      60_000,
      'the tool invocation',
    );
    const tools = events().find((e) => e.event === 'tools')?.names ?? [];
    // vscode.lm.tools lists every contributed tool; the agent gets only those whose `when` holds.
    assert.match(
      extensionLog(session.server),
      /Agent tools: the MCP server’s tools only/,
      'one agent surface: the LM tools are off where VS Code has MCP',
    );
    assert.ok(tools.includes('aria-context_query'), 'still contributed (behind their when clause)');
    assert.equal(invoked.event, 'invoked', invoked.message);
    assert.match(invoked.tool ?? '', /^mcp_aria-context_+knowledge_query$/);
    // VS Code hands the model the tool's structuredContent: the --json contract.
    const json = JSON.parse(invoked.text ?? '') as { items: Array<{ category: string; path: string }> };
    const stripe = golden.cases.find((c) => c.args.join(' ') === 'stripe')!;
    assert.deepEqual(
      json.items.filter((i) => i.category !== 'tracked-artifact').map((i) => [i.category, i.path]),
      stripe.items,
    );
  });
});
