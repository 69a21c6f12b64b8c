// Context: Query — Step 1 (the query, with completion), Step 2 (the multi-select pick list),
// Step 3 (open the picked files, or copy / send them). The rows come from the pure
// completionModel.ts and queryModel.ts; this file only wires them to QuickPicks.
import { notReadyActions } from '../shared/knowledgeStateModel';
import { runStateAction } from '../shared/stateActions';
import * as vscode from 'vscode';
import type { KnowledgeIndex, QueryResult, ResultItem } from '../../core';
import {
  buildCatalogue,
  CompletionFilter,
  completionRows,
  queryCountOf,
  pushRecent,
  queryProblem,
  removeRecent,
  type CompletionCatalogue,
  type CompletionRow,
} from './completionModel';
import type { FileActions, SendToChat } from '../shared/fileActions';
import type { Log } from '../shared/log';
import { pickModel, pickTitle, type PickRow } from './queryModel';
import type { RetrievalService } from '../shared/retrievalService';
import { recentQueriesMax } from '../shared/settings';

const RECENT_KEY = 'ariaContext.recentQueries';

type CompletionPick = vscode.QuickPickItem & { row?: CompletionRow };
type ResultPick = vscode.QuickPickItem & { row?: PickRow };

const OPEN_SIDE: vscode.QuickInputButton = {
  iconPath: new vscode.ThemeIcon('split-horizontal'),
  tooltip: 'Open to the Side',
};
const COPY: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('copy'), tooltip: 'Copy as Context' };
const CHAT: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('comment-discussion'), tooltip: 'Send to Chat' };
const SUMMARY: vscode.QuickInputButton = {
  iconPath: new vscode.ThemeIcon('output'),
  tooltip: 'Show Query Summary (notes, ideas, missing artifacts, warnings)',
};
const REMOVE_RECENT: vscode.QuickInputButton = {
  iconPath: new vscode.ThemeIcon('close'),
  tooltip: 'Remove from Recent Queries',
};

/** The query text from a command argument: a string, or `{ query: string }`. */
export function queryArgument(arg: unknown): string | undefined {
  if (typeof arg === 'string' && arg.trim()) return arg.trim();
  if (arg && typeof arg === 'object' && 'query' in arg) {
    const q = (arg as { query: unknown }).query;
    if (typeof q === 'string' && q.trim()) return q.trim();
  }
  return undefined;
}

type StepResult =
  | { kind: 'done' }
  | { kind: 'edit'; value: string; message?: string }
  /** Run this query next (a suggested tag after a no-match). */
  | { kind: 'run'; value: string };

export class QueryCommand implements vscode.Disposable {
  /** The user's last query and what it showed, for Show Query Summary; stale after a reload. */
  private last: { text: string; result: QueryResult } | undefined;
  private readonly subscription: vscode.Disposable;
  private readonly recorded = new vscode.EventEmitter<void>();
  /** Fires when the last query changes (a new query, or a reload that made it stale). */
  readonly onDidRecord = this.recorded.event;
  /** Completion candidates and project counts, computed once per index (a snapshot's index). */
  private catalogues = new WeakMap<KnowledgeIndex, { catalogue: CompletionCatalogue }>();

  constructor(
    private readonly service: RetrievalService,
    private readonly actions: FileActions,
    private readonly state: vscode.Memento,
    private readonly log: Log,
    private readonly sendToChat: SendToChat,
  ) {
    this.subscription = service.onDidReload(() => {
      this.last = undefined;
      this.recorded.fire();
    });
  }

  dispose(): void {
    this.subscription.dispose();
    this.recorded.dispose();
  }

  lastQuery(): { text: string; result: QueryResult } | undefined {
    return this.last;
  }

  async run(arg?: unknown): Promise<void> {
    if (!(await this.ensureReady())) return;
    let text = queryArgument(arg) ?? (await this.askQuery(''));
    while (text !== undefined) {
      const step = await this.showResults(text);
      if (step.kind === 'done') return;
      text = step.kind === 'run' ? step.value : await this.askQuery(step.value, step.message);
    }
  }

  /** Not configured / no index → the §0/§1 message with the actions that fix it. */
  private async ensureReady(): Promise<boolean> {
    const s = this.service.state();
    if (s.kind === 'ready') return true;
    const choice = await vscode.window.showWarningMessage(s.message, ...notReadyActions(s));
    if (choice) await runStateAction(choice, this.log);
    return false;
  }

  private recent(): string[] {
    const stored = this.state.get<unknown>(RECENT_KEY);
    return Array.isArray(stored) ? stored.filter((q): q is string => typeof q === 'string') : [];
  }

  private async remember(query: string): Promise<void> {
    await this.state.update(RECENT_KEY, pushRecent(this.recent(), query, recentQueriesMax()));
  }

  private catalogue(): { catalogue: CompletionCatalogue } | null {
    const snapshot = this.service.snapshot();
    if (!snapshot) return null;
    let entry = this.catalogues.get(snapshot.index);
    if (!entry) {
      entry = { catalogue: buildCatalogue(snapshot.index) };
      this.catalogues.set(snapshot.index, entry);
    }
    return entry;
  }

  /** Step 1: free text with completion rows; resolves to the query, or undefined if cancelled. */
  private askQuery(initial: string, message?: string): Promise<string | undefined> {
    const qp = vscode.window.createQuickPick<CompletionPick>();
    const TITLE = 'Context: Query';
    qp.title = message ? `${TITLE} — ${message}` : TITLE;
    qp.placeholder = 'Tags, aliases or project keys (AND for all), then Enter';
    qp.matchOnDescription = false;
    qp.matchOnDetail = false;
    qp.ignoreFocusOut = false;
    let recent = this.recent();
    const filter = new CompletionFilter();
    const render = () => {
      const entry = this.catalogue();
      // The core's one count, memoised per snapshot by the service (the tree asks the same).
      const queryCount = queryCountOf(entry ? this.service.counter() : undefined);
      const rows = completionRows({ catalogue: entry?.catalogue ?? null, value: qp.value, recent, queryCount }, filter);
      const items = rows.map(toCompletionPick);
      qp.items = items;
      // The input is the place for what is wrong with it: the title says it while it is wrong.
      const invalid = rows.find((r) => r.kind === 'invalid');
      qp.title =
        invalid && qp.value.trim()
          ? `${TITLE} — ${invalid.message}`
          : message && qp.value === initial
            ? `${TITLE} — ${message}`
            : TITLE;
      const first = items.find((i) => i.row && i.row.kind !== 'separator');
      if (first) qp.activeItems = [first];
    };
    return new Promise((resolve) => {
      let settled = false;
      const finish = (value: string | undefined) => {
        if (settled) return;
        settled = true;
        resolve(value);
        qp.hide();
      };
      const subs = [
        qp.onDidChangeValue(() => render()),
        qp.onDidAccept(() => {
          const row = qp.activeItems[0]?.row ?? qp.selectedItems[0]?.row;
          if (!row || row.kind === 'separator') {
            if (!queryProblem(qp.value)) finish(qp.value.trim());
            return;
          }
          if (row.kind === 'invalid') {
            qp.title = `${TITLE} — ${row.message}`;
            return;
          }
          if (row.kind === 'complete') {
            qp.value = row.value;
            render();
            return;
          }
          finish(row.query);
        }),
        qp.onDidTriggerItemButton(async (e) => {
          const row = e.item.row;
          if (e.button !== REMOVE_RECENT || row?.kind !== 'recent') return;
          recent = removeRecent(recent, row.query);
          await this.state.update(RECENT_KEY, removeRecent(this.recent(), row.query));
          render();
        }),
        qp.onDidHide(() => {
          subs.forEach((d) => d.dispose());
          qp.dispose();
          finish(undefined);
        }),
      ];
      qp.value = initial;
      render();
      qp.show();
    });
  }

  /** Step 2 + 3: the results; resolves when done or when the user goes back to edit. */
  private async showResults(text: string): Promise<StepResult> {
    const outcome = this.service.query(text);
    if (!outcome.ok) {
      // Back in the input, with the reason in its title (the core's usage text names /context).
      if (outcome.kind === 'usage')
        return {
          kind: 'edit',
          value: text,
          message:
            queryProblem(text) ?? 'This query cannot run: use tags, aliases or project keys, with AND between them.',
        };
      vscode.window.showWarningMessage(outcome.message);
      return { kind: 'done' };
    }
    this.last = { text: outcome.text, result: outcome.result };
    this.recorded.fire();
    // Only queries that found something are worth offering again.
    if (!outcome.result.noMatch) await this.remember(outcome.text);
    const result = outcome.result;
    for (const w of result.warnings) this.log.info(`Query "${outcome.text}": ${w}`);
    const model = pickModel(result, outcome.text);

    const qp = vscode.window.createQuickPick<ResultPick>();
    qp.title = pickTitle(model);
    qp.placeholder = model.placeholder;
    qp.canSelectMany = model.selectableCount > 0;
    qp.matchOnDescription = true;
    qp.matchOnDetail = true;
    qp.buttons = [vscode.QuickInputButtons.Back, OPEN_SIDE, COPY, CHAT, SUMMARY];
    // Every listed row is checkable when anything is: the rest is in the title and the summary.
    const items = model.listRows.map(toResultPick);
    qp.items = items;
    const firstItem = items.find((i) => i.row?.kind === 'item' || i.row?.kind === 'action');
    if (firstItem) qp.activeItems = [firstItem];

    const picked = (): ResultItem[] => {
      const chosen = qp.selectedItems.flatMap((p) => (p.row?.kind === 'item' ? [p.row.item] : []));
      if (chosen.length > 0 || qp.canSelectMany) return chosen;
      const active = qp.activeItems[0]?.row;
      return active?.kind === 'item' ? [active.item] : [];
    };
    /** Buttons act on the checked files, or on the highlighted one when none is checked. */
    const pickedOrActive = (): ResultItem[] => {
      const chosen = picked();
      if (chosen.length) return chosen;
      const active = qp.activeItems[0]?.row;
      return active?.kind === 'item' ? [active.item] : [];
    };

    return new Promise<StepResult>((resolve) => {
      let settled = false;
      const finish = (value: StepResult) => {
        if (settled) return;
        settled = true;
        resolve(value);
        qp.hide();
      };
      const subs = [
        qp.onDidAccept(() => {
          const active = qp.activeItems[0]?.row;
          const files = pickedOrActive();
          if (files.length === 0) {
            if (active?.kind === 'action')
              finish(active.action === 'query' ? { kind: 'run', value: active.query } : { kind: 'edit', value: text });
            else
              qp.placeholder = model.selectableCount
                ? 'Check files by their checkboxes, or highlight one, then Enter.'
                : model.placeholder;
            return;
          }
          finish({ kind: 'done' });
          void this.actions.open(files, { quiet: true });
        }),
        qp.onDidTriggerButton((button) => {
          if (button === vscode.QuickInputButtons.Back) return finish({ kind: 'edit', value: text });
          if (button === SUMMARY) {
            finish({ kind: 'done' });
            vscode.commands.executeCommand('ariaContext.showSummary');
            return;
          }
          const files = pickedOrActive();
          if (files.length === 0) {
            qp.placeholder = 'Pick one or more files first.';
            return;
          }
          finish({ kind: 'done' });
          void this.act(button, files, text);
        }),
        qp.onDidTriggerItemButton((e) => {
          const row = e.item.row;
          if (row?.kind !== 'item') return;
          finish({ kind: 'done' });
          void this.act(e.button, [row.item], text);
        }),
        qp.onDidHide(() => {
          subs.forEach((d) => d.dispose());
          qp.dispose();
          finish({ kind: 'done' });
        }),
      ];
      qp.show();
    });
  }

  private async act(button: vscode.QuickInputButton, files: ResultItem[], text: string): Promise<void> {
    // Open to the Side puts the files in view: no "Opened N files" message on top.
    if (button === OPEN_SIDE) await this.actions.open(files, { side: true, quiet: true });
    else if (button === COPY) await this.actions.copyAsContext(files);
    else if (button === CHAT) await this.sendToChat(files, '', text);
  }
}

function toCompletionPick(row: CompletionRow): CompletionPick {
  if (row.kind === 'separator') return { label: row.label, kind: vscode.QuickPickItemKind.Separator, row };
  const detail = row.kind === 'complete' ? row.detail : undefined;
  const buttons = row.kind === 'recent' ? [REMOVE_RECENT] : undefined;
  return { label: row.label, description: row.description, detail, alwaysShow: true, buttons, row };
}

function toResultPick(row: PickRow): ResultPick {
  switch (row.kind) {
    case 'separator':
      return { label: row.label, kind: vscode.QuickPickItemKind.Separator, row };
    case 'item':
      return {
        label: row.label,
        description: row.description,
        detail: row.detail,
        buttons: [OPEN_SIDE, COPY, CHAT],
        row,
      };
    default:
      return { label: row.label, description: row.description, detail: row.detail, alwaysShow: true, row };
  }
}
