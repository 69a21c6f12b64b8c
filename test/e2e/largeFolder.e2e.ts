// A 10k-note knowledge folder (the benchmark's generator) in a real VS Code (code-server 1.139 +
// Chromium): how long until the tag tree shows its first rows, and that those rows are the
// folder's. Measured from the click that opens the view, and from activation: the extension
// activates on startup finished, often before the click, so "from activation" starts at the later
// of the two (the rows cannot be asked for before the click). The timeline (extension host
// started, activate() ran, the tree's rows were built and handed over, rows visible) comes from the workbench's
// extension-host log and the extension's own output channel, and is written with the figures to
// test-artifacts/large-folder-e2e.json; docs/PERFORMANCE.md quotes them. Then live
// refresh: index.md written with one more note under a tag, until that tag's row counts it.
//
//   npm run package   # or ARIA_E2E_VSIX=path/to/aria-context.vsix
//   node --import tsx --test test/e2e/largeFolder.e2e.ts
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, describe, test } from 'node:test';
import { generateHome, type GeneratedHome } from '../../bench/generate';
import {
  REPO_ROOT,
  closeQuickInput,
  notificationMessages,
  openViewContainer,
  runCommand,
  showNotifications,
  treeItems,
  typeInQuickInput,
  waitFor,
  type CodeServer,
} from './harness';
import { tempDir, openSession, runQuery } from './workbench';
import { suiteSession } from './suiteSession';

const VIEW = 'Tags';
const CONTAINER = 'Context';
/** The target the performance issue sets: first rows at most this long after activation. Reported
 * (PASS or MISS, in the log and test-artifacts/large-folder-e2e.json), never asserted: a loaded
 * machine is slow, not wrong. */
const TARGET_MS = 1_000;
/** Beyond this (30 times the target) the tree counts as dead: the test fails. */
const DEAD_MS = 30_000;
/** The live-refresh target: from index.md saved to the tree showing the change. Reported, never asserted. */
const REFRESH_TARGET_MS = 1_500;
/** The target for the longest the extension host's event loop is held through the cycle at 10k notes
 * (issue #40): reported PASS or MISS, since multi-second stalls remain unexplained under load… */
const LOOP_DELAY_MAX_MS = 50;
/** …while a hold past this (a frozen window, as before the rebuild left the host) fails the test. */
const LOOP_DELAY_DEAD_MS = 15_000;

describe('a 10k-note knowledge folder in a real VS Code', { timeout: 600_000 }, () => {
  let g: GeneratedHome;
  const session = suiteSession(
    'large-folder-e2e',
    () => {
      // The notes are written: the tree counts only what the reader would load (one truth).
      g = generateHome(tempDir('aria-e2e-10k-'), 10_000);
      const workspace = tempDir('aria-e2e-ws-');
      fs.writeFileSync(path.join(workspace, 'README.md'), '# A repository\n');
      return openSession({ home: g.home, workspace, today: null });
    },
    (artifacts, s) => {
      // The workbench's own logs too: the extension host's timeline is read from them.
      fs.rmSync(path.join(artifacts, 'large-folder-e2e-logs'), { recursive: true, force: true });
      fs.cpSync(path.join(s.userDataDir, 'logs'), path.join(artifacts, 'large-folder-e2e-logs'), { recursive: true });
    },
  );
  before(async () => {
    // The workbench's own start-up (its extension host starting, the eager extensions such as Git
    // activating on the same thread) is over before the click: the figures are the view's.
    await waitFor(
      () => extensionHostTimeline(session.server).startupDone,
      60_000,
      'the extension host to finish activating its start-up extensions',
    );
  });

  test("the tag tree of a 10k-note folder shows its first rows (time reported against the 1 s target), and they are the folder's", async (t) => {
    const allRows = session.page.locator(`.monaco-list[aria-label="${VIEW}"] .monaco-list-row[role="treeitem"]`);
    // The folder's rows: not the row that says the index is being read.
    const rows = allRows.filter({ hasNotText: 'Loading the knowledge index' });
    assert.equal(await allRows.count(), 0, 'no tree rows before the view is opened');
    // From the click until the folder's rows, the session.page notes what its view shows: the first row it
    // renders, for how long it shows nothing at all (neither a row nor the welcome text), and each
    // change between welcome, empty, the loading row and rows.
    await session.page.evaluate(`(() => {
      globalThis.__ariaEmptyMs = 0;
      globalThis.__ariaFirstRow = undefined;
      globalThis.__ariaShown = [];
      let last = Date.now();
      globalThis.__ariaEmptySampler = setInterval(() => {
        const now = Date.now();
        const pane = [...document.querySelectorAll('.part.sidebar .pane')].find((p) =>
          (p.querySelector('.pane-header')?.textContent ?? '').includes(${JSON.stringify(VIEW)}));
        const body = pane?.querySelector('.pane-body');
        if (body) {
          const rows = body.querySelectorAll('.monaco-list-row[role="treeitem"] .label-name');
          if (rows.length && globalThis.__ariaFirstRow === undefined) globalThis.__ariaFirstRow = rows[0].textContent.trim();
          const welcome = (body.querySelector('.welcome-view-content')?.textContent ?? '').trim();
          if (rows.length === 0 && !welcome) globalThis.__ariaEmptyMs += now - last;
          const shown = rows.length === 0 ? (welcome ? 'welcome' : 'empty')
            : rows[0].textContent.includes('Loading the knowledge index') ? 'loading' : 'rows';
          if (globalThis.__ariaShown[globalThis.__ariaShown.length - 1] !== shown) globalThis.__ariaShown.push(shown);
        }
        last = now;
      }, 20);
    })()`);
    const clickedAt = Date.now();
    await openViewContainer(session.page, CONTAINER);
    await rows.first().waitFor({ state: 'visible', timeout: DEAD_MS });
    const rowsAt = Date.now();
    const seen = (await session.page.evaluate(
      '(clearInterval(globalThis.__ariaEmptySampler), { emptyMs: globalThis.__ariaEmptyMs, firstRow: globalThis.__ariaFirstRow, shown: globalThis.__ariaShown })',
    )) as { emptyMs: number; firstRow: string | undefined; shown: string[] };
    // Once the loading row is shown, the view is never empty until the rows replace it.
    const loading = seen.shown.indexOf('loading');
    if (loading >= 0) {
      const shownRows = seen.shown.indexOf('rows', loading);
      const between = seen.shown.slice(loading, shownRows < 0 ? undefined : shownRows);
      assert.ok(!between.includes('empty'), `the view went empty after the loading row: ${seen.shown.join(' → ')}`);
    }

    // The rows are this folder's: Known Tags with the generator's count, its projects.
    const tree = await waitFor(
      async () => {
        const items = await treeItems(session.page, VIEW);
        return items.some((r) => r.level === 1 && r.label === 'Known Tags') ? items : undefined;
      },
      DEAD_MS,
      'the Known Tags group',
    );
    const known = tree.find((r) => r.level === 1 && r.label === 'Known Tags')!;
    assert.equal(known.description, String(g.knownTags), 'Known Tags counts the generated known tags');
    // A thousand tags do not fit the viewport (the list renders only visible rows): find the
    // queried tag as a user would, with Go to Tag…, which reveals it.
    await runCommand(session.page, 'Context: Go to Tag…');
    await typeInQuickInput(session.page, g.queries.oneTag);
    await session.page.keyboard.press('Enter');
    await waitFor(
      async () =>
        (await treeItems(session.page, VIEW)).some((r) => r.level === 2 && r.label === g.queries.oneTag)
          ? true
          : undefined,
      DEAD_MS,
      `known tag ${g.queries.oneTag} revealed in the tree`,
    );

    // The timeline, from the logs the workbench and the extension keep.
    const ext = await waitFor(
      () => extensionTimeline(session.server, clickedAt),
      20_000,
      'activation, first rows and the index check in the aria-context output log',
    );
    const host = extensionHostTimeline(session.server);
    // What the view showed meanwhile is reported, not asserted: a click that lands while the
    // rows of a still hidden view are being built waits for them (the thread is busy), one that
    // comes first gets the loading row; which of the two happens depends on the click's timing.
    const activationToRows = rowsAt - Math.max(ext.activatedAt, clickedAt);
    const figure = {
      notes: g.notes,
      indexBytes: g.indexBytes,
      clickToFirstRowsMs: rowsAt - clickedAt,
      activationToFirstRowsMs: activationToRows,
      activatedBeforeClick: ext.activatedAt < clickedAt,
      targetMs: TARGET_MS,
      met: activationToRows <= TARGET_MS,
      timelineMsFromClick: {
        extensionHostStarted: host.started === undefined ? null : host.started - clickedAt,
        startupExtensionsActivated: host.startupDone === undefined ? null : host.startupDone - clickedAt,
        activationEvent: host.activation?.event ?? null,
        activateCalled: ext.activatedAt - clickedAt,
        activateReturned: ext.activatedAt + ext.activateMs - clickedAt,
        treeRowsBuilt: ext.treeBuiltAt - clickedAt,
        treeRowsAnswered: ext.treeAnsweredAt - clickedAt,
        rowsVisible: rowsAt - clickedAt,
        indexCheckDone: ext.indexCheckAt - clickedAt,
      },
      treeBuildMs: ext.treeBuildMs,
      blankViewMs: seen.emptyMs,
      firstRowShown: seen.firstRow ?? null,
      viewShowed: seen.shown,
      hostFirstRowsAfterActivationMs: ext.hostFirstRowsMs,
    };
    fs.mkdirSync(path.join(REPO_ROOT, 'test-artifacts'), { recursive: true });
    fs.writeFileSync(
      path.join(REPO_ROOT, 'test-artifacts', 'large-folder-e2e.json'),
      `${JSON.stringify(figure, null, 2)}\n`,
    );
    t.diagnostic(
      `click → first rows ${figure.clickToFirstRowsMs} ms; activation → first rows ${activationToRows} ms (activated ${figure.activatedBeforeClick ? 'before' : 'after'} the click), target ≤ ${TARGET_MS} ms: ${figure.met ? 'PASS' : 'MISS'}`,
    );
    t.diagnostic(
      `timeline (ms from the click): ${JSON.stringify(figure.timelineMsFromClick)}; tree built in ${ext.treeBuildMs} ms; view blank ${seen.emptyMs} ms, first row shown: ${seen.firstRow}; the view showed ${seen.shown.join(' → ')}`,
    );

    // The work the rows do not need comes after them: the index health check ends after the
    // extension answered the rows (when the session.page notices them depends on its polling and paint).
    assert.ok(
      ext.indexCheckAt >= ext.treeAnsweredAt,
      `the index check (done at ${figure.timelineMsFromClick.indexCheckDone} ms from the click) came before the tree's rows were answered (${figure.timelineMsFromClick.treeRowsAnswered} ms)`,
    );
  });

  test("saving index.md with a note added under a tag changes that tag's row (time reported against the 1.5 s target)", async (t) => {
    const tag = g.queries.oneTag;
    const row = session.page
      .locator(`.monaco-list[aria-label="${VIEW}"] .monaco-list-row[role="treeitem"][aria-level="2"]`)
      .filter({ has: session.page.locator('.label-name', { hasText: new RegExp(`^\\s*${tag}\\s*$`) }) })
      .first();
    const filesOf = async () => {
      const m = /^(\d+) files?/.exec(((await row.locator('.label-description').textContent()) ?? '').trim());
      return m ? Number(m[1]) : undefined;
    };
    const before = await waitFor(filesOf, DEAD_MS, `the row of ${tag} with its count`);
    const rel = 'approaches/zz-live-refresh.md';
    fs.writeFileSync(path.join(g.knowledgeFolder, rel), `---\ntags: [${tag}]\n---\n# Live refresh\n`);
    const text = fs.readFileSync(g.indexFile, 'utf8');
    const heading = `\n### ${tag}\n`;
    assert.ok(text.includes(heading), `index.md lists ${tag} under a heading`);
    // When the row shows the new count, seen by the session.page itself (a MutationObserver stamps the
    // change as it happens; polling from here would add up to its interval to the figure).
    // (A script text: the test's compiled functions may reference helpers the session.page lacks.)
    // It also notes whether the row was ever shown without a count meanwhile: rows keep their
    // counts from before until the new ones are in.
    await session.page.evaluate(`(() => {
      const view = ${JSON.stringify(VIEW)}, tag = ${JSON.stringify(tag)}, want = ${before + 1};
      globalThis.__ariaRowChangedAt = undefined;
      globalThis.__ariaRowUncounted = [];
      const list = document.querySelector('.monaco-list[aria-label="' + view + '"]');
      const description = () => {
        const r = [...list.querySelectorAll('.monaco-list-row[role="treeitem"][aria-level="2"]')].find(
          (r) => (r.querySelector('.label-name')?.textContent ?? '').trim() === tag);
        return r ? (r.querySelector('.label-description')?.textContent ?? '').trim() : undefined;
      };
      const observer = new MutationObserver(() => {
        const shown = description();
        if (shown === undefined) return;
        if (!/^\\d+ files?/.test(shown)) globalThis.__ariaRowUncounted.push(shown);
        if (new RegExp('^' + want + ' files?').test(shown)) {
          globalThis.__ariaRowChangedAt = Date.now();
          observer.disconnect();
        }
      });
      observer.observe(list, { subtree: true, childList: true, characterData: true });
    })()`);
    // What saving the file in an editor does on disk: one write of the whole file.
    const savedAt = Date.now();
    fs.writeFileSync(g.indexFile, text.replace(heading, `${heading}- ${rel} — Live refresh\n`));
    // Meanwhile the index row says it is reloading (reported: the workbench may paint too late to show it).
    let reloadingSeen = false;
    await waitFor(
      async () => {
        if (!reloadingSeen)
          reloadingSeen = (await treeItems(session.page, VIEW)).some(
            (r) => r.level === 1 && r.label.startsWith('index: reloading'),
          );
        return (await filesOf()) === before + 1 ? true : undefined;
      },
      DEAD_MS,
      `${tag} counting ${before + 1} files`,
    );
    const changedAt = await session.page.evaluate(() => (globalThis as any).__ariaRowChangedAt as number | undefined);
    const refreshMs = (changedAt ?? Date.now()) - savedAt;
    const uncounted = await session.page.evaluate(() => (globalThis as any).__ariaRowUncounted as string[]);
    assert.deepEqual(uncounted, [], `the row of ${tag} was shown without its count while the change was counted`);
    const figures = path.join(REPO_ROOT, 'test-artifacts', 'large-folder-e2e.json');
    const figure = {
      ...JSON.parse(fs.readFileSync(figures, 'utf8')),
      saveToTreeMs: refreshMs,
      saveToTreeTargetMs: REFRESH_TARGET_MS,
      reloadingRowSeen: reloadingSeen,
    };
    fs.writeFileSync(figures, `${JSON.stringify(figure, null, 2)}\n`);
    t.diagnostic(
      `save → tree ${refreshMs} ms, target ≤ ${REFRESH_TARGET_MS} ms: ${refreshMs <= REFRESH_TARGET_MS ? 'PASS' : 'MISS'}; "index: reloading…" ${reloadingSeen ? 'seen' : 'not seen'} meanwhile; saved at ${new Date(savedAt).toISOString()} (the output channel's clock)`,
    );
  });

  test('the extension host is never frozen (event-loop delay reported against ≤ 50 ms) through activation, the first open, Go to Tag, a save, Check Index and a query', async (t) => {
    // The rest of the daily cycle on the same folder: Check Index (its scan in steps), then a query
    // typed with completion, its pick list closed.
    const checkStarted = Date.now();
    await runCommand(session.page, 'Context: Check Index');
    await showNotifications(session.page);
    await waitFor(
      async () => (await notificationMessages(session.page)).some((m) => m.includes('The knowledge index has')),
      120_000,
      "Check Index's result",
    );
    t.diagnostic(`Check Index of ${g.notes} notes: ${Date.now() - checkStarted} ms`);
    await runCommand(session.page, 'Notifications: Clear All Notifications').catch(() => undefined);
    await runQuery(session.page, g.queries.oneTag);
    await closeQuickInput(session.page);
    const before = outputChannelLines(session.server).filter((l) => l.includes('Diagnostics: Event-loop delay')).length;
    await runCommand(session.page, 'Context: Log Diagnostics');
    const line = await waitFor(
      () => outputChannelLines(session.server).filter((l) => l.includes('Diagnostics: Event-loop delay'))[before],
      DEAD_MS,
      'the Log Diagnostics line in the output log',
    );
    const m = /Event-loop delay over (\d+) ms: max (\d+(?:\.\d+)?) ms, p99 (\d+(?:\.\d+)?) ms/.exec(line);
    assert.ok(m, line);
    const [overMs, maxMs, p99Ms] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    const figures = path.join(REPO_ROOT, 'test-artifacts', 'large-folder-e2e.json');
    const previous = fs.existsSync(figures) ? JSON.parse(fs.readFileSync(figures, 'utf8')) : {};
    fs.writeFileSync(
      figures,
      `${JSON.stringify({ ...previous, loopDelay: { overMs, maxMs, p99Ms, target: LOOP_DELAY_MAX_MS, loadAverage: load } }, null, 2)}\n`,
    );
    const verdict = maxMs <= LOOP_DELAY_MAX_MS ? 'PASS' : 'MISS';
    t.diagnostic(
      `event-loop delay over ${overMs} ms: max ${maxMs} ms (target ≤ ${LOOP_DELAY_MAX_MS} ms: ${verdict}), p99 ${p99Ms} ms (load average ${load})`,
    );
    assert.ok(maxMs <= LOOP_DELAY_DEAD_MS, `the extension host's event loop was held ${maxMs} ms (${line})`);
  });
});

interface ExtensionTimeline {
  /** Epoch ms when activate() started. */
  activatedAt: number;
  activateMs: number;
  /** When the tree's first rows of the loaded folder were built (just after activation, or when asked) and handed to the view. */
  treeBuiltAt: number;
  treeBuildMs: number;
  treeAnsweredAt: number;
  /** The extension's own figure: first rows answered, ms after activate() started. */
  hostFirstRowsMs: number;
  /** When the cheap index health check finished. */
  indexCheckAt: number;
}

/** Lines of the extension's output channel (code-server keeps a log file per channel). */
function outputChannelLines(server: CodeServer): string[] {
  const logsDir = path.join(server.userDataDir, 'logs');
  const files = (fs.readdirSync(logsDir, { recursive: true }) as string[]).filter((f) =>
    f.endsWith('aria-context.log'),
  );
  return files.flatMap((f) => fs.readFileSync(path.join(logsDir, f), 'utf8').split('\n'));
}

/** A `[HH:MM:SS.mmm]` (UTC) stamp of the output channel as epoch ms, on the day nearest `near`. */
function stampOf(line: string, near: number): number | undefined {
  const m = /^\[(\d\d):(\d\d):(\d\d)\.(\d{3})\]/.exec(line);
  if (!m) return undefined;
  const day = new Date(near);
  const at = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), +m[1], +m[2], +m[3], +m[4]);
  const dayMs = 86_400_000;
  return at - near > dayMs / 2 ? at - dayMs : near - at > dayMs / 2 ? at + dayMs : at;
}

function extensionTimeline(server: CodeServer, near: number): ExtensionTimeline | undefined {
  const lines = outputChannelLines(server);
  const find = (re: RegExp) => {
    for (const line of lines) {
      const m = re.exec(line);
      const at = m ? stampOf(line, near) : undefined;
      if (m && at !== undefined) return { at, m };
    }
    return undefined;
  };
  const activated = find(/Activated in (\d+) ms/);
  const built = find(/Tag tree: \d+ rows built in (\d+) ms/);
  const answered = find(/Tag tree: first rows \(\d+\) answered (\d+) ms after activation/);
  const check = find(/Index check( \(on the index worker\))?: .* in \d+ ms/);
  if (!activated || !built || !answered || !check) return undefined;
  const activateMs = Number(activated.m[1]);
  return {
    activatedAt: activated.at - activateMs,
    activateMs,
    treeBuiltAt: built.at,
    treeBuildMs: Number(built.m[1]),
    treeAnsweredAt: answered.at,
    hostFirstRowsMs: Number(answered.m[1]),
    indexCheckAt: check.at,
  };
}

/** From the workbench's extension-host log: when the host started, and this extension's activation event. */
interface HostTimeline {
  started?: number;
  /** The workbench's start-up extensions are active (the `onStartupFinished` ones come next). */
  startupDone?: number;
  activation?: { at: number; event: string };
}

function extensionHostTimeline(server: CodeServer): HostTimeline {
  const logsDir = path.join(server.userDataDir, 'logs');
  if (!fs.existsSync(logsDir)) return {};
  const file = (fs.readdirSync(logsDir, { recursive: true }) as string[]).find(
    (f) => f.endsWith('remoteexthost.log') || f.endsWith('exthost.log'),
  );
  if (!file) return {};
  const stamp = (line: string) => {
    const m = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d\.\d{3})/.exec(line);
    return m ? new Date(`${m[1]}T${m[2]}`).getTime() : undefined; // the host's local time, as this process reads it
  };
  const out: HostTimeline = {};
  for (const line of fs.readFileSync(path.join(logsDir, file), 'utf8').split('\n')) {
    if (out.started === undefined && /Extension host with pid \d+ started/.test(line)) out.started = stamp(line);
    if (out.startupDone === undefined && /Eager extensions activated/.test(line)) out.startupDone = stamp(line);
    const m = /_doActivateExtension aria-context\.aria-context,.*activationEvent: '([^']+)'/.exec(line);
    const at = stamp(line);
    if (m && at !== undefined && !out.activation) out.activation = { at, event: m[1] };
  }
  return out;
}
