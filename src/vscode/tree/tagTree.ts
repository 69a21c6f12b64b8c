// The Tags view's TreeDataProvider: nodes from the pure treeModel.ts (a node's rows when opened),
// TreeItems from treeItem.ts; it refreshes on changes and never throws (a failure is a row).
import { stateRows } from '../shared/knowledgeStateModel';
import * as vscode from 'vscode';
import type { Log } from '../shared/log';
import type { RetrievalService } from '../shared/retrievalService';
import type { BackgroundWork } from '../shared/backgroundWorkModel';
import type { KnowledgeChange, Snapshot, TagCounter } from '../../core';
import {
  buildTree,
  expandTree,
  KNOWN_GROUP,
  rowTags,
  warmRowWarnings,
  warningCount,
  type TagTreeModel,
} from './treeModel';
import { refusedWarnings } from './treeRowsModel';
import { type TreeNode } from '../shared/treeRows';
import { hasChildren, type TagSort } from './treeNodes';
import { treeItem } from './treeItem';
import { ExpansionMemory, LOADING_ROW, ViewAsk, errorNode } from './treeViewModel';

const SORT_KEY = 'ariaContext.tagSort';
/** After this long a refresh has left for the workbench (the RPC writes on a later turn). */
const REFRESH_SENT_MS = 20;
/** Expanded (true) and collapsed (false) node ids, per workspace, so a window reload opens the same nodes. */
const EXPANSION_KEY = 'ariaContext.treeExpansion';
const EXPANSION_KEPT = 500; // the most ids remembered; the oldest go first
/** How often rows being counted show the counts so far. */
const PARTIAL_MS = 1_000;

/** Rows shown above the tags (For the Active File, the index's state), refreshed on their own. */
export interface TopSection {
  sectionNodes(): TreeNode[];
  readonly onDidChangeSection: vscode.Event<void>;
  /** The rows under Warnings for this snapshot, so what the top rows and the status bar count is what the view lists. */
  treeWarnings?(snapshot: Snapshot, count: number): void;
}

export class TagTreeProvider implements vscode.TreeDataProvider<TreeNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<TreeNode | undefined | void>();
  readonly onDidChangeTreeData = this.changed.event;
  /** The root rows: the top section's, then the tree's (or the state's rows); undefined until built. */
  private roots: TreeNode[] | undefined;
  /** The tag tree the rows come from: it builds a node's rows when asked and knows each row's parent. */
  private model: TagTreeModel | undefined;
  private readonly subscription: vscode.Disposable;
  private topSubscription: vscode.Disposable | undefined;
  private top: TopSection | undefined;
  private topCount = 0;
  /** Expanded and collapsed node ids, kept while nodes come and go (index.md deleted and restored). */
  private readonly expansion: ExpansionMemory;
  /** What the view was told and has not taken yet: one refresh on its way at a time. */
  private readonly ask = new ViewAsk();

  /** The known tags being counted in the background for rows built without their counts. */
  private counting: TagCounter | undefined;
  /** Rows were built without their counts: counting starts once the view has them. */
  private uncounted: { counter: TagCounter; names: string[] } | undefined;
  /** Whether the rows shown were built with every known tag's count. */
  private rowsCounted = false;
  private disposed = false;
  /** The view showing the rows (track()): a refresh while it is visible builds them before it asks. */
  private view: vscode.TreeView<TreeNode> | undefined;

  /** When the first rows were returned (logged once, measured from activation). */
  private firstRowsLogged = false;
  /** When ViewAsk wants to be asked again (a held change, an answer not taken). */
  private askTimer: ReturnType<typeof setTimeout> | undefined;
  /** When Known Tags' rows were last told of the counts so far. */
  private partialAt = 0;
  /** The first read of index.md on the index worker, while it runs. */
  private loading: Promise<void> | undefined;

  constructor(
    private readonly service: RetrievalService,
    private readonly log: Log,
    private readonly userState?: vscode.Memento,
    /** Work the first rows do not need waits for them; `activatedAt` is performance.now() at activation. */
    private readonly timing?: { work?: BackgroundWork; activatedAt?: number },
    /** The workspace's state, where expansion is kept across window reloads (node ids are stable). */
    private readonly workspaceState?: vscode.Memento,
  ) {
    this.subscription = service.onDidChange((change) => this.knowledgeChanged(change));
    this.expansion = new ExpansionMemory(EXPANSION_KEPT, workspaceState?.get<unknown>(EXPANSION_KEY));
    vscode.commands.executeCommand('setContext', 'ariaContext.tagSort', this.sort);
  }

  /** Follows the user's expanding and collapsing, so a rebuilt tree opens the same nodes. */
  track(view: vscode.TreeView<TreeNode>): vscode.Disposable[] {
    this.view = view;
    return [
      view.onDidExpandElement((e) => this.remember(e.element.id, true)),
      view.onDidCollapseElement((e) => this.remember(e.element.id, false)),
    ];
  }

  private remember(id: string, open: boolean): void {
    this.workspaceState?.update(EXPANSION_KEY, this.expansion.remember(id, open));
  }

  get sort(): TagSort {
    return this.userState?.get<TagSort>(SORT_KEY) === 'count' ? 'count' : 'name';
  }

  async setSort(sort: TagSort): Promise<void> {
    await this.userState?.update(SORT_KEY, sort);
    await vscode.commands.executeCommand('setContext', 'ariaContext.tagSort', sort);
    this.refresh();
  }

  /** The current root rows (built if needed), for Go to Tag and Reveal: never the loading row. */
  rows(): TreeNode[] {
    this.prepare(); // read and built now: a command needs the rows, not the loading row
    return this.rootRows();
  }

  /** A node's rows, built now if the view has not opened it. */
  childrenOf(node: TreeNode): TreeNode[] {
    return this.model ? this.model.children(node) : (node.children ?? []);
  }

  /** The current nodes with every node's rows as `children` (the extension's API). */
  nodes(): TreeNode[] {
    const rows = this.rows();
    return this.model ? expandTree(this.model, rows) : rows;
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.askTimer);
    this.subscription.dispose();
    this.topSubscription?.dispose();
    this.changed.dispose();
  }

  /** Puts a section above the tags; its changes swap only its rows, the tags are not rebuilt. */
  setTopSection(top: TopSection): void {
    this.top = top;
    this.topSubscription?.dispose();
    this.topSubscription = top.onDidChangeSection(() => {
      // No rows yet: whoever cleared them has told the view (refresh), or it has not asked yet.
      if (!this.roots) return;
      if (this.topCount > 0 || this.roots.length > 0) {
        const nodes = top.sectionNodes();
        this.roots = [...nodes, ...this.roots.slice(this.topCount)];
        this.topCount = nodes.length;
      }
      this.fire();
    });
  }

  /**
   * A change on disk in a large folder: rows that had their counts keep them while the new state
   * is counted, and the index row keeps saying "reloading…" (the rows below are from before);
   * then one rebuild with the new counts, rather than rows without counts first and the same rows
   * again with them. A reload (settings, Refresh) or a hidden view rebuilds at once (lazily).
   */
  private knowledgeChanged(change: KnowledgeChange): void {
    if (change !== 'reload' && this.roots?.length && this.rowsCounted && this.view?.visible) {
      const state = this.service.state();
      const pending = state.kind === 'ready' ? this.toCount(state.snapshot) : undefined;
      if (pending) {
        this.service.setRecounting(true);
        this.countInBackground(pending.counter, pending.names);
        return;
      }
    }
    this.refresh();
  }

  /**
   * A large folder's known tags while some are not counted yet (at 10k notes counting them all
   * takes a second or more: the rows come first); undefined when the counts are there or cheap.
   */
  private toCount(snapshot: Snapshot): { counter: TagCounter; names: string[] } | undefined {
    const counter = this.service.counter();
    if (!counter || !this.timing?.work?.countsLater(snapshot.index.files.size)) return undefined;
    const names = snapshot.index.knownTags.map((t) => t.tag);
    return names.every((n) => counter.has(n)) ? undefined : { counter, names };
  }

  refresh(): void {
    this.roots = undefined;
    this.service.setRecounting(false); // the index row changes with the rows: one refresh of the view
    this.timing?.work?.treeRefreshed();
    this.fire();
    // A visible view asks again a round trip after the refresh: its rows are built meanwhile
    // (an index not read yet is read on the worker instead: the view gets the loading row).
    if (this.view?.visible)
      setTimeout(() => this.disposed || (this.service.isLoaded ? this.prepare() : this.loadFirst()), REFRESH_SENT_MS);
  }

  getTreeItem(node: TreeNode): vscode.TreeItem {
    return treeItem(node, hasChildren(node) ? this.expansion.isOpen(node, true) : undefined);
  }

  getChildren(node?: TreeNode): TreeNode[] {
    const visible = this.view?.visible ?? false;
    if (node) {
      this.timing?.work?.treeAsked();
      this.act(this.ask.childAsked(node.id, performance.now(), visible));
      return this.childrenOf(node);
    }
    const rows = this.rootRows();
    const open = rows.filter((r) => this.expansion.isOpen(r, hasChildren(r))).map((r) => r.id);
    this.ask.rootAsked(performance.now(), open);
    this.act(this.ask.state === 'answered' ? 1 : -1); // one timer: due() says how long to wait
    return rows;
  }

  /** Tells the view its rows changed, unless that would overtake an answer it is still taking (ViewAsk). */
  private fire(): void {
    this.act(this.ask.change(performance.now(), this.view?.visible ?? false));
  }

  /** ViewAsk's answer: 0 sends the refresh, a wait asks it again after that long, -1 does nothing. */
  private act(ms: number): void {
    if (ms === 0) this.changed.fire();
    if (ms < 0 || this.askTimer) return;
    const wait = ms === 0 ? (this.view?.visible ? 1 : -1) : ms;
    if (wait < 0) return;
    this.askTimer = setTimeout(() => {
      this.askTimer = undefined;
      if (this.disposed) return;
      const [before, held] = [this.ask.state, this.ask.holding];
      const next = this.ask.due(performance.now(), this.view?.visible ?? false);
      if (next === 0 && !held)
        this.log.info(`Tag tree: the view took no answer within its patience (${before}); telling it once more`);
      this.act(next);
    }, wait);
  }

  /** The root rows, or the loading row while index.md is first read. */
  private rootRows(): TreeNode[] {
    this.timing?.work?.treeAsked();
    // Nothing read yet: index.md is read on the index worker after this answer, which says so,
    // so the view shows a row, never an empty pane, and the host is free meanwhile.
    if (!this.roots && !this.service.isLoaded) {
      this.loadFirst();
      return [LOADING_ROW];
    }
    let rows: TreeNode[];
    try {
      rows = this.roots ?? this.buildRoots();
    } catch (err) {
      this.log.info(`Tag tree failed: ${(err as Error).stack ?? String(err)}`);
      rows = [errorNode(`The tag tree could not be built: ${(err as Error).message}`)];
    }
    const since = this.timing?.activatedAt;
    if (!this.firstRowsLogged && since !== undefined && this.service.state().kind === 'ready') {
      this.firstRowsLogged = true;
      this.log.info(
        `Tag tree: first rows (${rows.length}) answered ${Math.round(performance.now() - since)} ms after activation`,
      );
    }
    this.timing?.work?.treeShowedRows();
    // Only now: counting before the view has its rows would compete with the workbench opening it.
    if (this.uncounted) {
      const { counter, names } = this.uncounted;
      this.uncounted = undefined;
      this.countInBackground(counter, names);
    }
    return rows;
  }

  /**
   * Counts `names` in slices through the background work (before its tasks, without waiting for
   * quiet: the counts are part of the rows the user is looking at), then builds the rows again
   * with their counts; dropped when the count is stale (a change since either counts for itself
   * or rebuilds the rows).
   */
  private countInBackground(counter: TagCounter, names: string[]): void {
    const work = this.timing?.work;
    if (!work || this.counting === counter) return;
    this.counting = counter;
    const started = performance.now();
    const { index, config } = counter.snapshot;
    const tags = rowTags(index); // their warnings first: the rebuild with counts then only reads them
    let [warmed, next] = [0, 0];
    work.slices('tree counts', (until) => {
      if (this.disposed || this.counting !== counter || this.service.counter() !== counter) return true; // a newer snapshot counts for itself
      try {
        while (warmed < tags.length && performance.now() < until) refusedWarnings(index, config, tags[warmed++]);
        while (next < names.length && performance.now() < until) counter.counts(names[next++]);
      } catch (err) {
        this.log.info(`Tag tree: counting failed: ${(err as Error).message}`);
        next = names.length; // the rows built with counts show the failure's own rows
      }
      if (next < names.length) {
        this.showCountsSoFar();
        return false;
      }
      this.counting = undefined;
      this.log.info(`Tag tree: ${names.length} known tags counted in ${Math.round(performance.now() - started)} ms`);
      this.refresh();
      return true;
    });
  }

  /**
   * Rows built without their counts show those counted so far, at most once a second: Known
   * Tags' rows are told again (not the whole tree), and only while the view has taken its last
   * answer (ViewAsk settled), so this never overtakes one.
   */
  private showCountsSoFar(): void {
    const now = performance.now();
    if (this.rowsCounted || !this.view?.visible || this.ask.state !== 'settled' || now - this.partialAt < PARTIAL_MS)
      return;
    const group = this.roots?.find((r) => r.id === KNOWN_GROUP);
    if (!group || !this.model?.countedSince()) return;
    this.partialAt = now;
    this.changed.fire(group);
  }

  /**
   * The first read of index.md, on the index worker (the service's prepare()), so the host
   * answers the view and everything else meanwhile; the view is then told (it asks again and the
   * rows are built for that ask). Called at activation too, so a hidden view's click finds the
   * index read.
   */
  loadFirst(): void {
    if (this.loading || this.service.isLoaded) return;
    // prepare() never rejects: a failed read is a state (an error row) the view is told of too.
    const done = () => {
      this.loading = undefined;
      const snapshot = this.service.snapshot();
      if (this.disposed) return;
      const work = this.timing?.work;
      if (!snapshot || !work?.countsLater(snapshot.index.files.size)) return this.fire();
      // A large folder: the rows' warnings are worked out in slices first, so the build is short.
      warmRowWarnings(
        work,
        snapshot,
        () => !this.disposed && this.service.snapshot() === snapshot,
        () => this.fire(),
      );
    };
    this.loading = this.service.prepare().then(done, done);
  }

  /** Builds the rows now (a command that needs them, never the loading row). */
  prepare(): void {
    if (this.roots) return;
    try {
      this.buildRoots();
    } catch {
      // getChildren builds again and shows the failure as a row
    }
  }

  private buildRoots(): TreeNode[] {
    const started = performance.now();
    const rows = (this.roots = this.build());
    this.log.info(`Tag tree: ${rows.length} rows built in ${Math.round(performance.now() - started)} ms`);
    return rows;
  }

  resolveTreeItem(item: vscode.TreeItem, node: TreeNode): vscode.TreeItem {
    item.tooltip ??= this.model ? this.model.tooltip(node) : node.tooltip;
    return item;
  }

  /** The row whose children hold this one, recorded by the model as it handed them out. */
  getParent(node: TreeNode): TreeNode | undefined {
    return this.model?.parent(node);
  }

  private build(): TreeNode[] {
    const state = this.service.state();
    // Not configured / no index.md: no nodes, so the view's welcome content shows; a missing folder
    // or an unreadable index.md: rows naming which, with their fixes.
    if (state.kind === 'notConfigured' || state.kind === 'noIndex') {
      this.topCount = 0;
      this.model = undefined;
      return stateRows(state);
    }
    if (state.kind === 'error') {
      this.topCount = 0;
      this.model = undefined;
      return [errorNode(state.message)];
    }
    // Sorted by count, every count is needed first; by name, a large folder's rows come first.
    this.uncounted = this.sort === 'name' ? this.toCount(state.snapshot) : undefined;
    this.rowsCounted = this.uncounted === undefined;
    const model = (this.model = buildTree({
      snapshot: state.snapshot,
      counter: this.service.counter(),
      sort: this.sort,
      countsLater: !this.rowsCounted,
    }));
    const roots = model.roots;
    this.top?.treeWarnings?.(state.snapshot, warningCount(roots));
    const top = this.top?.sectionNodes() ?? [];
    this.topCount = top.length;
    return [...top, ...roots];
  }
}
