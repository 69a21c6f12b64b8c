// File system watchers on the knowledge folder and the config files. Events are debounced
// (~100 ms) and coalesced into one RetrievalService.applyChanges call per burst; the watchers
// are re-created whenever the watched places change (new settings, new config file).
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Log } from './log';
import type { RetrievalService, WatchTargets } from './retrievalService';

// The patterns come from the core (src/core/watchPatterns.ts), so the cache invalidates exactly
// what the watchers report.
import { KNOWLEDGE_PATTERNS } from '../core/watchPatterns';

export class KnowledgeWatchers implements vscode.Disposable {
  private watchers: vscode.Disposable[] = [];
  private key = '';
  private pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly service: RetrievalService,
    private readonly log: Log,
    private readonly debounceMs = 100,
  ) {
    this.subscription = service.onDidLoadState(() => this.update());
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
    if (this.timer) clearTimeout(this.timer);
    this.pending.clear();
  }

  private create(targets: WatchTargets): vscode.Disposable[] {
    const made: vscode.Disposable[] = [];
    const watch = (base: string, pattern: string) => {
      try {
        const w = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(base), pattern));
        const onEvent = (uri: vscode.Uri) => this.queue(uri.fsPath);
        made.push(w, w.onDidCreate(onEvent), w.onDidChange(onEvent), w.onDidDelete(onEvent));
      } catch (err) {
        this.log.info(`Cannot watch ${base}/${pattern}: ${(err as Error).message}`);
      }
    };
    if (targets.knowledgeFolder) for (const p of KNOWLEDGE_PATTERNS) watch(targets.knowledgeFolder, p);
    for (const file of targets.configFiles) watch(path.dirname(file), path.basename(file));
    this.log.info(`Watching ${targets.knowledgeFolder ?? '(no knowledge folder)'} and ${targets.configFiles.length} config location(s)`);
    return made;
  }

  private queue(fsPath: string): void {
    this.pending.add(fsPath);
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), this.debounceMs);
  }

  private flush(): void {
    this.timer = undefined;
    const paths = [...this.pending];
    this.pending.clear();
    if (paths.length > 0) this.service.applyChanges(paths);
  }

  private disposeWatchers(): void {
    for (const d of this.watchers) d.dispose();
    this.watchers = [];
  }
}
