// The "aria-context" output channel: activation time, reloads, ignored settings, warnings.
import * as vscode from 'vscode';

export interface Log {
  info(message: string): void;
  show(): void;
}

export function createLog(channel: vscode.OutputChannel): Log {
  return {
    info: (message) => channel.appendLine(`[${new Date().toISOString().slice(11, 23)}] ${message}`),
    show: () => channel.show(true),
  };
}
