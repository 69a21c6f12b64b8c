// Owns the parsed config + index (one Snapshot at a time) and the project-tier cache. The query
// command, the tree, and later the chat participant and tools all read through it.
// Lazy: nothing is read until the first caller asks for the state.
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { configCandidates, CoreCache, loadSnapshot, localDate, runQuery, type Config, type ConfigSources, type ProjectFile, type QueryResult, type Snapshot } from '../core';
import type { Log } from './log';
import { readPathSettings } from './settings';

export type ServiceState =
  | { kind: 'ready'; snapshot: Snapshot }
  | { kind: 'notConfigured'; message: string }
  | { kind: 'noIndex'; message: string; config: Config }
  | { kind: 'error'; message: string };

export type ContextState = 'ready' | 'notConfigured' | 'noIndex' | 'error';

export type ServiceQueryOutcome =
  | { ok: true; result: QueryResult; text: string }
  | { ok: false; kind: 'usage' | 'notConfigured' | 'noIndex' | 'error'; message: string };

/** What the watchers should watch for the current state. */
export interface WatchTargets {
  knowledgeFolder: string | null;
  configFiles: string[];
}

export class RetrievalService implements vscode.Disposable {
  readonly cache = new CoreCache();
  private current: ServiceState | undefined;
  private sources: ConfigSources | undefined;
  private contextState: ContextState | undefined;
  private lastIgnored = '';
  private last: { text: string; result: QueryResult } | undefined;
  private loadCount = 0;
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly loaded = new vscode.EventEmitter<void>();
  /** Fires after data changed on disk or in the settings: views refresh, queries re-read. */
  readonly onDidChange = this.changed.event;
  /** Fires each time the state has been (re)computed: the watchers follow it. */
  readonly onDidLoadState = this.loaded.event;

  constructor(private readonly log: Log) {}

  dispose(): void {
    this.changed.dispose();
    this.loaded.dispose();
  }

  /** The current state, computing it (config + index.md) on first use after a change. */
  state(): ServiceState {
    if (this.current) return this.current;
    const started = performance.now();
    this.sources = this.readSources();
    let next: ServiceState;
    try {
      const outcome = loadSnapshot(this.sources);
      if (outcome.ok) next = { kind: 'ready', snapshot: outcome.snapshot };
      else if (outcome.code === 'no-index' && outcome.config) next = { kind: 'noIndex', message: outcome.message, config: outcome.config };
      else if (outcome.code === 'no-index') next = { kind: 'error', message: outcome.message };
      else next = { kind: 'notConfigured', message: outcome.message };
    } catch (err) {
      // The core is meant not to throw; if it ever does, the UI still gets a state.
      next = { kind: 'error', message: `aria-context could not read the knowledge folder: ${(err as Error).message}` };
    }
    this.current = next;
    this.loadCount++;
    const where = next.kind === 'ready' ? next.snapshot.config.knowledgeFolder : next.kind === 'noIndex' ? next.config.knowledgeFolder : '-';
    this.log.info(`Loaded state ${next.kind} (${where}) in ${Math.round(performance.now() - started)} ms`);
    if (next.kind === 'ready') for (const w of next.snapshot.config.warnings) this.log.info(`Config warning: ${w}`);
    if (next.kind !== 'ready') this.log.info(next.message);
    this.setContextState(next.kind);
    this.loaded.fire();
    return next;
  }

  /** How many times config + index.md have been read (diagnostics, tests). */
  get loads(): number {
    return this.loadCount;
  }

  /** Whether the state has been computed at least once (the watchers exist only then). */
  get isLoaded(): boolean {
    return this.current !== undefined;
  }

  snapshot(): Snapshot | undefined {
    const s = this.state();
    return s.kind === 'ready' ? s.snapshot : undefined;
  }

  today(): string {
    // Test hook: ARIA_CONTEXT_TODAY=YYYY-MM-DD fixes "today" for ages (used by test/e2e/editor.e2e.ts).
    const fixed = process.env.ARIA_CONTEXT_TODAY;
    return fixed && /^\d{4}-\d{2}-\d{2}$/.test(fixed) ? fixed : localDate(Date.now());
  }

  /** One query against one snapshot. Never throws. */
  query(text: string): ServiceQueryOutcome {
    const s = this.state();
    if (s.kind !== 'ready') return { ok: false, kind: s.kind, message: s.message };
    try {
      const outcome = runQuery(s.snapshot, text, { today: this.today(), cache: this.cache });
      if (!outcome.ok) return { ok: false, kind: 'usage', message: outcome.message };
      this.last = { text: text.trim(), result: outcome.result };
      return { ok: true, result: outcome.result, text: text.trim() };
    } catch (err) {
      this.log.info(`Query "${text}" failed: ${(err as Error).stack ?? String(err)}`);
      return { ok: false, kind: 'error', message: `The query failed: ${(err as Error).message}` };
    }
  }

  /** Project-tier files of a configured project, through the cache the queries share. */
  projectFiles(tag: string): ProjectFile[] {
    const s = this.state();
    if (s.kind !== 'ready') return [];
    const folder = s.snapshot.config.knowledgeFolder;
    return this.cache.projectScan(folder, tag).files;
  }

  lastQuery(): { text: string; result: QueryResult } | undefined {
    return this.last;
  }

  watchTargets(): WatchTargets {
    const s = this.current;
    const knowledgeFolder = s?.kind === 'ready' ? s.snapshot.config.knowledgeFolder : s?.kind === 'noIndex' ? s.config.knowledgeFolder : null;
    const configFiles = this.sources ? configCandidates(this.sources) : [];
    return { knowledgeFolder, configFiles: [...new Set(configFiles)] };
  }

  /** Everything is re-read on next use: settings changed, trust granted, or Refresh. */
  reload(reason: string): void {
    this.log.info(`Reload: ${reason}`);
    this.current = undefined;
    this.last = undefined;
    this.cache.invalidate();
    this.changed.fire();
  }

  /**
   * Files changed on disk (already debounced). index.md or a config file → the snapshot is
   * re-read on next use; project and ideas files → only their cache entries are dropped.
   */
  applyChanges(paths: string[]): void {
    const targets = this.watchTargets();
    const configs = new Set(targets.configFiles.map((p) => path.resolve(p)));
    let snapshotStale = false;
    for (const p of paths) {
      const abs = path.resolve(p);
      if (configs.has(abs)) {
        snapshotStale = true;
        this.cache.invalidate();
      } else if (targets.knowledgeFolder && abs === path.join(targets.knowledgeFolder, 'index.md')) {
        snapshotStale = true;
      } else if (targets.knowledgeFolder) {
        this.cache.invalidate(abs, targets.knowledgeFolder);
      }
    }
    this.log.info(`Changed on disk: ${paths.map((p) => path.basename(p)).join(', ')}${snapshotStale ? ' (re-reading the index)' : ''}`);
    if (snapshotStale) this.current = undefined;
    this.changed.fire();
  }

  private readSources(): ConfigSources {
    const settings = readPathSettings();
    const ignored = settings.ignored.join('\n');
    if (ignored && ignored !== this.lastIgnored) this.log.info(ignored);
    this.lastIgnored = ignored;
    const trusted = vscode.workspace.isTrusted
      ? (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath)
      : [];
    return {
      home: process.env.HOME || os.homedir(),
      env: process.env,
      configFile: settings.configFile,
      folder: settings.knowledgeFolder,
      projectsRoot: settings.projectsRoot,
      trustedWorkspaceFolders: trusted,
    };
  }

  private setContextState(kind: ServiceState['kind']): void {
    if (kind === this.contextState) return;
    this.contextState = kind;
    void vscode.commands.executeCommand('setContext', 'ariaContext.state', kind);
  }
}
