// Reads the ariaContext.* settings. The machine-scoped paths go through machineValue(), which
// ignores workspace and folder values (defence in depth on top of `"scope": "machine"`).
import * as vscode from 'vscode';
import { boundedInt, machineValue } from './settingsModel';

export const SECTION = 'ariaContext';

export interface PathSettings {
  knowledgeFolder: string | undefined;
  configFile: string | undefined;
  projectsRoot: string | undefined;
  /** Notes about ignored workspace values. */
  ignored: string[];
}

export function readPathSettings(): PathSettings {
  const config = vscode.workspace.getConfiguration(SECTION);
  const folder = machineValue(config.inspect<string>('knowledgeFolder'));
  const file = machineValue(config.inspect<string>('configFile'));
  const root = machineValue(config.inspect<string>('projectsRoot'));
  return {
    knowledgeFolder: folder.value,
    configFile: file.value,
    projectsRoot: root.value,
    ignored: [...folder.ignored, ...file.ignored, ...root.ignored],
  };
}

export function recentQueriesMax(): number {
  return boundedInt(vscode.workspace.getConfiguration(SECTION).get('recentQueries.max'), 10, 0, 50);
}

/** Writes the knowledge folder as a user (global) setting: never a workspace one. */
export async function writeKnowledgeFolder(folder: string): Promise<void> {
  await vscode.workspace.getConfiguration(SECTION).update('knowledgeFolder', folder, vscode.ConfigurationTarget.Global);
}

export function affectsPathSettings(e: vscode.ConfigurationChangeEvent): boolean {
  return ['knowledgeFolder', 'configFile', 'projectsRoot'].some((k) => e.affectsConfiguration(`${SECTION}.${k}`));
}

/** `ariaContext.activeFile.enabled`: knowledge for the active file (status bar count, tree section, empty queries). */
export function activeFileEnabled(): boolean {
  return vscode.workspace.getConfiguration(SECTION).get<boolean>('activeFile.enabled', true) !== false;
}
