// A 10k-note knowledge folder (the benchmark's generator) in a real VS Code (code-server 1.139 +
// Chromium): how long from opening the aria-context view (which activates the extension) to the
// first rows of the tag tree, and that those rows are the folder's. The figure is written to
// test-artifacts/large-folder-e2e.json and reported; the README's Performance section quotes it.
//
//   npm run package   # or ARIA_E2E_VSIX=path/to/aria-context.vsix
//   node --import tsx --test test/e2e/largeFolder.e2e.ts
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { generateHome, type GeneratedHome } from '../../bench/generate';
import { REPO_ROOT, openViewContainer, openWorkbench, runCommand, screenshot, startCodeServer, treeItems, typeInQuickInput, waitFor, type CodeServer, type Workbench } from './harness';
import { packagedVsix, tempDir } from './workbench';

const VIEW = 'Tags';
const CONTAINER = 'Context';
/** The target the performance issue sets; over it the test reports a miss, it does not fail. */
const TARGET_MS = 1_000;
/** Beyond this the tree counts as dead: the test fails. */
const DEAD_MS = 30_000;

describe('a 10k-note knowledge folder in a real VS Code', { timeout: 600_000 }, () => {
  let server: CodeServer;
  let wb: Workbench;
  let page: Page;
  let g: GeneratedHome;

  before(async () => {
    const vsix = packagedVsix();
    // Note bodies are not written: the tree reads index.md and the project tier only.
    g = generateHome(tempDir('aria-e2e-10k-'), 10_000, undefined, 0);
    const workspace = tempDir('aria-e2e-ws-');
    fs.writeFileSync(path.join(workspace, 'README.md'), '# A repository\n');
    server = await startCodeServer({ workspace, vsixPath: vsix, env: { HOME: g.home } });
    wb = await openWorkbench(server, workspace);
    page = wb.page;
  });

  after(async () => {
    if (page) await screenshot(page, 'large-folder-e2e-last').catch(() => undefined);
    await wb?.close();
    if (server) {
      fs.mkdirSync(path.join(REPO_ROOT, 'test-artifacts'), { recursive: true });
      fs.writeFileSync(path.join(REPO_ROOT, 'test-artifacts', 'large-folder-e2e-server.log'), server.logs.join('\n'));
      await server.stop();
    }
  });

  test('opening the view shows the tag tree of a 10k-note folder; the time to its first rows is reported', async (t) => {
    const rows = page.locator(`.monaco-list[aria-label="${VIEW}"] .monaco-list-row[role="treeitem"]`);
    assert.equal(await rows.count(), 0, 'no tree rows before the view is opened');
    const started = performance.now();
    await openViewContainer(page, CONTAINER);
    await rows.first().waitFor({ state: 'visible', timeout: DEAD_MS });
    const firstRowsMs = performance.now() - started;

    // The rows are this folder's: Known Tags with the generator's count, its projects.
    const tree = await waitFor(
      async () => {
        const items = await treeItems(page, VIEW);
        return items.some((r) => r.level === 1 && r.label === 'Known Tags') ? items : undefined;
      },
      DEAD_MS,
      'the Known Tags group',
    );
    const known = tree.find((r) => r.level === 1 && r.label === 'Known Tags')!;
    assert.equal(known.description, String(g.knownTags), 'Known Tags counts the generated known tags');
    // A thousand tags do not fit the viewport (the list renders only visible rows): find the
    // queried tag as a user would, with Go to Tag…, which reveals it.
    await runCommand(page, 'Context: Go to Tag…');
    await typeInQuickInput(page, g.queries.oneTag);
    await page.keyboard.press('Enter');
    await waitFor(
      async () => ((await treeItems(page, VIEW)).some((r) => r.level === 2 && r.label === g.queries.oneTag) ? true : undefined),
      DEAD_MS,
      `known tag ${g.queries.oneTag} revealed in the tree`,
    );

    const figure = { notes: g.notes, indexBytes: g.indexBytes, firstRowsMs: Math.round(firstRowsMs), targetMs: TARGET_MS, met: firstRowsMs <= TARGET_MS };
    fs.mkdirSync(path.join(REPO_ROOT, 'test-artifacts'), { recursive: true });
    fs.writeFileSync(path.join(REPO_ROOT, 'test-artifacts', 'large-folder-e2e.json'), `${JSON.stringify(figure, null, 2)}\n`);
    t.diagnostic(`first tree rows ${Math.round(firstRowsMs)} ms after opening the view (activation included), target ≤ ${TARGET_MS} ms: ${figure.met ? 'PASS' : 'MISS'}`);
  });
});
