// The CLI's one option table (src/cli/options.ts): parseArgs reads every command line, and each
// command still words what it refuses as it always has, the first problem on the line first.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { readCommandLine, sourceFlags, SETUP_USAGE } from '../../src/cli/options';
import { prng } from '../prng';

const message = (command: Parameters<typeof readCommandLine>[0], args: string[]) => {
  const read = readCommandLine(command, args);
  return read.kind === 'error' ? read.message : read.kind;
};

test("query: words and short options are tokens, --json/--text's last wins, a value in either form", () => {
  const read = readCommandLine('query', ['api', '-x', '-abc', '--text', '--json=yes', '--load', 'all', '--', '--json']);
  assert.equal(read.kind, 'run');
  if (read.kind !== 'run') return;
  assert.deepEqual(read.line.tokens, ['api', '-x', '-abc', '--json']);
  assert.equal(read.line.json, true);
  assert.equal(read.line.values.load, 'all');
  assert.equal(
    message('query', ['api', '--no-cache=1']),
    'Unknown option --no-cache. Run aria-context --help for options.',
  );
  assert.equal(message('query', ['api', '--load=']), '--load needs a value.');
  assert.equal(
    message('query', ['api', '--today', '2026-02-30']),
    '--today needs a date as YYYY-MM-DD (got "2026-02-30").',
  );
});

test('the whole-index commands: no tokens, no `--`, a switch takes no value, the first problem wins', () => {
  const hint = 'Run aria-context --help for options.';
  assert.equal(message('check', ['-x']), `aria-context check takes no tokens (got "-x"). ${hint}`);
  assert.equal(message('tags', ['--']), `Unknown option -- for tags. ${hint}`);
  assert.equal(message('check', ['--json=1']), `Unknown option --json for check. ${hint}`);
  assert.equal(message('tags', ['--drift']), `Unknown option --drift for tags. ${hint}`);
  assert.equal(message('index', ['--bogus', 'word']), `Unknown option --bogus for index. ${hint}`);
  assert.equal(message('doctor', ['--config', '--json']), 'run', "--config's value is the next word");
});

test('mcp: a stray word is an argument named up to its `=`; -h and --help in their place', () => {
  assert.equal(message('mcp', ['a=b']), 'Unknown argument a. Run aria-context mcp --help for options.');
  assert.equal(message('mcp', ['-x=1']), 'Unknown option -x. Run aria-context mcp --help for options.');
  assert.equal(message('mcp', ['--bogus', '-h']), 'Unknown option --bogus. Run aria-context mcp --help for options.');
  assert.equal(message('mcp', ['--today', '2026-01-01', '-h']), 'help');
  assert.equal(message('mcp', ['--help=1']), 'Unknown option --help. Run aria-context mcp --help for options.');
  assert.equal(message('mcp', ['--log-level', 'loud']), '--log-level is one of error, warn, info (got "loud").');
});

test('setup and hook: values as separate, absolute words, passed on in the order given', () => {
  assert.equal(message('setup', ['--folder=/k']), `Unknown option --folder=/k. ${SETUP_USAGE}`);
  assert.equal(message('setup', ['-yy']), `Unknown option -yy. ${SETUP_USAGE}`);
  assert.equal(message('setup', ['--folder', 'k']), '--folder must be an absolute path (got "k").');
  const read = readCommandLine('setup', ['-y', '--folder', '/a', '--config', '/c', '--folder', '/b']);
  assert.equal(read.kind, 'run');
  if (read.kind !== 'run') return;
  assert.deepEqual([...read.line.switches], ['--yes']);
  assert.deepEqual(read.line.given, ['--folder', '/a', '--config', '/c', '--folder', '/b']);
  assert.equal(message('hook', ['--folder', '/k', '/extra']), 'usage');
});

test("the launcher's config sources: either form, other values skipped, nothing after `--`", () => {
  assert.deepEqual(sourceFlags(['query', '--today', '--folder', '--config=/c', '--', '--folder', '/f']), {
    config: '/c',
  });
});

test("the launcher's config sources are the ones query's full read finds, on random command lines", () => {
  const words = ['--config', '--config=/c', '--folder', '/f', '--projects-root=/p', '--today', '2026-01-01'];
  words.push('stripe', '--', '--json', '-y', '--configx', '--load', 'all', '--folder=/g', '/h', '-a-', '-x-y');
  const rand = prng(20261205);
  let compared = 0;
  for (let i = 0; i < 3000; i++) {
    const args = Array.from({ length: Math.floor(rand() * 7) }, () => words[Math.floor(rand() * words.length)]);
    const read = readCommandLine('query', args);
    if (read.kind !== 'run') continue;
    const { config, folder, 'projects-root': projectsRoot } = read.line.values;
    const expected = Object.fromEntries(Object.entries({ config, folder, projectsRoot }).filter(([, v]) => v));
    assert.deepEqual(sourceFlags(args), expected, args.join(' '));
    compared++;
  }
  assert.ok(compared > 500, `only ${compared} lines compared`);
});
