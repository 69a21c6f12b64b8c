// The option reader (src/cli/options.ts) under random command lines, every command run in this
// process as the launcher runs it (issue 44): a word that is no option is a query word or a usage
// error in the CLI's own words, never the launcher's "unexpected error", and every exit code is
// one §10 documents for that command.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { readCommandLine, sourceFlags, type CommandName } from '../../src/cli/options';
import { run as runQuery } from '../../src/cli/commands/query';
import { runCheck } from '../../src/cli/commands/check';
import { runTags } from '../../src/cli/commands/tags';
import { runIndex } from '../../src/cli/commands/index';
import { runDoctor } from '../../src/cli/commands/doctor';
import { runSetup } from '../../src/cli/commands/setup';
import { parseMcpArgs } from '../../src/mcp/main';
import { relativePathProblem } from '../../src/cli/command';
import { fixtureCopy } from '../helpers';
import { prng } from '../prng';
import { runCli } from '../cliRun';

const home = fixtureCopy('aria-fuzz-');
const folder = path.join(home, 'knowledge');

/** Words a command line is made of: words, dashes, `=`, `--`, every option, values good and bad. */
const WORDS = [
  'api',
  'stripe',
  'proj-a',
  'AND',
  'or',
  '(and)',
  'x=y',
  '=',
  '-',
  '--',
  '---',
  '--=',
  '-=',
  '-=x',
  '—',
  '-a-b',
  '-x-y',
  '-c#-*',
  '-a-',
  '-y-',
  '-h-',
  '-yy',
  '-y',
  '-x',
  '-ab',
  '-1',
  '-1-2',
  '--bogus',
  '--bogus=1',
  '--json',
  '--json=1',
  '--text',
  '--no-cache',
  '--drift',
  '--check',
  '--strict',
  '--force',
  '--hooks',
  '--remove',
  '--print',
  '--load',
  '--load=all',
  'all',
  '1',
  '1-2',
  '--today',
  '2026-11-30',
  '--today=2026-02-30',
  '--folder',
  folder,
  '--folder=rel',
  'rel',
  '--config',
  '--config=',
  '--projects-root',
  path.join(home, 'Projects'),
  '--log-level',
  'info',
  'loud',
  'claude-code',
  'codex',
  'cursor',
  'vscode',
];

function randomLine(rand: () => number): string[] {
  return Array.from({ length: Math.floor(rand() * 7) }, () => WORDS[Math.floor(rand() * WORDS.length)]);
}

const env = { HOME: home, ARIA_CONTEXT_NO_CACHE: '1' };

/** Each command as the launcher runs it (its `run` or the function it calls), with the exit codes §10 gives it. */
const COMMANDS: Array<{
  name: CommandName;
  run: (args: string[], out: (s: string) => void) => number;
  exits: number[];
}> = [
  {
    name: 'query',
    run: (args, out) => runQuery(['query', ...args], { out, env, now: () => Date.now() }),
    exits: [0, 2, 3],
  },
  {
    name: 'check',
    run: (args, out) => runCheck(args, { out, env, now: Date.now }, relativePathProblem),
    exits: [0, 1, 2, 3],
  },
  {
    name: 'tags',
    run: (args, out) => runTags(args, { out, env, now: Date.now }, relativePathProblem),
    exits: [0, 2, 3],
  },
  // --write rewrites this copy's index.md: the next lines read that one, as a user's would.
  {
    name: 'index',
    run: (args, out) => runIndex(args, { out, env, now: Date.now }, relativePathProblem),
    exits: [0, 1, 2, 3],
  },
  {
    name: 'doctor',
    run: (args, out) => runDoctor(args, { out, env, now: Date.now, node: process.execPath, cli: '/nowhere/cli.js' }),
    exits: [0, 1, 2],
  },
  {
    name: 'setup',
    run: (args, out) =>
      runSetup(args, { out, env, node: process.execPath, cli: '/nowhere/cli.js', confirm: () => false }),
    exits: [0, 1, 2],
  },
];

test('a word with an inner dash is a query word, or a usage error naming it; never a crash', () => {
  for (const word of ['-a-b', '-x-y', '-c#-*', '-a-']) {
    const read = readCommandLine('query', [word, '--json', 'api']);
    assert.equal(read.kind, 'run', word);
    if (read.kind !== 'run') continue;
    assert.deepEqual(read.line.tokens, [word, 'api'], `${word}: a word, and the options after it still options`);
    assert.equal(read.line.json, true, word);
    assert.deepEqual(readCommandLine('check', [word]), {
      kind: 'error',
      message: `aria-context check takes no tokens (got "${word}"). Run aria-context --help for options.`,
    });
  }
  assert.deepEqual(sourceFlags(['-a-', '--folder', '/f', '--load', '-x-y', '--config', '/c']), {
    folder: '/f',
    config: '/c',
  });
  const read = readCommandLine('query', ['api', '--load', '-a-b', '--', '-c-d']);
  assert.ok(read.kind === 'run');
  assert.equal(read.line.values.load, '-a-b', 'a value is the word as written');
  assert.deepEqual(read.line.tokens, ['api', '-c-d']);
  // through the built CLI: the query runs (§2: `a-b`, no such tag), exit 0, in the CLI's words
  const cli = runCli(['query', '-a-b', '--today', '2026-11-30', '--no-cache'], home);
  assert.equal(cli.code, 0, cli.out + cli.err);
  assert.match(cli.out, /^No files match tag\(s\): \[a-b\]$/m);
  assert.doesNotMatch(cli.out + cli.err, /unexpected error/);
});

test('thousands of random command lines, every command: no unexpected error, only documented exit codes', () => {
  const rand = prng(20261208);
  let runs = 0;
  for (const command of COMMANDS) {
    for (let i = 0; i < 400; i++) {
      const args = randomLine(rand);
      let output = '';
      let exit: number;
      try {
        exit = command.run(args, (s) => (output += s));
      } catch (err) {
        assert.fail(`aria-context ${command.name} ${args.join(' ')}: threw ${(err as Error).message}`);
      }
      assert.ok(
        command.exits.includes(exit),
        `aria-context ${command.name} ${args.join(' ')}: exit ${exit}\n${output}`,
      );
      assert.doesNotMatch(output, /unexpected error|\n\s+at /, `${command.name} ${args.join(' ')}`);
      runs++;
    }
  }
  // the server and the hook read their lines with the same reader: an answer, never a throw
  for (const name of ['mcp', 'hook'] as const) {
    for (let i = 0; i < 1000; i++) {
      const args = randomLine(rand);
      const read = name === 'mcp' ? parseMcpArgs(args) : readCommandLine(name, args);
      assert.ok(['run', 'help', 'error'].includes(read.kind), `${name} ${args.join(' ')}`);
      runs++;
    }
  }
  // and a few of each through the built CLI, stdin closed: the hook is silent (exit 0), the server
  // serves until stdin ends (0) or refuses its command line (2), never the launcher's last resort
  for (const [name, exits] of [
    ['hook', [0]],
    ['mcp', [0, 2]],
  ] as const) {
    for (let i = 0; i < 3; i++) {
      const args = [name, ...(name === 'hook' ? ['claude-code'] : []), ...randomLine(rand)];
      const r = runCli(args, home, { input: '' });
      assert.ok((exits as readonly number[]).includes(r.code ?? -1), `${args.join(' ')}: exit ${r.code}\n${r.err}`);
      assert.doesNotMatch(r.out + r.err, /unexpected error|\n\s+at /, args.join(' '));
    }
  }
  assert.ok(runs >= 4000, `${runs} lines`);
  assert.ok(fs.existsSync(path.join(folder, 'index.md')));
});
