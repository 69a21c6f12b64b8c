// Knowledge that finds you: on each (debounced) switch of the active editor, the core derives a
// query from the file's path, and the status bar item and the top of the tag tree show what it
// finds. The same item carries the index's state (files, problems, last rebuilt, stale
// artifacts, warnings). The rows and texts come from the pure activeFileModel.ts.
import * as vscode from 'vscode';
import {
  deriveActiveFileQuery,
  surfacedFiles,
  trackedArtifacts,
  type DerivedQuery,
  type IndexHealth,
  type Snapshot,
} from '../../core';
import { statusBarView, topSection, type ActiveFileKnowledge, type IndexStateFacts } from './activeFileModel';
import type { BackgroundWork } from '../shared/backgroundWorkModel';
import type { Log } from '../shared/log';
import type { RetrievalService } from '../shared/retrievalService';
import { activeFileEnabled, SECTION } from '../shared/settings';
import type { TreeNode } from '../shared/treeRows';

export const QUERY_ACTIVE_FILE_COMMAND = 'ariaContext.queryActiveFile';
/** Quiet time after an editor switch before the path is looked at. */
const SWITCH_DEBOUNCE_MS = 150;

/** The index's health as the status bar and the top rows show it (the health feature's diagnostics). */
export interface IndexHealthSource {
  readonly onDidChange: vscode.Event<void>;
  current(): IndexHealth | undefined;
  clear(): void;
  checkSoon(snapshot: Snapshot): void;
}

export class ActiveFileKnowledgeView implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('ariaContext.status', vscode.StatusBarAlignment.Right, 100);
  private readonly sectionEmitter = new vscode.EventEmitter<void>();
  /** Fires when the tree's top rows changed. */
  readonly onDidChangeSection = this.sectionEmitter.event;
  private readonly subscriptions: vscode.Disposable[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private knowledge: ActiveFileKnowledge | undefined;
  private facts: IndexStateFacts = { state: 'notConfigured' };
  private staleFor: { snapshot: Snapshot; count: number } | undefined;
  private warningsFor: { snapshot: Snapshot; count: number } | undefined;
  private section: TreeNode[] = [];

  constructor(
    private readonly service: RetrievalService,
    private readonly diagnostics: IndexHealthSource,
    private readonly log: Log,
    private readonly work?: BackgroundWork,
  ) {
    this.item.name = 'aria-context';
    this.item.command = QUERY_ACTIVE_FILE_COMMAND;
    this.item.text = '$(book)';
    this.item.tooltip = 'aria-context: Context: Query';
    this.subscriptions.push(
      vscode.window.onDidChangeActiveTextEditor(() => this.schedule()),
      service.onDidChange(() => this.schedule()),
      diagnostics.onDidChange(() => this.render()),
      service.onDidChangeReading(() => this.render()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(`${SECTION}.activeFile.enabled`)) this.schedule();
      }),
    );
    this.schedule();
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    for (const s of this.subscriptions) s.dispose();
    this.item.dispose();
    this.sectionEmitter.dispose();
  }

  /** The Warnings rows the tree built for a snapshot: the count the tooltip and the index row say. */
  treeWarnings(snapshot: Snapshot, count: number): void {
    this.warningsFor = { snapshot, count };
    if (this.facts.state !== 'ready' || this.service.snapshot() !== snapshot || this.facts.warnings === count) return;
    this.facts = { ...this.facts, warnings: count };
    this.render();
  }

  /** The tree's top rows: For the Active File, then the index's state. */
  sectionNodes(): TreeNode[] {
    return this.section;
  }

  /** The active file's derived query, worked out now (chat and tools ask between switches). */
  derivedNow(): DerivedQuery | undefined {
    if (!activeFileEnabled()) return undefined;
    const snapshot = this.service.snapshot();
    const uri = vscode.window.activeTextEditor?.document.uri;
    if (!snapshot || !uri || uri.scheme !== 'file') return undefined;
    return deriveActiveFileQuery(snapshot, uri.fsPath) ?? undefined;
  }

  /** Context: Query for the Active File (the status bar item's click). */
  async runQuery(): Promise<void> {
    const derived = this.derivedNow();
    await vscode.commands.executeCommand('ariaContext.query', derived ? derived.query : undefined);
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const update = () => {
        try {
          this.update();
        } catch (err) {
          this.log.info(`Active file update failed: ${(err as Error).stack ?? String(err)}`);
        }
      };
      // Reading the index and querying for the file wait for the tag tree's first rows.
      if (this.work) this.work.run('active file', update);
      else update();
    }, SWITCH_DEBOUNCE_MS);
  }

  private update(): void {
    const enabled = activeFileEnabled();
    // Turned off, nothing is read for it: the item shows what others already loaded.
    if (!enabled && !this.service.isLoaded) {
      this.knowledge = undefined;
      this.facts = { state: 'notConfigured', message: 'aria-context: the index is not loaded yet.' };
      return this.render();
    }
    const state = this.service.state();
    if (state.kind !== 'ready') {
      this.diagnostics.clear();
      this.knowledge = undefined;
      this.facts = { state: state.kind, message: state.message };
      return this.render();
    }
    const snapshot = state.snapshot;
    this.facts = {
      state: 'ready',
      files: snapshot.index.files.size + snapshot.index.teamSharedFiles.size,
      staleArtifacts: this.staleArtifacts(snapshot),
      // What the tree lists under Warnings once it has built them; until then the index's and config's own.
      warnings:
        this.warningsFor?.snapshot === snapshot
          ? this.warningsFor.count
          : snapshot.index.warnings.length + snapshot.config.warnings.length,
    };
    this.knowledge = enabled ? this.knowledgeFor(snapshot) : undefined;
    this.render();
    this.diagnostics.checkSoon(snapshot); // its report re-renders through onDidChange
  }

  private knowledgeFor(snapshot: Snapshot): ActiveFileKnowledge | undefined {
    const uri = vscode.window.activeTextEditor?.document.uri;
    if (!uri || uri.scheme !== 'file') return undefined;
    const derived = deriveActiveFileQuery(snapshot, uri.fsPath);
    if (!derived) return undefined;
    const outcome = this.service.query(derived.query);
    if (!outcome.ok) return { derived, files: [], total: 0, problem: outcome.message };
    const surfaced = surfacedFiles(outcome.result);
    return { derived, files: surfaced.items, total: surfaced.total };
  }

  private staleArtifacts(snapshot: Snapshot): number {
    if (this.staleFor?.snapshot === snapshot) return this.staleFor.count;
    const config = snapshot.config;
    const projects = config.projectsEnabled ? [...config.projectsList.keys()] : [];
    const count = trackedArtifacts(config, projects, this.service.today()).filter((a) => a.stale).length;
    this.staleFor = { snapshot, count };
    return count;
  }

  private render(): void {
    if (this.facts.state === 'ready')
      this.facts = { ...this.facts, health: this.diagnostics.current(), reading: this.service.reading };
    const today = this.service.today();
    const view = statusBarView(this.knowledge, this.facts, today);
    this.item.text = view.text;
    const tooltipText = view.tooltip.join('\n'); // names escaped by the model; untrusted, no HTML
    this.item.tooltip = new vscode.MarkdownString(tooltipText, false);
    this.item.accessibilityInformation = {
      label: `aria-context: ${view.text.replace(/\$\([a-z-]+\)\s*/g, '')} knowledge files for the active file`,
    };
    this.item.show();
    this.section = topSection(this.knowledge, this.facts, today);
    this.sectionEmitter.fire();
  }
}
