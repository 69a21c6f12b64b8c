// What the editor offers when there is nothing to show (§0, §1): the buttons of a warning, the
// config file a button opens, and the line the Tags view shows above its welcome text. Pure.
import type { Config, KnowledgeState } from '../../core';
import type { TreeNode } from './treeRows';

export const OPEN_CONFIG = 'Open Config File';
export const CHOOSE_FOLDER = 'Choose Knowledge Folder';
export const OPEN_SETTINGS = 'Open Settings';
export const SHOW_LOG = 'Show Log';

/** The config file whose knowledge_folder named the folder; null when a setting (or --folder) did. */
export function configToOpen(config: Config): string | null {
  return config.folderFrom === undefined ? config.configFile : config.folderFrom;
}

/** The buttons that fix a state that is not ready, the most likely fix first. */
export function notReadyActions(state: Exclude<KnowledgeState, { kind: 'ready' }>): string[] {
  switch (state.kind) {
    case 'notConfigured':
      return [CHOOSE_FOLDER, OPEN_SETTINGS];
    case 'noIndex':
      if (state.reason === 'noFolder')
        return configToOpen(state.config) ? [OPEN_CONFIG, CHOOSE_FOLDER] : [OPEN_SETTINGS, CHOOSE_FOLDER];
      return [CHOOSE_FOLDER, configToOpen(state.config) ? OPEN_CONFIG : OPEN_SETTINGS];
    case 'error':
      return [SHOW_LOG];
  }
}

/**
 * The Tags view's rows when the folder is missing or index.md cannot be read: the core's message
 * (which folder, which config file named it, or why index.md cannot be read) and the buttons that
 * fix it. None otherwise: a missing index.md and no configuration have welcome texts (a view's
 * welcome text is fixed, and a view with a message hides it, so what names a path is a row).
 */
export function stateRows(state: KnowledgeState): TreeNode[] {
  if (state.kind !== 'noIndex' || state.reason === 'noIndex') return [];
  const config = configToOpen(state.config);
  // A row is one line that the view cuts at its width: the message goes over as many rows as it needs.
  const rows: TreeNode[] = wrapText(state.message, MESSAGE_ROW_CHARS).map((line, i) => ({
    id: i === 0 ? 'state:message' : `state:message:${i}`,
    kind: 'message',
    label: line,
    tooltip: state.message,
    contextValue: 'ariaContext.message',
    icon: i === 0 ? 'error' : 'blank',
  }));
  if (config) rows.push(actionRow(OPEN_CONFIG, 'ariaContext.openConfigFile', 'go-to-file', config));
  else rows.push(actionRow(OPEN_SETTINGS, 'ariaContext.openSettings', 'settings-gear'));
  rows.push(actionRow(CHOOSE_FOLDER, 'ariaContext.chooseKnowledgeFolder', 'folder-opened'));
  return rows;
}

/** About what a sidebar of its default width shows of a row beside its icon. */
export const MESSAGE_ROW_CHARS = 44;

/**
 * Text as lines of at most `width` characters, broken at spaces; a word longer than that (a long
 * path) gets a line of its own, whole, since a path cut in two reads as two paths.
 */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

function actionRow(label: string, command: string, icon: string, description?: string): TreeNode {
  return {
    id: `state:${command}`,
    kind: 'message',
    label,
    ...(description ? { description } : {}),
    contextValue: 'ariaContext.message',
    icon,
    command: { id: command },
  };
}
