// Proves the e2e harness on a throwaway extension: real code-server + Chromium, command
// palette, notifications, a tree view in its own activity bar container, the Chat view's
// attachment chips, and both ways of loading an extension (development folder and .vsix).
//
//   bash scripts/e2e/setup-harness.sh            # once; cached outside the repo
//   node --import tsx --test test/e2e/smoke.e2e.ts
import { execFileSync } from 'node:child_process';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  REPO_ROOT,
  chatAttachments,
  chatInputText,
  closeQuickInput,
  editorTabTitles,
  notificationMessages,
  openQuickInput,
  openViewContainer,
  openWorkbench,
  quickInputItems,
  runCommand,
  screenshot,
  showNotifications,
  startCodeServer,
  treeItems,
  typeInQuickInput,
  waitFor,
  type CodeServer,
  type Workbench,
} from './harness';

const MESSAGE = 'Hello from the harness';

/** A plain-JS extension: commands, a quick pick with separators, a tree view, a chat call. */
function writeHelloExtension(dir: string): void {
  const manifest = {
    name: 'harness-hello',
    publisher: 'aria-e2e',
    version: '0.0.1',
    engines: { vscode: '^1.90.0' },
    main: './extension.js',
    activationEvents: ['onStartupFinished'],
    contributes: {
      commands: [
        { command: 'harness.hello', title: 'Hello', category: 'Harness' },
        { command: 'harness.pick', title: 'Pick', category: 'Harness' },
        { command: 'harness.chat', title: 'Attach To Chat', category: 'Harness' },
      ],
      viewsContainers: { activitybar: [{ id: 'harnessBox', title: 'Harness Box', icon: '$(beaker)' }] },
      views: { harnessBox: [{ id: 'harnessBox.tree', name: 'Harness Tree' }] },
    },
  };
  const source = `
const vscode = require('vscode');
exports.activate = (context) => {
  const root = () => vscode.workspace.workspaceFolders[0].uri;
  context.subscriptions.push(
    vscode.commands.registerCommand('harness.hello', () => vscode.window.showInformationMessage(${JSON.stringify(MESSAGE)})),
    vscode.commands.registerCommand('harness.pick', () => vscode.window.showQuickPick([
      { label: 'Group A', kind: vscode.QuickPickItemKind.Separator },
      { label: 'alpha', description: 'desc-a', detail: 'detail-a' },
      { label: 'beta' },
      { label: 'Group B', kind: vscode.QuickPickItemKind.Separator },
      { label: 'gamma' },
    ])),
    vscode.commands.registerCommand('harness.chat', () => vscode.commands.executeCommand('workbench.action.chat.open', {
      query: 'summarize these', isPartialQuery: true,
      attachFiles: [vscode.Uri.joinPath(root(), 'a.md'), vscode.Uri.joinPath(root(), 'b.md')],
    })),
    vscode.window.createTreeView('harnessBox.tree', { treeDataProvider: {
      getChildren: (e) => e ? [{ label: 'leaf' }] : [{ label: 'parent', open: true }, { label: 'sibling' }],
      getTreeItem: (e) => Object.assign(new vscode.TreeItem(e.label, e.open
        ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None), { description: 'd-' + e.label }),
    } }),
  );
};
`;
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  fs.writeFileSync(path.join(dir, 'extension.js'), source);
}

function makeWorkspace(root: string): string {
  const ws = path.join(root, 'workspace');
  fs.mkdirSync(ws, { recursive: true });
  fs.writeFileSync(path.join(ws, 'a.md'), '# A\n');
  fs.writeFileSync(path.join(ws, 'b.md'), '# B\n');
  return ws;
}

async function helloShowsNotification(wb: Workbench): Promise<void> {
  await runCommand(wb.page, 'Harness: Hello');
  await showNotifications(wb.page);
  await waitFor(async () => (await notificationMessages(wb.page)).includes(MESSAGE), 15_000, 'the notification');
}

describe('e2e harness smoke', { timeout: 240_000 }, () => {
  let tmp: string;
  let workspace: string;
  let extDir: string;

  before(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'aria-e2e-smoke-'));
    workspace = makeWorkspace(tmp);
    extDir = path.join(tmp, 'harness-hello');
    writeHelloExtension(extDir);
  });
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  describe('development extension (extensionDevelopmentPath)', () => {
    let server: CodeServer;
    let wb: Workbench;

    before(async () => {
      server = await startCodeServer({ workspace, extensionDevelopmentPath: extDir });
      wb = await openWorkbench(server, workspace);
    });
    after(async () => {
      await wb?.close();
      await server?.stop();
    });

    test('palette command shows its notification', async () => {
      await helloShowsNotification(wb);
      await screenshot(wb.page, 'smoke-notification');
    });

    test('quick pick rows and separators', async () => {
      await runCommand(wb.page, 'Harness: Pick');
      const rows = await waitFor(async () => {
        const items = await quickInputItems(wb.page);
        return items.some((r) => r.label === 'gamma') && items;
      });
      assert.deepEqual(
        rows.map((r) => [r.label, r.description, r.detail, r.separator]),
        [
          ['alpha', 'desc-a', 'detail-a', 'Group A'],
          ['beta', '', '', ''],
          ['gamma', '', '', 'Group B'],
        ],
      );
      await closeQuickInput(wb.page);
    });

    test('quick open opens an editor tab', async () => {
      await openQuickInput(wb.page, 'Control+P');
      await typeInQuickInput(wb.page, 'a.md');
      await waitFor(async () => (await quickInputItems(wb.page)).some((r) => r.label === 'a.md'));
      await wb.page.keyboard.press('Enter');
      await waitFor(async () => (await editorTabTitles(wb.page)).includes('a.md'), 10_000, 'the a.md tab');
    });

    test('tree view in its own activity bar container', async () => {
      await openViewContainer(wb.page, 'Harness Box');
      const rows = await waitFor(
        async () => {
          const items = await treeItems(wb.page, 'Harness Tree');
          return items.length === 3 && items;
        },
        15_000,
        'the tree rows',
      );
      assert.deepEqual(rows, [
        { label: 'parent', description: 'd-parent', level: 1, expanded: true },
        { label: 'leaf', description: 'd-leaf', level: 2, expanded: undefined },
        { label: 'sibling', description: 'd-sibling', level: 1, expanded: undefined },
      ]);
    });

    test('chat input gets the attached files as chips', async () => {
      await runCommand(wb.page, 'Harness: Attach To Chat');
      const chips = await waitFor(
        async () => {
          const found = await chatAttachments(wb.page);
          return found.length === 2 && found;
        },
        15_000,
        'two chat attachment chips',
      );
      assert.deepEqual(
        chips.map((c) => c.name),
        ['a.md', 'b.md'],
      );
      assert.match(chips[0].ariaLabel, /^Attached file, a\.md /);
      assert.equal(await chatInputText(wb.page), 'summarize these');
      await screenshot(wb.page, 'smoke-workbench');
    });
  });

  test('packaged extension (--install-extension <vsix>)', async () => {
    const vsix = path.join(tmp, 'harness-hello.vsix');
    execFileSync(
      path.join(REPO_ROOT, 'node_modules', '.bin', 'vsce'),
      ['package', '--allow-missing-repository', '--skip-license', '-o', vsix],
      { cwd: extDir, stdio: 'pipe' },
    );
    const server = await startCodeServer({ workspace, vsixPath: vsix });
    try {
      assert.ok(fs.readdirSync(server.extensionsDir).some((d) => d.startsWith('aria-e2e.harness-hello-')));
      const wb = await openWorkbench(server, workspace);
      try {
        await helloShowsNotification(wb);
        await screenshot(wb.page, 'smoke-vsix');
      } finally {
        await wb.close();
      }
    } finally {
      await server.stop();
    }
  });
});
