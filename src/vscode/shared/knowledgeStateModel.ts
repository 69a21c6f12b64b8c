// What the editor offers when there is nothing to show (§0, §1): the buttons of a warning, the
// config file a button opens, and the line the Tags view shows above its welcome text. Pure.
import type { Config, KnowledgeState } from '../../core';

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
 * The Tags view's message while it shows a welcome text: the welcome text is fixed in the
 * manifest, so the folder, the config file and the reason are said here. Undefined when ready.
 */
export function viewMessage(state: KnowledgeState): string | undefined {
  return state.kind === 'noIndex' ? state.message : undefined;
}
