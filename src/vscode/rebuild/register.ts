// Context: Rebuild Index… and the welcome view's Build index.md from my notes.
import type * as vscode from 'vscode';
import type { Services } from '../shared/services';
import { registerRebuildCommands } from './rebuildCommand';

export function register(context: vscode.ExtensionContext, { service, log }: Services): void {
  context.subscriptions.push(...registerRebuildCommands(service, log));
}
