// Context: Rebuild Index… (and the welcome view's Build index.md from my notes): the core's index
// generator (SPEC §12) run with progress and cancel, its rebuild shown against index.md in the diff
// editor; Apply puts it into the index.md buffer, unsaved, and the promotions the user picks go
// into Known Tags in the same buffer. Nothing is ever saved by the extension.
import * as vscode from 'vscode';
import { addKnownTags, generateIndex, indexPath, IndexScan, readRebuildSource, type Config } from '../../core';
import { REBUILD_INDEX_COMMAND } from '../shared/commandIds';
import type { Log } from '../shared/log';
import type { RetrievalService } from '../shared/retrievalService';
import { applyRefusal, problemLines, promotionItems, rebuildSummary } from './rebuildModel';

const BUILD_INDEX_COMMAND = 'ariaContext.buildIndex';
const SCHEME = 'aria-context-rebuild';
/** Notes read between two yields: the host stays responsive and the progress moves. */
const STEP = 200;

export function registerRebuildCommands(service: RetrievalService, log: Log): vscode.Disposable[] {
  const texts = new Map<string, string>();
  const changed = new vscode.EventEmitter<vscode.Uri>();
  const provider: vscode.TextDocumentContentProvider = {
    onDidChange: changed.event,
    provideTextDocumentContent: (uri) => texts.get(uri.toString()) ?? '',
  };
  let runs = 0;
  const run = async () => {
    const state = service.state();
    const config: Config | null =
      state.kind === 'ready' ? state.snapshot.config : state.kind === 'noIndex' ? state.config : null;
    if (!config)
      return void vscode.window.showWarningMessage(`aria-context: ${state.kind === 'ready' ? '' : state.message}`);
    const file = vscode.Uri.file(indexPath(config));
    // The buffer when index.md is open (what Apply replaces), else the file as the reader reads it.
    const open = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && d.uri.fsPath === file.fsPath);
    const read = open ? null : readRebuildSource(config, false);
    const current = open ? open.getText() : read?.ok ? read.raw : null;
    const build = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: 'Rebuilding index.md from the notes',
        cancellable: true,
      },
      async (progress, token) => {
        const scan = new IndexScan(config);
        let reported = 0;
        while (scan.step(STEP)) {
          if (token.isCancellationRequested) return null;
          const pct = Math.floor((scan.scanned / Math.max(1, scan.total)) * 100);
          progress.report({ message: `${scan.scanned} of ${scan.total} notes`, increment: pct - reported });
          reported = pct;
          await new Promise((resolve) => setImmediate(resolve));
        }
        return token.isCancellationRequested ? null : generateIndex(scan, current, { today: service.today() });
      },
    );
    if (!build) return;
    for (const line of problemLines(build.diff)) log.info(line);
    const summary = rebuildSummary(build.diff);
    const n = ++runs;
    const right = vscode.Uri.from({ scheme: SCHEME, path: '/index.md (rebuild)', query: String(n) });
    texts.set(right.toString(), build.text);
    let left = file;
    if (current === null) {
      left = vscode.Uri.from({ scheme: SCHEME, path: '/index.md (none yet)', query: String(n) });
      texts.set(left.toString(), '');
    }
    await vscode.commands.executeCommand('vscode.diff', left, right, `index.md ↔ rebuild: ${summary}`, {
      preview: true,
    });
    const actions = build.diff.promotions.length ? ['Apply', 'Apply and Promote Tags…'] : ['Apply'];
    const errors = build.diff.errors.length ? ' Errors are listed in the aria-context output.' : '';
    const choice = await vscode.window.showInformationMessage(
      `Rebuild of index.md: ${summary}.${errors} Apply puts it into the index.md editor, unsaved, for you to review and save.`,
      ...actions,
    );
    if (!choice) return;
    const doc = await vscode.workspace.openTextDocument(
      current === null && !open ? file.with({ scheme: 'untitled' }) : file,
    );
    // An edit made while the diff was open is never overwritten by a rebuild of the older text.
    const refusal = applyRefusal(doc.getText(), doc.uri.scheme === 'untitled' ? null : current);
    if (refusal) return void vscode.window.showWarningMessage(`aria-context: ${refusal}`);
    await replaceAll(doc, build.text);
    await vscode.window.showTextDocument(doc, { preview: false });
    if (choice !== 'Apply') await promote(doc, build.diff);
  };
  return [
    vscode.workspace.registerTextDocumentContentProvider(SCHEME, provider),
    changed,
    vscode.commands.registerCommand(REBUILD_INDEX_COMMAND, run),
    vscode.commands.registerCommand(BUILD_INDEX_COMMAND, run),
  ];
}

async function replaceAll(doc: vscode.TextDocument, text: string): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), text);
  await vscode.workspace.applyEdit(edit);
}

/** The promotion candidates the user picks go into Known Tags, in the same (unsaved) buffer. */
async function promote(doc: vscode.TextDocument, diff: Parameters<typeof promotionItems>[0]): Promise<void> {
  const picked = await vscode.window.showQuickPick(promotionItems(diff), {
    canPickMany: true,
    title: 'Add to Known Tags',
    placeHolder: 'Freeform tags on several notes: pick the ones that are lasting topics',
  });
  if (!picked?.length) return;
  await replaceAll(
    doc,
    addKnownTags(
      doc.getText(),
      picked.map((p) => p.tag),
    ),
  );
}
