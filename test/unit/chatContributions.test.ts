// The chat customizations the extension contributes (chatPlugins with the hook, chatSkills,
// chatPromptFiles): each contributed path exists, ships in the .vsix, and is what VS Code expects
// (a skill's folder is named as its `name`; the plugin's hook command runs the packaged CLI).
// test/e2e/chatCustomizations.e2e.ts checks that VS Code 1.139 lists them.
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { LOAD_TOOL, QUERY_TOOL } from '../../src/agent/definitions';
import { fixtureCopy, repoRoot, tempDir } from '../helpers';

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
  assert.deepEqual(chatSkills, [{ path: './chat/skills/knowledge-notes/SKILL.md' }]);
  assert.deepEqual(chatPromptFiles, [{ path: './chat/prompts/context.prompt.md' }]);
  assert.deepEqual(chatPlugins, [{ path: './chat/plugin' }]);
  for (const p of [...chatSkills, ...chatPromptFiles, ...chatPlugins])
    assert.ok(fs.existsSync(path.join(repoRoot, p.path)), p.path);
});

test('the skill and the prompt file have distinct names and purposes; the skill is named as its folder', () => {
  const skill = path.join(repoRoot, chatSkills[0].path);
  const fm = frontMatter(skill);
  assert.equal(fm.name, 'knowledge-notes');
  assert.equal(path.basename(path.dirname(skill)), fm.name, 'VS Code requires the folder name to equal the skill name');
  assert.ok(fm.description.length > 40 && fm.description.length <= 1024);
  const prompt = frontMatter(path.join(repoRoot, chatPromptFiles[0].path));
  assert.ok(prompt.description.length > 20);
  assert.equal(path.basename(chatPromptFiles[0].path), 'context.prompt.md', 'the file name gives the /context command');
  assert.notEqual(fm.name, 'context', 'one /context in the / menu (the prompt file), not two');
  assert.notEqual(fm.description, prompt.description);
});

test("the chat files name the tools registered by default (the MCP server's); the editor's only under their setting", () => {
  for (const file of [chatSkills[0].path, chatPromptFiles[0].path]) {
    const text = fs.readFileSync(path.join(repoRoot, file), 'utf8');
    for (const tool of [QUERY_TOOL, LOAD_TOOL]) {
      assert.ok(text.includes(`\`${tool}\``), `${file} names ${tool}`);
      assert.ok(text.includes(`#${tool}`), `${file} references #${tool}`);
    }
    // The language-model tools are off by default: named only in the paragraph about their setting.
    for (const paragraph of text.split(/\n\s*\n/))
      if (/aria-context_(query|load)|#knowledge\b|#knowledgeLoad/.test(paragraph))
        assert.match(paragraph, /ariaContext\.chat\.languageModelTools/, `${file}: ${paragraph}`);
  }
});

test('the plugin: a Claude-format manifest of this version, and a hook listed once on each event that runs the packaged CLI', () => {
  const root = path.join(repoRoot, chatPlugins[0].path);
  const plugin = JSON.parse(fs.readFileSync(path.join(root, '.claude-plugin', 'plugin.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  assert.equal(plugin.name, 'aria-context');
  assert.equal(plugin.version, manifest.version);
  // hooks/hooks.json is read by default: naming it in the manifest too lists every hook twice.
  assert.equal((plugin as { hooks?: unknown }).hooks, undefined);
  const hooks = JSON.parse(fs.readFileSync(path.join(root, 'hooks', 'hooks.json'), 'utf8')) as {
    hooks: Record<string, { hooks: { type: string; command: string }[] }[]>;
  };
  assert.deepEqual(Object.keys(hooks.hooks).sort(), ['SessionStart', 'UserPromptSubmit']);
  for (const [event, entries] of Object.entries(hooks.hooks))
    assert.equal(entries.flatMap((e) => e.hooks).length, 1, `one hook on ${event}`);
  const commands = new Set(
    Object.values(hooks.hooks).flatMap((entries) => entries.flatMap((e) => e.hooks.map((h) => h.command))),
  );
  assert.equal(commands.size, 1);
  const [command] = commands;

  // As VS Code runs it: through a shell, with the plugin root substituted.
  const cli = path.join(repoRoot, 'dist', 'cli.js');
  if (!fs.existsSync(cli)) execFileSync('node', ['esbuild.mjs'], { cwd: repoRoot });
  const home = fixtureCopy('aria-plugin-hook-');
  let session = 0;
  const input = () =>
    JSON.stringify({
      session_id: `plugin-test-${++session}`, // a session is told of a note once
      hook_event_name: 'UserPromptSubmit',
      cwd: home,
      prompt: 'stripe api',
    });
  const shell = command.split('${CLAUDE_PLUGIN_ROOT}').join(root);
  const runWith = (env: Record<string, string>) =>
    spawnSync('/bin/sh', ['-c', shell], { env, input: input(), encoding: 'utf8' });
  const answered = (run: ReturnType<typeof runWith>) => {
    assert.equal(run.status, 0, run.stderr);
    return (JSON.parse(run.stdout) as { hookSpecificOutput: { hookEventName: string } }).hookSpecificOutput
      .hookEventName;
  };
  assert.equal(
    answered(runWith({ PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}`, HOME: home })),
    'UserPromptSubmit',
  );

  // VS Code started from a desktop launcher: no node on PATH. ARIA_CONTEXT_NODE (or a usual install place) is used.
  const bare = tempDir('aria-no-node-');
  for (const tool of ['sh', 'dirname', 'ls', 'sort'])
    fs.symlinkSync(
      execFileSync('/bin/sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).trim(),
      path.join(bare, tool),
    );
  const noNodeHome = path.join(bare, 'home');
  // without the first run's cache folder: a copy loses its owner-only mode, and the hook then keeps no ledger (silent)
  fs.cpSync(home, noNodeHome, { recursive: true, filter: (src) => path.basename(src) !== '.cache' });
  assert.equal(
    answered(runWith({ PATH: bare, HOME: noNodeHome, ARIA_CONTEXT_NODE: process.execPath })),
    'UserPromptSubmit',
  );
  const nvmNode = path.join(noNodeHome, '.nvm', 'versions', 'node', 'v20.0.0', 'bin', 'node');
  fs.mkdirSync(path.dirname(nvmNode), { recursive: true });
  fs.symlinkSync(process.execPath, nvmNode);
  // found under ~/.nvm, past a system Node older than 22.12 where the machine has one
  assert.equal(answered(runWith({ PATH: bare, HOME: noNodeHome })), 'UserPromptSubmit', 'found under ~/.nvm');

  // No Node.js anywhere: the hook does nothing, says why on stderr, and the agent's turn goes on.
  fs.rmSync(path.join(noNodeHome, '.nvm'), { recursive: true });
  const none = runWith({ PATH: bare, HOME: noNodeHome });
  if (!['/opt/homebrew/bin/node', '/usr/local/bin/node', '/usr/bin/node'].some((p) => fs.existsSync(p))) {
    assert.equal(none.status, 0);
    assert.equal(none.stdout, '');
    assert.match(none.stderr, /no Node\.js 22\.12 or later found for the hook.*ARIA_CONTEXT_NODE/);
  } else assert.equal(none.status, 0, none.stderr);
});

test('the .vsix ships all of it', () => {
  const listed = execFileSync('npx', ['vsce', 'ls', '--no-dependencies'], { cwd: repoRoot, encoding: 'utf8' })
    .split('\n')
    .map((l) => l.trim());
  for (const file of [
    'chat/plugin/.claude-plugin/plugin.json',
    'chat/plugin/hooks/hooks.json',
    'chat/skills/knowledge-notes/SKILL.md',
    'chat/plugin/hooks/aria-context-hook.sh',
    'chat/prompts/context.prompt.md',
    'dist/cli.js',
  ]) {
    assert.ok(listed.includes(file), `${file} is not in the .vsix`);
  }
});
