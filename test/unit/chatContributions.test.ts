// The chat customizations the extension contributes (chatPlugins with the hook, chatSkills,
// chatPromptFiles): each contributed path exists, ships in the .vsix, and is what VS Code expects
// (a skill's folder is named as its `name`; the plugin's hook command runs the packaged CLI).
// test/e2e/chatCustomizations.e2e.ts checks that VS Code 1.139 lists them.
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { fixtureCopy, repoRoot } from '../helpers';

interface Manifest {
  version: string;
  contributes: { chatPlugins: { path: string }[]; chatSkills: { path: string }[]; chatPromptFiles: { path: string }[] };
}
const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as Manifest;
const { chatPlugins, chatSkills, chatPromptFiles } = manifest.contributes;

function frontMatter(file: string): Record<string, string> {
  const m = /^---\n([\s\S]*?)\n---\n/.exec(fs.readFileSync(file, 'utf8'));
  assert.ok(m, `${file} has no front matter`);
  return Object.fromEntries(
    m[1]
      .split('\n')
      .map((l) => /^([\w-]+):\s*(.*)$/.exec(l))
      .filter((x) => x !== null)
      .map((x) => [x[1], x[2]]),
  );
}

test('the skill, the prompt file and the plugin are contributed, and exist', () => {
  assert.deepEqual(chatSkills, [{ path: './chat/skills/context/SKILL.md' }]);
  assert.deepEqual(chatPromptFiles, [{ path: './chat/prompts/context.prompt.md' }]);
  assert.deepEqual(chatPlugins, [{ path: './chat/plugin' }]);
  for (const p of [...chatSkills, ...chatPromptFiles, ...chatPlugins])
    assert.ok(fs.existsSync(path.join(repoRoot, p.path)), p.path);
});

test('the skill is named context, as its folder, with a description; the prompt file has one too', () => {
  const skill = path.join(repoRoot, chatSkills[0].path);
  const fm = frontMatter(skill);
  assert.equal(fm.name, 'context');
  assert.equal(path.basename(path.dirname(skill)), fm.name, 'VS Code requires the folder name to equal the skill name');
  assert.ok(fm.description.length > 40 && fm.description.length <= 1024);
  assert.ok(frontMatter(path.join(repoRoot, chatPromptFiles[0].path)).description.length > 20);
  assert.equal(path.basename(chatPromptFiles[0].path), 'context.prompt.md', 'the file name gives the /context command');
});

test('the plugin: a Claude-format manifest of this version, and a hook on both events that runs the packaged CLI', () => {
  const root = path.join(repoRoot, chatPlugins[0].path);
  const plugin = JSON.parse(fs.readFileSync(path.join(root, '.claude-plugin', 'plugin.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  assert.equal(plugin.name, 'aria-context');
  assert.equal(plugin.version, manifest.version);
  const hooks = JSON.parse(fs.readFileSync(path.join(root, 'hooks', 'hooks.json'), 'utf8')) as {
    hooks: Record<string, { hooks: { type: string; command: string }[] }[]>;
  };
  assert.deepEqual(Object.keys(hooks.hooks).sort(), ['SessionStart', 'UserPromptSubmit']);
  const commands = new Set(
    Object.values(hooks.hooks).flatMap((entries) => entries.flatMap((e) => e.hooks.map((h) => h.command))),
  );
  assert.equal(commands.size, 1);
  const [command] = commands;

  // As VS Code runs it: through a shell, with the plugin root substituted.
  const cli = path.join(repoRoot, 'dist', 'cli.js');
  if (!fs.existsSync(cli)) execFileSync('node', ['esbuild.mjs'], { cwd: repoRoot });
  const home = fixtureCopy('aria-plugin-hook-');
  const input = JSON.stringify({
    session_id: 'plugin-test',
    hook_event_name: 'UserPromptSubmit',
    cwd: home,
    prompt: 'stripe api',
  });
  const run = spawnSync('sh', ['-c', command.split('${CLAUDE_PLUGIN_ROOT}').join(root)], {
    env: { PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}`, HOME: home },
    input,
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(
    (JSON.parse(run.stdout) as { hookSpecificOutput: { hookEventName: string } }).hookSpecificOutput.hookEventName,
    'UserPromptSubmit',
  );
});

test('the .vsix ships all of it', () => {
  const listed = execFileSync('npx', ['vsce', 'ls', '--no-dependencies'], { cwd: repoRoot, encoding: 'utf8' })
    .split('\n')
    .map((l) => l.trim());
  for (const file of [
    'chat/plugin/.claude-plugin/plugin.json',
    'chat/plugin/hooks/hooks.json',
    'chat/skills/context/SKILL.md',
    'chat/prompts/context.prompt.md',
    'dist/cli.js',
  ]) {
    assert.ok(listed.includes(file), `${file} is not in the .vsix`);
  }
});
