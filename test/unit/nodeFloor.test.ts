// The CLI, its MCP server and its hooks need Node 22.12 or later (package.json engines.node). On
// an older Node, dist/cli.js says so in one line, with how to get a supported one, and exits 5
// (its own code, SPEC §13.1); the hook exits 0 saying nothing (it
// must never stand in the agent's way). Run with a real older Node when the machine has one
// (a system Node 20 beside the project's Node 24; ARIA_OLD_NODE names another).
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { nodeTooOld } from '../../src/core/nodeFloor';
import { sourceFlags } from '../../src/cli/options';
import { INDEX_HEADER, makeHome, repoRoot } from '../helpers';

const cli = path.join(repoRoot, 'dist', 'cli.js');
if (!fs.existsSync(cli)) execFileSync('node', ['esbuild.mjs'], { cwd: repoRoot });

/** The first Node older than 22.12 found: ARIA_OLD_NODE, the usual system places, then PATH. */
function olderNode(): { node: string; version: string } | null {
  const candidates = [
    process.env.ARIA_OLD_NODE,
    '/usr/bin/node',
    '/usr/local/bin/node',
    ...(process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, 'node')),
  ];
  for (const node of new Set(candidates)) {
    if (!node || !fs.existsSync(node)) continue;
    const r = spawnSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' });
    const version = r.status === 0 ? r.stdout.trim() : '';
    if (/^\d+\.\d+\.\d+/.test(version) && nodeTooOld(version)) return { node, version };
  }
  return null;
}

test('the floor is Node 22.12', () => {
  for (const v of ['20.20.2', '18.0.0', '22.11.9', '21.99.0']) assert.equal(nodeTooOld(v), true, v);
  for (const v of ['22.12.0', '22.21.1', '23.0.0', '24.21.0', '100.0.0']) assert.equal(nodeTooOld(v), false, v);
  const engines = (
    JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { engines: { node: string } }
  ).engines.node;
  assert.equal(engines, '>=22.12', 'package.json engines.node says the same floor');
});

test("the launcher reads the config flags as the commands do, nothing after '--'", () => {
  assert.deepEqual(sourceFlags(['a', '--config', '/c', '--folder=/f', '--projects-root', '/p']), {
    config: '/c',
    folder: '/f',
    projectsRoot: '/p',
  });
  assert.deepEqual(sourceFlags(['a', '--load', '--config', 'x']), {}, "--load's value is not a flag");
  assert.deepEqual(sourceFlags(['a', '--today', '2026-01-01', '--', '--folder', '/f']), {});
});

const old = olderNode();
describe(
  'on a Node older than 22.12',
  { skip: old ? false : 'no Node older than 22.12 on this machine (set ARIA_OLD_NODE)' },
  () => {
    const { node, version } = old ?? { node: '', version: '' };
    const home = makeHome({
      index: `${INDEX_HEADER}## Tag Index\n### api\n- a.md — A\n`,
      files: { 'knowledge/a.md': '# A\n' },
    });
    const run = (args: string[], input = '') =>
      spawnSync(node, [cli, ...args], { env: { PATH: process.env.PATH, HOME: home }, input, encoding: 'utf8' });
    const execPath = spawnSync(node, ['-p', 'process.execPath'], { encoding: 'utf8' }).stdout.trim();
    const line = `aria-context needs Node.js 22.12 or later (this is ${version}, ${execPath}): install Node.js 22.12 or later from https://nodejs.org and put it first on PATH; the VS Code extension's agents run on the editor's own runtime and need none\n`;

    test('query, check, tags, setup, doctor, index and mcp print the one-line requirement and exit 5', () => {
      for (const args of [
        ['query', 'api'],
        ['query', 'api', '--json'],
        ['check'],
        ['tags'],
        ['setup', 'cursor'],
        ['mcp'],
        [],
      ]) {
        const r = run(args);
        assert.deepEqual(
          { status: r.status, out: r.stdout, err: r.stderr },
          { status: 5, out: '', err: line },
          args.join(' '),
        );
      }
    });

    test('the hook exits 0 and prints nothing', () => {
      const payload = JSON.stringify({
        hook_event_name: 'UserPromptSubmit',
        session_id: 's',
        prompt: 'api api',
        cwd: home,
      });
      for (const client of ['claude-code', 'codex']) {
        const r = run(['hook', client], payload);
        assert.deepEqual({ status: r.status, out: r.stdout, err: r.stderr }, { status: 0, out: '', err: '' }, client);
      }
    });
  },
);
