// What the Tags view was shown and asked, as plain data (no vscode import, unit-tested): the
// loading and error rows, the expansion the user chose (kept across rebuilds and reloads), and
// whether the view took the root rows it was answered with. The workbench drops an answer the
// extension host no longer wants (a request overtaken by a refresh) and shows an empty list in
// its place until the next refresh; a view that took its rows asks for the children of those
// shown open, so one that asks for none of them is told to refresh once more.
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

/**
 * Whether the view took the root rows it was answered with: it asks for the rows of each one it
 * shows open, so while it has asked for none of them it may be showing nothing.
 */
export class RootAnswerWatch {
  /** The last root rows answered. */
  private rows: readonly TreeNode[] | undefined;
  /** Their open rows, until the view asks for one; undefined when nothing is awaited. */
  private awaited: Set<string> | undefined;
  /** The rows the view was already told again about: once per build. */
  private retriedFor: readonly TreeNode[] | undefined;

  /** The view was answered `rows`, those of `open` shown open. */
  answered(rows: readonly TreeNode[], open: readonly string[]): void {
    this.rows = rows;
    this.awaited = open.length ? new Set(open) : undefined;
  }

  /** The view asked for a node's rows: it has the root rows that hold it. */
  asked(id: string): void {
    if (this.awaited?.has(id)) this.awaited = undefined;
  }

  /** Whether to tell the view again: it asked for none of the open rows, and was not told again about these rows yet. */
  retry(): boolean {
    if (!this.awaited || this.retriedFor === this.rows) return false;
    this.retriedFor = this.rows;
    this.awaited = undefined;
    return true;
  }
}

/** How long a refresh waits for the view to ask for the rows of the one before it. */
const REFRESH_PATIENCE_MS = 2_000;

/**
 * One refresh on its way at a time. The workbench drops an answer a later refresh overtakes and
 * may show an empty list for it, so while a refresh is sent and its root rows not yet asked for,
 * a change is held: the ask that comes gets the latest rows anyway. A held change is sent when
 * the ask does not come within `patienceMs`; a hidden view is told at once (it asks when shown).
 */
export class RefreshGate {
  /** When the refresh the view has not asked for yet was sent. */
  private sentAt: number | undefined;
  private held = false;

  constructor(private readonly patienceMs = REFRESH_PATIENCE_MS) {}

  /** A change: 0 to send a refresh now; else it is held, and flush() is due in that many ms. */
  change(now: number, visible: boolean): number {
    if (visible && this.sentAt !== undefined && now - this.sentAt < this.patienceMs) {
      this.held = true;
      return this.sentAt + this.patienceMs - now;
    }
    this.sentAt = visible ? now : undefined;
    this.held = false;
    return 0;
  }

  /** The view asked for the root rows: they are built from the latest state, held changes included. */
  rootAsked(): void {
    this.sentAt = undefined;
    this.held = false;
  }

  /** As change() for the held change; -1 when none is held any more. */
  flush(now: number, visible: boolean): number {
    return this.held ? this.change(now, visible) : -1;
  }
}
