// The buttons of knowledgeStateModel.ts, run: Open Config File, Choose Knowledge Folder, Open Settings, Show Log.
import * as vscode from 'vscode';
import { CHOOSE_FOLDER, OPEN_CONFIG, OPEN_SETTINGS, SHOW_LOG } from './knowledgeStateModel';
import type { Log } from './log';

export async function runStateAction(choice: string, log: Log): Promise<void> {
  if (choice === OPEN_CONFIG) await vscode.commands.executeCommand('ariaContext.openConfigFile');
  else if (choice === CHOOSE_FOLDER) await vscode.commands.executeCommand('ariaContext.chooseKnowledgeFolder');
  else if (choice === OPEN_SETTINGS) await vscode.commands.executeCommand('ariaContext.openSettings');
  else if (choice === SHOW_LOG) log.show();
}
