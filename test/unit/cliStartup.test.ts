// What a CLI run pays for before it answers: the built-ins it loads. A built-in's lazy exports
// copied whole (esbuild.mjs's builtins-once) would load streams' diff, worker_threads and more
// into every query and every hook run.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { runCli } from '../cliRun';
import { INDEX_HEADER, makeHome, tempDir } from '../helpers';

/** The built-ins loaded by the end of `aria-context <args>`, stdin `input`. */
function builtinsLoaded(args: string[], home: string, input = ''): string[] {
  const dir = tempDir();
  const listFile = path.join(dir, 'modules.txt');
  const preload = path.join(dir, 'list.cjs');
  fs.writeFileSync(
    preload,
    `process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(listFile)}, process.moduleLoadList.join('\\n')));\n`,
  );
  const r = runCli(args, home, {
    env: { PATH: process.env.PATH, HOME: home, NODE_OPTIONS: `--require ${preload}` },
    input,
  });
  assert.equal(r.code, 0, `${r.out}${r.err}`);
  return fs.readFileSync(listFile, 'utf8').split('\n');
}

const UNUSED = ['NativeModule worker_threads', 'NativeModule internal/util/diff', 'NativeModule internal/locks'];

test('a query and a hook run load none of the built-ins they never use', () => {
  const home = makeHome({
    index: `${INDEX_HEADER}## Tag Index\n### api\n- a.md — A\n`,
    files: { 'knowledge/a.md': '# A\n' },
  });
  const prompt = JSON.stringify({ session_id: 's', cwd: '/', hook_event_name: 'UserPromptSubmit', prompt: 'api?' });
  for (const [args, input] of [
    [['query', 'api'], ''],
    [['hook', 'claude-code'], prompt],
  ] as const) {
    const loaded = builtinsLoaded([...args], home, input);
    assert.ok(loaded.includes('NativeModule fs'), 'the list is read');
    assert.deepEqual(
      UNUSED.filter((m) => loaded.includes(m)),
      [],
      args.join(' '),
    );
  }
});
