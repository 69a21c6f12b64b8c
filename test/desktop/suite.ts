// The in-host scenarios of issue 3, run INSIDE a real VS Code's extension host (desktop VS Code
// via @vscode/test-electron: scripts/test-desktop.mjs). No UI clicks here: QuickPicks cannot be
// driven from the extension host, so the pick-list steps go through the extension's API (the
// same service and tree the UI uses) and its commands. The UI itself is covered by
// test/e2e/editor.e2e.ts in code-server.
//
// Environment (set by scripts/test-desktop.mjs):
//   ARIA_DESKTOP_SCENARIO  fixture | unconfigured
//   ARIA_DESKTOP_HOME      the HOME the host runs with (a temp copy of fixtures/home, or empty)
//   ARIA_DESKTOP_KNOWLEDGE for `unconfigured`: the knowledge folder to choose
//   ARIA_DESKTOP_GOLDEN    path of fixtures/golden.json
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AriaContextApi } from '../../src/vscode/api';
import type { TreeNode } from '../../src/vscode/treeModel';

const EXTENSION_ID = 'aria-context.aria-context';

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

async function until<T>(fn: () => T | undefined | null | false, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

function find(nodes: TreeNode[], labels: string[]): TreeNode | undefined {
  let level = nodes;
  let node: TreeNode | undefined;
  for (const label of labels) {
    node = level.find((n) => n.label === label);
    if (!node) return undefined;
    level = node.children ?? [];
  }
  return node;
}

function openTabs(): Array<{ name: string; preview: boolean }> {
  return vscode.window.tabGroups.all.flatMap((g) =>
    g.tabs.flatMap((t) => (t.input instanceof vscode.TabInputText ? [{ name: path.basename(t.input.uri.fsPath), preview: t.isPreview }] : [])),
  );
}

async function closeAll(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

async function api(): Promise<AriaContextApi> {
  const ext = vscode.extensions.getExtension<AriaContextApi>(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is loaded`);
  return ext.activate();
}

const steps: Array<[string, () => Promise<void>]> = [];
const step = (name: string, fn: () => Promise<void>) => steps.push([name, fn]);

function fixtureScenarios(): void {
  const home = process.env.ARIA_DESKTOP_HOME!;
  const golden = JSON.parse(fs.readFileSync(process.env.ARIA_DESKTOP_GOLDEN!, 'utf8')) as { cases: Array<{ name: string; items: Array<[string, string]> }> };

  step('acceptance 1: the commands are contributed with the Context category', async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
    const titles = (ext.packageJSON.contributes.commands as Array<{ category: string; title: string }>).map((c) => `${c.category}: ${c.title}`);
    assert.ok(titles.includes('Context: Query') && titles.includes('Context: Show Query Summary'));
    await api();
    const commands = await vscode.commands.getCommands(true);
    assert.ok(commands.includes('ariaContext.query') && commands.includes('ariaContext.showSummary'));
  });

  step('scenario 1: stripe gives golden case 1; picking two files opens two non-preview tabs', async () => {
    const a = await api();
    const outcome = a.query('stripe');
    assert.ok(outcome.ok, 'query ran');
    const expected = golden.cases.find((c) => c.name.startsWith('1 '))!.items;
    assert.deepEqual(outcome.result.items.map((i) => [i.category, i.path]), expected);
    const stripe = await until(() => find(a.treeRoots(), ['Known Tags', 'stripe']), 'stripe in the tree');
    const files = stripe.children ?? [];
    assert.equal(files.length, 2);
    await closeAll();
    await vscode.commands.executeCommand('ariaContext.open', files[0], files);
    const tabs = await until(() => (openTabs().length === 2 ? openTabs() : undefined), 'two tabs');
    assert.deepEqual(tabs.map((t) => t.name).sort(), ['api-pagination.md', 'stripe-webhook-patterns.md']);
    assert.deepEqual(tabs.map((t) => t.preview), [false, false]);
    await closeAll();
  });

  step('scenario 2: proj-a → expansion, pending ideas, a selectable tracked artifact', async () => {
    const outcome = (await api()).query('proj-a');
    assert.ok(outcome.ok);
    assert.deepEqual(outcome.result.query.expanded, [{ project: 'proj-a', tags: ['api', 'stripe', 'webhooks'] }]);
    assert.equal(outcome.result.ideas.length, 2);
    const artifact = outcome.result.items.find((i) => i.category === 'tracked-artifact');
    assert.ok(artifact?.selectable, 'CODEMAP.md is selectable');
  });

  step('scenario 3: the tree shows stripe with 2 files; opening a file node opens it', async () => {
    const a = await api();
    const stripe = find(a.treeRoots(), ['Known Tags', 'stripe'])!;
    assert.equal(stripe.description, '2 files');
    await vscode.commands.executeCommand('ariaContext.open', stripe.children![1]);
    await until(() => vscode.window.activeTextEditor?.document.uri.fsPath.endsWith('stripe-webhook-patterns.md'), 'the opened file');
    await closeAll();
  });

  step('chat: both agent tools are registered and answer through vscode.lm.invokeTool', async () => {
    await api();
    const names = vscode.lm.tools.map((t) => t.name);
    assert.ok(names.includes('aria-context_query') && names.includes('aria-context_load'), `tools: ${names.join(', ')}`);
    const text = async (name: string, input: object) => {
      const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
      return result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
    };
    const summary = await text('aria-context_query', { query: 'stripe' });
    assert.ok(summary.includes('Found 3 files matching: [stripe] (OR)'), summary);
    const loaded = await text('aria-context_load', { paths: ['approaches/api-pagination.md', '../.claude/aria-knowledge.local.md', '/etc/passwd'] });
    assert.ok(loaded.includes('Use opaque cursors'), loaded);
    assert.ok(loaded.includes('Refused ../.claude/aria-knowledge.local.md:') && loaded.includes('Refused /etc/passwd:'), loaded);
    assert.ok(!loaded.includes('knowledge_folder') && !loaded.includes('root:x:'), 'nothing outside is read');
    assert.ok(loaded.endsWith('Loaded 1 knowledge files into context.\n'), loaded);
  });

  step('chat: the @context handler answers `stripe AND api` with the summary, links and buttons', async () => {
    const handler = (await api()).chatRequestHandler;
    const parts: Array<[string, unknown]> = [];
    const stream = {
      markdown: (v: string | vscode.MarkdownString) => parts.push(['markdown', typeof v === 'string' ? v : v.value]),
      reference: (v: unknown) => parts.push(['reference', v]),
      button: (v: vscode.Command) => parts.push(['button', v.command]),
      progress: (v: string) => parts.push(['progress', v]),
    } as unknown as vscode.ChatResponseStream;
    const request = { prompt: 'stripe AND api', command: undefined, references: [], toolReferences: [], model: undefined } as unknown as vscode.ChatRequest;
    const cancel = new vscode.CancellationTokenSource();
    const result = await handler(request, { history: [] } as unknown as vscode.ChatContext, stream, cancel.token);
    const markdown = parts.filter(([k]) => k === 'markdown').map(([, v]) => v).join('');
    assert.ok(markdown.includes('Found 3 files matching: \\[stripe, api\\] \\(AND\\)'), markdown);
    assert.ok(markdown.includes(vscode.Uri.file(path.join(home, 'knowledge', 'approaches', 'api-pagination.md')).toString()), 'file links');
    assert.deepEqual(parts.filter(([k]) => k === 'button').map(([, v]) => v), ['ariaContext.sendQueryResultToChat', 'ariaContext.openQueryResult']);
    assert.deepEqual((result as vscode.ChatResult).metadata, { query: 'stripe AND api' });
  });

  step('scenario 4: live refresh of the tree and the next query', async () => {
    const a = await api();
    const indexFile = path.join(home, 'knowledge', 'index.md');
    const text = fs.readFileSync(indexFile, 'utf8');
    const at = text.indexOf('### stripe\n') + '### stripe\n'.length;
    fs.writeFileSync(indexFile, `${text.slice(0, at)}- approaches/offline-sync.md — Offline-first sync for mobile\n${text.slice(at)}`);
    const launch = path.join(home, 'knowledge', 'projects', 'proj-b', 'notes', 'launch.md');
    fs.mkdirSync(path.dirname(launch), { recursive: true });
    fs.writeFileSync(launch, '---\ntags: [launch]\n---\n\n# Launch checklist\n');
    await until(() => find(a.treeRoots(), ['Known Tags', 'stripe'])?.description === '3 files', 'stripe with 3 files');
    const stripe = a.query('stripe');
    assert.ok(stripe.ok && stripe.result.items.some((i) => i.path === 'approaches/offline-sync.md'));
    const projB = await until(() => {
      const o = a.query('proj-b');
      return o.ok && o.result.items.some((i) => i.path === 'projects/proj-b/notes/launch.md') ? o : undefined;
    }, 'launch.md in proj-b');
    assert.ok(projB.ok);
  });
}

function unconfiguredScenarios(): void {
  step('scenario 5 + acceptance 3: not configured despite the workspace setting; choosing the folder (user setting) fills the tree', async () => {
    const a = await api();
    const ws = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(ws && fs.existsSync(path.join(ws, '.vscode', 'settings.json')), 'the workspace carries a hostile settings.json');
    assert.equal(a.state(), 'notConfigured');
    assert.deepEqual(a.treeRoots(), [], 'no nodes: the welcome view shows');
    // What Choose Knowledge Folder does once the dialog returns a folder: first one without
    // an index (the "run /index" welcome), then the real one.
    const config = vscode.workspace.getConfiguration('ariaContext');
    await config.update('knowledgeFolder', path.dirname(process.env.ARIA_DESKTOP_KNOWLEDGE!), vscode.ConfigurationTarget.Global);
    await until(() => a.state() === 'noIndex', 'the no-index state');
    assert.deepEqual(a.treeRoots(), []);
    await config.update('knowledgeFolder', process.env.ARIA_DESKTOP_KNOWLEDGE, vscode.ConfigurationTarget.Global);
    await until(() => a.state() === 'ready', 'the ready state');
    assert.ok(find(a.treeRoots(), ['Known Tags', 'stripe']));
  });
}

export async function run(): Promise<void> {
  const scenario = process.env.ARIA_DESKTOP_SCENARIO;
  if (scenario === 'fixture') fixtureScenarios();
  else if (scenario === 'unconfigured') unconfiguredScenarios();
  else throw new Error(`ARIA_DESKTOP_SCENARIO must be fixture or unconfigured (got ${scenario})`);
  let failed = 0;
  for (const [name, fn] of steps) {
    const t0 = Date.now();
    try {
      await fn();
      console.log(`ok - ${name} (${Date.now() - t0} ms)`);
    } catch (err) {
      failed++;
      console.log(`not ok - ${name}\n  ${(err as Error).stack ?? String(err)}`);
    }
  }
  console.log(`aria-context in-host: ${steps.length - failed} passed, ${failed} failed`);
  if (failed) throw new Error(`${failed} of ${steps.length} in-host scenario(s) failed`);
}
