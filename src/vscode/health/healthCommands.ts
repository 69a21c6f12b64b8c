// The clicks of the tag tree's health rows: the index row shows index.md and its problems in the
// Problems panel; a Warnings row opens the line it is about (index.md, or the config file).
// VS Code has no API to set the Problems panel's filter: index.md is opened beside it (its
// "Show Active File Only" filter then narrows the panel to it) and the panel is focused.
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { indexPath } from '../../core';
import { SHOW_INDEX_PROBLEMS_COMMAND } from '../shared/commandIds';
import type { RetrievalService } from '../shared/retrievalService';
import { warningTarget } from './healthModel';

export const GO_TO_WARNING_COMMAND = 'ariaContext.goToWarning';

/** Config files are small; past this, the key's line is not looked for. */
const MAX_CONFIG_BYTES = 256 * 1024;

export function registerHealthCommands(service: RetrievalService): vscode.Disposable[] {
  const open = async (file: string, line: number) => {
    const position = new vscode.Position(Math.max(0, line - 1), 0);
    await vscode.window.showTextDocument(vscode.Uri.file(file), {
      selection: new vscode.Range(position, position),
      preview: true,
    });
  };
  return [
    vscode.commands.registerCommand(SHOW_INDEX_PROBLEMS_COMMAND, async () => {
      const snapshot = service.snapshot();
      if (!snapshot) return;
      const uri = vscode.Uri.file(indexPath(snapshot.config));
      const first = vscode.languages.getDiagnostics(uri).find((d) => d.source === 'aria-context');
      await open(uri.fsPath, (first?.range.start.line ?? 0) + 1);
      await vscode.commands.executeCommand('workbench.action.problems.focus');
    }),
    vscode.commands.registerCommand(GO_TO_WARNING_COMMAND, async (warning: unknown) => {
      const snapshot = service.snapshot();
      // Only the text of a warning the tree shows is looked up; it picks a line, never a file.
      if (!snapshot || typeof warning !== 'string' || warning.length > 4096) return;
      const config = snapshot.config;
      const entries = snapshot.index.lines.entries;
      const target = warningTarget(warning, config, indexPath(config), entries, configText(config.configFile));
      await open(target.file, target.line);
    }),
  ];
}

function configText(file: string | null): string | null {
  if (!file) return null;
  try {
    return fs.statSync(file).size <= MAX_CONFIG_BYTES ? fs.readFileSync(file, 'utf8') : null;
  } catch {
    return null;
  }
}
