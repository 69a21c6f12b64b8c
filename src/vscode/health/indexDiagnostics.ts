// Index health in the Problems panel: the core's problems (src/core/indexHealth.ts) as
// diagnostics on the lines of index.md. The cheap check runs after each reload; Context: Check
// Index adds the drift scan of the notes, with progress and cancel. Nothing is ever written.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  checkIndex,
  driftOf,
  healthTotals,
  indexLines,
  indexPath,
  openablePaths,
  plural,
  problemLines,
  readIndexText,
  scanDrift,
  withDrift,
  type IndexHealth,
  type IndexProblem,
  type Snapshot,
} from '../../core';
import { checkMessage } from './healthModel';
import { NOTE_RELATED } from './quickFixes';
import type { IndexChecker } from '../../indexWorker/client';
import type { BackgroundWork } from '../shared/backgroundWorkModel';
import { Debouncer, type DebouncerOptions } from '../shared/debouncer';
import type { Log } from '../shared/log';
import type { RetrievalService } from '../shared/retrievalService';

/** What Check Index's scan of the notes finds (the cheap check never does). */
const DRIFT_KINDS = new Set<IndexProblem['kind']>(['tags-differ', 'not-indexed', 'newer-than-index']);
/** Saves of notes with findings close together (a formatter, autosave) are checked again once. */
const NOTE_EDITS: DebouncerOptions = { quietMs: 300, maxWaitMs: 1500 };

/** Looked up when used, not at load: activation must not touch the API beyond what it needs. */
function severity(s: IndexProblem['severity']): vscode.DiagnosticSeverity {
  return s === 'error'
    ? vscode.DiagnosticSeverity.Error
    : s === 'warning'
      ? vscode.DiagnosticSeverity.Warning
      : vscode.DiagnosticSeverity.Information;
}

export class IndexDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('aria-context');
  private readonly changedEmitter = new vscode.EventEmitter<void>();
  /** Fires when the health report changed (the status bar and the tree show its summary). */
  readonly onDidChange = this.changedEmitter.event;
  private checked: { snapshot: Snapshot; health: IndexHealth; lines: Record<number, string> } | undefined;
  private pending: Snapshot | undefined;
  private readonly subscription: vscode.Disposable;
  /**
   * The notes Check Index found something about: one of them saved (a fix in its front matter)
   * is checked again. Other notes' edits are not looked at (the knowledge base routes their
   * creation and deletion).
   */
  private findings = new Set<string>();
  private readonly noteEdits = new Debouncer<string>(() => this.recheck(), NOTE_EDITS);

  /**
   * `noteEdited`: the knowledge folder's note saves (the knowledge base's watcher); `work`: the
   * queue the check waits in (after the tree's rows); `checker`: where it runs (the index
   * worker), else here.
   */
  constructor(
    private readonly service: RetrievalService,
    private readonly log: Log,
    noteEdited: vscode.Event<string>,
    private readonly work?: BackgroundWork,
    private readonly checker?: IndexChecker,
  ) {
    // A listed note created or deleted (or a project's notes changed): the same snapshot is checked again.
    const changed = service.onDidChange((change) => {
      if (change === 'files' || change === 'cache') this.recheck();
    });
    const edited = noteEdited((file) => {
      const note = path.resolve(file);
      if (this.findings.has(note)) this.noteEdits.push(note);
    });
    this.subscription = vscode.Disposable.from(changed, edited);
  }

  dispose(): void {
    this.subscription.dispose();
    this.noteEdits.dispose();
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
   * status bar (it costs 70-320 ms at 10k notes, and neither may wait for it), on the index
   * worker when there is one.
   */
  checkSoon(snapshot: Snapshot, again = false): void {
    if ((!again && this.checked?.snapshot === snapshot) || this.pending === snapshot) return;
    this.pending = snapshot;
    const check = () => {
      if (this.pending !== snapshot) return;
      if (this.checker) return this.checkElsewhere(this.checker, snapshot, again);
      this.pending = undefined;
      if (this.service.snapshot() === snapshot) this.healthFor(snapshot, again);
    };
    if (this.work) this.work.run('index check', check);
    else setTimeout(check, 0);
  }

  /**
   * The snapshot checked again, its notes having changed on disk: a problem fixed since goes, a
   * new one shows. Not before the first report (that one is on its way).
   */
  recheck(): void {
    const snapshot = this.checked?.snapshot;
    if (snapshot && this.service.snapshot() === snapshot) this.checkSoon(snapshot, true);
  }

  /** The report for this snapshot, running the cheap check the first time it is asked (or `again`). */
  healthFor(snapshot: Snapshot, again = false): IndexHealth | undefined {
    if (!again && this.checked?.snapshot === snapshot) return this.checked.health;
    const text = readIndexText(snapshot.config);
    if (!text.ok) return undefined;
    try {
      const started = performance.now();
      const health = checkIndex(snapshot, text.text);
      this.publish(snapshot, health, problemLines(health, text.text));
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
      void vscode.window.showWarningMessage(state.message);
      return;
    }
    const snapshot = state.snapshot;
    const text = readIndexText(snapshot.config);
    if (!text.ok) {
      void vscode.window.showWarningMessage(text.message);
      return;
    }
    const lines = indexLines(text.text);
    const health = checkIndex(snapshot, text.text, lines);
    const drift = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: 'Checking the knowledge index', cancellable: true },
      (progress, token) => {
        let reported = 0;
        return scanDrift(
          snapshot,
          text.text,
          {
            isCancelled: () => token.isCancellationRequested,
            onProgress: (done, total) => {
              if (total === 0) return;
              const percent = Math.floor((done / total) * 100);
              progress.report({ message: `${done} of ${plural(total, 'note')}`, increment: percent - reported });
              reported = percent;
            },
          },
          lines,
        );
      },
    );
    // A reload during the scan made it stale: the cheap check of the new snapshot stands.
    if (this.service.snapshot() !== snapshot) return;
    const full = withDrift(health, drift);
    this.publish(snapshot, full, problemLines(full, text.text));
    const choice = await vscode.window.showInformationMessage(
      checkMessage(full, drift),
      ...(full.problems.length ? ['Show Problems'] : []),
    );
    if (choice === 'Show Problems') await vscode.commands.executeCommand('workbench.actions.view.problems');
  }

  /**
   * Check Index's findings looked at again against `snapshot`: each note it found something about
   * that is still there is checked again (a fixed one goes); the "more not listed" counts stay.
   */
  private driftAgain(
    snapshot: Snapshot,
    before: IndexHealth,
  ): { problems: IndexProblem[]; lines: Record<number, string> } | undefined {
    const text = readIndexText(snapshot.config);
    if (!text.ok) return undefined;
    const drift = before.problems.filter((p) => DRIFT_KINDS.has(p.kind));
    const notes = [...new Set(drift.flatMap((p) => (p.file !== undefined && fs.existsSync(p.file) ? [p.file] : [])))];
    const problems = [...driftOf(snapshot, text.text, notes), ...drift.filter((p) => p.omitted !== undefined)];
    return {
      problems,
      lines: problemLines({ problems, lastRebuilt: null, driftChecked: true, notesScanned: 0 }, text.text),
    };
  }

  /** `lines`: the text of the lines of index.md the problems point to, by 1-based number (problemLines). */
  private publish(snapshot: Snapshot, fresh: IndexHealth, freshLines: Record<number, string>): void {
    // After Check Index, a cheap check (a note or index.md changed) keeps the scan's findings that still hold.
    const before = !fresh.driftChecked && this.checked?.health.driftChecked ? this.checked.health : undefined;
    const kept = before ? this.driftAgain(snapshot, before) : undefined;
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
    this.findings = new Set(
      health.problems.flatMap((p) => (DRIFT_KINDS.has(p.kind) && p.file !== undefined ? [path.resolve(p.file)] : [])),
    );
    const uri = vscode.Uri.file(indexPath(snapshot.config));
    const range = (line: number) => {
      const i = Math.max(0, line - 1);
      const t = lines[i + 1] ?? '';
      const start = t.length - t.trimStart().length;
      return new vscode.Range(i, start, i, Math.max(start, t.trimEnd().length));
    };
    // §9 A note is pointed at only while the reader would open it: a related location is one click from a tab.
    const notes = openablePaths(
      snapshot.config,
      health.problems.flatMap((p) => (p.file !== undefined ? [p.file] : [])),
    );
    this.collection.set(
      uri,
      health.problems.map((p) => {
        const d = new vscode.Diagnostic(range(p.line), p.message.replace(/`/g, ''), severity(p.severity));
        d.source = 'aria-context';
        d.code = p.kind;
        const related: vscode.DiagnosticRelatedInformation[] = [];
        if (p.related)
          related.push(
            new vscode.DiagnosticRelatedInformation(
              new vscode.Location(uri, range(p.related.line)),
              p.related.message.replace(/`/g, ''),
            ),
          );
        const note = p.file !== undefined && notes.has(p.file) ? p.file : undefined;
        if (note !== undefined)
          related.push(
            new vscode.DiagnosticRelatedInformation(
              new vscode.Location(vscode.Uri.file(note), new vscode.Position(0, 0)),
              NOTE_RELATED,
            ),
          );
        if (related.length) d.relatedInformation = related;
        return d;
      }),
    );
    this.changedEmitter.fire();
  }
}

function problemCount(health: IndexHealth): string {
  return plural(healthTotals(health.problems).total, 'problem');
}
