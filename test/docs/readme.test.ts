// The documentation's command blocks work as written: every ```sh block of README.md, then of
// each docs/*.md, runs verbatim, in order, in one fresh copy of the repository (the tracked files
// only: no node_modules/, no dist/), on a machine whose HOME is empty. When a ```text block
// follows it, the command's output must contain that text, where a line holding only `…` stands
// for any lines left out. ```shell blocks are the few commands run elsewhere (npm start, npm test
// by CI; code --install-extension by agentBlocks.ts), and no other may appear. Afterwards the
// copy's `git status` must be clean.
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { repoRoot, tempDir } from '../helpers';
import { agentSetupTests } from './agentBlocks';

export interface CommandBlock {
  line: number;
  script: string;
  /** The pieces the output must contain, in order (the text block split at its `…` lines). */
  expected: string[];
}

interface Fence {
  line: number;
  lang: string;
  body: string;
  /** Lines between the previous fence's end and this one. */
  gap: string;
}

function fences(markdown: string): Fence[] {
  const lines = markdown.split('\n');
  const found: Fence[] = [];
  let afterPrevious = 0;
  for (let i = 0; i < lines.length; i++) {
    const open = /^ {0,3}(`{3,})([\w-]*)\s*$/.exec(lines[i]);
    if (!open) continue;
    const close = new RegExp(`^ {0,3}\`{${open[1].length},}\\s*$`);
    let end = i + 1;
    while (end < lines.length && !close.test(lines[end])) end++;
    found.push({
      line: i + 1,
      lang: open[2],
      body: lines.slice(i + 1, end).join('\n'),
      gap: lines.slice(afterPrevious, i).join('\n'),
    });
    i = end;
    afterPrevious = end + 1;
  }
  return found;
}

/** The ```sh blocks of a README, each with the ```text block that directly follows it, if any. */
export function commandBlocks(markdown: string): CommandBlock[] {
  const all = fences(markdown);
  return all.flatMap((fence, i) => {
    if (fence.lang !== 'sh') return [];
    const next = all[i + 1];
    const output = next && next.lang === 'text' && next.gap.trim() === '' ? next.body : null;
    const expected =
      output === null
        ? []
        : output
            .split(/^…$/m)
            .map((piece) => piece.replace(/^\n|\n$/g, ''))
            .filter((piece) => piece !== '');
    return [{ line: fence.line, script: fence.body, expected }];
  });
}

/** Where each piece is found in `output`, in order; the first missing one is named. */
export function missingPiece(output: string, pieces: string[]): string | null {
  let from = 0;
  for (const piece of pieces) {
    const at = output.indexOf(piece, from);
    if (at < 0) return piece;
    from = at + piece.length;
  }
  return null;
}

/** The repository as a fresh clone of the working tree would have it, committed in its own git. */
function freshCopy(): string {
  const copy = path.join(tempDir('aria-readme-'), 'aria-context');
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  for (const rel of listed.split('\0').filter(Boolean)) {
    const from = path.join(repoRoot, rel);
    if (!fs.existsSync(from)) continue; // deleted in the working tree
    fs.mkdirSync(path.dirname(path.join(copy, rel)), { recursive: true });
    fs.copyFileSync(from, path.join(copy, rel));
    fs.chmodSync(path.join(copy, rel), fs.statSync(from).mode);
  }
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=readme-test', '-c', 'user.email=readme-test@localhost', ...args], {
      cwd: copy,
      stdio: 'ignore',
    });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'working tree');
  return copy;
}

/** README.md first (it installs and builds what the documents' examples use), then docs/. */
const documents = [
  'README.md',
  ...fs
    .readdirSync(path.join(repoRoot, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`),
];
const texts = new Map(documents.map((doc) => [doc, fs.readFileSync(path.join(repoRoot, doc), 'utf8')]));

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
export function githubAnchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/ /g, '-');
}

/** The ```shell blocks, which are not run here: each is run by CI itself or by agentBlocks.ts. */
export function shellBlocks(markdown: string): string[] {
  return fences(markdown)
    .filter((f) => f.lang === 'shell')
    .map((f) => f.body);
}

describe('README and docs/ command blocks', { timeout: 900_000 }, () => {
  test('the extraction pairs each sh block with the text block right after it and splits at … lines', () => {
    const md = [
      '```sh',
      'echo a',
      '```',
      '',
      '```text',
      'a',
      '…',
      'b',
      '```',
      'prose',
      '```text',
      'not paired',
      '```',
      '````sh',
      'x',
      '```',
      'y',
      '````',
      '```shell',
      'npm start',
      '```',
    ].join('\n');
    assert.deepEqual(commandBlocks(md), [
      { line: 1, script: 'echo a', expected: ['a', 'b'] },
      { line: 14, script: 'x\n```\ny', expected: [] },
    ]);
    assert.equal(missingPiece('a\nzz\nb\n', ['a', 'b']), null);
    assert.equal(missingPiece('b\na\n', ['a', 'b']), 'b', 'pieces must appear in order');
  });

  const readme = texts.get('README.md')!;
  const { version } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };
  const blocks = documents.flatMap((doc) => commandBlocks(texts.get(doc)!).map((block) => ({ doc, ...block })));
  test('the documents have runnable blocks: the release, installing, the CLI examples and putting it on PATH', () => {
    const scripts = blocks.map((b) => b.script).join('\n');
    for (const command of [
      'npm ci',
      'npm run release',
      `npm install -g ./release/aria-context-${version}.tgz`,
      'aria-context query',
      'npm run build',
      'node dist/cli.js query',
      'npm link',
    ]) {
      assert.ok(scripts.includes(command), `no sh block runs ${command}`);
    }
    for (const [doc, text] of texts) {
      // The package is not on the registry: whoever registers the name would run code in every
      // agent set up with npx (-y skips the prompt). docs/MCP.md's Publishing says when that changes.
      assert.doesNotMatch(text, /npx\s+(-y\s+)?aria-context/, `${doc} runs aria-context through npx`);
    }
    assert.ok(blocks.filter((b) => b.expected.length > 0).length >= 10, 'most blocks should state their output');
  });

  test('README.md is for users: at most 300 lines, linking the documents moved to docs/', () => {
    const lines = readme.split('\n').length - (readme.endsWith('\n') ? 1 : 0);
    assert.ok(lines <= 300, `README.md has ${lines} lines`);
    for (const doc of ['SECURITY', 'PERFORMANCE', 'DEVELOPMENT', 'EDITOR', 'CLI', 'MCP'])
      assert.match(readme, new RegExp(`\\]\\(docs/${doc}\\.md\\)`), `README.md does not link docs/${doc}.md`);
    assert.match(readme, /\]\(CHANGELOG\.md\)/);
    assert.match(readme, /\]\(LICENSE\)/);
    // a terminal reader is told the command, never aria-knowledge's slash command
    assert.doesNotMatch(readme, /aria-knowledge's `\/index`|`\/index` rebuilds/);
    assert.match(readme, /`aria-context index --write` rebuilds it/);
    const firstScreen = readme.split('\n').slice(0, 40).join('\n');
    assert.match(firstScreen, /^npm start {3}#/m, 'npm start on the first screen');
    assert.match(firstScreen, /^npm test {4}#/m, 'npm test on the first screen');
    const uninstall = readme.slice(readme.indexOf('## Uninstall'));
    for (const written of [
      '~/.claude.json',
      '~/.claude/settings.json',
      '~/.codex/config.toml',
      '~/.codex/hooks.json',
      '~/.config/aria-context/setup.json',
      '~/.cache/aria-context/',
      'index.md.bak',
    ])
      assert.ok(uninstall.includes(written), `Uninstall names ${written}`);
    assert.match(readme, /### Requirements and supported systems[\s\S]*Windows[\s\S]*POSIX `sh`/);
  });

  test('no block is run nowhere: the only ```shell blocks are npm start, npm test and installing the .vsix', () => {
    const shell = documents.flatMap((doc) => shellBlocks(texts.get(doc)!).map((body) => `${doc}: ${body.trim()}`));
    assert.deepEqual(shell, [
      `README.md: npm start   # the extension in a real VS Code on the example knowledge folder in examples/
npm test    # type-check, build, benchmark smoke run, unit + golden + reliability + real-workbench tests`,
      `README.md: code --install-extension release/aria-context-${version}.vsix`,
    ]);
  });

  test('every relative link of README.md and docs/*.md leads to a file, and an anchor to a heading', () => {
    for (const [doc, text] of texts) {
      const prose = text.replace(/^ {0,3}```[\s\S]*?^ {0,3}```$/gm, '');
      for (const [, target] of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target)) continue;
        const [file, anchor] = target.split('#');
        const linked = file === '' ? doc : path.posix.join(path.posix.dirname(doc), file);
        assert.ok(fs.existsSync(path.join(repoRoot, linked)), `${doc}: ${target} leads to no file`);
        if (anchor === undefined) continue;
        const headings = (texts.get(linked) ?? fs.readFileSync(path.join(repoRoot, linked), 'utf8'))
          .replace(/^ {0,3}```[\s\S]*?^ {0,3}```$/gm, '')
          .split('\n')
          .filter((l) => /^#{1,6} /.test(l))
          .map((l) => githubAnchor(l.replace(/^#+ /, '')));
        assert.ok(headings.includes(anchor), `${doc}: ${target} names no heading of ${linked}`);
      }
    }
  });

  test('no block holds example paths of an installation that copying would get wrong', () => {
    for (const [doc, text] of texts)
      for (const fence of fences(text))
        assert.doesNotMatch(
          fence.body,
          /\/usr\/local\/(bin\/node|lib\/node_modules)/,
          `${doc}:${fence.line}: a ${fence.lang || 'plain'} block with an example installation path`,
        );
  });

  let copy = '';
  let env: NodeJS.ProcessEnv = {};
  test('a fresh copy of the repository', () => {
    copy = freshCopy();
    assert.ok(!fs.existsSync(path.join(copy, 'node_modules')));
    const machine = tempDir('aria-readme-machine-');
    const npmCache = execFileSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8' }).trim();
    env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(ARIA_|KT_CONFIG$|npm_)/.test(k)));
    Object.assign(env, {
      HOME: path.join(machine, 'home'),
      // `npm link` installs into this prefix, whose bin folder is on PATH as a global one would be
      npm_config_prefix: path.join(machine, 'prefix'),
      PATH: `${path.join(machine, 'prefix', 'bin')}${path.delimiter}${process.env.PATH}`,
      // the package cache of this machine, so installing does not download everything again
      npm_config_cache: npmCache,
      npm_config_update_notifier: 'false',
    });
    fs.mkdirSync(env.HOME!, { recursive: true });
  });

  for (const block of blocks) {
    test(`${block.doc}:${block.line}: ${block.script.split('\n').join(' && ')}`, () => {
      assert.ok(copy, 'no fresh copy');
      const run = spawnSync('bash', ['-e', '-o', 'pipefail', '-c', block.script], {
        cwd: copy,
        env,
        encoding: 'utf8',
        timeout: 600_000,
      });
      assert.equal(run.status, 0, `exit ${run.status ?? run.signal}\n${run.stdout}\n${run.stderr}`);
      const missing = missingPiece(run.stdout, block.expected);
      assert.equal(missing, null, `the output lacks:\n${missing}\n--- output:\n${run.stdout}`);
    });
  }

  // Then each agent's setup, on what those blocks built and installed.
  agentSetupTests({ readme, version, copy: () => copy, env: () => env });

  test('running them changed no tracked file and left no untracked one', () => {
    assert.ok(copy, 'no fresh copy');
    assert.equal(execFileSync('git', ['status', '--porcelain'], { cwd: copy, encoding: 'utf8' }), '');
  });

  test("the CLI examples kept their index cache in the example HOME's git-ignored .cache, nowhere else in the copy", () => {
    assert.ok(copy, 'no fresh copy');
    const ignored = execFileSync('git', ['status', '--porcelain', '--ignored', '--', 'examples'], {
      cwd: copy,
      encoding: 'utf8',
    });
    const lines = ignored.split('\n').filter(Boolean);
    assert.ok(
      lines.every((l) => l === '!! examples/knowledge-home/.cache/'),
      ignored,
    );
  });
});
