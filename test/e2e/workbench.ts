// Workbench helpers shared by the e2e suites: the fixture HOME, the packaged .vsix, and the
// Context: Query pick list read back from the DOM (rows, separators, checkboxes).
import { execFileSync } from 'node:child_process';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { fixtureCopy, goldenFile, tempDir } from '../helpers';
import {
  REPO_ROOT,
  editorTabTitles,
  notificationMessages,
  openViewContainer,
  openWorkbench,
  QUICK_INPUT_FIELDS,
  rowTexts,
  runCommand,
  screenshot,
  showNotifications,
  sleep,
  startCodeServer,
  treeItems,
  typeInQuickInput,
  waitFor,
  type CodeServer,
  type TreeRow,
  type Workbench,
} from './harness';

export const SCREENSHOTS = path.join(REPO_ROOT, 'media', 'screenshots');

export interface Golden {
  today: string;
  mtimes: Record<string, string>;
  cases: Array<{ name: string; args: string[]; items: Array<[string, string]> }>;
}
export const golden = JSON.parse(fs.readFileSync(goldenFile, 'utf8')) as Golden;

// ---------------------------------------------------------------------------------------------
// Setup helpers

/** A temp copy of examples/knowledge-home with the modification times the golden cases set. */
export function fixtureHome(): string {
  // Renamed to a fixed name (mtimes survive a rename) so paths in screenshots do not vary.
  const home = path.join(tempDir('aria-e2e-home-'), 'home');
  fs.renameSync(fixtureCopy('aria-e2e-home-'), home);
  return home;
}

/** Another knowledge folder (+ config) a hostile workspace setting tries to point at. */

export let vsixPath: string | undefined;
export function packagedVsix(): string {
  if (vsixPath) return vsixPath;
  if (process.env.ARIA_E2E_VSIX) return (vsixPath = path.resolve(process.env.ARIA_E2E_VSIX));
  execFileSync('npm', ['run', 'package'], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  vsixPath = path.join(
    REPO_ROOT,
    `aria-context-${(JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version}.vsix`,
  );
  const size = fs.statSync(vsixPath).size;
  assert.ok(size < 500 * 1024, `the .vsix is ${size} bytes, over 500 KB`);
  return vsixPath;
}

/** A suite's workbench: the server, the browser and its page. */
export interface Session {
  server: CodeServer;
  wb: Workbench;
  page: Page;
}

/** What a suite's workbench runs on. */
export interface SessionSpec {
  /** HOME of code-server and the extension: where the config and the knowledge folder are. */
  home: string;
  /** The folder opened: `home` unless said. */
  workspace?: string;
  /** ARIA_CONTEXT_TODAY: the golden cases' day unless said; `null` leaves the real day. */
  today?: string | null;
  /** More environment for the server (a stub's log file…). */
  env?: Record<string, string>;
  userSettings?: Record<string, unknown>;
  /** An unpackaged extension loaded beside the .vsix. */
  extensionDevelopmentPath?: string;
}

/** The desktop's default (off): a fix left unsaved stays unsaved (the browser build saves after a delay). */
export const AUTO_SAVE_OFF = { 'files.autoSave': 'off' };

/**
 * code-server with the packaged extension on `spec.home`, its workspace opened in Chromium. The
 * server is stopped should the workbench fail to open.
 */
export async function openSession(spec: SessionSpec): Promise<Session> {
  const workspace = spec.workspace ?? spec.home;
  const today = spec.today === undefined ? golden.today : spec.today;
  const server = await startCodeServer({
    workspace,
    vsixPath: packagedVsix(),
    extensionDevelopmentPath: spec.extensionDevelopmentPath,
    env: { HOME: spec.home, ...(today === null ? {} : { ARIA_CONTEXT_TODAY: today }), ...spec.env },
    userSettings: spec.userSettings,
  });
  try {
    const wb = await openWorkbench(server, workspace);
    return { server, wb, page: wb.page };
  } catch (err) {
    await server.stop();
    throw err;
  }
}

/**
 * code-server with the packaged extension, HOME the example folder, and `workspace` opened with
 * only a README in it (the suites about what the extension contributes to chat and agents).
 */
export async function openExampleSession(workspace: string, userSettings?: Record<string, unknown>): Promise<Session> {
  fs.writeFileSync(path.join(workspace, 'README.md'), '# workspace\n');
  return openSession({ home: fixtureHome(), workspace, userSettings });
}

/** The Problems panel shown (Ctrl+Shift+M toggles it, so it is pressed only when hidden). */
export async function showProblems(page: Page): Promise<void> {
  if (
    !(await page
      .locator('.markers-panel')
      .first()
      .isVisible()
      .catch(() => false))
  )
    await page.keyboard.press('Control+Shift+M');
  await waitFor(async () => page.locator('.markers-panel').first().isVisible(), 10_000, 'the Problems panel');
}

/**
 * Ends a suite's workbench: a last screenshot (`<name>-last`, for a failure's post-mortem), the
 * browser closed, the server's log kept as test-artifacts/<name>-server.log (with `keep` for
 * more), the server stopped. Each step copes with what `before` did not get to start.
 */
export async function endSession(
  name: string,
  s: { page?: Page; wb?: Workbench; server?: CodeServer },
  keep?: (artifacts: string, server: CodeServer) => void,
): Promise<void> {
  if (s.page) await screenshot(s.page, `${name}-last`).catch(() => undefined);
  await s.wb?.close();
  if (!s.server) return;
  const artifacts = path.join(REPO_ROOT, 'test-artifacts');
  fs.mkdirSync(artifacts, { recursive: true });
  fs.writeFileSync(path.join(artifacts, `${name}-server.log`), s.server.logs.join('\n'));
  keep?.(artifacts, s.server);
  await s.server.stop();
}

/** Lines the extension wrote to its output channel (the log files code-server keeps for it). */
export function extensionLog(server: CodeServer): string {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.includes('aria-context')) found.push(fs.readFileSync(p, 'utf8'));
    }
  };
  walk(path.join(server.userDataDir, 'logs'));
  return found.join('\n');
}

/** endSession's `keep` that adds the extension's log, as test-artifacts/<name>-extension.log. */
export function keepExtensionLog(name: string): (artifacts: string, server: CodeServer) => void {
  return (artifacts, server) => fs.writeFileSync(path.join(artifacts, `${name}-extension.log`), extensionLog(server));
}

/**
 * The documentation's images (README.md, docs/EDITOR.md): refreshed only when someone means to (`npm run screenshots` sets
 * ARIA_UPDATE_SCREENSHOTS=1). A test run writes its screenshots to test-artifacts/ only, so it
 * never changes a tracked file.
 */
export const UPDATE_SCREENSHOTS = process.env.ARIA_UPDATE_SCREENSHOTS === '1';

/**
 * A workspace folder with a fixed name inside a fresh temp dir: the window title shows the
 * folder's name, so screenshots do not depend on a random temp name.
 */
export function namedWorkspace(name = 'example-repo'): string {
  const dir = path.join(tempDir('aria-e2e-ws-'), name);
  fs.mkdirSync(dir);
  return dir;
}

/**
 * A screenshot for test-artifacts/ (and media/screenshots/ when UPDATE_SCREENSHOTS). Hovers,
 * the blinking text cursor and progress spinners are hidden for it, and animations held: VS Code
 * 1.139 shows the focused quick input's placeholder as a hover over the title, and a caret or a
 * spinner frame may or may not be drawn at that instant.
 */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  const style = await page.addStyleTag({
    content: [
      '.workbench-hover-container, .monaco-hover { display: none !important; }',
      '.monaco-editor .cursors-layer { visibility: hidden !important; }',
      // scrollbars fade in and out after a scroll
      '.monaco-scrollable-element > .scrollbar { visibility: hidden !important; }',
      // progress spinners ("Activating Extensions…") are caught at a random frame, or not at all
      '.part.statusbar .statusbar-item:has(.codicon-loading, .codicon-sync) { visibility: hidden !important; }',
      '*, *::before, *::after { animation-play-state: paused !important; animation-delay: 0s !important; transition: none !important; }',
    ].join('\n'),
  });
  const file = await screenshot(page, name);
  await style.evaluate((el: any) => el.remove());
  if (!UPDATE_SCREENSHOTS) return;
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  fs.copyFileSync(file, path.join(SCREENSHOTS, `${name}.png`));
}

// ---------------------------------------------------------------------------------------------
// The editor

/** The cursor's line as the status bar says it (`Ln N,`); 0 when it says none. */
export async function cursorLine(page: Page): Promise<number> {
  const m = /Ln (\d+),/.exec((await page.locator('.part.statusbar').textContent()) ?? '');
  return m ? Number(m[1]) : 0;
}

/** Go to Line in the active editor, waiting for the cursor to be there. */
export async function goToLine(page: Page, line: number): Promise<void> {
  // The editor keeps the focus after Go to Line (Ctrl+. must reach it, not the Problems panel).
  await page.locator('.part.editor .monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+G');
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await waitFor(async () => (await input.inputValue().catch(() => '')).startsWith(':'), 10_000, 'Go to Line');
  await page.keyboard.type(String(line));
  await page.keyboard.press('Enter');
  await waitFor(async () => (await cursorLine(page)) === line, 10_000, `the cursor on line ${line}`);
}

// ---------------------------------------------------------------------------------------------
// The Tags view

/** The tag tree's view name (package.json). */
export const TAGS_VIEW = 'Tags';

/**
 * The Tags view shown: its tree, or its welcome text when there is no index. The Context
 * container's activity bar entry toggles it, so it is clicked only while the sidebar shows another.
 */
export async function openTagView(page: Page): Promise<void> {
  const title = page.locator('.part.sidebar .composite.title').first();
  const shown =
    (await title.isVisible().catch(() => false)) && /context/i.test((await title.textContent().catch(() => '')) ?? '');
  if (!shown) await openViewContainer(page, 'Context');
  // A hang bound: just after a window reload on a loaded machine the view can take a while.
  await page
    .locator(`.monaco-list[aria-label="${TAGS_VIEW}"]:visible, .part.sidebar .welcome-view-content:visible`)
    .first()
    .waitFor({ timeout: 60_000 });
}

/** The tag tree's row with this exact label at this level. */
export function tagTreeRow(page: Page, label: string, level: number) {
  return page
    .locator(`.monaco-list[aria-label="${TAGS_VIEW}"] .monaco-list-row[role="treeitem"][aria-level="${level}"]`)
    .filter({
      has: page.locator('.label-name', {
        hasText: new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`),
      }),
    })
    .first();
}

/** The rows under the Known Tags group (level 2), in order; none while it is not shown. */
export async function knownTagRows(page: Page): Promise<TreeRow[]> {
  const rows = await treeItems(page, TAGS_VIEW);
  const start = rows.findIndex((r) => r.level === 1 && r.label === 'Known Tags');
  if (start < 0) return [];
  const out: TreeRow[] = [];
  for (const r of rows.slice(start + 1)) {
    if (r.level === 1) break;
    if (r.level === 2) out.push(r);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Quick pick rows, all of them (the list is virtualized: scroll and collect by data-index)

export interface PickRow {
  index: number;
  label: string;
  description: string;
  detail: string;
  separator: string;
  checked: boolean;
}

export const QI_ROW = '.quick-input-widget .quick-input-list .monaco-list-row';

export async function renderedPickRows(page: Page): Promise<PickRow[]> {
  const rows = await rowTexts(page, QI_ROW, QUICK_INPUT_FIELDS);
  return rows.map(({ index, text, checked }) => ({
    index,
    label: text.label,
    description: text.description,
    detail: text.detail,
    separator: text.separator,
    checked,
  }));
}

export async function allPickRows(page: Page): Promise<PickRow[]> {
  const seen = new Map<number, PickRow>();
  const list = page.locator('.quick-input-widget .quick-input-list .monaco-list').first();
  await list.hover();
  for (let i = 0; i < 30; i++) {
    const before = seen.size;
    for (const row of await renderedPickRows(page)) seen.set(row.index, row);
    if (i > 0 && seen.size === before) break;
    await page.mouse.wheel(0, 300);
    await sleep(150);
  }
  // Back to the top, so later clicks and screenshots see the first rows.
  for (let i = 0; i < 30; i++) {
    const top = await page
      .locator('.quick-input-widget .quick-input-list .monaco-list-rows')
      .first()
      .evaluate((el: any) => parseFloat(el.style.top || '0'));
    if (top >= 0) break;
    await page.mouse.wheel(0, -400);
    await sleep(150);
  }
  await page.mouse.move(5, 880); // no hover tooltip in screenshots
  await sleep(150);
  return [...seen.values()].sort((a, b) => a.index - b.index);
}

/** The pick list's rows grouped under the separator each group starts with. */
export function groups(rows: PickRow[]): Array<{ separator: string; rows: PickRow[] }> {
  const out: Array<{ separator: string; rows: PickRow[] }> = [];
  for (const row of rows) {
    if (row.separator || out.length === 0) out.push({ separator: row.separator, rows: [] });
    out[out.length - 1].rows.push(row);
  }
  return out;
}

export function pickRow(page: Page, description: string) {
  return page
    .locator(QI_ROW)
    .filter({ has: page.locator('.label-description', { hasText: description }) })
    .first();
}

export function pickRowByLabel(page: Page, text: string) {
  return page
    .locator(QI_ROW)
    .filter({ has: page.locator('.label-name', { hasText: text }) })
    .first();
}

export async function isChecked(page: Page, row: ReturnType<typeof pickRow>): Promise<boolean> {
  await sleep(200);
  return (await row.getAttribute('aria-checked')) === 'true';
}

/** Context: Query → types the query into Step 1 → Enter → waits for the Step 2 list. */
export async function runQuery(page: Page, text: string): Promise<PickRow[]> {
  await runCommand(page, 'Context: Query');
  await page
    .locator('.quick-input-widget .quick-input-title', { hasText: 'Context: Query' })
    .waitFor({ timeout: 10_000 });
  await typeInQuickInput(page, text);
  await page.keyboard.press('Enter');
  await page
    .locator('.quick-input-widget .quick-input-title', { hasText: /^.* — (\d+ files? \((OR|AND)\)( · .*)?|no match)$/ })
    .waitFor({ timeout: 10_000 });
  await sleep(300);
  return allPickRows(page);
}

export async function closeAllEditors(page: Page): Promise<void> {
  await runCommand(page, 'View: Close All Editors');
  await waitFor(async () => (await editorTabTitles(page)).length === 0, 10_000, 'no editor tabs');
}

export async function tabs(page: Page): Promise<Array<{ label: string; preview: boolean }>> {
  return page.locator('.part.editor .tabs-container .tab').evaluateAll((els: any[]) =>
    els.map((el) => ({
      label: el.getAttribute('aria-label') ?? '',
      preview: el.classList.contains('preview') || !!el.querySelector('.monaco-icon-label.italic'),
    })),
  );
}

export async function waitForNotification(page: Page, text: string): Promise<void> {
  await showNotifications(page);
  await waitFor(
    async () => (await notificationMessages(page)).some((m) => m.includes(text)),
    10_000,
    `notification "${text}"`,
  );
  await runCommand(page, 'Notifications: Clear All Notifications');
}

export { tempDir };
