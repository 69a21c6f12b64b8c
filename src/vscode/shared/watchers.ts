// The editor's side of the knowledge base's Watcher port: VS Code file system watchers on the
// knowledge folder (the core's one glob) and on each config location. Events are coalesced by
// a Debouncer (debouncer.ts) into one batch per burst, which the
// knowledge base routes (src/core/kb/changeRoute.ts). The knowledge base re-calls watch() whenever
// the places to watch change (new settings, a config file found). A note's edit is not a
// change to the knowledge base; it is told apart (onDidEditNote) for index health, whose
// findings about that note may be fixed by it.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { WatchTargets, Watcher } from '../../core';
import { Debouncer, WATCH_DEBOUNCE, type DebouncerOptions } from './debouncer';
import type { Log } from './log';

export class KnowledgeWatchers implements Watcher, vscode.Disposable {
  private readonly debouncer: Debouncer<string>;
  private onChange: ((paths: string[]) => void) | undefined;
  private readonly noteEdited = new vscode.EventEmitter<string>();
  /** A note of the knowledge folder was saved (its path): not batched, not routed. */
  readonly onDidEditNote = this.noteEdited.event;

  constructor(
    private readonly log: Log,
    debounce: DebouncerOptions = WATCH_DEBOUNCE,
  ) {
    this.debouncer = new Debouncer((paths, waitedMs) => {
      this.log.info(`File events: ${paths.length} path(s), handed on ${waitedMs} ms after the first`);
      this.onChange?.(paths);
    }, debounce);
  }

  /** File events received and batches handed on so far (diagnostics, tests). */
  get counts(): { fileEvents: number; batches: number } {
    return { fileEvents: this.debouncer.received, batches: this.debouncer.flushes };
  }

  watch(targets: WatchTargets, onChange: (paths: string[]) => void): vscode.Disposable {
    this.onChange = onChange;
    const made: vscode.Disposable[] = [];
    /** `onEdit`: where edits go (by default into the batch, like creations and deletions). */
    const watch = (base: string, pattern: string, onEdit?: (uri: vscode.Uri) => void) => {
      try {
        const w = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(base), pattern));
        const onEvent = (uri: vscode.Uri) => this.debouncer.push(uri.fsPath);
        made.push(w, w.onDidCreate(onEvent), w.onDidDelete(onEvent), w.onDidChange(onEdit ?? onEvent));
      } catch (err) {
        this.log.info(`Cannot watch ${base}/${pattern}: ${(err as Error).message}`);
      }
    };
    if (targets.knowledgeFolder) watch(targets.knowledgeFolder, targets.knowledgeGlob);
    // The notes: a listed one deleted, renamed or restored changes index health; an edit goes
    // to whoever holds a finding about that note.
    if (targets.knowledgeFolder)
      watch(targets.knowledgeFolder, targets.notesGlob, (uri) => this.noteEdited.fire(uri.fsPath));
    for (const file of targets.configFiles) watch(path.dirname(file), path.basename(file));
    this.log.info(
      `Watching ${targets.knowledgeFolder ?? '(no knowledge folder)'} and ${targets.configFiles.length} config location(s)`,
    );
    return new vscode.Disposable(() => {
      for (const d of made) d.dispose();
    });
  }

  dispose(): void {
    this.onChange = undefined;
    this.debouncer.dispose();
    this.noteEdited.dispose();
  }
}
