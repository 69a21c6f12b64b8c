// Index health in the Problems panel: the core's problems (src/core/indexHealth.ts) as
// diagnostics on the lines of index.md. The cheap check runs after each reload; Context: Check
// Index adds the drift scan of the notes, with progress and cancel. Nothing is ever written.
import * as vscode from 'vscode';
import { checkIndex, indexLines, indexPath, plural, problemLines, readIndexText, INDEX_REBUILD_HINT, scanDrift, withDrift, type IndexHealth, type IndexProblem, type Snapshot } from '../../core';
import type { IndexChecker } from '../../indexWorker/client';
import type { BackgroundWork } from '../shared/backgroundWorkModel';
import type { Log } from '../shared/log';
import type { RetrievalService } from '../shared/retrievalService';

/** Looked up when used, not at load: activation must not touch the API beyond what it needs. */
function severity(s: IndexProblem['severity']): vscode.DiagnosticSeverity {
  return s === 'error' ? vscode.DiagnosticSeverity.Error : s === 'warning' ? vscode.DiagnosticSeverity.Warning : vscode.DiagnosticSeverity.Information;
}

export class IndexDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('aria-context');
  private readonly changedEmitter = new vscode.EventEmitter<void>();
  /** Fires when the health report changed (the status bar and the tree show its summary). */
  readonly onDidChange = this.changedEmitter.event;
  private checked: { snapshot: Snapshot; health: IndexHealth } | undefined;
  private pending: Snapshot | undefined;

  /** `work`: the queue the check waits in (after the tree's rows); `checker`: where it runs (the index worker), else here. */
  constructor(
    private readonly service: RetrievalService,
    private readonly log: Log,
    private readonly work?: BackgroundWork,
    private readonly checker?: IndexChecker,
  ) {}

  dispose(): void {
    this.collection.dispose();
    this.changedEmitter.dispose();
  }

  /** The last report published, if any. */
  current(): IndexHealth | undefined {
    return this.checked?.health;
  }

  /**
   * The cheap check of a new snapshot, as background work: after the tag tree's rows and the
   * status bar (it costs 70-320 ms at 10k notes, and neither may wait for it), on the index
   * worker when there is one.
   */
  checkSoon(snapshot: Snapshot): void {
    if (this.checked?.snapshot === snapshot || this.pending === snapshot) return;
    this.pending = snapshot;
    const check = () => {
      if (this.pending !== snapshot) return;
      if (this.checker) return this.checkElsewhere(this.checker, snapshot);
      this.pending = undefined;
      if (this.service.snapshot() === snapshot) this.healthFor(snapshot);
    };
    if (this.work) this.work.run('index check', check);
    else setTimeout(check, 0);
  }

  /** The report for this snapshot, running the cheap check the first time it is asked. */
  healthFor(snapshot: Snapshot): IndexHealth | undefined {
    if (this.checked?.snapshot === snapshot) return this.checked.health;
    const text = readIndexText(snapshot.config);
    if (!text.ok) return undefined;
    try {
      const started = performance.now();
      const health = checkIndex(snapshot, text.text);
      this.publish(snapshot, health, problemLines(health, text.text));
      this.log.info(`Index check: ${plural(health.problems.length, 'problem')} in ${Math.round(performance.now() - started)} ms`);
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
  private checkElsewhere(checker: IndexChecker, snapshot: Snapshot): void {
    const started = performance.now();
    const current = () => this.pending === snapshot && this.service.snapshot() === snapshot;
    checker(snapshot).then(
      (checked) => {
        if (!current()) return;
        this.pending = undefined;
        if (checked.health === null) return;
        this.publish(snapshot, checked.health, checked.lines);
        this.log.info(`Index check (on the index worker): ${plural(checked.health.problems.length, 'problem')} in ${Math.round(performance.now() - started)} ms`);
      },
      (err: Error) => {
        if (!current()) return;
        this.pending = undefined;
        this.log.info(`Index check on the index worker failed (${err.message}); checking here.`);
        this.healthFor(snapshot);
      },
    );
  }

  /** No snapshot (not configured, no index): nothing to show. */
  clear(): void {
    if (!this.checked) return;
    this.checked = undefined;
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
        return scanDrift(snapshot, text.text, {
          isCancelled: () => token.isCancellationRequested,
          onProgress: (done, total) => {
            if (total === 0) return;
            const percent = Math.floor((done / total) * 100);
            progress.report({ message: `${done} of ${plural(total, 'note')}`, increment: percent - reported });
            reported = percent;
          },
        }, lines);
      },
    );
    // A reload during the scan made it stale: the cheap check of the new snapshot stands.
    if (this.service.snapshot() !== snapshot) return;
    const full = withDrift(health, drift);
    this.publish(snapshot, full, problemLines(full, text.text));
    const counts = countByKind(full.problems);
    const summary = full.problems.length === 0 ? 'The knowledge index has no problems.' : `The knowledge index has ${plural(full.problems.length, 'problem')}${counts ? ` (${counts})` : ''}.`;
    const note = drift.cancelled ? ` The note scan was cancelled after ${plural(drift.notes, 'note')}.` : ` ${plural(drift.notes, 'note')} compared with the index.`;
    const choice = await vscode.window.showInformationMessage(`${summary}${note}${full.problems.length ? ` ${INDEX_REBUILD_HINT}` : ''}`, ...(full.problems.length ? ['Show Problems'] : []));
    if (choice === 'Show Problems') await vscode.commands.executeCommand('workbench.actions.view.problems');
  }

  /** `lines`: the text of the lines of index.md the problems point to, by 1-based number (problemLines). */
  private publish(snapshot: Snapshot, health: IndexHealth, lines: Record<number, string>): void {
    this.checked = { snapshot, health };
    const uri = vscode.Uri.file(indexPath(snapshot.config));
    const range = (line: number) => {
      const i = Math.max(0, line - 1);
      const t = lines[i + 1] ?? '';
      const start = t.length - t.trimStart().length;
      return new vscode.Range(i, start, i, Math.max(start, t.trimEnd().length));
    };
    this.collection.set(
      uri,
      health.problems.map((p) => {
        const d = new vscode.Diagnostic(range(p.line), p.message.replace(/`/g, ''), severity(p.severity));
        d.source = 'aria-context';
        d.code = p.kind;
        const related: vscode.DiagnosticRelatedInformation[] = [];
        if (p.related) related.push(new vscode.DiagnosticRelatedInformation(new vscode.Location(uri, range(p.related.line)), p.related.message.replace(/`/g, '')));
        if (p.file) related.push(new vscode.DiagnosticRelatedInformation(new vscode.Location(vscode.Uri.file(p.file), new vscode.Position(0, 0)), 'the note'));
        if (related.length) d.relatedInformation = related;
        return d;
      }),
    );
    this.changedEmitter.fire();
  }
}

function countByKind(problems: readonly IndexProblem[]): string {
  const names: Record<IndexProblem['kind'], string> = {
    'unparsed': 'unreadable line',
    'refused': 'refused entry',
    'missing-file': 'missing file',
    'duplicate': 'duplicate',
    'unused-tag': 'tag without files',
    'alias-collision': 'alias collision',
    'tags-differ': 'note with changed tags',
    'not-indexed': 'note not in the index',
    'newer-than-index': 'note newer than the index',
  };
  const counts = new Map<string, number>();
  for (const p of problems) counts.set(names[p.kind], (counts.get(names[p.kind]) ?? 0) + 1);
  return [...counts].map(([name, n]) => plural(n, name)).join(', ');
}
