// `/setup` and `/index` in the core's messages are aria-knowledge commands, run in the user's
// agent (Claude Code, Cursor, Codex…), not in VS Code. The editor's surfaces say so once, after
// the message. Pure: unit-tested.

const COMMAND = /(^|[\s(`'"])\/(setup|index)(?!\.?[\w/-])/g;
const SAID = /aria-knowledge (agent|command)/i;

/** The message, plus a note naming the aria-knowledge commands it mentions (unless it already says where they run). */
export function explainAgentCommands(message: string): string {
  if (SAID.test(message)) return message;
  const names = [...new Set([...message.matchAll(COMMAND)].map((m) => `/${m[2]}`))];
  if (names.length === 0) return message;
  const which =
    names.length === 1
      ? `${names[0]} is an aria-knowledge command`
      : `${names.join(' and ')} are aria-knowledge commands`;
  return `${message.replace(/\s+$/, '')} (${which}: run ${names.length === 1 ? 'it' : 'them'} in your agent, such as Claude Code, Cursor or Codex, not in VS Code.)`;
}
