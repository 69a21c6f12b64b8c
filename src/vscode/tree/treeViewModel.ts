// What the Tags view was shown and asked, as plain data (no vscode import, unit-tested): the
// loading and error rows, the expansion the user chose (kept across rebuilds and reloads), and
// the one model of the view's outstanding ask (ViewAsk: what it was told and has not taken yet),
// so a refresh never overtakes an answer the view is still taking.
import type { TreeNode } from '../shared/treeRows';

/** What the view shows while the knowledge index is first read and the rows built. */
export const LOADING_ROW: TreeNode = {
  id: 'loading',
  kind: 'message',
  label: 'Loading the knowledge index…',
  contextValue: 'ariaContext.message',
  icon: 'sync~spin',
};

export function errorNode(message: string): TreeNode {
  return {
    id: 'error',
    kind: 'message',
    label: message,
    tooltip: message,
    contextValue: 'ariaContext.error',
    icon: 'error',
  };
}

/** Expanded (true) and collapsed (false) node ids, the newest last, at most `kept` of them. */
export class ExpansionMemory {
  private readonly open = new Map<string, boolean>();

  constructor(
    private readonly kept: number,
    saved?: unknown,
  ) {
    if (saved && typeof saved === 'object')
      for (const [id, open] of Object.entries(saved)) if (typeof open === 'boolean') this.open.set(id, open);
  }

  /** The user's choice for a node, if any. */
  get(id: string): boolean | undefined {
    return this.open.get(id);
  }

  /** Records a choice (the oldest go first) and returns what to save. */
  remember(id: string, open: boolean): Record<string, boolean> {
    this.open.delete(id); // re-inserted last: the newest are kept
    this.open.set(id, open);
    for (const old of this.open.keys()) {
      if (this.open.size <= this.kept) break;
      this.open.delete(old);
    }
    return Object.fromEntries(this.open);
  }

  /** Whether the view shows a node open. */
  isOpen(node: TreeNode, hasRows: boolean): boolean {
    return hasRows && (this.get(node.id) ?? node.expanded ?? false);
  }
}

/** How long the view has to ask after a refresh, or to ask for the open rows it was answered with. */
export const ASK_PATIENCE_MS = 3_000;

/**
 * The one record of what the view has been told and has not yet taken. The workbench drops an
 * answer that a later refresh overtakes (before it has asked for the children of the rows shown
 * open) and may show an empty list for it, so one refresh is on its way at a time:
 *
 * - `settled`: the view has what it asked for; a change is sent at once.
 * - `sent`: a refresh went out and the root rows were not asked for yet; changes are held (the
 *   ask that comes is answered from the latest state anyway).
 * - `answered`: root rows went out with rows shown open, none of whose children were asked for
 *   yet; a change is held until one is (then sent), so the answer is never overtaken.
 *
 * A visible view that lets `patienceMs` pass in `sent` or `answered` is told once more (a view
 * that dropped an answer shows nothing otherwise), once per change; a hidden view is told at once
 * and holds nothing (it asks when shown). Every method that can send returns the same number:
 * 0 to send a refresh now, a positive wait after which `due()` is to be asked, -1 for nothing.
 */
export class ViewAsk {
  private phase: 'settled' | 'sent' | 'answered' = 'settled';
  /** When the phase began. */
  private since = 0;
  /** The open rows of the last answer, while none of them was asked for. */
  private awaited = new Set<string>();
  /** A change arrived that the view has not been told of. */
  private held = false;
  /** The current phase was already told once more for lack of an ask. */
  private retried = false;

  constructor(private readonly patienceMs = ASK_PATIENCE_MS) {}

  /** What the view is waiting on now (for the log and tests). */
  get state(): 'settled' | 'sent' | 'answered' {
    return this.phase;
  }

  /** Whether a change is held back. */
  get holding(): boolean {
    return this.held;
  }

  /** The rows changed. */
  change(now: number, visible: boolean): number {
    if (!visible || this.phase === 'settled') return this.send(now, visible);
    this.held = true;
    return this.wait(now);
  }

  /**
   * The view asked for the root rows and was answered; `open` are the answered rows it shows
   * open (none for the loading row). The answer holds every change made so far.
   */
  rootAsked(now: number, open: readonly string[]): void {
    this.held = false; // `retried` stays: a view that took no answer is told once more per change, not per answer
    this.awaited = new Set(open);
    this.phase = open.length ? 'answered' : 'settled';
    this.since = now;
  }

  /** The view asked for a node's rows: it took the root rows that hold it. */
  childAsked(id: string, now: number, visible: boolean): number {
    if (this.phase !== 'answered' || !this.awaited.has(id)) return -1;
    this.phase = 'settled';
    this.awaited.clear();
    return this.held ? this.send(now, visible) : -1;
  }

  /** The wait returned before is over: whether to tell the view now. */
  due(now: number, visible: boolean): number {
    if (this.phase === 'settled') return this.held ? this.send(now, visible) : -1;
    if (!visible) return this.held ? this.send(now, visible) : -1; // it asks when shown
    if (now - this.since < this.patienceMs) return this.wait(now);
    if (this.retried) {
      // Told once more and still no ask: nothing more to hope for from this answer; a held change goes out.
      this.phase = 'settled';
      return this.held ? this.send(now, visible) : -1;
    }
    this.retried = true;
    this.phase = 'sent';
    this.since = now;
    this.held = false;
    return 0;
  }

  private send(now: number, visible: boolean): number {
    this.held = false;
    this.retried = false;
    this.phase = visible ? 'sent' : 'settled';
    this.since = now;
    return 0;
  }

  private wait(now: number): number {
    return Math.max(1, this.since + this.patienceMs - now);
  }
}
