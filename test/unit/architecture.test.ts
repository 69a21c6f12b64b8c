// The architecture's import rules are ESLint rules (eslint.config.mjs), run by `npm test` and
// `npm run lint`. These tests lint small sources placed (virtually) in each layer to prove the
// rules fire, so a config change that silently disables them fails here.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { ESLint } from 'eslint';
import { repoRoot } from '../helpers';

/** The rules that need the program's types; the import rules need none. */
const TYPED_RULES = [
  '@typescript-eslint/no-floating-promises',
  '@typescript-eslint/no-misused-promises',
  '@typescript-eslint/await-thenable',
  '@typescript-eslint/no-meaningless-void-operator',
];
// The virtual files below belong to no TypeScript project, so the import rules are linted without types.
const eslint = new ESLint({
  cwd: repoRoot,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: Object.fromEntries(TYPED_RULES.map((rule) => [rule, 'off'])),
  },
});

const IMPORT_RULES = new Set([
  'no-restricted-imports',
  '@typescript-eslint/no-restricted-imports',
  'no-restricted-syntax',
]);

/** The messages of the import rules that fire when `code` sits at `file` (relative to the repo). */
async function lint(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  // Only the architecture's rules: the recommended sets also flag `require`, which is not the point here.
  return result.messages.filter((m) => m.ruleId && IMPORT_RULES.has(m.ruleId)).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('import rules', () => {
  test('a front end importing a core module directly fails; the core index passes', async () => {
    for (const file of [
      'src/vscode/tree/x.ts',
      'src/vscode/chat/x.ts',
      'src/cli/launcher.ts',
      'src/cli/commands/query.ts',
      'src/extension.ts',
      'src/mcp/server.ts',
      'src/agent/tools.ts',
    ]) {
      const up = file.split('/').length === 2 ? './' : '../'.repeat(file.split('/').length - 2);
      const deep = await lint(file, `import { plural } from '${up}core/present/summary';\nexport const n = plural;\n`);
      assert.equal(deep.length, 1, `${file}: ${deep.join('; ')}`);
      assert.match(deep[0], /^no-restricted-imports: .*src\/core\/index\.ts/);
      assert.equal(
        (await lint(file, `import type { Snapshot } from '${up}core/match/engine';\nexport type S = Snapshot;\n`))
          .length,
        1,
        `${file}: type import`,
      );
      assert.equal(
        (await lint(file, `export { plural } from '${up}core/present/summary';\n`)).length,
        1,
        `${file}: re-export`,
      );
      assert.deepEqual(await lint(file, `import { plural } from '${up}core';\nexport const n = plural;\n`), []);
    }
  });

  test('a test or benchmark importing the core index fails; a core module passes', async () => {
    for (const [file, up] of [
      ['test/unit/x.test.ts', '../../'],
      ['test/x.ts', '../'],
      ['bench/x.ts', '../'],
    ]) {
      for (const spec of [`${up}src/core`, `${up}src/core/index`]) {
        const messages = await lint(file, `import { plural } from '${spec}';\nexport const n = plural;\n`);
        assert.equal(messages.length, 1, `${file} ${spec}: ${messages.join('; ')}`);
        assert.match(messages[0], /^no-restricted-imports: .*src\/core\/<module>/);
      }
      assert.deepEqual(
        await lint(file, `import { plural } from '${up}src/core/present/summaryView';\nexport const n = plural;\n`),
        [],
      );
    }
  });

  test('the editor importing the MCP server fails; the agent tools pass', async () => {
    for (const spec of ['../../mcp/server', '../../mcp/uris', '../../mcp']) {
      const messages = await lint('src/vscode/chat/x.ts', `import * as m from '${spec}';\nexport const a = m;\n`);
      assert.equal(messages.length, 1, `${spec}: ${messages.join('; ')}`);
      assert.match(messages[0], /^no-restricted-imports: .*src\/vscode must not import the MCP server/);
    }
    assert.equal(
      (await lint('src/vscode/chat/x.ts', `export { TOOLS } from '../../mcp/server';\n`)).length,
      1,
      're-export',
    );
    assert.deepEqual(
      await lint(
        'src/vscode/chat/x.ts',
        `import { TOOLS } from '../../agent/definitions';\nexport const a = [TOOLS];\n`,
      ),
      [],
    );
  });

  test('the agent tools importing anything but the core fails', async () => {
    const frontEnds = ['../mcp/uris', '../vscode/chat/toolHandlers', '../cli', 'vscode'];
    for (const spec of [...frontEnds, '@modelcontextprotocol/server']) {
      const messages = await lint('src/agent/x.ts', `import * as m from '${spec}';\nexport const a = m;\n`);
      assert.equal(messages.length, 1, `${spec}: ${messages.join('; ')}`);
      assert.match(messages[0], /^no-restricted-imports: .*src\/agent imports only the core/);
    }
    assert.deepEqual(
      await lint(
        'src/agent/x.ts',
        `import { createHash } from 'node:crypto';\nimport { plural } from '../core';\nimport { TOOLS } from './definitions';\nexport const a = [createHash, plural, TOOLS];\n`,
      ),
      [],
    );
  });

  test('the core importing vscode or a front end fails', async () => {
    const cases = [
      `import * as vscode from 'vscode';\nexport const v = vscode;\n`,
      `import type { Uri } from 'vscode';\nexport type U = Uri;\n`,
      `export async function f() { return import('vscode'); }\n`,
      `const vscode = require('vscode');\nexport const v = vscode;\n`,
      `import { TagTreeProvider } from '../vscode/tree/tagTree';\nexport const t = TagTreeProvider;\n`,
      `import { TOOLS } from '../agent/definitions';\nexport const t = TOOLS;\n`,
      `import { homeOf } from '../cli/command';\nexport const h = homeOf;\n`,
    ];
    for (const code of cases) assert.equal((await lint('src/core/x.ts', code)).length, 1, code);
    assert.deepEqual(
      await lint(
        'src/core/x.ts',
        `import * as fs from 'node:fs';\nimport { plural } from './summary';\nexport const a = [fs, plural];\n`,
      ),
      [],
    );
  });
});

describe('editor feature rules', () => {
  test('a feature folder importing another feature fails; shared/, the core and src/agent pass', async () => {
    for (const spec of ['../tree/tagTree', '../chat/sendToChat', '../health/indexDiagnostics']) {
      const messages = await lint('src/vscode/query/x.ts', `import { a } from '${spec}';\nexport const b = a;\n`);
      assert.equal(messages.length, 1, `${spec}: ${messages.join('; ')}`);
      assert.match(messages[0], /^no-restricted-imports: .*A feature folder of src\/vscode imports only/);
      const typeOnly = await lint('src/vscode/query/x.ts', `import type { A } from '${spec}';\nexport type B = A;\n`);
      assert.equal(typeOnly.length, 1, `${spec}: type import`);
    }
    // The editor's own shared folder, named from the real module so the case cannot point at nothing.
    const sharedLog = path.posix.relative('src/vscode/query', 'src/vscode/shared/log');
    assert.ok(fs.existsSync(path.join(repoRoot, 'src', 'vscode', 'shared', 'log.ts')));
    for (const spec of [sharedLog, '../../core', '../../agent', '../../agent/tools', './queryModel'])
      assert.deepEqual(await lint('src/vscode/query/x.ts', `import { a } from '${spec}';\nexport const b = a;\n`), []);
  });

  test('shared/ importing a feature fails', async () => {
    for (const spec of ['../tree/treeModel', '../query/queryCommand']) {
      const messages = await lint('src/vscode/shared/x.ts', `import type { A } from '${spec}';\nexport type B = A;\n`);
      assert.equal(messages.length, 1, `${spec}: ${messages.join('; ')}`);
      assert.match(messages[0], /^no-restricted-imports: .*src\/vscode\/shared\/ imports no feature folder/);
    }
    assert.deepEqual(await lint('src/vscode/shared/x.ts', `import { a } from './log';\nexport const b = a;\n`), []);
  });

  test('src/vscode reaching past the core and src/agent fails; the index worker only by its types', async () => {
    for (const file of ['src/vscode/health/x.ts', 'src/vscode/shared/x.ts']) {
      for (const spec of ['../../extension', '../../cli/commands/query', '../../cli/launcher']) {
        const messages = await lint(file, `import { a } from '${spec}';\nexport const b = a;\n`);
        assert.equal(messages.length, 1, `${file} ${spec}: ${messages.join('; ')}`);
        assert.match(messages[0], /^no-restricted-imports: .*src\/vscode reaches the rest/);
      }
      const worker = await lint(
        file,
        `import { IndexWorker } from '../../indexWorker/client';\nexport const w = IndexWorker;\n`,
      );
      assert.equal(worker.length, 1, `${file}: ${worker.join('; ')}`);
      assert.match(worker[0], /^@typescript-eslint\/no-restricted-imports: .*extension\.ts builds the index worker/);
      assert.deepEqual(
        await lint(
          file,
          `import type { IndexChecker } from '../../indexWorker/client';\nexport type C = IndexChecker;\n`,
        ),
        [],
      );
    }
  });
});

/** Each folder of src/vscode and the other folders its files import (relative imports, types included). */
function vscodeFolderImports(): Map<string, Set<string>> {
  const root = path.join(repoRoot, 'src', 'vscode');
  const graph = new Map<string, Set<string>>();
  for (const file of sources(root)) {
    const from = path.relative(root, file).split(path.sep)[0];
    const targets = graph.get(from) ?? new Set<string>();
    graph.set(from, targets);
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"](\.[^'"]*)['"]/g)) {
      const to = path.relative(root, path.resolve(path.dirname(file), m[1])).split(path.sep)[0];
      if (to !== from && to !== '..') targets.add(to);
    }
  }
  return graph;
}

/** A cycle in the graph, as the folders along it, or null. */
function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const done = new Set<string>();
  const walk = (node: string, trail: string[]): string[] | null => {
    const at = trail.indexOf(node);
    if (at >= 0) return [...trail.slice(at), node];
    if (done.has(node)) return null;
    for (const next of graph.get(node) ?? []) {
      const cycle = walk(next, [...trail, node]);
      if (cycle) return cycle;
    }
    done.add(node);
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = walk(node, []);
    if (cycle) return cycle;
  }
  return null;
}

test('the folders of src/vscode import each other in no cycle, and shared/ imports none of them', () => {
  const graph = vscodeFolderImports();
  assert.ok(graph.size > 5 && graph.has('shared'), [...graph.keys()].join(', '));
  assert.deepEqual(findCycle(graph), null);
  assert.deepEqual([...(graph.get('shared') ?? [])], []);
  // The cycle finder itself finds one (the graph above would pass vacuously otherwise).
  assert.deepEqual(
    findCycle(
      new Map([
        ['a', new Set(['b'])],
        ['b', new Set(['a'])],
      ]),
    ),
    ['a', 'b', 'a'],
  );
});

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

test('src/core reads no clock: "today" is always a parameter', () => {
  const offenders = sources(path.join(repoRoot, 'src', 'core')).filter((f) =>
    /Date\.now\(\)|new Date\(\)/.test(fs.readFileSync(f, 'utf8')),
  );
  assert.deepEqual(offenders, []);
});

describe('rules with types', () => {
  test('a promise left floating and a void before a value fail; an awaited promise passes', async () => {
    const typed = new ESLint({ cwd: repoRoot });
    // A real file of the project, its text replaced: the project's types are known for it.
    const file = path.join(repoRoot, 'src', 'vscode', 'shared', 'debouncer.ts');
    const rulesIn = async (code: string) =>
      (await typed.lintText(code, { filePath: file }))[0].messages
        .map((m) => m.ruleId)
        .filter((r) => r !== null && TYPED_RULES.includes(r));
    const later = 'async function later(): Promise<number> {\n  return 1;\n}\n';
    assert.deepEqual(await rulesIn(`${later}export function go(): void {\n  later();\n}\n`), [
      '@typescript-eslint/no-floating-promises',
    ]);
    assert.deepEqual(await rulesIn(`${later}export function go(n: number): void {\n  void n;\n}\n`), [
      '@typescript-eslint/no-meaningless-void-operator',
    ]);
    assert.deepEqual(
      await rulesIn(`${later}export async function go(): Promise<number> {\n  return await later();\n}\n`),
      [],
    );
  });
});
