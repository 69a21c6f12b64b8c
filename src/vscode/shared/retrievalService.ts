// The editor's handle on the core's KnowledgeBase (src/core/kb/knowledgeBase.ts, which owns the
// state, queries, change routing and cache): this adapter supplies the config sources from the
// settings and workspace trust, "today", the log, the `ariaContext.state` context key, and
// re-fires the knowledge base's changes as a vscode.Event for the tree and the API.
import * as os from 'node:os';
import * as vscode from 'vscode';
import { markConfigureStepDone } from './walkthrough';
import {
  KnowledgeBase,
  localDate,
  TagCounter,
  type ConfigSources,
  type KnowledgeChange,
  type IndexLoader,
  type KnowledgeQueryOutcome,
  type KnowledgeState,
  type ProjectFile,
  type Snapshot,
  type Watcher,
} from '../../core';
import type { AgentSource } from '../../agent/source';
import type { BackgroundWork } from './backgroundWorkModel';
import type { Log } from './log';
import { explainAgentCommands } from './agentCommandsModel';
import { knowledgePaths } from './knowledgePathsModel';
import { readPathSettings } from './settings';

/** Also the agent tools' and the @context participant's source (AgentSource): its messages name the editor's commands. */
export class RetrievalService implements vscode.Disposable, AgentSource {
  private readonly knowledge: KnowledgeBase;
  private contextState: KnowledgeState['kind'] | undefined;
  private contextReason: string | undefined;
  private lastIgnored = '';
  /** The same state object each time for the same core state (views compare them). */
  private readonly explained = new WeakMap<KnowledgeState, KnowledgeState>();
  private readonly changedEmitter = new vscode.EventEmitter<KnowledgeChange>();
  private readonly readingEmitter = new vscode.EventEmitter<boolean>();
  private counting: { snapshot: Snapshot; today: string; counter: TagCounter } | undefined;
  private readonly reloadedEmitter = new vscode.EventEmitter<void>();
  /** The tree counts a new state while showing its rows from before (TagTreeProvider). */
  private recounting = false;
  /** Fires after data changed on disk or in the settings (with what changed): views refresh, queries re-read. */
  readonly onDidChange = this.changedEmitter.event;
  /**
   * Fires when index.md starts or stops being re-read in the background, or the tree its counts
   * (the tree's index row says "reloading…").
   */
  readonly onDidChangeReading = this.readingEmitter.event;
  /** Fires when everything is to be re-read (settings, trust, Refresh): results shown so far are stale. */
  readonly onDidReload = this.reloadedEmitter.event;

  /** `loader`: where index.md is re-read after a change on disk (a worker); without one, on first use. */
  constructor(
    log: Log,
    private readonly work?: BackgroundWork,
    loader?: IndexLoader,
  ) {
    this.knowledge = new KnowledgeBase({
      sources: () => this.readSources(log),
      today: () => this.today(),
      loader,
      log: (line) => log.info(line),
    });
    this.knowledge.onDidLoad((state) => {
      this.setContextState(state.kind, state.kind === 'noIndex' ? state.reason : undefined);
      this.setKnowledgeFiles(state, log);
    });
    this.knowledge.onDidChange((change) => {
      this.counting = undefined; // a project folder, the ideas or a listed note changed: count again
      if (change === 'reload') this.reloadedEmitter.fire();
      this.changedEmitter.fire(change);
    });
    this.knowledge.onDidChangeReading(() => this.readingEmitter.fire(this.reading));
  }

  dispose(): void {
    this.knowledge.dispose();
    this.changedEmitter.dispose();
    this.reloadedEmitter.dispose();
    this.readingEmitter.dispose();
  }

  /** Messages name /setup and /index: said once where those run (the user's agent). */
  state(): KnowledgeState {
    const state = this.knowledge.state();
    if (state.kind === 'ready') return state;
    let shown = this.explained.get(state);
    if (!shown) this.explained.set(state, (shown = { ...state, message: explainAgentCommands(state.message) }));
    return shown;
  }

  /** How many times config + index.md have been read (diagnostics, tests). */
  get loads(): number {
    return this.knowledge.loads;
  }

  /** Whether index.md is being re-read in the background, or the tree is still counting what it read. */
  get reading(): boolean {
    return this.knowledge.reading || this.recounting;
  }

  /** The tree shows its rows from before while it counts the new state (`reading` stays on). */
  setRecounting(recounting: boolean): void {
    if (recounting === this.recounting) return;
    const before = this.reading;
    this.recounting = recounting;
    if (this.reading !== before) this.readingEmitter.fire(this.reading);
  }

  /** The state read on the index worker when nothing is read yet (the tree's first rows): the host stays free. */
  async prepare(): Promise<void> {
    await this.knowledge.prepare();
  }

  /** Whether the state has been computed (and not invalidated since). */
  get isLoaded(): boolean {
    return this.knowledge.isLoaded;
  }

  snapshot(): Snapshot | undefined {
    return this.knowledge.snapshot();
  }

  today(): string {
    // Test hook: ARIA_CONTEXT_TODAY=YYYY-MM-DD fixes "today" for ages (used by test/e2e/editor.e2e.ts).
    const fixed = process.env.ARIA_CONTEXT_TODAY;
    return fixed && /^\d{4}-\d{2}-\d{2}$/.test(fixed) ? fixed : localDate(Date.now());
  }

  /**
   * The one count (the core's TagCounter) for the current snapshot: the tree, completion and the
   * status bar ask it, so each query runs once until something changes.
   */
  counter(): TagCounter | undefined {
    const snapshot = this.snapshot();
    if (!snapshot) return undefined;
    const today = this.today();
    if (this.counting?.snapshot !== snapshot || this.counting.today !== today) {
      const counter = new TagCounter(
        snapshot,
        (text, shared) => {
          const outcome = this.knowledge.snapshot() === snapshot ? this.knowledge.query(text, shared) : undefined;
          return outcome?.ok ? outcome.result : null;
        },
        this.knowledge.snapshot() === snapshot ? this.knowledge.availability() : undefined,
      );
      this.counting = { snapshot, today, counter };
    }
    return this.counting.counter;
  }

  /** One query against one snapshot; records nothing (the query command keeps the user's last). */
  query(text: string): KnowledgeQueryOutcome {
    const outcome = this.knowledge.query(text);
    return outcome.ok ? outcome : { ...outcome, message: explainAgentCommands(outcome.message) };
  }

  projectFiles(tag: string): ProjectFile[] {
    return this.knowledge.projectFiles(tag);
  }

  /** Plugs the editor's file watchers into the knowledge base. */
  connect(watcher: Watcher): vscode.Disposable {
    return this.knowledge.connect(watcher);
  }

  reload(reason: string): void {
    this.knowledge.reload(reason);
  }

  private readSources(log: Log): ConfigSources {
    const settings = readPathSettings();
    const ignored = settings.ignored.join('\n');
    if (ignored && ignored !== this.lastIgnored) log.info(ignored);
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

  /** `ariaContext.knowledgeFiles`: where the explorer, editor and tab menus offer Send to Chat. */
  private setKnowledgeFiles(state: KnowledgeState, log: Log): void {
    // After the load that fired this and after the tag tree's rows (background work), so listing
    // project folders never delays the first use.
    const list = () => {
      let paths: string[] = [];
      try {
        if (state.kind === 'ready' && this.knowledge.snapshot() === state.snapshot)
          paths = knowledgePaths(state.snapshot, (tag) => this.projectFiles(tag));
        else if (state.kind === 'ready') return; // a newer load sets it
      } catch (err) {
        log.info(`Knowledge file list for the menus failed: ${(err as Error).message}`);
      }
      vscode.commands.executeCommand('setContext', 'ariaContext.knowledgeFiles', paths);
    };
    if (!this.work) return void setTimeout(list, 0);
    // Each project's listing (hundreds of front matters) as a task of its own, so the tree's
    // requests are answered between them; the list then reads them from the cache.
    if (state.kind === 'ready' && state.snapshot.config.projectsEnabled) {
      for (const key of state.snapshot.index.projects.keys()) {
        const project = state.snapshot.config.projectsList.get(key.toLowerCase());
        if (project)
          this.work.run(
            `project files ${project.tag}`,
            () => this.knowledge.snapshot() === state.snapshot && this.projectFiles(project.tag),
          );
      }
    }
    this.work.run('knowledge files', list);
  }

  /** `ariaContext.state`, and with noIndex `ariaContext.noIndexReason` (noFolder, noIndex, unreadable): they pick the welcome text. */
  private setContextState(kind: KnowledgeState['kind'], reason: string | undefined): void {
    if (reason !== this.contextReason) {
      this.contextReason = reason;
      vscode.commands.executeCommand('setContext', 'ariaContext.noIndexReason', reason);
    }
    if (kind === this.contextState) return;
    this.contextState = kind;
    vscode.commands.executeCommand('setContext', 'ariaContext.state', kind);
    if (kind === 'ready') markConfigureStepDone();
  }
}
