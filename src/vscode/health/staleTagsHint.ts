// Says when a saved note's tags are not what index.md lists for it (staleTagsModel.ts), once per
// note and tag set: the Tags view follows index.md, not the notes.
import * as vscode from 'vscode';
import { noteFacts } from '../../core';
import type { Log } from '../shared/log';
import type { RetrievalService } from '../shared/retrievalService';
import { STALE_TAGS_ACTIONS, staleTagsHint } from './staleTagsModel';

export function watchStaleTags(
  service: RetrievalService,
  noteSaved: vscode.Event<string>,
  log: Log,
): vscode.Disposable {
  const told = new Set<string>();
  return noteSaved((file) => {
    const snapshot = service.snapshot();
    if (!snapshot) return;
    const facts = noteFacts(snapshot.config, file);
    if (!facts.ok) return;
    const hint = staleTagsHint(snapshot.index, facts.facts);
    if (!hint || told.has(hint.key)) return;
    told.add(hint.key);
    log.info(`Tags of a saved note differ from index.md: ${hint.message}`);
    const actions = [...STALE_TAGS_ACTIONS];
    vscode.window.showInformationMessage(hint.message, ...actions.map((a) => a.label)).then((choice) => {
      const action = actions.find((a) => a.label === choice);
      if (action) vscode.commands.executeCommand(action.command);
    });
  });
}
