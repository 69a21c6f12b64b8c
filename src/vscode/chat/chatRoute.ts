// How picked files reach the chat in this editor: decided from its commands and version,
// so that editors without chat (VSCodium, forks) get the clipboard fallback.

export type ChatRoute = 'openWithAttachments' | 'attachFile' | 'none';

export const OPEN_CHAT = 'workbench.action.chat.open';
export const ATTACH_FILE = 'workbench.action.chat.attachFile';

/** `1.103.0` ≥ `1.103`? Plain numeric comparison of the first two parts. */
export function versionAtLeast(version: string, major: number, minor: number): boolean {
  const [a, b] = version.split('.').map((n) => parseInt(n, 10));
  return a > major || (a === major && b >= minor);
}

/**
 * Which way files reach the chat, given the editor's commands and version. With the user's
 * `chat.disableAIFeatures` on, the chat commands still exist but lead nowhere visible.
 */
export function chooseChatRoute(commands: ReadonlySet<string>, version: string, aiDisabled = false): ChatRoute {
  if (aiDisabled) return 'none';
  if (commands.has(OPEN_CHAT) && versionAtLeast(version, 1, 103)) return 'openWithAttachments';
  if (commands.has(ATTACH_FILE)) return 'attachFile';
  return 'none';
}

export const LM_TOOLS_CONTEXT = 'ariaContext.languageModelTools';
export const LM_TOOLS_SETTING = 'chat.languageModelTools';

/**
 * Whether the language-model tools are offered to agent mode: where VS Code has MCP (1.101+)
 * the bundled MCP server's tools are the one agent surface, and these stay off unless the user
 * asks for them; elsewhere they are the only way an agent reaches the knowledge.
 */
export function languageModelToolsOn(editorHasMcp: boolean, setting: boolean): boolean {
  return !editorHasMcp || setting;
}
