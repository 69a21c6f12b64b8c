// The index's health: its problems in the Problems panel, their quick fixes, Check Index, the
// health rows' clicks and the stale-tags hint.
import * as vscode from 'vscode';
import type { IndexChecker, IndexTextChecker } from '../../indexWorker/client';
import type { Services } from '../shared/services';
import { registerHealthCommands } from './healthCommands';
import { IndexDiagnostics } from './indexDiagnostics';
import { IndexQuickFixes } from './quickFixes';
import { watchStaleTags } from './staleTagsHint';

/** The diagnostics, whose report the active file's status bar and rows show. */
export function register(
  context: vscode.ExtensionContext,
  { service, log, work, watchers }: Services,
  /** The index worker's checks: index.md's health is worked out off the editor's thread. */
  worker: { check: IndexChecker; checkText: IndexTextChecker },
): IndexDiagnostics {
  const diagnostics = new IndexDiagnostics(
    service,
    log,
    watchers.onDidEditNote,
    work,
    worker.check,
    worker.checkText,
    context.workspaceState,
  );
  context.subscriptions.push(
    diagnostics,
    ...registerHealthCommands(service),
    vscode.languages.registerCodeActionsProvider(
      { scheme: 'file', pattern: '**/index.md' },
      new IndexQuickFixes(service, (line) => diagnostics.checkedLine(line)),
      IndexQuickFixes.metadata,
    ),
    watchStaleTags(service, watchers.onDidEditNote, log),
    vscode.commands.registerCommand('ariaContext.checkIndex', async () => {
      try {
        await diagnostics.run();
      } catch (err) {
        log.info(`Check Index failed: ${(err as Error).stack ?? String(err)}`);
        vscode.window.showErrorMessage(`aria-context: ${(err as Error).message}`);
      }
    }),
  );
  return diagnostics;
}
