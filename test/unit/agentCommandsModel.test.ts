import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { explainAgentCommands } from '../../src/vscode/shared/agentCommandsModel';

test('/setup and /index in a message are said to be aria-knowledge commands run in the agent, once', () => {
  assert.equal(
    explainAgentCommands('aria-knowledge is not configured. Run /setup to get started.'),
    'aria-knowledge is not configured. Run /setup to get started. (/setup is an aria-knowledge command: run it in your agent, such as Claude Code, Cursor or Codex, not in VS Code.)',
  );
  assert.match(
    explainAgentCommands('Usage: /context <tag1>. Run /index to see tags. Run /index again.'),
    /\(\/index is an aria-knowledge command: run it in your agent/,
  );
  assert.match(
    explainAgentCommands('Run /setup, then /index.'),
    /\/setup and \/index are aria-knowledge commands: run them/,
  );
  const already = 'Run /index in your aria-knowledge agent to rebuild index.md.';
  assert.equal(explainAgentCommands(already), already);
  assert.equal(
    explainAgentCommands('See /index.md, ~/kb/index.md and a/setup/x.md'),
    'See /index.md, ~/kb/index.md and a/setup/x.md',
    'paths are not commands',
  );
});
