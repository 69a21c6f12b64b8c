// Quick fixes (code actions) on index.md's problems: remove a duplicate listing or the listing of
// a missing file, add a note that is not indexed under its front-matter tags, update a listing
// from its note's front matter. Each is an edit of the open buffer (a WorkspaceEdit the editor
// applies and the user sees, undoes or saves); nothing is saved here. Under auto-save the edit
// asks for confirmation, so it opens in the Refactor Preview and changes nothing until applied. The edits come from the
// pure quickFixModel.ts, worked out on the buffer's text as it is now; a note's tags are read
// through the core's reader (noteFacts).
import * as vscode from 'vscode';
import { REBUILD_INDEX_COMMAND } from '../shared/commandIds';
import { indexPath, noteFacts } from '../../core';
import type { RetrievalService } from '../shared/retrievalService';
import { addNoteFix, fixDelivery, removeEntryFix, updateEntryFix, type LineEdit, type QuickFix } from './quickFixModel';

/** The label of a diagnostic's related location that is the note concerned (indexDiagnostics.ts). */
export const NOTE_RELATED = 'the note';

export class IndexQuickFixes implements vscode.CodeActionProvider {
  static readonly metadata: vscode.CodeActionProviderMetadata = {
    providedCodeActionKinds: [vscode.CodeActionKind.QuickFix],
  };

  /** `checkedLine`: a line's text when its problem was found (IndexDiagnostics.checkedLine). */
  constructor(
    private readonly service: RetrievalService,
    private readonly checkedLine: (line: number) => string | undefined,
  ) {}

  provideCodeActions(
    document: vscode.TextDocument,
    _range: vscode.Range,
    context: vscode.CodeActionContext,
  ): vscode.CodeAction[] {
    const ours = context.diagnostics.filter((d) => d.source === 'aria-context');
    if (ours.length === 0) return [];
    const snapshot = this.service.snapshot();
    if (!snapshot || document.uri.scheme !== 'file' || document.uri.fsPath !== indexPath(snapshot.config)) return [];
    const text = document.getText();
    const delivery = fixDelivery(vscode.workspace.getConfiguration('files', document.uri).get<string>('autoSave'));
    const actions: vscode.CodeAction[] = [];
    for (const d of ours) {
      const fix = this.fixFor(d, text, snapshot.config);
      if (!fix) continue;
      const action = new vscode.CodeAction(fix.title + delivery.titleNote, vscode.CodeActionKind.QuickFix);
      action.diagnostics = [d];
      action.isPreferred = true;
      action.edit = new vscode.WorkspaceEdit();
      action.edit.replace(
        document.uri,
        rangeOf(document, fix.edit),
        fix.edit.text,
        delivery.review
          ? { needsConfirmation: true, label: fix.title, description: 'auto-save writes it once applied' }
          : undefined,
      );
      actions.push(action);
    }
    // Drift and dead links: the whole index rebuilt from the notes, shown as a diff first (§12).
    const drift = ours.filter((d) => REBUILD_CODES.has(String(typeof d.code === 'object' ? d.code.value : d.code)));
    if (drift.length) {
      const rebuild = new vscode.CodeAction(
        'Rebuild index.md from the notes (review the diff)…',
        vscode.CodeActionKind.QuickFix,
      );
      rebuild.diagnostics = drift;
      rebuild.command = { command: REBUILD_INDEX_COMMAND, title: 'Rebuild Index…' };
      actions.push(rebuild);
    }
    return actions;
  }

  private fixFor(d: vscode.Diagnostic, text: string, config: Parameters<typeof noteFacts>[0]): QuickFix | null {
    const line = d.range.start.line + 1;
    const code = typeof d.code === 'object' ? d.code.value : d.code;
    // The buffer may have been edited since the check: the line must still say what it said.
    if (code === 'duplicate') return removeEntryFix(text, line, 'duplicate', this.checkedLine(line));
    if (code === 'missing-file') return removeEntryFix(text, line, 'missing', this.checkedLine(line));
    if (code !== 'not-indexed' && code !== 'tags-differ') return null;
    const note = d.relatedInformation?.find((r) => r.message === NOTE_RELATED)?.location.uri;
    if (!note || note.scheme !== 'file') return null;
    const facts = noteFacts(config, note.fsPath);
    if (!facts.ok) return null;
    return code === 'not-indexed' ? addNoteFix(text, facts.facts) : updateEntryFix(text, line, facts.facts);
  }
}

const REBUILD_CODES = new Set(['not-indexed', 'tags-differ', 'missing-file', 'newer-than-index']);

function rangeOf(document: vscode.TextDocument, edit: LineEdit): vscode.Range {
  const start = new vscode.Position(Math.min(edit.startLine, document.lineCount - 1), 0);
  const end = edit.toEnd ? document.lineAt(document.lineCount - 1).range.end : new vscode.Position(edit.endLine, 0);
  return new vscode.Range(start, end);
}
