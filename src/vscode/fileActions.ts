// What happens to picked knowledge files: open as tabs, open to the side, copy as context.
// Every file passes the core's real-path containment check first; a refused file is never
// opened, read or copied, and the user is told which and why.
import * as vscode from 'vscode';
import { describeLoad, loadedLine, loadItems, plural, renderBundle, type RefusedFile, type ResultItem } from '../core';
import { checkItems, refusalMessage } from './containment';
import type { Log } from './log';


export class FileActions {
  constructor(private readonly log: Log) {}

  /** Opens each file as a non-preview tab (or beside the active editor). */
  async open(items: readonly ResultItem[], options: { side?: boolean; quiet?: boolean } = {}): Promise<number> {
    const { ok, refused } = checkItems(items);
    let opened = 0;
    for (const [i, { realPath, item }] of ok.entries()) {
      try {
        const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(realPath));
        await vscode.window.showTextDocument(doc, {
          preview: false,
          preserveFocus: i < ok.length - 1,
          viewColumn: options.side ? vscode.ViewColumn.Beside : vscode.ViewColumn.Active,
        });
        opened++;
      } catch (err) {
        refused.push({ item, reason: `it could not be opened (${(err as Error).message})` });
      }
    }
    this.report(opened, refused, options.quiet);
    return opened;
  }

  /** The CLI's markdown bundle of the files, to the clipboard. Returns the number copied. */
  async copyAsContext(items: readonly ResultItem[], lead?: string): Promise<number> {
    const load = loadItems([...items]);
    if (load.loaded.length > 0) await vscode.env.clipboard.writeText(renderBundle(load));
    const refused = load.refused;
    const copied = load.loaded.length;
    this.log.info(`Copy as Context: ${describeLoad(load)}`);
    const head = lead ? `${lead} ` : '';
    const message =
      copied > 0
        ? `${head}Copied ${plural(copied, 'knowledge file')} to the clipboard as context. ${loadedLine(copied)}`
        : `${head}Nothing was copied.`;
    if (refused.length) void vscode.window.showWarningMessage(`${message} ${refusalMessage(refused, 'read')}`);
    else void vscode.window.showInformationMessage(message);
    return copied;
  }

  private report(opened: number, refused: RefusedFile[], quiet?: boolean): void {
    if (refused.length) {
      this.log.info(refusalMessage(refused));
      void vscode.window.showWarningMessage(`${loadedLine(opened)} ${refusalMessage(refused)}`);
    } else if (!quiet) {
      void vscode.window.showInformationMessage(loadedLine(opened));
    }
  }
}
