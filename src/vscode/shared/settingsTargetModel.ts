// Where the path settings live, so Open aria-context Settings lands on the tab that shows them.
// Pure: unit-tested. The path settings are machine-scoped: in a remote window (code-server, SSH,
// WSL, dev containers: `vscode.env.remoteName` is set) machine settings are stored and shown on
// the Remote tab, and the User tab lists only the non-machine settings.

export interface SettingsTarget {
  /** The workbench command that opens the settings editor on the right tab. */
  command: 'workbench.action.openRemoteSettings' | 'workbench.action.openSettings';
  /** The search text: every setting of this extension, and only those. */
  query: string;
  /** Where Choose Knowledge Folder stores the folder, in words for messages and the welcome view. */
  where: string;
}

export const EXTENSION_FILTER = '@ext:aria-context.aria-context';

export function settingsTarget(remoteName: string | undefined): SettingsTarget {
  if (remoteName) {
    return {
      command: 'workbench.action.openRemoteSettings',
      query: EXTENSION_FILTER,
      where: `the Remote settings of this ${remoteLabel(remoteName)} window`,
    };
  }
  return { command: 'workbench.action.openSettings', query: EXTENSION_FILTER, where: 'your User settings' };
}

/** `ssh-remote` → `SSH`, `wsl` → `WSL`, `dev-container` → `Dev Container`; code-server reports none or its own. */
function remoteLabel(remoteName: string): string {
  const known: Record<string, string> = {
    'ssh-remote': 'SSH',
    wsl: 'WSL',
    'dev-container': 'Dev Container',
    'attached-container': 'container',
    codespaces: 'Codespaces',
    tunnel: 'tunnel',
  };
  return known[remoteName] ?? 'remote';
}
