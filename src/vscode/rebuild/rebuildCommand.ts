// Context: Rebuild Index… (and the welcome view's Build index.md from my notes): the core's index
// generator (SPEC §12) run in a process of its own with progress and a cancel that kills it; its change
// list waits in the Index Rebuild view until the user applies or discards it. Apply is an edit of
// the index.md buffer the user sees and saves (under auto-save, through the Refactor Preview);
// Apply and Promote Tags… rebuilds with the picked tags in Known Tags, so their sections move too.
// The extension host only receives the worker's facts and makes one edit: nothing is ever saved here.
import * as vscode from 'vscode';
import { indexPath, type Config } from '../../core';
import type { IndexWorker } from '../../indexWorker/client';
import type { RebuildFacts } from '../../indexWorker/rebuildMessage';
import { REBUILD_INDEX_COMMAND } from '../shared/commandIds';
import type { Log } from '../shared/log';
import { registerCommand } from '../shared/registerCommand';
import type { RetrievalService } from '../shared/retrievalService';
import {
  applyDelivery,
  applyRefusal,
  CHANGED_SINCE,
  diffOffer,
  minimalEdit,
  promotionItems,
  rebuildSummary,
  rebuildText,
} from './rebuildModel';
import { openChange, OPEN_CHANGE_COMMAND, RebuildView, SHOW_DIFF_COMMAND } from './rebuildView';

const BUILD_INDEX_COMMAND = 'ariaContext.buildIndex';
const APPLY_COMMAND = 'ariaContext.rebuild.apply';
const PROMOTE_COMMAND = 'ariaContext.rebuild.applyAndPromote';
const DISCARD_COMMAND = 'ariaContext.rebuild.discard';
const SCHEME = 'aria-context-rebuild';

type Rebuilder = Pick<IndexWorker, 'rebuild'>;

export function registerRebuildCommands(service: RetrievalService, log: Log, worker: Rebuilder): vscode.Disposable[] {
  const texts = new Map<string, string>();
  const provider: vscode.TextDocumentContentProvider = {
    provideTextDocumentContent: (uri) => texts.get(uri.toString()) ?? '',
  };
  const view = new RebuildView();
  let runs = 0;
  /** The index.md buffer's text the pending rebuild was made from, when it was open (Promote rebuilds from it). */
  let sent: string | undefined;

  const configNow = (): Config | null => {
    const state = service.state();
    const config = state.kind === 'ready' ? state.snapshot.config : state.kind === 'noIndex' ? state.config : null;
    if (!config) void vscode.window.showWarningMessage(`aria-context: ${state.kind === 'ready' ? '' : state.message}`);
    return config;
  };

  /**
   * The index.md buffer when it holds unsaved edits: the rebuild is made from it. Otherwise the
   * worker reads the file (a saved buffer says the same, and one left over from a deleted file
   * says what is no longer there).
   */
  const unsavedBuffer = (config: Config) => {
    const file = indexPath(config);
    return vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && d.uri.fsPath === file && d.isDirty);
  };

  /** Runs the generator on the worker with progress; null when cancelled. */
  const build = (config: Config, text: string | undefined, title: string, promote?: string[]) =>
    vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title, cancellable: true },
      async (progress, token) => {
        let reported = 0;
        const run = worker.rebuild(
          { job: 'rebuild', config, text, today: service.today(), promote },
          (scanned, total) => {
            const pct = Math.floor((scanned / Math.max(1, total)) * 100);
            progress.report({ message: `${scanned} of ${total} notes`, increment: pct - reported });
            reported = pct;
          },
        );
        const cancel = token.onCancellationRequested(() => run.cancel());
        try {
          return await run.result;
        } finally {
          cancel.dispose();
        }
      },
    );

  const showDiff = async (facts: RebuildFacts, config: Config) => {
    const offer = diffOffer(facts);
    if (!offer.ok) return void vscode.window.showInformationMessage(offer.why);
    const n = runs;
    const right = vscode.Uri.from({ scheme: SCHEME, path: '/index.md (rebuild)', query: String(n) });
    texts.clear();
    texts.set(right.toString(), rebuildText(facts));
    let left = vscode.Uri.file(indexPath(config));
    if (facts.madeFrom === null) {
      left = vscode.Uri.from({ scheme: SCHEME, path: '/index.md (none yet)', query: String(n) });
      texts.set(left.toString(), '');
    }
    await vscode.commands.executeCommand('vscode.diff', left, right, `index.md ↔ rebuild: ${rebuildSummary(facts)}`, {
      preview: true,
    });
  };

  const rebuild = async () => {
    const config = configNow();
    if (!config) return;
    const text = unsavedBuffer(config)?.getText();
    const facts = await build(config, text, 'Rebuilding index.md from the notes');
    if (!facts) return;
    sent = text;
    for (const line of facts.problemLines) log.info(line);
    const n = ++runs;
    // Up to date with nothing to promote: nothing waits for the user.
    if (facts.unchanged && !facts.promotions.length) {
      await view.show(null);
      return void vscode.window.showInformationMessage(`aria-context: ${rebuildSummary(facts)}.`);
    }
    await view.show(facts);
    if (!facts.unchanged && diffOffer(facts).ok) await showDiff(facts, config);
    const promote = facts.promotions.length ? ['Apply and Promote Tags…'] : [];
    const actions = facts.unchanged ? promote : ['Apply', ...promote];
    const errors = facts.errors ? ' Errors are listed in the aria-context output.' : '';
    const choice = await vscode.window.showInformationMessage(
      `Rebuild of index.md: ${rebuildSummary(facts)}.${errors} The Index Rebuild view lists the changes; Apply edits the index.md editor for you to review and save (it stays in that view's title bar).`,
      ...actions,
    );
    // The toast may be clicked after the rebuild was applied, discarded or replaced: only this one's.
    if (!choice || n !== runs || view.pending !== facts) return;
    await (choice === 'Apply' ? apply(facts) : applyAndPromote(facts));
  };

  const apply = async (facts: RebuildFacts, promoted?: RebuildFacts) => {
    const config = configNow();
    if (!config) return;
    const made = promoted ?? facts;
    const file = vscode.Uri.file(indexPath(config));
    // A new index.md is an untitled buffer at its path, unless the editor still has a document for
    // that path (its file deleted since): saving it writes the file again, an untitled one would clash.
    const known = vscode.workspace.textDocuments.some((d) => d.uri.scheme === 'file' && d.uri.fsPath === file.fsPath);
    const doc = await vscode.workspace.openTextDocument(
      facts.madeFrom === null && !known ? file.with({ scheme: 'untitled' }) : file,
    );
    const untitled = doc.uri.scheme === 'untitled';
    const now = doc.getText();
    // An edit made while the change list was open is never overwritten by a rebuild of the older text.
    // (A promotion's rebuild must also be of the text the reviewed one was made from.)
    const refusal =
      made.madeFrom?.exact !== facts.madeFrom?.exact
        ? CHANGED_SINCE
        : applyRefusal(now, untitled ? null : made.madeFrom);
    if (refusal) return void vscode.window.showWarningMessage(`aria-context: ${refusal}`);
    const change = minimalEdit(now, rebuildText(made));
    const delivery = applyDelivery(
      vscode.workspace.getConfiguration('files', doc.uri).get<string>('autoSave'),
      untitled,
    );
    if (change) {
      const edit = new vscode.WorkspaceEdit();
      const label = made.promoted.length ? 'Rebuild index.md and promote tags' : 'Rebuild index.md';
      edit.replace(
        doc.uri,
        new vscode.Range(doc.positionAt(change.start), doc.positionAt(change.end)),
        change.text,
        delivery.review
          ? { needsConfirmation: true, label, description: 'auto-save writes index.md once applied' }
          : undefined,
      );
      if (delivery.review) void vscode.window.showInformationMessage(`aria-context: ${delivery.message}`);
      const applied = await vscode.workspace.applyEdit(edit, { isRefactoring: delivery.review });
      if (!applied) return; // declined in the preview: the change list stays, Apply too
    }
    sent = undefined;
    await view.show(null);
    await vscode.window.showTextDocument(doc, { preview: false });
    const done = `Applied: ${rebuildSummary(made)}.`;
    void vscode.window.showInformationMessage(`aria-context: ${done}${delivery.review ? '' : ` ${delivery.message}`}`);
  };

  const applyAndPromote = async (facts: RebuildFacts) => {
    const config = configNow();
    if (!config) return;
    const picked = await vscode.window.showQuickPick(promotionItems(facts), {
      canPickMany: true,
      // A review the user ticks through: it stays open when focus moves (a late notification or view).
      ignoreFocusOut: true,
      title: 'Add to Known Tags',
      placeHolder: 'Freeform tags on several notes: pick the ones that are lasting topics',
    });
    if (!picked?.length) return;
    // From the same text as the rebuild under review (Apply refuses a rebuild of any other).
    const promoted = await build(
      config,
      sent,
      'Rebuilding index.md with the promoted tags',
      picked.map((p) => p.tag),
    );
    if (!promoted) return;
    for (const line of promoted.problemLines) log.info(line);
    await apply(facts, promoted);
  };

  const pendingOr = (fn: (facts: RebuildFacts) => Promise<void>) => async () => {
    const facts = view.pending;
    if (!facts) return void vscode.window.showInformationMessage('aria-context: no rebuild is waiting to be applied.');
    await fn(facts);
  };

  return [
    vscode.workspace.registerTextDocumentContentProvider(SCHEME, provider),
    view,
    registerCommand(log, REBUILD_INDEX_COMMAND, rebuild),
    registerCommand(log, BUILD_INDEX_COMMAND, rebuild),
    registerCommand(
      log,
      APPLY_COMMAND,
      pendingOr((facts) => apply(facts)),
    ),
    registerCommand(log, PROMOTE_COMMAND, pendingOr(applyAndPromote)),
    registerCommand(
      log,
      DISCARD_COMMAND,
      pendingOr(async () => {
        texts.clear();
        sent = undefined;
        await view.show(null);
      }),
    ),
    registerCommand(
      log,
      SHOW_DIFF_COMMAND,
      pendingOr(async (facts) => {
        const config = configNow();
        if (config) await showDiff(facts, config);
      }),
    ),
    // Only the files the pending change list names.
    registerCommand(log, OPEN_CHANGE_COMMAND, async (file, line) => {
      const facts = view.pending;
      if (!facts || !facts.changes.groups.some((g) => g.rows.some((r) => r.file === file))) return;
      await openChange(file, line);
    }),
  ];
}
