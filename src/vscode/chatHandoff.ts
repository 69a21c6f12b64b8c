// Send to Chat. The chat issue replaces this body with the real hand-off (chat input with the
// files attached); until then the files go to the clipboard as context, and the message says so.
import type { ResultItem } from '../core';
import type { FileActions } from './fileActions';

export async function sendToChat(actions: FileActions, items: readonly ResultItem[]): Promise<void> {
  await actions.copyAsContext(items, 'Sending straight to the chat is not available in this version, so the files went to the clipboard instead: paste them into the chat.');
}
