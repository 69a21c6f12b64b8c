// End-to-end harness: a real VS Code (code-server 4.139.x = VS Code 1.139) served over HTTP and
// driven by Debian's Chromium through playwright-core. Nothing here downloads anything: the
// server and Node 24 come from the cache that scripts/e2e/setup-harness.sh fills.
//
// Deliberately DOM-typed code is avoided (the repo's tsconfig has no "dom" lib): page-side
// callbacks only touch `any`-typed elements handed over by playwright.
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CODE_SERVER_VERSION = '4.139.1';
export const CHROMIUM_PATH = process.env.ARIA_E2E_CHROMIUM ?? '/usr/bin/chromium';
export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const ARTIFACTS_DIR = path.join(REPO_ROOT, 'test-artifacts');

// ---------------------------------------------------------------------------------------------
// Locating the installed harness

export interface HarnessPaths {
  cache: string;
  node24: string;
  codeServerEntry: string;
}

export function harnessPaths(): HarnessPaths {
  const cache = process.env.ARIA_E2E_CACHE ?? path.join(os.homedir(), '.cache', 'aria-context-e2e');
  const node24 = path.join(cache, 'node24', 'node_modules', '.bin', 'node');
  const codeServerEntry = path.join(cache, 'code-server', 'node_modules', 'code-server', 'out', 'node', 'entry.js');
  const marker = path.join(cache, `.complete-code-server-${CODE_SERVER_VERSION}-node24`);
  const missing = [marker, node24, codeServerEntry, CHROMIUM_PATH].filter((p) => !fs.existsSync(p));
  if (missing.length > 0) {
    throw new Error(
      `e2e harness not installed (missing: ${missing.join(', ')}). ` +
        `Run scripts/e2e/setup-harness.sh first (it installs into ${cache}).`,
    );
  }
  return { cache, node24, codeServerEntry };
}

// ---------------------------------------------------------------------------------------------
// code-server

export interface StartOptions {
  /** Folder opened by default (also passed as the server's positional argument). */
  workspace: string;
  /** Load an unpackaged extension from this folder (VS Code's --extensionDevelopmentPath). */
  extensionDevelopmentPath?: string;
  /** Install this .vsix into the (temporary) extensions dir before the server starts. */
  vsixPath?: string;
  /** Written to <user-data-dir>/User/settings.json, on top of quiet defaults. */
  userSettings?: Record<string, unknown>;
  /** Extra environment for the server and so for the extension host (e.g. HOME). */
  env?: Record<string, string>;
  /** How long to wait for the server to answer HTTP. */
  timeoutMs?: number;
  /**
   * Workspace trust on, as in a default VS Code (otherwise the harness turns it off with
   * --disable-workspace-trust): the folder opens in Restricted Mode until grantWorkspaceTrust.
   */
  workspaceTrust?: boolean;
}

export interface CodeServer {
  url: string;
  port: number;
  userDataDir: string;
  extensionsDir: string;
  /** Absolute path of the development extension, if any (openWorkbench passes it on). */
  extensionDevelopmentPath?: string;
  /** Server stdout+stderr lines, for diagnosing failures. */
  logs: string[];
  stop(): Promise<void>;
}

/** Settings that keep the first load free of welcome pages, tips and update prompts. */
const QUIET_SETTINGS: Record<string, unknown> = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'security.workspace.trust.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'git.openRepositoryInParentFolders': 'never',
  'workbench.enableExperiments': false,
};

/** With StartOptions.workspaceTrust: trust on; no startup dialog (tests trust when they choose). */
const TRUST_SETTINGS: Record<string, unknown> = {
  'security.workspace.trust.enabled': true,
  'security.workspace.trust.startupPrompt': 'never',
};

export async function startCodeServer(opts: StartOptions): Promise<CodeServer> {
  const { node24, codeServerEntry } = harnessPaths();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'aria-e2e-server-'));
  const userDataDir = path.join(tmp, 'user-data');
  const extensionsDir = path.join(tmp, 'extensions');
  fs.mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  fs.mkdirSync(extensionsDir, { recursive: true });
  fs.writeFileSync(
    path.join(userDataDir, 'User', 'settings.json'),
    JSON.stringify(
      { ...QUIET_SETTINGS, ...(opts.workspaceTrust ? TRUST_SETTINGS : {}), ...opts.userSettings },
      null,
      2,
    ),
  );

  const env = { ...process.env, ...opts.env };
  // Own config file: otherwise code-server writes ~/.config/code-server/config.yaml.
  const common = [
    '--config',
    path.join(tmp, 'config.yaml'),
    '--user-data-dir',
    userDataDir,
    '--extensions-dir',
    extensionsDir,
  ];
  const logs: string[] = [];

  if (opts.vsixPath) {
    // Same binary in CLI mode: installs and exits.
    await runToExit(node24, [codeServerEntry, ...common, '--install-extension', opts.vsixPath, '--force'], env, logs);
  }

  const port = await freePort();
  const args = [
    codeServerEntry,
    ...common,
    '--auth',
    'none',
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    ...(opts.workspaceTrust ? [] : ['--disable-workspace-trust']),
    '--disable-getting-started-override',
    // VS Code's smoke-test driver: exposes `window.driver` (whenWorkbenchRestored) and makes a
    // built workbench honour the URL `payload` that names development extensions (workbenchUrl).
    // code-server rejects flags it does not know; --vscode-option passes VS Code's own through.
    '--vscode-option',
    'enable-smoke-test-driver',
    opts.workspace,
  ];
  const extensionDevelopmentPath = opts.extensionDevelopmentPath && path.resolve(opts.extensionDevelopmentPath);

  // detached: own process group, so stop() can end code-server and every child it spawned.
  const child = spawn(node24, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  collectLines(child, logs);
  const url = `http://127.0.0.1:${port}`;
  const server: CodeServer = {
    url,
    port,
    userDataDir,
    extensionsDir,
    extensionDevelopmentPath,
    logs,
    stop: async () => {
      await killGroup(child);
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
  try {
    await waitForHttp(`${url}/healthz`, child, opts.timeoutMs ?? 60_000);
  } catch (err) {
    await server.stop();
    throw new Error(`${(err as Error).message}\n--- code-server log ---\n${logs.join('\n')}`);
  }
  return server;
}

function collectLines(child: ChildProcess, logs: string[]): void {
  const push = (chunk: Buffer) =>
    logs.push(
      ...chunk
        .toString()
        .split('\n')
        .filter((l) => l.length > 0),
    );
  child.stdout?.on('data', push);
  child.stderr?.on('data', push);
}

function runToExit(cmd: string, args: string[], env: NodeJS.ProcessEnv, logs: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    collectLines(child, logs);
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(args[0])} exited ${code}:\n${logs.join('\n')}`)),
    );
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`code-server exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`code-server did not answer ${url} within ${timeoutMs} ms`);
}

async function killGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, sig);
    } catch {
      // group already gone
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
  signal('SIGKILL'); // stragglers (extension host, file watcher) that ignored SIGTERM
}

// ---------------------------------------------------------------------------------------------
// Browser / workbench

export interface Workbench {
  page: Page;
  browser: Browser;
  close(): Promise<void>;
}

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * URL of the workbench on `folder`. A development extension travels in the `payload` query
 * parameter as a vscode-remote URI (the server's extension host maps it back to a file path).
 */
export function workbenchUrl(server: Pick<CodeServer, 'url' | 'extensionDevelopmentPath'>, folder: string): string {
  const query = new URLSearchParams({ folder });
  if (server.extensionDevelopmentPath) {
    const authority = new URL(server.url).host;
    const devUri = `vscode-remote://${authority}${server.extensionDevelopmentPath}`;
    query.set('payload', JSON.stringify([['extensionDevelopmentPath', devUri]]));
  }
  return `${server.url}/?${query.toString()}`;
}

export async function openWorkbench(
  server: Pick<CodeServer, 'url' | 'extensionDevelopmentPath'>,
  folder: string,
  timeoutMs = 90_000,
): Promise<Workbench> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.goto(workbenchUrl(server, folder));
    await page.locator('.monaco-workbench').waitFor({ timeout: timeoutMs });
    await waitUntilUsable(page, timeoutMs);
    await dismissDialogs(page);
    return { page, browser, close: () => browser.close() };
  } catch (err) {
    await browser.close();
    throw err;
  }
}

/** The workbench is usable once its parts are laid out and the explorer shows the folder. */
async function waitUntilUsable(page: Page, timeoutMs: number): Promise<void> {
  for (const sel of [
    '.part.activitybar',
    '.part.editor',
    '.part.statusbar',
    '.part.sidebar .monaco-list, .part.sidebar .welcome-view',
  ]) {
    await page.locator(sel).first().waitFor({ state: 'visible', timeout: timeoutMs });
  }
  // The smoke-test driver resolves once the lifecycle reached "Restored" and the workbench
  // contributions exist (string-typed code: the repo's tsconfig has no DOM types).
  await page.waitForFunction('!!globalThis.driver', undefined, { timeout: timeoutMs });
  await page.evaluate('globalThis.driver.whenWorkbenchRestored()');
  // The status bar fills in once the (remote) extension host has started.
  await waitFor(async () => (await page.locator('.statusbar-item').count()) > 3, timeoutMs, 'status bar items');
}

/**
 * Trusts the open folder through the UI, as a user would: a trust dialog's "Yes, I trust the
 * authors" if one is up, else Workspaces: Manage Workspace Trust and the editor's Trust button
 * (screenshot: test-artifacts/workspace-trust.png).
 */
export async function grantWorkspaceTrust(page: Page, timeoutMs = 30_000): Promise<void> {
  const dialogButton = page.locator('.monaco-dialog-box').getByRole('button', { name: /Yes, I trust/i });
  if (await dialogButton.isVisible()) {
    await dialogButton.click();
    return;
  }
  await runCommand(page, 'Workspaces: Manage Workspace Trust', timeoutMs);
  const editor = page.locator('.workspace-trust-editor');
  await editor.waitFor({ state: 'visible', timeout: timeoutMs });
  await screenshot(page, 'workspace-trust');
  const trust = editor.locator('.monaco-button', { hasText: /^\s*Trust\b/ }).first();
  await trust.click({ timeout: timeoutMs });
}

/** Closes modal dialogs (workspace trust, "open folder?") if any showed up. */
export async function dismissDialogs(page: Page): Promise<void> {
  const dialog = page.locator('.monaco-dialog-box').first();
  for (let i = 0; i < 3 && (await dialog.isVisible()); i++) {
    const trust = dialog.getByRole('button', { name: /Yes, I trust/i });
    if (await trust.isVisible()) await trust.click();
    else await page.keyboard.press('Escape');
    await sleep(300);
  }
}

// ---------------------------------------------------------------------------------------------
// Command palette / quick input

const QUICK_INPUT = '.quick-input-widget';
const QUICK_INPUT_BOX = `${QUICK_INPUT} .quick-input-box input`;
const QUICK_INPUT_ROW = `${QUICK_INPUT} .quick-input-list .monaco-list-row`;
/** Parts of a quick pick row. The first .quick-input-list-row holds label + description,
 *  .quick-input-list-label-meta the detail line, .quick-input-list-separator a group label. */
/** The parts of a quick pick row read back, each by its selector inside the row. */
export const QUICK_INPUT_FIELDS = {
  label: '.quick-input-list-row:first-child .label-name',
  description: '.quick-input-list-row:first-child .label-description',
  detail: '.quick-input-list-label-meta .label-name',
  separator: '.quick-input-list-separator',
};

/**
 * Opens the command palette and runs the command whose label is exactly `title`.
 * Retypes until the command shows up: an extension's commands appear a few seconds after the
 * workbench does, and an open palette does not refresh its list by itself.
 */
export async function runCommand(page: Page, title: string, timeoutMs = 30_000): Promise<void> {
  const row = page
    .locator(QUICK_INPUT_ROW)
    .filter({ has: page.locator('.label-name', { hasText: exactText(title) }) })
    .first();
  await closeQuickInput(page); // a leftover quick pick would swallow the typed text
  await waitFor(
    async () => {
      if (!(await page.locator(QUICK_INPUT_BOX).isVisible())) await openQuickInput(page, 'F1');
      await typeInQuickInput(page, '>');
      await typeInQuickInput(page, `>${title}`);
      return row.waitFor({ state: 'visible', timeout: 2_000 }).then(
        () => true,
        () => false,
      );
    },
    timeoutMs,
    `command "${title}" in the command palette`,
  );
  await row.click();
  // Done when the palette is gone, or replaced by the command's own quick pick/input box.
  await waitFor(
    async () =>
      !(await page.locator(QUICK_INPUT).isVisible()) ||
      (await page.locator(QUICK_INPUT_BOX).inputValue()) !== `>${title}`,
    timeoutMs,
    `the command palette to close after "${title}"`,
  );
}

/** Presses `key` (F1 = command palette, Control+P = quick open) and waits for the input. */
export async function openQuickInput(page: Page, key = 'F1'): Promise<void> {
  await page.keyboard.press(key);
  await page.locator(QUICK_INPUT_BOX).waitFor({ state: 'visible', timeout: 10_000 });
}

/** Replaces the quick input's text and waits for the list to settle. */
export async function typeInQuickInput(page: Page, text: string): Promise<void> {
  const box = page.locator(QUICK_INPUT_BOX);
  await box.waitFor({ state: 'visible', timeout: 10_000 });
  await box.fill(text);
  await sleep(200); // the list filters on a short debounce
}

export interface QuickInputRow {
  label: string;
  description: string;
  detail: string;
  /** Separator text shown on this row (a group label such as "recently used"), if any. */
  separator: string;
  ariaLabel: string;
}

/** A rendered list row: its visible text per field, where it sits, and its ARIA state. */
export interface RowTexts {
  top: number;
  index: number;
  ariaLabel: string;
  checked: boolean;
  text: Record<string, string>;
}

/**
 * The rendered rows `selector` matches (a virtualized list: only those), with the text of each of
 * `fields` (a name → a selector inside the row).
 */
export async function rowTexts(page: Page, selector: string, fields: Record<string, string>): Promise<RowTexts[]> {
  // Rows are recycled: hidden parts (detail, separator) keep stale text, so only visible
  // elements count. No helper functions inside the page callback: tsx (esbuild keepNames)
  // would wrap them in a `__name(...)` call that does not exist in the page.
  return page.locator(selector).evaluateAll(
    (els: any[], fields: Record<string, string>) =>
      els.map((el) => ({
        top: parseFloat(el.style?.top ?? '0') || 0,
        index: Number(el.getAttribute('data-index')),
        ariaLabel: el.getAttribute('aria-label') ?? '',
        checked: el.getAttribute('aria-checked') === 'true',
        text: Object.fromEntries(
          Object.entries(fields).map(([key, sel]) => [
            key,
            Array.from(el.querySelectorAll(sel) as ArrayLike<any>)
              .filter((e) => e.checkVisibility())
              .map((e) => (e.textContent ?? '').trim())
              .join(' '),
          ]),
        ),
      })),
    fields,
  );
}

/** Visible quick pick rows, top to bottom (the list is virtualized: only rendered rows). */
export async function quickInputItems(page: Page): Promise<QuickInputRow[]> {
  const items = await rowTexts(page, QUICK_INPUT_ROW, QUICK_INPUT_FIELDS);
  return items
    .sort((a, b) => a.top - b.top)
    .map(({ text, ariaLabel }) => ({
      label: text.label,
      description: text.description,
      detail: text.detail,
      separator: text.separator,
      ariaLabel,
    }));
}

/** Closes the quick input if it is open (an open notifications center may eat one Escape). */
export async function closeQuickInput(page: Page): Promise<void> {
  const widget = page.locator(QUICK_INPUT);
  await waitFor(
    async () => {
      if (!(await widget.isVisible())) return true;
      await page.locator(QUICK_INPUT_BOX).focus();
      await page.keyboard.press('Escape');
      await sleep(300);
      return !(await widget.isVisible());
    },
    5_000,
    'the quick input to close',
  );
}

// ---------------------------------------------------------------------------------------------
// Workbench queries

/**
 * Titles of the open editor tabs, in order ("a.md"). Read from aria-label: 1.139 renders a
 * file tab's name and extension in separate spans.
 */
export async function editorTabTitles(page: Page): Promise<string[]> {
  const tabs = page.locator('.part.editor .tabs-container .tab');
  return (await tabs.evaluateAll((els: any[]) => els.map((el) => el.getAttribute('aria-label') ?? ''))) as string[];
}

/** Clicks the activity bar entry whose title is `title` (e.g. a viewsContainers contribution). */
export async function openViewContainer(page: Page, title: string): Promise<void> {
  await page.locator(`.part.activitybar .action-label[aria-label^="${title}"]`).first().click();
}

export interface TreeRow {
  label: string;
  description: string;
  /** 1 for top-level items. */
  level: number;
  /** true/false for collapsible items, undefined for leaves. */
  expanded: boolean | undefined;
}

/**
 * Rendered rows of the tree view named `viewName` (the view's "name" contribution). The tree
 * is virtualized: rows scrolled out of sight are not in the DOM.
 */
export async function treeItems(page: Page, viewName: string): Promise<TreeRow[]> {
  const rows = page.locator(`.monaco-list[aria-label="${viewName}"] .monaco-list-row[role="treeitem"]`);
  const items = await rows.evaluateAll((els: any[]) =>
    els.map((el) => ({
      top: parseFloat(el.style?.top ?? '0') || 0,
      label: (el.querySelector('.label-name')?.textContent ?? '').trim(),
      description: (el.querySelector('.label-description')?.textContent ?? '').trim(),
      level: Number(el.getAttribute('aria-level') ?? '1'),
      expanded: el.hasAttribute('aria-expanded') ? el.getAttribute('aria-expanded') === 'true' : undefined,
    })),
  );
  return items.sort((a, b) => a.top - b.top).map(({ top: _top, ...row }) => row);
}

export interface ChatAttachment {
  /** Chip text, e.g. "a.md". */
  name: string;
  /** The chip's aria-label, e.g. "Attached file, a.md /abs/dir (Delete)". */
  ariaLabel: string;
}

/** Attachment chips in the Chat view's input (e.g. from workbench.action.chat.open attachFiles). */
export async function chatAttachments(page: Page): Promise<ChatAttachment[]> {
  const chips = page.locator('.interactive-input-part .chat-attached-context .chat-attached-context-attachment');
  return chips.evaluateAll((els: any[]) =>
    els.map((el) => ({
      name: (el.querySelector('.label-name')?.textContent ?? '').trim(),
      ariaLabel: el.getAttribute('aria-label') ?? '',
    })),
  );
}

/** Text typed into the Chat view's input editor. */
export async function chatInputText(page: Page): Promise<string> {
  const lines = await page.locator('.interactive-input-part .interactive-input-editor .view-line').allTextContents();
  return lines.join('\n').replace(/\u00a0/g, ' ');
}

const NOTIFICATIONS_CENTER = '.notifications-center';

/**
 * Opens the notifications center (the bell). Needed to see notifications at all: with the
 * smoke-test driver on, VS Code shows no toasts (so none cover the UI), only the center lists them.
 */
export async function showNotifications(page: Page): Promise<void> {
  if (await page.locator(NOTIFICATIONS_CENTER).isVisible()) return;
  await runCommand(page, 'Notifications: Show Notifications');
  await page.locator(NOTIFICATIONS_CENTER).waitFor({ state: 'visible', timeout: 10_000 });
}

/** Messages of the notifications rendered in the center or as toasts (newest first). */
export async function notificationMessages(page: Page): Promise<string[]> {
  return page
    .locator(
      '.notifications-center .notification-list-item-message, .notifications-toasts .notification-list-item-message',
    )
    .allTextContents();
}

/** Saves a full-page PNG into test-artifacts/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name.replace(/[^\w.-]+/g, '_')}.png`);
  await page.screenshot({ path: file });
  return file;
}

// ---------------------------------------------------------------------------------------------
// Small utilities

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A value that passes an `if`: what waitFor hands back. */
export type Truthy<T> = Exclude<T, false | 0 | '' | null | undefined>;

/** Polls `fn` until it returns a truthy value, which is returned; throws after `timeoutMs`. */
export async function waitFor<T>(fn: () => T | Promise<T>, timeoutMs = 10_000, what = 'condition'): Promise<Truthy<T>> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await fn();
      if (value) return value as Truthy<T>;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() > deadline) {
      const cause = lastError ? `: ${(lastError as Error).message}` : '';
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${cause}`);
    }
    await sleep(200);
  }
}

function exactText(text: string): RegExp {
  return new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
}
