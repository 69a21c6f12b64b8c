// The @context participant and the agent-mode tools, on the fixture, with recording fakes
// standing in for the chat stream and the model.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { escapeMarkdown } from '../../src/vscode/chat/chatMarkdown';
import {
  ATTACH_ALL_COMMAND,
  COPY_ALL_COMMAND,
  followupsFor,
  handleChatRequest,
  splitLoadPrompt,
  type ChatModelPort,
  type ChatStream,
  type HandlerRequest,
} from '../../src/vscode/chat/participantHandler';
import { CHAT_SUMMARY_COMMAND } from '../../src/vscode/shared/commandIds';
import { runLoadTool, runQueryTool } from '../../src/vscode/chat/toolHandlers';
import { agentSourceFor, fixtureHome, snapshotFor } from '../helpers';

class RecordingStream implements ChatStream {
  readonly parts: Array<[string, unknown]> = [];
  markdown(text: string) {
    this.parts.push(['markdown', text]);
  }
  reference(absPath: string) {
    this.parts.push(['reference', absPath]);
  }
  button(command: { command: string; title: string; arguments?: unknown[] }) {
    this.parts.push(['button', command]);
  }
  progress(text: string) {
    this.parts.push(['progress', text]);
  }
  text(): string {
    return this.parts
      .filter(([k]) => k === 'markdown')
      .map(([, v]) => v)
      .join('');
  }
  of(kind: string): unknown[] {
    return this.parts.filter(([k]) => k === kind).map(([, v]) => v);
  }
}

class RecordingModel implements ChatModelPort {
  readonly prompts: string[] = [];
  async *send(prompt: string) {
    this.prompts.push(prompt);
    yield 'Answer ';
    yield 'from the files.';
  }
}

describe('@context participant', () => {
  const { home, golden } = fixtureHome();
  const source = agentSourceFor(snapshotFor(home), golden.today);
  const linkFor = (abs: string) => `file://${abs}`;
  const never = () => false;
  /** The participant's answer to `request` (after the query `lastQuery`), in a fresh stream. */
  const ask = async (request: HandlerRequest, model?: RecordingModel, lastQuery: string | null = null) => {
    const stream = new RecordingStream();
    const result = await handleChatRequest(request, { lastQuery }, source, stream, model, linkFor, never);
    return { stream, result };
  };

  test('a query answers with the summary as markdown, file links, and buttons', async () => {
    const { stream, result } = await ask({ prompt: 'stripe AND api', command: undefined }, new RecordingModel());
    const text = stream.text();
    assert.match(text, /\*\*Found 3 files matching: \\\[stripe, api\\\] \\\(AND\\\)\*\*/);
    const first = `1. [\\~/Projects/proj\\-a/\\_project\\-knowledge/2026\\-04\\-28\\-mike\\-webhook\\-retries\\.md](file://${home}/Projects/proj-a/_project-knowledge/2026-04-28-mike-webhook-retries.md) — Webhook retry policy \\[project: proj\\-a, scope: repo, tags: api, stripe\\]`;
    assert.ok(text.split('\n').includes(first), text);
    assert.ok(text.includes('#### Team-shared (1 file)'));
    assert.ok(text.includes(`(file://${path.join(home, 'knowledge/approaches/api-pagination.md')})`));
    assert.deepEqual(
      stream.of('button').map((b) => (b as { command: string }).command),
      [ATTACH_ALL_COMMAND, 'ariaContext.openQueryResult'],
    );
    assert.deepEqual(result.metadata, { query: 'stripe AND api' });
  });

  test('with no chat model the answer says so and offers Copy as Context and the summary, not /load questions', async () => {
    const { stream } = await ask({ prompt: 'stripe', command: undefined });
    const text = stream.text();
    assert.match(text, /Found 3 files/);
    assert.match(text, /No language model is available in this editor, so nothing in the chat can answer/);
    assert.doesNotMatch(text, /with a question/);
    assert.deepEqual(
      stream.of('button').map((b) => [(b as { command: string }).command, (b as { arguments: unknown[] }).arguments]),
      [
        [ATTACH_ALL_COMMAND, ['stripe']],
        ['ariaContext.openQueryResult', ['stripe']],
        [COPY_ALL_COMMAND, ['stripe']],
        [CHAT_SUMMARY_COMMAND, ['stripe']],
      ],
    );
  });

  test('the answer ends with its buttons, all its text before them (VS Code folds what precedes the last text)', async () => {
    for (const model of [new RecordingModel(), undefined]) {
      const { stream } = await ask({ prompt: 'stripe', command: undefined }, model);
      const kinds = stream.parts.map(([k]) => k);
      const firstButton = kinds.indexOf('button');
      assert.ok(firstButton > 0, 'buttons after the summary');
      assert.deepEqual(
        kinds.slice(firstButton).filter((k) => k !== 'button'),
        [],
        `${model ? 'with' : 'without'} a model: ${kinds.join(', ')}`,
      );
    }
  });

  test('index text is escaped: no links or commands can be injected', () => {
    // Link-like text is shown as code (never linked); other text is backslash-escaped.
    assert.equal(
      escapeMarkdown('[x](command:workbench.action.terminal.new)'),
      '`[x](command:workbench.action.terminal.new)`',
    );
    assert.equal(escapeMarkdown('[x](y) *b*'), '\\[x\\]\\(y\\) \\*b\\*');
  });

  test('/load without an earlier query explains what to do', async () => {
    const { stream } = await ask({ prompt: 'all', command: 'load' });
    assert.match(stream.text(), /no earlier `@context` query/);
  });

  test('/load 1 3 <question> sends those files and the question to the model; references are the files', async () => {
    const model = new RecordingModel();
    const { stream, result: r } = await ask(
      { prompt: '1 3 how do we verify webhooks?', command: 'load' },
      model,
      'stripe',
    );
    assert.deepEqual(stream.of('reference'), [
      path.join(home, 'Projects/proj-a/_project-knowledge/2026-04-28-mike-webhook-retries.md'),
      path.join(home, 'knowledge/references/stripe-webhook-patterns.md'),
    ]);
    assert.equal(model.prompts.length, 1);
    assert.ok(model.prompts[0].includes('Question: how do we verify webhooks?'));
    assert.ok(model.prompts[0].includes('Stripe-Signature'));
    assert.ok(model.prompts[0].includes('Exponential backoff'));
    assert.ok(!model.prompts[0].includes('Use opaque cursors'), 'file 2 was not picked');
    assert.ok(stream.text().endsWith('Answer from the files.'));
    assert.deepEqual(r.metadata.loaded, [
      '~/Projects/proj-a/_project-knowledge/2026-04-28-mike-webhook-retries.md',
      'references/stripe-webhook-patterns.md',
    ]);
  });

  test('/load with no model still shows the references and says why there is no answer', async () => {
    const { stream } = await ask({ prompt: 'all', command: 'load' }, undefined, 'stripe');
    assert.equal(stream.of('reference').length, 3);
    assert.match(
      stream.text(),
      /No language model is available in this editor, so nothing in the chat can answer.*The files are listed as references above/,
    );
    assert.deepEqual(
      stream.of('button').map((b) => (b as { command: string }).command),
      [COPY_ALL_COMMAND, CHAT_SUMMARY_COMMAND],
    );
  });

  test('picks and question split; follow-ups suggest /load all and related tags', () => {
    assert.deepEqual(splitLoadPrompt('1,3 2-4 why?'), { picks: '1,3 2-4', question: 'why?' });
    assert.deepEqual(splitLoadPrompt('api-pagination.md'), { picks: 'api-pagination.md', question: '' });
    const followups = followupsFor({ metadata: { query: 'stripe' } }, source);
    assert.deepEqual(followups[0], { prompt: 'all', label: 'Load all of these files', command: 'load' });
    assert.deepEqual(
      followups.slice(1).map((f) => f.prompt),
      ['api', 'pagination', 'security'],
    );
  });
});

describe('language-model tools', () => {
  const { home, golden } = fixtureHome();
  const source = agentSourceFor(snapshotFor(home), golden.today);

  test('query tool returns the summary with paths, notes and how to load', () => {
    const text = runQueryTool({ query: 'proj-a' }, source);
    assert.ok(text.includes('Expanded `proj-a` to include: api, stripe, webhooks'));
    assert.ok(text.includes('3. projects/proj-a/decisions/004-state-sync.md'));
    assert.ok(text.includes('aria-context_load'));
    // an agent's words: no slash command it could not run
    assert.equal(
      runQueryTool({ query: '' }, source),
      'Give "query" as one or more tags, aliases or project keys ("stripe api"; "api AND pagination" for notes with both).',
    );
  });

  test('load tool reads result paths and refuses everything else', () => {
    fs.writeFileSync(path.join(home, 'knowledge', 'unindexed.md'), 'UNINDEXED');
    const text = runLoadTool(
      {
        paths: [
          'approaches/api-pagination.md',
          '~/Projects/proj-a/_project-knowledge/2026-04-28-mike-webhook-retries.md',
          'projects/proj-a/decisions/004-state-sync.md',
          '~/Projects/proj-a/CODEMAP.md',
          '../.claude/aria-knowledge.local.md',
          '~/.claude/aria-knowledge.local.md',
          '/etc/passwd',
          'unindexed.md',
          'approaches/%2e%2e/x.md',
        ],
      },
      source,
    );
    assert.ok(text.includes('Use opaque cursors'));
    assert.ok(text.includes('Exponential backoff'));
    assert.ok(text.includes('Outbox table'));
    assert.ok(text.includes('# CODEMAP — proj-a'));
    assert.ok(!text.includes('knowledge_folder'), 'the config never leaks');
    assert.ok(!text.includes('root:'), '/etc/passwd never leaks');
    assert.ok(!text.includes('UNINDEXED'));
    for (const p of [
      '../.claude/aria-knowledge.local.md',
      '~/.claude/aria-knowledge.local.md',
      '/etc/passwd',
      'unindexed.md',
      'approaches/%2e%2e/x.md',
    ]) {
      assert.ok(text.includes(`Refused ${p}:`), `refusal for ${p}`);
    }
    assert.match(text, /Loaded 4 knowledge files into context\.\n$/);
  });

  test('load tool by query and picks; large files are truncated with a notice', () => {
    const text = runLoadTool({ query: 'stripe', picks: [2] }, source);
    assert.ok(text.includes('## approaches/api-pagination.md'));
    assert.match(text, /Loaded 1 knowledge file into context\.\n$/);
    fs.writeFileSync(path.join(home, 'knowledge', 'approaches', 'offline-sync.md'), 'y'.repeat(200 * 1024));
    const big = runLoadTool({ paths: ['approaches/offline-sync.md'], maxChars: 256 * 1024 }, source);
    assert.ok(big.includes('(Truncated: showing the first 64 KB of 200 KB.)'));
    const byDefault = runLoadTool({ paths: ['approaches/offline-sync.md'] }, source);
    assert.ok(byDefault.length <= 40_000, `${byDefault.length} characters: the agent's budget by default`);
  });
});
