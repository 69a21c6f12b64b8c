// Context: Rebuild Index… and the welcome view's Build index.md from my notes.
import type * as vscode from 'vscode';
import type { Log } from '../shared/log';
import type { RetrievalService } from '../shared/retrievalService';
import { registerRebuildCommands } from './rebuildCommand';

export function register(context: vscode.ExtensionContext, service: RetrievalService, log: Log): void {
  context.subscriptions.push(...registerRebuildCommands(service, log));
}
