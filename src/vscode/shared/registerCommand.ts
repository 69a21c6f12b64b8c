// A command whose failure is logged with its stack and shown in one message, never thrown into the workbench.
import * as vscode from 'vscode';
import type { Log } from './log';

export type CommandHandler = (...args: unknown[]) => unknown;

export function registerCommand(log: Log, id: string, fn: CommandHandler): vscode.Disposable {
  return vscode.commands.registerCommand(id, async (...args: unknown[]) => {
    try {
      await fn(...args);
    } catch (err) {
      log.info(`${id} failed: ${(err as Error).stack ?? String(err)}`);
      vscode.window.showErrorMessage(`aria-context: ${(err as Error).message}`);
    }
  });
}
