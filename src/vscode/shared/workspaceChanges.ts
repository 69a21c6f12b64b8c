// The knowledge is read again when what names it changes: the path settings, the workspace's
// trust, its folders. Other settings are read where they are used.
import * as vscode from 'vscode';
import type { Log } from './log';
import type { RetrievalService } from './retrievalService';
import { affectsPathSettings, SECTION } from './settings';

export function reloadOnWorkspaceChanges(service: RetrievalService, log: Log): vscode.Disposable[] {
  const reloadAndFollow = (reason: string) => {
    const wasLoaded = service.isLoaded;
    service.reload(reason);
    // Re-read at once only if something already used the data: that also re-creates the watchers.
    if (wasLoaded) service.state();
  };
  return [
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (affectsPathSettings(e)) reloadAndFollow('settings changed');
      else if (e.affectsConfiguration(SECTION)) log.info('Settings changed');
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(() => reloadAndFollow('workspace trusted')),
    vscode.workspace.onDidChangeWorkspaceFolders(() => reloadAndFollow('workspace folders changed')),
  ];
}
