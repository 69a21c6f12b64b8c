// Context: Rebuild Index…, the welcome view's Build index.md from my notes, and the Index Rebuild view.
import type * as vscode from 'vscode';
import type { IndexWorker } from '../../indexWorker/client';
import type { Services } from '../shared/services';
import { registerRebuildCommands } from './rebuildCommand';

/** `worker`: the index worker, whose script runs each rebuild in a process of its own. */
export function register(
  context: vscode.ExtensionContext,
  { service, log }: Services,
  worker: Pick<IndexWorker, 'rebuild'>,
): void {
  context.subscriptions.push(...registerRebuildCommands(service, log, worker));
}
