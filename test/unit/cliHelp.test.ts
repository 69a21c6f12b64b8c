// Every command's --help is its own (usage, options, two examples, exit codes), built from the one
// option table, so it lists exactly the options the command takes; docs/CLI.md carries each text
// verbatim, so the help and the documentation stay in step.
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { optionsOf, type CommandName } from '../../src/cli/options';
import { repoRoot } from '../helpers';

const cli = path.join(repoRoot, 'dist', 'cli.js');
if (!fs.existsSync(cli)) execFileSync('node', ['esbuild.mjs'], { cwd: repoRoot });
const COMMANDS: CommandName[] = ['query', 'check', 'tags', 'index', 'doctor', 'setup', 'hook'];
const help = (args: string[]) =>
  spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', env: { PATH: process.env.PATH } });

test("each command's --help is its own: its usage, every option it takes and no other, two examples, exit codes", () => {
  const global = help(['--help']).stdout;
  const seen = new Set<string>([global]);
  for (const command of COMMANDS) {
    const r = help([command, '--help']);
    assert.equal(r.status, 0, command);
    assert.equal(help([command, '-h']).stdout, r.stdout, `${command} -h`);
    assert.equal(help(['help', command]).stdout, r.stdout, `help ${command}`);
    assert.ok(!seen.has(r.stdout), `${command}'s help is not another's`);
    seen.add(r.stdout);
    const usage = r.stdout.split('\n')[0];
    assert.match(usage, new RegExp(`^Usage: aria-context ${command}\\b`));
    const listed = [...r.stdout.matchAll(/^ {2}--([\w-]+)/gm)].map((m) => m[1]);
    assert.deepEqual(
      listed,
      optionsOf(command).filter((o) => o !== 'help'),
      `${command}'s options`,
    );
    for (const o of listed) assert.ok(usage.includes(`[--${o}`), `${command}'s usage names --${o}`);
    const examples = r.stdout.split('Examples:\n')[1]?.split('\n\n')[0].split('\n') ?? [];
    assert.equal(examples.length, 2, `${command}: two examples`);
    for (const e of examples) assert.match(e, new RegExp(`aria-context ${command}\\b`));
    assert.match(r.stdout, /^Exit codes: 0 /m);
    assert.doesNotMatch(r.stdout, /(^|[^\w./-])\/(setup|index|context)\b/, 'no slash command');
  }
  assert.match(help(['setup', '--help']).stdout, /\[--folder DIR\].*\[--projects-root DIR\]/);
  assert.doesNotMatch(help(['setup', '--help']).stdout, /claude mcp add|codex mcp add/, 'setup edits the files itself');
  assert.match(global, /Run aria-context <command> --help/);
});

test("docs/CLI.md holds each command's help exactly as it prints", () => {
  const doc = fs.readFileSync(path.join(repoRoot, 'docs', 'CLI.md'), 'utf8');
  for (const command of COMMANDS) {
    const block = new RegExp(`### \`aria-context ${command} --help\`\\n\\n\`\`\`text\\n([\\s\\S]*?)\\n\`\`\`\\n`).exec(
      doc,
    );
    assert.ok(block, `docs/CLI.md has a section for ${command} --help`);
    assert.equal(
      `${block[1]}\n`,
      help([command, '--help']).stdout,
      `docs/CLI.md's ${command} --help is what it prints`,
    );
  }
});
