// File system watchers on the knowledge folder and the config files. Events are coalesced by a
// Debouncer (debouncer.ts: 300 ms quiet, 1.5 s at most) into one RetrievalService.applyChanges
// call per burst; the watchers are re-created whenever the watched places change (new
// settings, new config file).
import * as path from 'node:path';
import * as vscode from 'vscode';
import { Debouncer, WATCH_DEBOUNCE, type DebouncerOptions } from './debouncer';
import type { Log } from './log';
import type { RetrievalService, WatchTargets } from './retrievalService';
// The patterns come from the core (src/core/watchPatterns.ts), so the cache invalidates exactly
// what the watchers report.
import { KNOWLEDGE_GLOB } from '../core';

export class KnowledgeWatchers implements vscode.Disposable {
  private watchers: vscode.Disposable[] = [];
  private key = '';
  private readonly debouncer: Debouncer<string>;
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly service: RetrievalService,
    private readonly log: Log,
    debounce: DebouncerOptions = WATCH_DEBOUNCE,
  ) {
    this.debouncer = new Debouncer((paths) => this.service.applyChanges(paths), debounce);
    this.subscription = service.onDidLoadState(() => this.update());
  }

  /** File events received and batches applied so far (diagnostics, tests). */
  get counts(): { fileEvents: number; batches: number } {
    return { fileEvents: this.debouncer.received, batches: this.debouncer.flushes };
  }

  /** Re-creates the watchers if the places to watch changed. */
  update(force = false): void {
    const targets = this.service.watchTargets();
    const key = JSON.stringify(targets);
    if (!force && key === this.key) return;
    this.key = key;
    this.disposeWatchers();
    this.watchers = this.create(targets);
  }

  dispose(): void {
    this.subscription.dispose();
    this.disposeWatchers();
    this.debouncer.dispose();
  }

  private create(targets: WatchTargets): vscode.Disposable[] {
    const made: vscode.Disposable[] = [];
    const watch = (base: string, pattern: string) => {
      try {
        const w = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(base), pattern));
        const onEvent = (uri: vscode.Uri) => this.debouncer.push(uri.fsPath);
        made.push(w, w.onDidCreate(onEvent), w.onDidChange(onEvent), w.onDidDelete(onEvent));
      } catch (err) {
        this.log.info(`Cannot watch ${base}/${pattern}: ${(err as Error).message}`);
      }
    };
    if (targets.knowledgeFolder) watch(targets.knowledgeFolder, KNOWLEDGE_GLOB);
    for (const file of targets.configFiles) watch(path.dirname(file), path.basename(file));
    this.log.info(`Watching ${targets.knowledgeFolder ?? '(no knowledge folder)'} and ${targets.configFiles.length} config location(s)`);
    return made;
  }

  private disposeWatchers(): void {
    for (const d of this.watchers) d.dispose();
    this.watchers = [];
  }
}
