// Index health's problems as the editor's diagnostics on index.md: a range over each problem's
// line (its text without the indentation), the related line, and the note concerned.
import * as vscode from 'vscode';
import type { IndexProblem } from '../../core';
import { NOTE_RELATED } from './quickFixes';

/** Looked up when used, not at load: activation must not touch the API beyond what it needs. */
function severity(s: IndexProblem['severity']): vscode.DiagnosticSeverity {
  return s === 'error'
    ? vscode.DiagnosticSeverity.Error
    : s === 'warning'
      ? vscode.DiagnosticSeverity.Warning
      : vscode.DiagnosticSeverity.Information;
}

/**
 * `lines`: the text of the lines the problems point to, by 1-based number (problemLines).
 * `openable`: the notes the reader would open now (openablePaths); only those become a location.
 */
export function diagnosticsFor(
  uri: vscode.Uri,
  problems: readonly IndexProblem[],
  lines: Record<number, string>,
  openable: ReadonlyMap<string, string>,
): vscode.Diagnostic[] {
  const range = (line: number) => {
    const i = Math.max(0, line - 1);
    const t = lines[i + 1] ?? '';
    const start = t.length - t.trimStart().length;
    return new vscode.Range(i, start, i, Math.max(start, t.trimEnd().length));
  };
  return problems.map((p) => {
    const d = new vscode.Diagnostic(range(p.line), p.message.replace(/`/g, ''), severity(p.severity));
    d.source = 'aria-context';
    d.code = p.kind;
    const related: vscode.DiagnosticRelatedInformation[] = [];
    if (p.related)
      related.push(
        new vscode.DiagnosticRelatedInformation(
          new vscode.Location(uri, range(p.related.line)),
          p.related.message.replace(/`/g, ''),
        ),
      );
    if (p.file !== undefined && openable.has(p.file))
      related.push(
        new vscode.DiagnosticRelatedInformation(
          new vscode.Location(vscode.Uri.file(p.file), new vscode.Position(0, 0)),
          NOTE_RELATED,
        ),
      );
    if (related.length) d.relatedInformation = related;
    return d;
  });
}
