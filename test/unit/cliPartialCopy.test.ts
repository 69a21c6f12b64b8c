// The editor extension ships the CLI's launcher with only the bundles it runs (.vscodeignore):
// a command whose bundle is not in a copy says so in one line, and the hook stays silent.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoRoot, tempDir } from '../helpers';

/** What .vscodeignore lets into the .vsix of dist/commands. */
function shippedCommands(): string[] {
  return fs
    .readFileSync(path.join(repoRoot, '.vscodeignore'), 'utf8')
    .split('\n')
    .flatMap((line) => (line.startsWith('!dist/commands/') ? [path.basename(line.slice(1))] : []));
}

test("a copy with only the extension's command bundles names a missing command in one line, exit 2; the hook stays silent", () => {
  const copy = tempDir();
  fs.mkdirSync(path.join(copy, 'dist', 'commands'), { recursive: true });
  for (const file of ['cli.js', 'yaml.js', 'mcp.js'])
    fs.copyFileSync(path.join(repoRoot, 'dist', file), path.join(copy, 'dist', file));
  const shipped = shippedCommands();
  assert.ok(shipped.includes('hook.js'), 'the chat plugin runs the hook from the extension');
  for (const file of shipped)
    fs.copyFileSync(path.join(repoRoot, 'dist', 'commands', file), path.join(copy, 'dist', 'commands', file));
  const run = (args: string[], input = '') =>
    spawnSync(process.execPath, [path.join(copy, 'dist', 'cli.js'), ...args], {
      input,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: copy, ARIA_CONTEXT_NO_CACHE: '1' },
    });
  const absent = fs
    .readdirSync(path.join(repoRoot, 'dist', 'commands'))
    .filter((f) => f.endsWith('.js') && !shipped.includes(f));
  assert.ok(absent.length > 0, 'the extension leaves some command bundles out');
  for (const file of absent) {
    const command = file.replace(/\.js$/, '');
    const r = run([command]);
    assert.equal(r.status, 2, command);
    assert.equal(r.stderr, '');
    assert.match(
      r.stdout,
      new RegExp(`^aria-context: \`${command}\` is not part of this copy of aria-context .*\\.tgz.*\\n$`),
    );
  }
  const hook = run(['hook', 'claude-code'], '{"session_id":"s","hook_event_name":"UserPromptSubmit","prompt":"x"}');
  assert.equal(hook.status, 0);
  assert.equal(hook.stderr, '');
});
