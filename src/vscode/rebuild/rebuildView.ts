// The Index Rebuild view in the Context container: the pending rebuild's change list (rows from
// changeListModel.ts), shown while a rebuild waits for Apply or Discard (its title bar's actions),
// so Apply stays reachable until the user acts.
import * as vscode from 'vscode';
import type { RebuildFacts } from '../../indexWorker/rebuildMessage';
import { childNodes, rootNodes, rowView, type ChangeNode } from './changeListModel';
import { rebuildSummary } from './rebuildModel';

export const REBUILD_VIEW = 'ariaContext.rebuild';
export const PENDING_KEY = 'ariaContext.rebuildPending';
export const OPEN_CHANGE_COMMAND = 'ariaContext.rebuild.openChange';
export const SHOW_DIFF_COMMAND = 'ariaContext.rebuild.showDiff';

export class RebuildView implements vscode.TreeDataProvider<ChangeNode>, vscode.Disposable {
  private facts: RebuildFacts | null = null;
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly view: vscode.TreeView<ChangeNode>;

  constructor() {
    this.view = vscode.window.createTreeView(REBUILD_VIEW, { treeDataProvider: this, showCollapseAll: true });
  }

  get pending(): RebuildFacts | null {
    return this.facts;
  }

  /** Shows `facts` (null: nothing pending, the view hides). */
  async show(facts: RebuildFacts | null): Promise<void> {
    this.facts = facts;
    await vscode.commands.executeCommand('setContext', PENDING_KEY, facts !== null);
    this.view.message = facts ? `${rebuildSummary(facts)}. Apply or Discard in this view's title bar.` : undefined;
    this.changed.fire();
    if (facts) await vscode.commands.executeCommand(`${REBUILD_VIEW}.focus`);
  }

  getChildren(node?: ChangeNode): ChangeNode[] {
    if (!this.facts) return [];
    return node ? childNodes(this.facts, node) : rootNodes(this.facts);
  }

  getTreeItem(node: ChangeNode): vscode.TreeItem {
    const row = rowView(this.facts!, node);
    const item = new vscode.TreeItem(
      row.label,
      row.expandable ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
    );
    item.id = row.id;
    item.description = row.description;
    item.tooltip = row.tooltip;
    if (row.icon) item.iconPath = new vscode.ThemeIcon(row.icon);
    if (row.open === 'diff') item.command = { command: SHOW_DIFF_COMMAND, title: 'Show the full diff' };
    else if (row.open)
      item.command = { command: OPEN_CHANGE_COMMAND, title: 'Open', arguments: [row.open.file, row.open.line] };
    return item;
  }

  dispose(): void {
    this.view.dispose();
    this.changed.dispose();
  }
}

/** Opens a change's file at its line (index.md as it is now; a note at its top). */
export async function openChange(file: unknown, line: unknown): Promise<void> {
  if (typeof file !== 'string') return;
  const at = typeof line === 'number' && line > 0 ? new vscode.Position(line - 1, 0) : undefined;
  await vscode.window.showTextDocument(vscode.Uri.file(file), {
    preview: true,
    selection: at ? new vscode.Range(at, at) : undefined,
  });
}
