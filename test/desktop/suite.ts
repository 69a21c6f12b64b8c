// The editor's own behaviour checked INSIDE a real VS Code's extension host (desktop VS Code
// via @vscode/test-electron: scripts/test-desktop.mjs). No UI clicks here: QuickPicks cannot be
// driven from the extension host, so the pick-list steps go through the extension's API (the
// same service and tree the UI uses) and its commands. The UI itself is covered by
// test/e2e/editor.e2e.ts in code-server. The later steps cover faults and hostile content where
// the behaviour is the editor's own (watcher bursts, index.md replaced by rename, consistent
// snapshots, hostile text, workspace trust): its file watcher, settings and trust.
//
// Environment (set by scripts/test-desktop.mjs):
//   ARIA_DESKTOP_SCENARIO  fixture | unconfigured
//   ARIA_DESKTOP_HOME      the HOME the host runs with (a temp copy of examples/knowledge-home, or empty)
//   ARIA_DESKTOP_KNOWLEDGE for `unconfigured`: the knowledge folder to choose
//   ARIA_DESKTOP_GOLDEN    path of test/golden/cases.json
//   ARIA_DESKTOP_CURSOR_KNOWLEDGE  for `unconfigured` with workspace trust on: the knowledge folder
//                          the workspace's .cursor config names; the suite logs "aria-context
//                          trust: please trust this workspace" and the driver clicks Trust
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AriaContextApi } from '../../src/vscode/shared/api';
import type { TreeNode } from '../../src/vscode/shared/treeRows';

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
    g.tabs.flatMap((t) =>
      t.input instanceof vscode.TabInputText ? [{ name: path.basename(t.input.uri.fsPath), preview: t.isPreview }] : [],
    ),
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

/** index.md text with one more known tag whose Tag Index section lists `entry`. */
function withKnownTag(text: string, tag: string, entry: string): string {
  const known = text.indexOf('## Known Tags\n\n');
  const end = text.indexOf('\n\n', known + '## Known Tags\n\n'.length);
  const index = text.indexOf('## Tag Index\n\n');
  assert.ok(known >= 0 && end > known && index > end, 'the index has Known Tags and a Tag Index');
  const at = index + '## Tag Index\n\n'.length;
  return `${text.slice(0, end)}, ${tag}${text.slice(end, at)}### ${tag}\n- ${entry}\n\n${text.slice(at)}`;
}

/** Resolves once no onDidChange fired for `quietMs` (the watchers have nothing left to apply). */
async function settled(a: AriaContextApi, quietMs: number, timeoutMs = 20_000): Promise<void> {
  let last = Date.now();
  const sub = a.onDidChange(() => (last = Date.now()));
  try {
    await until(() => Date.now() - last >= quietMs, `${quietMs} ms without a change`, timeoutMs);
  } finally {
    sub.dispose();
  }
}

/** Reads a stream of @context answer parts, keeping MarkdownString objects as they are. */
function recordingStream(parts: Array<[string, unknown]>): vscode.ChatResponseStream {
  return {
    markdown: (v: string | vscode.MarkdownString) => parts.push(['markdown', v]),
    reference: (v: unknown) => parts.push(['reference', v]),
    button: (v: vscode.Command) => parts.push(['button', v.command]),
    progress: (v: string) => parts.push(['progress', v]),
  } as unknown as vscode.ChatResponseStream;
}

const steps: Array<[string, () => Promise<void>]> = [];
const step = (name: string, fn: () => Promise<void>) => steps.push([name, fn]);

function fixtureScenarios(): void {
  const home = process.env.ARIA_DESKTOP_HOME!;
  const golden = JSON.parse(fs.readFileSync(process.env.ARIA_DESKTOP_GOLDEN!, 'utf8')) as {
    cases: Array<{ name: string; args: string[]; items: Array<[string, string]> }>;
  };

  step('the commands are contributed with the Context category, and activation registered every one', async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
    const titles = (ext.packageJSON.contributes.commands as Array<{ category: string; title: string }>).map(
      (c) => `${c.category}: ${c.title}`,
    );
    assert.ok(titles.includes('Context: Query') && titles.includes('Context: Show Query Summary'));
    await api();
    const commands = new Set(await vscode.commands.getCommands(true));
    // Every feature registered its commands at activation: each one package.json contributes exists.
    const contributed = (ext.packageJSON.contributes.commands as Array<{ command: string }>).map((c) => c.command);
    assert.deepEqual(
      contributed.filter((id) => !commands.has(id)),
      [],
    );
    assert.ok(contributed.length > 20 && commands.has('ariaContext.query') && commands.has('ariaContext.showSummary'));
  });

  step('stripe gives the golden stripe items; picking two files opens two non-preview tabs', async () => {
    const a = await api();
    const outcome = a.query('stripe');
    assert.ok(outcome.ok, 'query ran');
    const expected = golden.cases.find((c) => c.args.join(' ') === 'stripe')!.items;
    assert.deepEqual(
      outcome.result.items.map((i) => [i.category, i.path]),
      expected,
    );
    const stripe = await until(() => find(a.treeRoots(), ['Known Tags', 'stripe']), 'stripe in the tree');
    // The tag's rows are what querying it returns, in the query's order (team-shared first).
    const rows = stripe.children ?? [];
    assert.deepEqual(
      rows.map((r) => r.file?.path),
      expected.map(([, p]) => p),
    );
    const files = rows.filter((r) => r.file?.category === 'cross-project');
    assert.equal(files.length, 2);
    await closeAll();
    await vscode.commands.executeCommand('ariaContext.open', files[0], files);
    const tabs = await until(() => (openTabs().length === 2 ? openTabs() : undefined), 'two tabs');
    assert.deepEqual(tabs.map((t) => t.name).sort(), ['api-pagination.md', 'stripe-webhook-patterns.md']);
    assert.deepEqual(
      tabs.map((t) => t.preview),
      [false, false],
    );
    await closeAll();
  });

  step('proj-a → expansion, pending ideas, a selectable tracked artifact', async () => {
    const outcome = (await api()).query('proj-a');
    assert.ok(outcome.ok);
    assert.deepEqual(outcome.result.query.expanded, [{ project: 'proj-a', tags: ['api', 'stripe', 'webhooks'] }]);
    assert.equal(outcome.result.ideas.length, 2);
    const artifact = outcome.result.items.find((i) => i.category === 'tracked-artifact');
    assert.ok(artifact?.selectable, 'CODEMAP.md is selectable');
  });

  step('the tree shows stripe with 2 files; opening a file node opens it', async () => {
    const a = await api();
    const stripe = find(a.treeRoots(), ['Known Tags', 'stripe'])!;
    assert.equal(stripe.description, '2 files + 1 team-shared');
    const note = stripe.children!.find((r) => r.file?.path === 'references/stripe-webhook-patterns.md');
    await vscode.commands.executeCommand('ariaContext.open', note);
    await until(
      () => vscode.window.activeTextEditor?.document.uri.fsPath.endsWith('stripe-webhook-patterns.md'),
      'the opened file',
    );
    await closeAll();
  });

  step(
    'chat: both agent tools are registered (turned on by their setting where VS Code has MCP) and answer through vscode.lm.invokeTool',
    async () => {
      await api();
      // vscode.lm.tools lists contributed tools whether or not their `when` clause holds (the
      // agent gets only those whose clause does), so the listing is the same either way.
      const ours = () => vscode.lm.tools.map((t) => t.name).filter((n) => n.startsWith('aria-context_'));
      const hasMcp =
        typeof (vscode.lm as unknown as { registerMcpServerDefinitionProvider?: unknown })
          .registerMcpServerDefinitionProvider === 'function';
      if (hasMcp)
        await vscode.workspace
          .getConfiguration('ariaContext')
          .update('chat.languageModelTools', true, vscode.ConfigurationTarget.Global);
      await until(() => ours().length === 2, `both LM tools listed (${ours().join(', ')})`);
      const text = async (name: string, input: object) => {
        const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
        return result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
      };
      const summary = await text('aria-context_query', { query: 'stripe' });
      assert.ok(summary.includes('Found 3 files matching: [stripe] (OR)'), summary);
      // the query tool's cursor reaches the shared handler: a made-up one is refused in words
      const forged = await text('aria-context_query', { query: 'stripe', cursor: 'not-a-cursor' });
      assert.ok(forged.startsWith('Invalid "cursor"'), forged);
      const loaded = await text('aria-context_load', {
        paths: ['approaches/api-pagination.md', '../.claude/aria-knowledge.local.md', '/etc/passwd'],
      });
      assert.ok(loaded.includes('Use opaque cursors'), loaded);
      assert.ok(
        loaded.includes('Refused ../.claude/aria-knowledge.local.md:') && loaded.includes('Refused /etc/passwd:'),
        loaded,
      );
      assert.ok(!loaded.includes('knowledge_folder') && !loaded.includes('root:x:'), 'nothing outside is read');
      assert.ok(loaded.endsWith('Loaded 1 knowledge file into context.\n'), loaded);
      if (hasMcp)
        await vscode.workspace
          .getConfiguration('ariaContext')
          .update('chat.languageModelTools', undefined, vscode.ConfigurationTarget.Global);
    },
  );

  step(
    'chat: the @context handler answers `stripe AND api` with the summary, links and buttons (no model here: copy and summary too)',
    async () => {
      const handler = (await api()).chatRequestHandler;
      const parts: Array<[string, unknown]> = [];
      const stream = {
        markdown: (v: string | vscode.MarkdownString) => parts.push(['markdown', typeof v === 'string' ? v : v.value]),
        reference: (v: unknown) => parts.push(['reference', v]),
        button: (v: vscode.Command) => parts.push(['button', v.command]),
        progress: (v: string) => parts.push(['progress', v]),
      } as unknown as vscode.ChatResponseStream;
      const request = {
        prompt: 'stripe AND api',
        command: undefined,
        references: [],
        toolReferences: [],
        model: undefined,
      } as unknown as vscode.ChatRequest;
      const cancel = new vscode.CancellationTokenSource();
      const result = await handler(request, { history: [] } as unknown as vscode.ChatContext, stream, cancel.token);
      const markdown = parts
        .filter(([k]) => k === 'markdown')
        .map(([, v]) => v)
        .join('');
      assert.ok(markdown.includes('Found 3 files matching: \\[stripe, api\\] \\(AND\\)'), markdown);
      assert.ok(
        markdown.includes(vscode.Uri.file(path.join(home, 'knowledge', 'approaches', 'api-pagination.md')).toString()),
        'file links',
      );
      assert.deepEqual(
        parts.filter(([k]) => k === 'button').map(([, v]) => v),
        [
          'ariaContext.sendQueryResultToChat',
          'ariaContext.openQueryResult',
          'ariaContext.copyQueryResult',
          'ariaContext.showQueryResultSummary',
        ],
      );
      assert.ok(markdown.includes('No language model is available in this editor'), markdown);
      assert.deepEqual((result as vscode.ChatResult).metadata, { query: 'stripe AND api' });
    },
  );

  step('live refresh of the tree and the next query', async () => {
    const a = await api();
    const indexFile = path.join(home, 'knowledge', 'index.md');
    const text = fs.readFileSync(indexFile, 'utf8');
    const at = text.indexOf('### stripe\n') + '### stripe\n'.length;
    fs.writeFileSync(
      indexFile,
      `${text.slice(0, at)}- approaches/offline-sync.md — Offline-first sync for mobile\n${text.slice(at)}`,
    );
    const launch = path.join(home, 'knowledge', 'projects', 'proj-b', 'notes', 'launch.md');
    fs.mkdirSync(path.dirname(launch), { recursive: true });
    fs.writeFileSync(launch, '---\ntags: [launch]\n---\n\n# Launch checklist\n');
    await until(
      () => find(a.treeRoots(), ['Known Tags', 'stripe'])?.description === '3 files + 1 team-shared',
      'stripe with 3 files + 1 team-shared',
    );
    const stripe = a.query('stripe');
    assert.ok(stripe.ok && stripe.result.items.some((i) => i.path === 'approaches/offline-sync.md'));
    const projB = await until(() => {
      const o = a.query('proj-b');
      return o.ok && o.result.items.some((i) => i.path === 'projects/proj-b/notes/launch.md') ? o : undefined;
    }, 'launch.md in proj-b');
    assert.ok(projB.ok);
  });

  // ---- Faults and hostile content in the real extension host --------------------------------

  const knowledge = path.join(home, 'knowledge');
  const indexFile = path.join(knowledge, 'index.md');

  step(
    'a burst of 1,000 file events causes at most two reloads (one more per 1.5 s it lasts), and the tree stays usable',
    async () => {
      const a = await api();
      a.treeRoots();
      await settled(a, 700);
      const before = a.stats();
      let changes = 0;
      const sub = a.onDidChange(() => changes++);
      // Staged outside the watched places first, then moved in: 990 notes appear under
      // projects/proj-b/burst/ and index.md is replaced 10 times, all in one burst.
      const stage = fs.mkdtempSync(path.join(home, 'burst-stage-'));
      let text = fs.readFileSync(indexFile, 'utf8');
      const moves: Array<[string, string]> = [];
      const dir = path.join(knowledge, 'projects', 'proj-b', 'burst');
      for (let i = 0; i < 1_000; i++) {
        const staged = path.join(stage, String(i));
        if (i % 100 === 99) {
          // The last version of index.md adds burst-999.
          text = withKnownTag(text, `burst-${i}`, `approaches/api-pagination.md — Burst ${i}`);
          fs.writeFileSync(staged, text);
          moves.push([staged, indexFile]);
        } else {
          fs.writeFileSync(staged, `---\ntags: [burst]\n---\n\n# Burst note ${i}\n`);
          moves.push([staged, path.join(dir, `note-${i}.md`)]);
        }
      }
      const started = Date.now();
      fs.mkdirSync(dir);
      for (const [from, to] of moves) fs.renameSync(from, to);
      // Usually well within a second; a loaded machine may stretch it, and the debouncer flushes at
      // the latest 1.5 s after a batch's first event, so each 1.5 s the burst lasts allows one more.
      const wroteMs = Date.now() - started;
      const most = 2 + Math.floor(wroteMs / 1_500);
      await until(() => find(a.treeRoots(), ['Known Tags', 'burst-999']), 'burst-999 in the tree', 20_000);
      await settled(a, 1_600); // longer than the debouncer's 1.5 s cap: a second batch would show
      sub.dispose();
      const after = a.stats();
      const d = {
        fileEvents: after.fileEvents - before.fileEvents,
        batches: after.batches - before.batches,
        loads: after.loads - before.loads,
        changes,
      };
      console.log(
        `aria-context diag: burst: 1000 moves into the knowledge folder in ${wroteMs} ms → ${d.fileEvents} file events reached the extension, ${d.batches} batch(es), ${d.loads} index reload(s), ${d.changes} onDidChange`,
      );
      assert.ok(d.fileEvents >= 500, `the editor delivered a real burst (${d.fileEvents} events)`);
      assert.ok(d.batches >= 1 && d.batches <= most, `batches: ${d.batches} (at most ${most})`);
      assert.ok(d.loads >= 1 && d.loads <= most, `index reloads: ${d.loads} (at most ${most})`);
      assert.ok(d.changes <= most, `onDidChange: ${d.changes} (at most ${most})`);
      // Usable: every burst tag is in the tree, the project shows all new files, queries answer.
      for (let i = 99; i < 1_000; i += 100) assert.ok(find(a.treeRoots(), ['Known Tags', `burst-${i}`]), `burst-${i}`);
      const projB = find(a.treeRoots(), ['Projects', 'proj-b']);
      assert.ok(projB, 'proj-b in the tree');
      const projB2 = a.query('proj-b');
      assert.ok(projB2.ok);
      const burstFiles = projB2.result.items.filter((i) => i.path.startsWith('projects/proj-b/burst/'));
      assert.equal(burstFiles.length, 990, 'every burst note is listed');
      const stripe = a.query('stripe');
      assert.ok(stripe.ok && stripe.result.items.length > 0);
    },
  );

  step(
    'index.md replaced by rename while watched: the watcher keeps working (rename, plain edit, rename)',
    async () => {
      const a = await api();
      const sees = (tag: string, file = 'approaches/api-pagination.md') => {
        const node = find(a.treeRoots(), ['Known Tags', tag]);
        const outcome = a.query(tag);
        return node && outcome.ok && outcome.result.items.some((i) => i.path === file) ? node : undefined;
      };
      const renameOver = (tag: string, entry: string) => {
        const temp = path.join(knowledge, `.index.md.${tag}.tmp`);
        fs.writeFileSync(temp, withKnownTag(fs.readFileSync(indexFile, 'utf8'), tag, entry));
        fs.renameSync(temp, indexFile);
      };
      const ino = fs.statSync(indexFile).ino;
      // The first replacement's entry also carries hostile markdown/HTML (the next step renders it).
      fs.mkdirSync(path.join(knowledge, 'notes'), { recursive: true });
      fs.writeFileSync(path.join(knowledge, 'notes', 'hostile.md'), '# A note with a hostile index description\n');
      renameOver(
        'renamed-one',
        'notes/hostile.md — [x](command:workbench.action.terminal.new) <img src=x onerror=alert(1)>',
      );
      assert.notEqual(fs.statSync(indexFile).ino, ino, 'index.md is a new file (renamed over the old one)');
      await until(() => sees('renamed-one', 'notes/hostile.md'), 'renamed-one after the rename');
      fs.writeFileSync(
        indexFile,
        withKnownTag(fs.readFileSync(indexFile, 'utf8'), 'edited-two', 'approaches/api-pagination.md — Plain edit'),
      );
      await until(() => sees('edited-two'), 'edited-two after a plain edit of the renamed file');
      renameOver('renamed-three', 'approaches/api-pagination.md — Renamed again');
      await until(() => sees('renamed-three'), 'renamed-three after a second rename');
    },
  );

  step(
    'hostile index text reaches the chat only as untrusted, escaped markdown, and the tree as plain text',
    async () => {
      const a = await api();
      const parts: Array<[string, unknown]> = [];
      const request = {
        prompt: 'renamed-one',
        command: undefined,
        references: [],
        toolReferences: [],
        model: undefined,
      } as unknown as vscode.ChatRequest;
      await a.chatRequestHandler(
        request,
        { history: [] } as unknown as vscode.ChatContext,
        recordingStream(parts),
        new vscode.CancellationTokenSource().token,
      );
      const markdown = parts.filter(([k]) => k === 'markdown').map(([, v]) => v);
      assert.ok(markdown.length > 0);
      for (const m of markdown) {
        assert.ok(m instanceof vscode.MarkdownString, 'markdown parts are MarkdownStrings built by the extension');
        assert.ok(!m.isTrusted, 'not trusted: command links stay inert');
        assert.ok(!m.supportHtml, 'no HTML');
      }
      const text = markdown.map((m) => (m as vscode.MarkdownString).value).join('');
      // A link-like word is shown as a code span (never linked); other syntax is backslash-escaped.
      assert.ok(text.includes('`[x](command:workbench.action.terminal.new)`'), text);
      assert.ok(text.includes('\\<img src=x onerror=alert\\(1\\)\\>'), text);
      const outsideCode = text.replace(/(`+)[^`]*?\1/g, '');
      assert.ok(
        !/(^|[^\\])\]\(command:/.test(outsideCode) && !/(^|[^\\])<img/.test(outsideCode),
        'no live link or tag',
      );
      const file = find(a.treeRoots(), ['Known Tags', 'renamed-one'])?.children?.[0];
      assert.ok(
        file && typeof file.tooltip === 'string' && file.tooltip.includes('<img src=x'),
        'the tree tooltip is plain text',
      );
    },
  );

  step(
    'queries running during reloads see one consistent snapshot (never an old index with a new config)',
    async () => {
      const a = await api();
      const configFile = path.join(home, '.claude', 'aria-knowledge.local.md');
      const original = fs.readFileSync(configFile, 'utf8');
      const sides = ['x', 'y'].map((side) => {
        const folder = path.join(home, `kb-${side}`);
        for (const rel of [`notes/only-${side}.md`, `projects/proj-a/notes/proj-${side}.md`]) {
          fs.mkdirSync(path.dirname(path.join(folder, rel)), { recursive: true });
          fs.writeFileSync(path.join(folder, rel), `---\ntags: [shared]\n---\n\n# ${rel}\n`);
        }
        return { side, folder };
      });
      const writeIndex = (side: { side: string; folder: string }, version: number) =>
        fs.writeFileSync(
          path.join(side.folder, 'index.md'),
          `# Knowledge Index\n\n## Known Tags\n\nshared, side-${side.side}\n\n## Tag Index\n\n### shared\n- notes/only-${side.side}.md — from ${side.side} v${version}\n\n### side-${side.side}\n- notes/only-${side.side}.md — from ${side.side} v${version}\n`,
        );
      const configFor = (side: { folder: string }) =>
        original.replace(/^knowledge_folder: .*$/m, `knowledge_folder: ${side.folder}`);
      const sideOf = (abs: string) => sides.find((s) => abs.startsWith(s.folder + path.sep));
      for (const side of sides) writeIndex(side, 0);

      // Every query (and every tree) must come from one side only: its index entries, its
      // project files and the knowledge folder of its config.
      let queries = 0;
      const seen = new Set<string>();
      const problems: string[] = [];
      const check = () => {
        const outcome = a.query('shared proj-a');
        queries++;
        if (!outcome.ok) return;
        const kb = outcome.result.items.filter((i) => sideOf(i.absPath));
        const from = new Set(kb.map((i) => sideOf(i.absPath)!.side));
        // An index entry of the other side resolved under this side's folder = old index, new config.
        const foreign = kb.filter(
          (i) => i.category === 'cross-project' && !i.description?.startsWith(`from ${sideOf(i.absPath)!.side} `),
        );
        if (from.size > 1 || foreign.length)
          problems.push(`query mixes: ${kb.map((i) => `${i.absPath} "${i.description}"`).join(' | ')}`);
        for (const f of from) seen.add(f);
        if (queries % 10 === 0) {
          const tags = (find(a.treeRoots(), ['Known Tags'])?.children ?? [])
            .map((n) => n.label)
            .filter((l) => l.startsWith('side-'));
          const files = (find(a.treeRoots(), ['Known Tags', 'shared'])?.children ?? []).map(
            (n) => sideOf(n.file?.absPath ?? '')?.side,
          );
          if (tags.length > 1 || files.some((f) => `side-${f}` !== tags[0]))
            problems.push(`tree mixes: ${tags.join(',')} / ${files.join(',')}`);
        }
      };
      let running = true;
      const loop = (async () => {
        while (running) {
          check();
          await sleep(2);
        }
      })();
      try {
        // Phase 1: the config file on disk flips between the two folders while both indexes change.
        for (let i = 1; i <= 8; i++) {
          const side = sides[i % 2];
          fs.writeFileSync(configFile, configFor(side));
          for (const s of sides) writeIndex(s, i);
          await sleep([40, 350, 120, 700][i % 4]);
        }
        await until(() => {
          const o = a.query('side-x');
          return o.ok && !o.result.noMatch;
        }, 'the last config file (kb-x) in use');
        // Phase 2: the user setting flips (it overrides the config file's folder).
        const settings = vscode.workspace.getConfiguration('ariaContext');
        for (let i = 1; i <= 4; i++) {
          await settings.update('knowledgeFolder', sides[i % 2].folder, vscode.ConfigurationTarget.Global);
          writeIndex(sides[i % 2], 10 + i);
          await sleep([30, 250][i % 2]);
        }
        await until(() => {
          const o = a.query('side-x');
          return o.ok && !o.result.noMatch;
        }, 'the last setting (kb-x) in use');
        await settings.update('knowledgeFolder', undefined, vscode.ConfigurationTarget.Global);
      } finally {
        running = false;
        await loop;
        fs.writeFileSync(configFile, original);
      }
      await until(() => find(a.treeRoots(), ['Known Tags', 'stripe']), 'the fixture back after the flips');
      console.log(
        `aria-context diag: consistency: ${queries} queries during 12 config flips; answers came from ${[...seen].sort().join(' and ')}`,
      );
      assert.deepEqual(problems, []);
      assert.deepEqual([...seen].sort(), ['x', 'y'], 'queries ran against both sides');
    },
  );
}

function unconfiguredScenarios(): void {
  step('not configured despite the workspace setting; choosing the folder (user setting) fills the tree', async () => {
    const a = await api();
    const ws = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(
      ws && fs.existsSync(path.join(ws, '.vscode', 'settings.json')),
      'the workspace carries a hostile settings.json',
    );
    assert.equal(a.state(), 'notConfigured');
    assert.deepEqual(a.treeRoots(), [], 'no nodes: the welcome view shows');
    // What Choose Knowledge Folder does once the dialog returns a folder: first one without
    // an index (the "run /index" welcome), then the real one.
    const config = vscode.workspace.getConfiguration('ariaContext');
    await config.update(
      'knowledgeFolder',
      path.dirname(process.env.ARIA_DESKTOP_KNOWLEDGE!),
      vscode.ConfigurationTarget.Global,
    );
    await until(() => a.state() === 'noIndex', 'the no-index state');
    assert.deepEqual(a.treeRoots(), []);
    await config.update('knowledgeFolder', process.env.ARIA_DESKTOP_KNOWLEDGE, vscode.ConfigurationTarget.Global);
    await until(() => a.state() === 'ready', 'the ready state');
    assert.ok(find(a.treeRoots(), ['Known Tags', 'stripe']));
  });

  // Needs workspace trust on and someone to click Trust: only test/e2e/inhost.e2e.ts sets this up.
  if (!process.env.ARIA_DESKTOP_CURSOR_KNOWLEDGE) return;
  step(
    'untrusted workspace: its .cursor/aria-knowledge.local.md is not used (notConfigured, empty tree); once trusted in the UI it is, and .vscode/settings.json still cannot redirect the folder',
    async () => {
      const a = await api();
      const ws = vscode.workspace.workspaceFolders![0].uri.fsPath;
      assert.ok(
        fs.existsSync(path.join(ws, '.cursor', 'aria-knowledge.local.md')),
        'the workspace carries a .cursor config',
      );
      assert.equal(vscode.workspace.isTrusted, false, 'the workspace opens untrusted (Restricted Mode)');
      // Back to no user setting: only the workspace could configure the extension now.
      await vscode.workspace
        .getConfiguration('ariaContext')
        .update('knowledgeFolder', undefined, vscode.ConfigurationTarget.Global);
      await until(() => a.state() === 'notConfigured', 'notConfigured in the untrusted workspace');
      assert.deepEqual(a.treeRoots(), [], 'empty tree: the welcome view');
      const q = a.query('cursor-only');
      assert.ok(!q.ok && q.kind === 'notConfigured');

      console.log('aria-context trust: please trust this workspace');
      await until(() => vscode.workspace.isTrusted, 'the workspace trusted in the UI', 60_000);
      await until(() => a.state() === 'ready', 'the ready state from the .cursor config');
      assert.ok(find(a.treeRoots(), ['Known Tags', 'cursor-only']), 'the .cursor config is used once trusted');
      const used = a.query('cursor-only');
      assert.ok(
        used.ok &&
          used.result.items[0]?.absPath ===
            path.join(process.env.ARIA_DESKTOP_CURSOR_KNOWLEDGE!, 'notes', 'from-cursor.md'),
      );
      // Trusted, the workspace's machine-scoped ariaContext.knowledgeFolder (the fixture, with
      // stripe) would override the .cursor folder if it counted: it does not.
      assert.equal(
        find(a.treeRoots(), ['Known Tags', 'stripe']),
        undefined,
        '.vscode/settings.json did not redirect the folder',
      );
    },
  );
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
