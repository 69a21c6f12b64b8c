// A suite's workbench declared in one line (its before/after hooks), and the fixtures and steps
// several suites share.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before } from 'node:test';
import type { Page } from 'playwright-core';
import {
  chatAttachments,
  closeQuickInput,
  editorTabTitles,
  openQuickInput,
  quickInputItems,
  runCommand,
  typeInQuickInput,
  waitFor,
  type ChatAttachment,
  type CodeServer,
} from './harness';
import { endSession, fixtureHome, type Session } from './workbench';

/** The suite's open workbench; reading it before the suite's `before` hook has opened it throws. */
export interface SuiteSession {
  readonly page: Page;
  readonly server: CodeServer;
}

/**
 * Opens the suite's workbench with `open` in a `before` hook and ends it with endSession(`name`,
 * …, `keep`) in an `after` hook. Call it where the suite's `before` hook would stand: hooks run in
 * the order they are declared.
 */
export function suiteSession(
  name: string,
  open: () => Promise<Session>,
  keep?: (artifacts: string, server: CodeServer) => void,
): SuiteSession {
  let session: Partial<Session> = {};
  before(async () => {
    session = await open();
  });
  after(() => endSession(name, session, keep));
  const opened = (): Session => {
    if (!session.page || !session.server) throw new Error(`${name}: the workbench is not open`);
    return session as Session;
  };
  return {
    get page() {
      return opened().page;
    },
    get server() {
      return opened().server;
    },
  };
}

/** The page may read and write the clipboard (the copy commands' tests read it back). */
export async function grantClipboard(session: SuiteSession): Promise<void> {
  await session.page
    .context()
    .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(session.server.url).origin });
}

/** index.md's entry that duplicatedIndexHome lists twice under `security`. */
export const DUPLICATE = '- references/stripe-webhook-patterns.md — Webhook signature verification';

/** A fixture home whose index.md lists the webhook note twice under `security`, and that text. */
export function duplicatedIndexHome(): { home: string; indexFile: string; onDisk: string } {
  const home = fixtureHome();
  const indexFile = path.join(home, 'knowledge', 'index.md');
  const onDisk = fs
    .readFileSync(indexFile, 'utf8')
    .replace(`### security\n${DUPLICATE}\n`, `### security\n${DUPLICATE}\n${DUPLICATE}\n`);
  fs.writeFileSync(indexFile, onDisk);
  return { home, indexFile, onDisk };
}

/** Lists `entry` first under `heading` (`### tag`) in index.md, as an edit by hand would. */
export function listFirstUnder(indexFile: string, heading: string, entry: string): void {
  const text = fs.readFileSync(indexFile, 'utf8');
  const at = text.indexOf(`${heading}\n`) + heading.length + 1;
  assert.ok(at > heading.length + 1, `index.md has ${heading}`);
  fs.writeFileSync(indexFile, `${text.slice(0, at)}${entry}\n${text.slice(at)}`);
}

/** Opens a file of the workspace through Quick Open, as a user would. */
export async function quickOpen(page: Page, name: string): Promise<void> {
  await closeQuickInput(page);
  await openQuickInput(page, 'Control+P');
  await typeInQuickInput(page, name);
  await waitFor(
    async () => (await quickInputItems(page)).some((r) => r.label === name),
    20_000,
    `Quick Open to list ${name}`,
  );
  await page.keyboard.press('Enter');
  await waitFor(async () => (await editorTabTitles(page)).some((t) => t.startsWith(name)), 15_000, `${name} open`);
}

/** The chat view shown and its input focused with all its text selected (typing replaces it). */
export async function focusChatInput(page: Page): Promise<void> {
  await runCommand(page, 'Chat: Focus on Chat View');
  await page.locator('.interactive-input-part .interactive-input-editor').first().click();
  await page.keyboard.press('Control+A');
}

/** Waits until the active editor shows `text`. */
export async function waitForEditorText(page: Page, text: string, what: string): Promise<void> {
  await waitFor(
    async () =>
      (await page.locator('.part.editor .view-lines').first().innerText()).replace(/\u00a0/g, ' ').includes(text),
    10_000,
    what,
  );
}

/** Waits for at least `count` attachment chips in the chat input, and returns them. */
export function attachmentsAtLeast(
  page: Page,
  count: number,
  timeoutMs: number,
  what: string,
): Promise<ChatAttachment[]> {
  return waitFor(
    async () => {
      const now = await chatAttachments(page);
      return now.length >= count ? now : undefined;
    },
    timeoutMs,
    what,
  );
}
