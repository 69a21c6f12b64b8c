// What happens to picked knowledge files: open as tabs, open to the side, copy as context.
// Every file passes the core reader first (§9), with the current configuration; a refused file
// is never opened, read or copied, and the user is told which and why.
import * as vscode from 'vscode';
import {
  describeLoad,
  loadItems,
  plural,
  renderBundle,
  type Config,
  type RefusedFile,
  type ResultItem,
  checkItems,
} from '../../core';
import { refusalMessage } from './containment';
import type { Log } from './log';

/** Send to Chat, which the chat feature gives the others: the items into the chat input (or copied, without a chat). */
export type SendToChat = (items: readonly ResultItem[], refusedPaths?: string, query?: string) => Promise<unknown>;

/** Refusals for every item when no configuration is loaded. */
function noConfig(items: readonly ResultItem[]): { ok: never[]; refused: RefusedFile[] } {
  return { ok: [], refused: items.map((item) => ({ item, reason: 'no knowledge folder is loaded' })) };
}

export class FileActions {
  /** `config` gives the configuration of the current snapshot: the reader decides from it alone. */
  constructor(
    private readonly log: Log,
    readonly config: () => Config | undefined,
  ) {}

  /** The reader's verdict on items about to be opened or attached by the editor. */
  check(items: readonly ResultItem[]): ReturnType<typeof checkItems> {
    const config = this.config();
    return config ? checkItems(config, items) : noConfig(items);
  }

  /** Opens each file as a non-preview tab (or beside the active editor). */
  async open(
    items: readonly ResultItem[],
    options: { side?: boolean; quiet?: boolean; refusedPaths?: string } = {},
  ): Promise<number> {
    const { ok, refused } = this.check(items);
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
    this.report(opened, refused, options.quiet, options.refusedPaths);
    return opened;
  }

  /** The CLI's markdown bundle of the files, to the clipboard. Returns the number copied. */
  async copyAsContext(items: readonly ResultItem[], lead?: string, refusedPaths = ''): Promise<number> {
    const config = this.config();
    const load = config ? loadItems(config, items) : { loaded: [], ...noConfig(items) };
    if (load.loaded.length > 0) await vscode.env.clipboard.writeText(renderBundle(load));
    const refused = load.refused;
    const copied = load.loaded.length;
    this.log.info(`Copy as Context: ${describeLoad(load)}`);
    const head = lead ? `${lead} ` : '';
    const message =
      copied > 0
        ? `${head}Copied ${plural(copied, 'knowledge file')} to the clipboard as context.`
        : `${head}Nothing was copied.`;
    if (refused.length || refusedPaths)
      vscode.window.showWarningMessage(`${message} ${refusalMessage(refused, 'read')} ${refusedPaths}`.trim());
    else vscode.window.showInformationMessage(message);
    return copied;
  }

  private report(opened: number, refused: RefusedFile[], quiet?: boolean, refusedPaths = ''): void {
    if (refused.length || refusedPaths) {
      const text = `${refusalMessage(refused)} ${refusedPaths}`.trim();
      this.log.info(text);
      vscode.window.showWarningMessage(opened ? `Opened ${plural(opened, 'knowledge file')}. ${text}` : text);
    } else if (!quiet) {
      vscode.window.showInformationMessage(`Opened ${plural(opened, 'knowledge file')}.`);
    }
  }
}
