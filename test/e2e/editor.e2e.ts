// The extension as a user meets it in a real VS Code (code-server 4.139 = VS Code 1.139), driven
// through its UI by Chromium: the packaged .vsix installs with --install-extension and the
// palette shows the commands; the query pick list, the tag tree, live refresh, the welcome view
// and Choose Knowledge Folder; a workspace `.vscode/settings.json` cannot move the knowledge
// folder.
//
//   bash scripts/e2e/setup-harness.sh                       # once; cached outside the repo
//   node --import tsx --test test/e2e/editor.e2e.ts
//
// Environment:
//   ARIA_E2E_VSIX   use this .vsix instead of running `npm run package` first
//
// The server's extension host gets HOME = a temp copy of examples/knowledge-home (mtimes set as
// test/golden/cases.json says) and ARIA_CONTEXT_TODAY = its "today" — the extension's one test
// hook, so artifact and idea ages read as the golden cases expect whatever the clock says.
//
// DOM used: the harness's quick input / tree / tab / notification helpers, plus here:
//   `.quick-input-widget .quick-input-list .monaco-list-row` (data-index, aria-checked,
//   `.monaco-checkbox`), `.monaco-list[aria-label="Tags"] .monaco-list-row[role=treeitem]`,
//   `.part.sidebar .welcome-view-content` and its `.monaco-button`s,
//   `.part.editor .tabs-container .tab` (aria-label, class `preview`/italic label).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  closeQuickInput,
  editorTabTitles,
  openQuickInput,
  runCommand,
  screenshot,
  sleep,
  treeItems,
  typeInQuickInput,
  waitFor,
  type TreeRow,
} from './harness';
import {
  closeAllEditors,
  fixtureHome,
  golden,
  groups,
  isChecked,
  keepScreenshot,
  knownTagRows,
  namedWorkspace,
  pickRow,
  renderedPickRows,
  runQuery,
  tabs,
  tagTreeRow as treeRow,
  tempDir,
  openSession,
  openTagView,
} from './workbench';
import { listFirstUnder, suiteSession } from './suiteSession';

const VIEW = 'Tags'; // the view's name in package.json

function decoyKnowledge(): { folder: string; config: string } {
  const root = tempDir('aria-e2e-decoy-');
  const folder = path.join(root, 'knowledge');
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, 'decoy.md'), '# Decoy\n');
  fs.writeFileSync(
    path.join(folder, 'index.md'),
    '# Knowledge Index\n\n## Known Tags\n\ndecoy-tag\n\n## Tag Index\n\n### decoy-tag\n- decoy.md — Decoy note\n',
  );
  const config = path.join(root, 'aria-knowledge.local.md');
  fs.writeFileSync(config, `---\nknowledge_folder: ${folder}\n---\n`);
  return { folder, config };
}

/** A workspace folder whose .vscode/settings.json tries to set the machine-scoped paths. */
function hostileWorkspace(target: { folder: string; config?: string }): string {
  const ws = namedWorkspace();
  fs.mkdirSync(path.join(ws, '.vscode'));
  const settings: Record<string, string> = {
    'ariaContext.knowledgeFolder': target.folder,
    'ariaContext.projectsRoot': path.dirname(target.folder),
  };
  if (target.config) settings['ariaContext.configFile'] = target.config;
  fs.writeFileSync(path.join(ws, '.vscode', 'settings.json'), JSON.stringify(settings, null, 2));
  fs.writeFileSync(path.join(ws, 'README.md'), '# A cloned repository\n');
  return ws;
}

async function tree(page: Page): Promise<TreeRow[]> {
  return treeItems(page, VIEW);
}

/** The `Known Tags` child row of `tag`. */
async function knownTagRow(page: Page, tag: string): Promise<TreeRow | undefined> {
  return (await knownTagRows(page)).find((r) => r.label === tag);
}

// ---------------------------------------------------------------------------------------------
// The fixture, configured through HOME (~/.claude/aria-knowledge.local.md)

describe('aria-context in a real VS Code, on the fixture', { timeout: 600_000 }, () => {
  let home: string;
  let decoy: { folder: string; config: string };
  const session = suiteSession('editor-e2e', () => {
    home = fixtureHome();
    // This workspace tries to point the extension at a decoy folder.
    decoy = decoyKnowledge();
    const workspace = hostileWorkspace(decoy);
    return openSession({ home, workspace });
  });

  test('the installed .vsix puts Context: Query and Context: Show Query Summary in the palette', async () => {
    assert.ok(fs.existsSync(session.server.extensionsDir));
    const installed = fs
      .readdirSync(session.server.extensionsDir)
      .filter((d) => d.startsWith('aria-context.aria-context-'));
    assert.equal(installed.length, 1, `installed: ${fs.readdirSync(session.server.extensionsDir).join(', ')}`);
    await openQuickInput(session.page, 'F1');
    const labels: string[] = await waitFor(
      async () => {
        await typeInQuickInput(session.page, '>'); // an open palette only refreshes its list on input
        await typeInQuickInput(session.page, '>Context: ');
        const rows = await renderedPickRows(session.page);
        const l = rows.map((r) => r.label);
        return l.includes('Context: Query') && l.includes('Context: Show Query Summary') ? l : undefined;
      },
      30_000,
      'the Context commands in the palette',
    );
    // Item-only commands stay out of the palette.
    for (const hidden of ['Context: Open to the Side', 'Context: Copy as Context', 'Context: Query This Tag'])
      assert.ok(!labels.includes(hidden), hidden);
    await closeQuickInput(session.page);
  });

  test('Context: Query → stripe → the golden stripe items under their group separators → pick two → two tabs', async (t) => {
    const rows = await runQuery(session.page, 'stripe');
    const expected = golden.cases.find((c) => c.args.join(' ') === 'stripe')!.items;
    // The pick list shows each path exactly as the summary does.
    assert.deepEqual(
      rows.map((r) => r.description),
      expected.map(([, p]) => p),
    );
    assert.deepEqual(
      groups(rows).map((g) => [g.separator, g.rows.map((r) => r.description)]),
      [
        ['Team-shared (1)', ['~/Projects/proj-a/_project-knowledge/2026-04-28-mike-webhook-retries.md']],
        ['Cross-project (2)', ['approaches/api-pagination.md', 'references/stripe-webhook-patterns.md']],
      ],
    );
    assert.equal(rows[0].label, 'Webhook retry policy');
    assert.equal(rows[0].detail, 'project: proj-a, scope: repo · tags: api, stripe');
    assert.equal(rows[1].detail, 'tags: api, pagination, stripe');
    await keepScreenshot(session.page, 'query-pick-list');

    for (const p of ['approaches/api-pagination.md', 'references/stripe-webhook-patterns.md']) {
      const row = pickRow(session.page, p);
      await row.locator('.monaco-checkbox').click();
      assert.ok(await isChecked(session.page, row), `${p} checked`);
    }
    await session.page.locator('.quick-input-widget .quick-input-box input').focus();
    await session.page.keyboard.press('Enter');
    await session.page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
    const open: Array<{ label: string; preview: boolean }> = await waitFor(
      async () => {
        const t = await tabs(session.page);
        return t.length === 2 ? t : undefined;
      },
      15_000,
      'two editor tabs',
    );
    assert.ok(open[0].label.startsWith('api-pagination.md'), open[0].label);
    assert.ok(open[1].label.startsWith('stripe-webhook-patterns.md'), open[1].label);
    assert.deepEqual(
      open.map((t) => t.preview),
      [false, false],
      'tabs are not previews',
    );
    // The "aria-context" output channel logs the activation time (the benchmark reads it).
    const logsDir = path.join(session.server.userDataDir, 'logs');
    const outputLogs = () =>
      (fs.readdirSync(logsDir, { recursive: true }) as string[]).filter((f) => f.endsWith('aria-context.log'));
    const activated = await waitFor(
      () =>
        outputLogs()
          .map((f) => fs.readFileSync(path.join(logsDir, f), 'utf8'))
          .find((t) => /Activated in \d+ ms/.test(t)),
      10_000,
      `"Activated in N ms" in an aria-context output log (found: ${outputLogs().join(', ') || 'none'})`,
    );
    assert.match(activated, /Activated in \d+ ms/);
    t.diagnostic(
      activated
        .split('\n')
        .filter((l) => /Activated in|Loaded state/.test(l))
        .join(' | '),
    );
    await closeAllEditors(session.page);
  });

  test('proj-a → the expansion note and pending ideas named in the title, only files listed; the tracked artifact is pickable', async () => {
    const rows = await runQuery(session.page, 'proj-a');
    const labels = rows.map((r) => r.label);
    const title = (await session.page.locator('.quick-input-widget .quick-input-title').textContent()) ?? '';
    assert.match(
      title,
      /^proj-a — 7 files \(OR\) · 2 pending ideas.* · Expanded proj-a to include: api, stripe, webhooks$/,
    );
    assert.ok(
      !labels.some((l) => l.includes('/setup diff prompts')),
      'ideas are not rows (they could show a checkbox)',
    );
    const seps = groups(rows).map((g) => g.separator);
    assert.deepEqual(seps.slice(0, 4), [
      'Team-shared (2)',
      'Project-specific (2)',
      'Cross-project (3)',
      'Tracked artifacts (1)',
    ]);
    const artifact = rows.find((r) => r.description === '~/Projects/proj-a/CODEMAP.md');
    assert.ok(artifact, 'CODEMAP.md row');
    assert.equal(artifact.detail, '8 days ago — fresh · project: proj-a');
    await keepScreenshot(session.page, 'query-proj-a');

    await typeInQuickInput(session.page, 'CODEMAP');
    const codemap = pickRow(session.page, '~/Projects/proj-a/CODEMAP.md');
    await codemap.locator('.monaco-checkbox').click();
    assert.equal(await isChecked(session.page, codemap), true, 'the artifact can be picked');
    await session.page.locator('.quick-input-widget .quick-input-box input').focus();
    await session.page.keyboard.press('Enter');
    await waitFor(
      async () => (await editorTabTitles(session.page)).some((t) => t.startsWith('CODEMAP.md')),
      15_000,
      'CODEMAP.md tab',
    );
    assert.equal((await editorTabTitles(session.page)).length, 1);
    await closeAllEditors(session.page);
  });

  test('the tag tree shows the index (stripe: 2 files); clicking a file opens it', async () => {
    await openTagView(session.page);
    const stripe: TreeRow = await waitFor(() => knownTagRow(session.page, 'stripe'), 20_000, 'stripe under Known Tags');
    assert.equal(stripe.description, '2 files + 1 team-shared');
    const top = (await tree(session.page)).filter((r) => r.level === 1).map((r) => r.label);
    // The index's state heads the tree (For the Active File joins it only while a file is open).
    assert.match(top[0] ?? '', /^index: /);
    assert.deepEqual(top.slice(1), ['Projects', 'Known Tags', 'Other Tags', 'Team-shared', 'Warnings']);
    assert.equal(
      (await knownTagRow(session.page, 'deployment'))?.description,
      '1 file · aliases: deploy, ship, release',
    );
    // The workspace's decoy folder is not what the tree shows.
    assert.equal(await knownTagRow(session.page, 'decoy-tag'), undefined);

    await treeRow(session.page, 'stripe', 2).click();
    await waitFor(
      async () => (await tree(session.page)).some((r) => r.level === 3 && r.label === 'Webhook signature verification'),
      10_000,
      'stripe expanded',
    );
    const children = (await tree(session.page))
      .filter((r) => r.level === 3)
      .map((r) => `${r.label} | ${r.description}`);
    // The rows are what querying stripe returns, in its order: the team-shared note first.
    assert.deepEqual(children, [
      'Webhook retry policy | ~/Projects/proj-a/_project-knowledge/2026-04-28-mike-webhook-retries.md',
      'Cursor-based pagination patterns | approaches/api-pagination.md',
      'Webhook signature verification | references/stripe-webhook-patterns.md',
    ]);
    await keepScreenshot(session.page, 'tag-tree');

    await treeRow(session.page, 'Webhook signature verification', 3).click();
    await waitFor(
      async () => (await editorTabTitles(session.page)).some((t) => t.startsWith('stripe-webhook-patterns.md')),
      15_000,
      'the clicked file open',
    );
    await closeAllEditors(session.page);
  });

  test('live refresh — index.md edit and a new project file show in the tree and the next query, no reload', async () => {
    await session.page.evaluate('globalThis.__ariaNoReload = 42');
    const indexFile = path.join(home, 'knowledge', 'index.md');
    listFirstUnder(indexFile, '### stripe', '- approaches/offline-sync.md — Offline-first sync for mobile');
    const launch = path.join(home, 'knowledge', 'projects', 'proj-b', 'notes', 'launch.md');
    fs.mkdirSync(path.dirname(launch), { recursive: true });
    fs.writeFileSync(launch, '---\ntags: [launch, nextjs]\n---\n\n# Launch checklist\n');

    await openTagView(session.page);
    const stripe: TreeRow = await waitFor(
      async () => {
        const row = await knownTagRow(session.page, 'stripe');
        return row?.description === '3 files + 1 team-shared' ? row : undefined;
      },
      20_000,
      'stripe with 3 files (+ 1 team-shared) in the tree',
    );
    assert.equal(stripe.expanded, true, 'expansion state survived the refresh (stable ids)');
    assert.ok((await tree(session.page)).some((r) => r.level === 3 && r.label === 'Offline-first sync for mobile'));
    await keepScreenshot(session.page, 'tag-tree-live');

    const stripeRows = await runQuery(session.page, 'stripe');
    assert.ok(
      stripeRows.some((r) => r.description === 'approaches/offline-sync.md'),
      stripeRows.map((r) => r.description).join('\n'),
    );
    await closeQuickInput(session.page);

    const projB = await runQuery(session.page, 'proj-b');
    const group = groups(projB).find((g) => g.separator.startsWith('Project-specific'));
    assert.ok(group, projB.map((r) => `${r.separator} | ${r.description}`).join('\n'));
    assert.equal(group.separator, 'Project-specific (1)');
    assert.deepEqual(
      group.rows.map((r) => r.description),
      ['projects/proj-b/notes/launch.md'],
    );
    assert.equal(group.rows[0].label, 'Launch checklist');
    await closeQuickInput(session.page);
    assert.equal(await session.page.evaluate('globalThis.__ariaNoReload'), 42, 'the window was not reloaded');
  });

  test('no match: the no-match message with the known tags, and Enter on "Edit the query" goes back to Step 1', async () => {
    const rows = await runQuery(session.page, 'nonexistent-tag');
    const labels = rows.map((r) => r.label);
    assert.deepEqual(labels.slice(0, 4), [
      'No files match tag(s): [nonexistent-tag]',
      'Known tags: api, architecture, css, database, deployment (deploy, ship …), kubernetes (k8s, kube), nextjs, react-native (rn), security, stripe, testing',
      "Run Context: Rebuild Index to rebuild if you've recently added files.",
      'Edit the query',
    ]);
    await session.page.keyboard.press('Enter');
    await session.page
      .locator('.quick-input-widget .quick-input-title', { hasText: 'Context: Query' })
      .waitFor({ timeout: 10_000 });
    assert.equal(
      await session.page.locator('.quick-input-widget .quick-input-box input').inputValue(),
      'nonexistent-tag',
    );
    await closeQuickInput(session.page);
  });

  test("machine-scoped path settings — the workspace's .vscode/settings.json (knowledgeFolder, configFile, projectsRoot → a decoy) cannot redirect them", async () => {
    const rows = await runQuery(session.page, 'decoy-tag');
    assert.equal(rows[0]?.label, 'No files match tag(s): [decoy-tag]', rows.map((r) => r.label).join('\n'));
    await closeQuickInput(session.page);
    assert.equal(await knownTagRow(session.page, 'decoy-tag'), undefined, 'the decoy index is not in the tree');
    const logsDir = path.join(session.server.userDataDir, 'logs');
    const log = (fs.readdirSync(logsDir, { recursive: true }) as string[])
      .filter((f) => f.endsWith('aria-context.log'))
      .map((f) => fs.readFileSync(path.join(logsDir, f), 'utf8'))
      .join('\n');
    assert.match(
      log,
      new RegExp(`Loaded state ready \\(${path.join(home, 'knowledge').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\)`),
      log,
    );
    assert.ok(
      !log.includes(decoy.folder) && !log.includes(decoy.config),
      `the decoy never appears in the log:\n${log}`,
    );
  });

  test('Context: Show Query Summary opens the last query as a read-only markdown document', async () => {
    await runQuery(session.page, 'stripe');
    await closeQuickInput(session.page);
    await runCommand(session.page, 'Context: Show Query Summary');
    await waitFor(
      async () => (await editorTabTitles(session.page)).some((t) => t.startsWith('Query Summary.md')),
      10_000,
      'the summary tab',
    );
    const lines = await waitFor(
      async () => {
        const now = (await session.page.locator('.part.editor .view-lines .view-line').allTextContents()).map((l) =>
          l.replace(/\u00a0/g, ' '),
        );
        return now.some((l) => l.includes('Found 4 files matching: [stripe] (OR)')) ? now : undefined;
      },
      10_000,
      'the stripe summary',
    );
    assert.ok(
      lines.some((l) => l.includes('## Team-shared (1 file)')),
      lines.join('\n'),
    );
    await runCommand(session.page, 'View: Close Editor');
  });
});

// ---------------------------------------------------------------------------------------------
// Not configured: empty HOME

describe('aria-context in a real VS Code, unconfigured', { timeout: 600_000 }, () => {
  let knowledge: string;
  let workspace: string;
  const session = suiteSession('editor-unconfigured-e2e', () => {
    const home = tempDir('aria-e2e-empty-home-');
    const elsewhere = fixtureHome();
    knowledge = path.join(elsewhere, 'knowledge');
    // The workspace tries to configure the folder; it must not count.
    workspace = hostileWorkspace({ folder: knowledge });
    return openSession({ home, workspace });
  });

  test('the welcome view; Choose Knowledge Folder (user setting) makes the tree appear', async () => {
    await openTagView(session.page);
    const welcome = session.page.locator('.part.sidebar .welcome-view-content');
    await welcome.waitFor({ state: 'visible', timeout: 20_000 });
    await waitFor(
      async () =>
        (await welcome.textContent())?.includes(
          'aria-knowledge is not configured. Run /setup to get started: /setup is an aria-knowledge command, run in your agent',
        ),
      10_000,
      'the not-configured message',
    );
    const buttons = await welcome.locator('.monaco-button').allTextContents();
    assert.deepEqual(
      buttons.map((b) => b.trim()),
      ['Choose Knowledge Folder', 'Open Settings'],
    );
    await keepScreenshot(session.page, 'welcome');

    await welcome.locator('.monaco-button', { hasText: 'Choose Knowledge Folder' }).click();
    // code-server's folder dialog is VS Code's simple file dialog: a quick input holding a path,
    // filled in asynchronously as it lists the default folder. Type the folder once the dialog
    // has settled, then press its OK button ("Use as Knowledge Folder").
    const box = session.page.locator('.quick-input-widget .quick-input-box input');
    await box.waitFor({ state: 'visible', timeout: 10_000 });
    const target = `${knowledge}/`;
    await waitFor(
      async () => {
        if (await session.page.locator('.quick-input-widget').isVisible()) {
          if ((await box.inputValue()) !== target) {
            await box.fill(target);
            await sleep(700);
            return false; // check again that the dialog did not overwrite it
          }
          const ok = session.page.locator('.quick-input-widget .quick-input-action .monaco-button', {
            hasText: 'Use as Knowledge Folder',
          });
          if (await ok.isVisible()) await ok.click();
          else await session.page.keyboard.press('Enter');
          await sleep(700);
        }
        return (await tree(session.page)).some((r) => r.level === 1 && r.label === 'Known Tags');
      },
      30_000,
      'the folder dialog to accept the folder and the tag tree to appear',
    ).catch(async (err: unknown) => {
      await screenshot(session.page, 'welcome-choose-folder-failure');
      throw err;
    });
    assert.equal((await knownTagRow(session.page, 'stripe'))?.description, '2 files');
    const written = ['Machine', 'User']
      .map((d) => path.join(session.server.userDataDir, d, 'settings.json'))
      .filter((f) => fs.existsSync(f))
      .map((f) => JSON.parse(fs.readFileSync(f, 'utf8')) as Record<string, unknown>);
    assert.ok(
      written.some((s) => s['ariaContext.knowledgeFolder'] === knowledge),
      JSON.stringify(written),
    );
    const ws = JSON.parse(fs.readFileSync(path.join(workspace, '.vscode', 'settings.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    assert.equal(ws['ariaContext.knowledgeFolder'], knowledge, 'the workspace settings file was not rewritten');
    await keepScreenshot(session.page, 'tree-after-choose');
  });
});
