// Index health in the Problems panel: the core's problems (src/core/health/indexHealth.ts) as
// diagnostics on the lines of index.md. The cheap check runs after each reload, and on the open
// buffer's text while index.md has unsaved edits (a quick fix applied, typing), so a fixed entry
// goes and the lines after it follow; Context: Check Index adds the drift scan of the notes, with
// progress and cancel. Nothing is ever written.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  checkIndex,
  checkIndexText,
  driftOf,
  healthTotals,
  indexPath,
  parseIndex,
  openablePaths,
  plural,
  problemLines,
  problemLinesOnDisk,
  scanDrift,
  withDrift,
  type IndexHealth,
  type IndexProblem,
  type Snapshot,
} from '../../core';
import { checkMessage, DRIFT_KINDS, keepFindings, noticeStands, restoredFindings } from './healthModel';
import { diagnosticsFor } from './diagnosticItems';
import type { IndexChecker, IndexTextChecker } from '../../indexWorker/client';
import type { CheckMessage } from '../../indexWorker/message';
import type { BackgroundWork } from '../shared/backgroundWorkModel';
import { Debouncer, type DebouncerOptions } from '../shared/debouncer';
import type { Log } from '../shared/log';
import type { RetrievalService } from '../shared/retrievalService';

/** Saves of notes with findings close together (a formatter, autosave) are checked again once. */
const NOTE_EDITS: DebouncerOptions = { quietMs: 300, maxWaitMs: 1500 };
/** Where Check Index's findings are kept across a window reload (workspace state). */
const FINDINGS_KEY = 'ariaContext.checkIndexFindings';
/** Edits of the open index.md are checked once typing pauses (and now and then during a long burst). */
const BUFFER_EDITS: DebouncerOptions = { quietMs: 300, maxWaitMs: 2000 };

export class IndexDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('aria-context');
  private readonly changedEmitter = new vscode.EventEmitter<void>();
  /** Fires when the health report changed (the status bar and the tree show its summary). */
  readonly onDidChange = this.changedEmitter.event;
  private checked: { snapshot: Snapshot; health: IndexHealth; lines: Record<number, string> } | undefined;
  /** Check Index's notice while it is shown: the total it says, and how to close it. */
  private notice: { total: number; close: () => void } | undefined;
  private pending: Snapshot | undefined;
  /** The notes changed while this snapshot's check was pending: it must read them again. */
  private againFor: Snapshot | undefined;
  private readonly subscription: vscode.Disposable;
  /**
   * The notes Check Index found something about: one of them saved (a fix in its front matter)
   * is checked again. Other notes' edits are not looked at (the knowledge base routes their
   * creation and deletion).
   */
  private findings = new Set<string>();
  private readonly noteEdits = new Debouncer<string>(() => this.recheck(), NOTE_EDITS);
  private readonly bufferEdits = new Debouncer<void>(() => this.checkBuffer(), BUFFER_EDITS);
  /** Whether the report shown is of the open buffer's unsaved text (closing it unsaved goes back to the file's). */
  private ofBuffer = false;

  /**
   * `noteEdited`: the knowledge folder's note saves (the knowledge base's watcher); `work`: the
   * queue the check waits in (after the tree's rows); `checker`, `textChecker`: where it runs
   * (the index worker), else here.
   */
  constructor(
    private readonly service: RetrievalService,
    private readonly log: Log,
    noteEdited: vscode.Event<string>,
    private readonly work?: BackgroundWork,
    private readonly checker?: IndexChecker,
    private readonly textChecker?: IndexTextChecker,
    private readonly memento?: vscode.Memento,
  ) {
    // A listed note created or deleted (or a project's notes changed): the same snapshot is checked again.
    const changed = service.onDidChange((change) => {
      if (change === 'files' || change === 'cache') this.recheck();
    });
    const edited = noteEdited((file) => {
      const note = path.resolve(file);
      if (this.findings.has(note)) this.noteEdits.push(note);
    });
    // index.md edited in the editor (a quick fix, typing, a revert): its text is checked, unsaved.
    const typed = vscode.workspace.onDidChangeTextDocument((e) => {
      // The first edit's event may come before the buffer is marked dirty: that is asked when the check runs.
      if (e.contentChanges.length > 0 && this.isIndex(e.document)) this.bufferEdits.push();
    });
    const closed = vscode.workspace.onDidCloseTextDocument((document) => {
      if (this.ofBuffer && this.isIndex(document)) this.recheck();
    });
    this.subscription = vscode.Disposable.from(changed, edited, typed, closed);
  }

  dispose(): void {
    this.notice?.close();
    this.subscription.dispose();
    this.noteEdits.dispose();
    this.bufferEdits.dispose();
    this.collection.dispose();
    this.changedEmitter.dispose();
  }

  /** The last report published, if any. */
  current(): IndexHealth | undefined {
    return this.checked?.health;
  }

  /** The text a problem's line (1-based) of index.md had when it was checked (a quick fix checks it still has). */
  checkedLine(line: number): string | undefined {
    return this.checked?.lines[line];
  }

  /**
   * The cheap check of a new snapshot, as background work: after the tag tree's rows and the
   * status bar (at 10k notes it is long enough to be felt, and neither may wait for it), on the index
   * worker when there is one.
   */
  checkSoon(snapshot: Snapshot, again = false): void {
    if ((!again && this.checked?.snapshot === snapshot) || this.pending === snapshot) return;
    this.pending = snapshot;
    const check = () => {
      if (this.pending !== snapshot) return;
      if (this.againFor === snapshot) [again, this.againFor] = [true, undefined];
      // index.md has unsaved edits: their lines are the ones Problems must point at.
      if (this.unsavedIndex(snapshot)) {
        this.pending = undefined;
        return this.checkBuffer();
      }
      if (this.checker) return this.checkElsewhere(this.checker, snapshot, again);
      this.pending = undefined;
      if (this.service.snapshot() === snapshot) this.healthFor(snapshot, again);
    };
    if (this.work) this.work.run('index check', check);
    else setTimeout(check, 0);
  }

  /**
   * The snapshot checked again, its notes having changed on disk: a problem fixed since goes, a
   * new one shows. A check of this snapshot still to come or on its way reads the notes as they
   * are now (the load's own report predates the change).
   */
  recheck(): void {
    const snapshot = this.service.snapshot();
    if (!snapshot) return;
    if (this.checked?.snapshot === snapshot && this.pending !== snapshot) this.checkSoon(snapshot, true);
    else this.againFor = snapshot; // its check is on its way, or yet to be asked for
  }

  private isIndex(document: vscode.TextDocument): boolean {
    const snapshot = this.service.snapshot();
    return !!snapshot && document.uri.scheme === 'file' && document.uri.fsPath === indexPath(snapshot.config);
  }

  /** The open index.md of this snapshot's folder when it has unsaved edits. */
  private unsavedIndex(snapshot: Snapshot): vscode.TextDocument | undefined {
    const file = indexPath(snapshot.config);
    return vscode.workspace.textDocuments.find((d) => d.isDirty && d.uri.scheme === 'file' && d.uri.fsPath === file);
  }

  /**
   * The cheap check of the open index.md's text as it is now (unsaved or just reverted), on the
   * index worker when there is one; a report for a text edited since, or for a snapshot no longer
   * current, is dropped (the next check follows).
   */
  private checkBuffer(): void {
    const snapshot = this.service.snapshot();
    const file = snapshot && indexPath(snapshot.config);
    const document =
      file && vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && d.uri.fsPath === file);
    // A clean buffer is the file (a change on disk reloads it too): the reload's own check covers it.
    if (!snapshot || !document || (!document.isDirty && !this.ofBuffer)) return;
    const text = document.getText();
    const version = document.version;
    const started = performance.now();
    const done = (checked: CheckMessage | null) => {
      if (!checked || checked.health === null) return;
      if (this.service.snapshot() !== snapshot || document.isClosed || document.version !== version) return;
      this.publish(snapshot, checked.health, checked.lines, text);
      this.ofBuffer = document.isDirty;
      this.log.info(
        `Index check of the open index.md: ${problemCount(checked.health)} in ${Math.round(performance.now() - started)} ms`,
      );
    };
    const here = () => {
      try {
        done(checkIndexText(snapshot.config, text));
      } catch (err) {
        this.log.info(`Index check of the open index.md failed: ${(err as Error).stack ?? String(err)}`);
      }
    };
    if (!this.textChecker) return here();
    this.textChecker(snapshot.config, text).then(done, (err: Error) => {
      this.log.info(`Index check on the index worker failed (${err.message}); checking here.`);
      here();
    });
  }

  /** The report for this snapshot, running the cheap check the first time it is asked (or `again`). */
  healthFor(snapshot: Snapshot, again = false): IndexHealth | undefined {
    if (!again && this.checked?.snapshot === snapshot) return this.checked.health;
    try {
      const started = performance.now();
      const health = checkIndex(snapshot);
      const lines = problemLinesOnDisk(snapshot.config, health);
      if (!lines.ok) return undefined;
      this.publish(snapshot, health, lines.lines);
      this.ofBuffer = false;
      this.log.info(`Index check: ${problemCount(health)} in ${Math.round(performance.now() - started)} ms`);
      return health;
    } catch (err) {
      this.log.info(`Index check failed: ${(err as Error).stack ?? String(err)}`);
      return undefined;
    }
  }

  /**
   * The cheap check on the index worker: the report its load computed, or a check job that
   * reads index.md as it is now, so a report that arrives after a newer snapshot is dropped (that
   * snapshot's own check follows). Should the worker fail, the check runs here.
   */
  private checkElsewhere(checker: IndexChecker, snapshot: Snapshot, again: boolean): void {
    const started = performance.now();
    const current = () => this.pending === snapshot && this.service.snapshot() === snapshot;
    checker(snapshot, again).then(
      (checked) => {
        if (!current()) return;
        this.pending = undefined;
        if (checked.health === null) return;
        this.publish(snapshot, checked.health, checked.lines);
        this.ofBuffer = false;
        // The notes changed while this report was on its way: checked again, as they are now.
        if (this.againFor === snapshot) {
          this.againFor = undefined;
          this.checkSoon(snapshot, true);
        }
        this.log.info(
          `Index check (on the index worker): ${problemCount(checked.health)} in ${Math.round(performance.now() - started)} ms`,
        );
      },
      (err: Error) => {
        if (!current()) return;
        this.pending = undefined;
        this.log.info(`Index check on the index worker failed (${err.message}); checking here.`);
        this.healthFor(snapshot, again);
      },
    );
  }

  /** No snapshot (not configured, no index): nothing to show. */
  clear(): void {
    if (!this.checked) return;
    this.checked = undefined;
    this.findings.clear();
    this.collection.clear();
    this.changedEmitter.fire();
  }

  /** Context: Check Index — the cheap check plus the drift scan, with progress and cancel. */
  async run(): Promise<void> {
    const state = this.service.state();
    if (state.kind !== 'ready') {
      vscode.window.showWarningMessage(state.message);
      return;
    }
    const snapshot = state.snapshot;
    // Unsaved edits of index.md are what the user looks at: they are checked, not the saved file.
    const unsaved = this.unsavedIndex(snapshot)?.getText();
    const checked = unsaved === undefined ? snapshot : { config: snapshot.config, index: parseIndex(unsaved) };
    // The cheap check of this snapshot is in already (the worker's, published): only the scan is new.
    const health =
      unsaved === undefined && this.checked?.snapshot === snapshot
        ? { ...this.checked.health, problems: this.checked.health.problems.filter((p) => !DRIFT_KINDS.has(p.kind)) }
        : checkIndex(checked);
    const drift = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: 'Checking the knowledge index', cancellable: true },
      (progress, token) => {
        let reported = 0;
        return scanDrift(checked, {
          isCancelled: () => token.isCancellationRequested,
          onProgress: (done, total) => {
            if (total === 0) return;
            const percent = Math.floor((done / total) * 100);
            progress.report({ message: `${done} of ${plural(total, 'note')}`, increment: percent - reported });
            reported = percent;
          },
        });
      },
    );
    // A reload during the scan made it stale: the cheap check of the new snapshot stands.
    if (this.service.snapshot() !== snapshot) return;
    const full = withDrift(health, drift);
    const lines =
      unsaved === undefined
        ? problemLinesOnDisk(snapshot.config, full)
        : { ok: true as const, lines: problemLines(full, unsaved) };
    if (!lines.ok) {
      vscode.window.showWarningMessage(lines.message);
      return;
    }
    this.publish(snapshot, full, lines.lines, unsaved);
    this.ofBuffer = unsaved !== undefined;
    const message = checkMessage(full, drift);
    const total = healthTotals(full.problems).total;
    this.notice?.close();
    if (total === 0) return void vscode.window.showInformationMessage(message);
    // A notice that can be closed when the problems are gone (only a progress notification can
    // be): it stays while they stand, the user closes it, or a later report changes the total.
    void vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: message, cancellable: true },
      (_progress, token) =>
        new Promise<void>((resolve) => {
          const notice = { total, close: resolve };
          this.notice = notice;
          token.onCancellationRequested(() => {
            if (this.notice === notice) this.notice = undefined;
            resolve();
          });
        }),
    );
    // Focus, never the toggle (Ctrl+Shift+M), which would close a Problems panel the user has focused.
    await vscode.commands.executeCommand('workbench.action.problems.focus');
  }

  /**
   * Check Index's findings looked at again against `snapshot`: each note it found something about
   * that is still there is checked again (a fixed one goes); the "more not listed" counts stay.
   */
  private driftAgain(
    snapshot: Snapshot,
    before: IndexHealth,
    buffer?: string,
  ): { problems: IndexProblem[]; lines: Record<number, string> } | undefined {
    const drift = before.problems.filter((p) => DRIFT_KINDS.has(p.kind));
    const notes = [...new Set(drift.flatMap((p) => (p.file !== undefined && fs.existsSync(p.file) ? [p.file] : [])))];
    if (notes.length === 0) return { problems: drift.filter((p) => p.omitted !== undefined), lines: {} };
    // An unsaved buffer's entries, not the saved file's, are what the notes are compared with.
    const against = buffer === undefined ? snapshot : { config: snapshot.config, index: parseIndex(buffer) };
    const problems = [...driftOf(against, notes), ...drift.filter((p) => p.omitted !== undefined)];
    if (buffer !== undefined) return { problems, lines: problemLines({ problems }, buffer) };
    const lines = problemLinesOnDisk(snapshot.config, { problems });
    return lines.ok ? { problems, lines: lines.lines } : undefined;
  }

  /**
   * `lines`: the text of the lines of index.md the problems point to, by 1-based number
   * (problemLines); `buffer`: the unsaved text the report is of, when it is not the file's.
   */
  private publish(snapshot: Snapshot, fresh: IndexHealth, freshLines: Record<number, string>, buffer?: string): void {
    // After Check Index, a cheap check (a note or index.md changed) keeps the scan's findings that
    // still hold; the first report of a window takes up those kept from before a reload.
    const file = indexPath(snapshot.config);
    const before = fresh.driftChecked
      ? undefined
      : this.checked
        ? this.checked.health.driftChecked
          ? this.checked.health
          : undefined
        : restoredFindings(this.memento?.get(FINDINGS_KEY), file);
    const kept = before ? this.driftAgain(snapshot, before, buffer) : undefined;
    const health =
      before && kept
        ? {
            ...fresh,
            problems: [...fresh.problems, ...kept.problems],
            driftChecked: true,
            notesScanned: before.notesScanned,
          }
        : fresh;
    const lines = kept ? { ...kept.lines, ...freshLines } : freshLines;
    this.checked = { snapshot, health, lines };
    if (this.notice && !noticeStands(this.notice.total, health)) {
      this.notice.close();
      this.notice = undefined;
    }
    this.findings = new Set(
      health.problems.flatMap((p) => (DRIFT_KINDS.has(p.kind) && p.file !== undefined ? [path.resolve(p.file)] : [])),
    );
    if (health.driftChecked) this.memento?.update(FINDINGS_KEY, keepFindings(health, file));
    const uri = vscode.Uri.file(file);
    // §9 A note is pointed at only while the reader would open it: a related location is one click from a tab.
    const openable = openablePaths(
      snapshot.config,
      health.problems.flatMap((p) => (p.file !== undefined ? [p.file] : [])),
    );
    this.collection.set(uri, diagnosticsFor(uri, health.problems, lines, openable));
    this.changedEmitter.fire();
  }
}

function problemCount(health: IndexHealth): string {
  return plural(healthTotals(health.problems).total, 'problem');
}
