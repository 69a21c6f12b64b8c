// ESLint (flat config): the architecture's import rules. The core is pure TypeScript with no
// editor in it; every front end (editor, CLI, MCP server) reaches the core through its index,
// so the core's public surface is one file (src/core/index.ts).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const DEEP_CORE =
  'Import the core through its index (`../core`), not `core/<module>`: src/core/index.ts is its public surface.';
const VSCODE_NO_MCP =
  'src/vscode must not import the MCP server (src/mcp): the agent tools both front ends use live in src/agent.';
const AGENT_ONLY_CORE =
  'src/agent imports only the core (through `../core`): the MCP server and the editor import it, never the other way.';
const TESTS_DIRECT =
  'Tests and benchmarks import the core module they use (`src/core/<module>`), not the index: src/core/index.ts exports only what the front ends use.';
const FEATURE_TO_FEATURE =
  "A feature folder of src/vscode imports only `../shared/`, the core and src/agent: take another feature's capability as an argument of register(), or move the shared piece into shared/.";
const SHARED_TO_FEATURE =
  'src/vscode/shared/ imports no feature folder: the features import it, and extension.ts wires them together.';
const FEATURE_OUTSIDE =
  'src/vscode reaches the rest of the repository only through the core (`../../core`) and src/agent.';
const WORKER_TYPES =
  'extension.ts builds the index worker and passes it in: src/vscode may only name its types (`import type`).';
/** Above src/vscode, anything but the core's index, src/agent and what has its own rule (the index worker, src/mcp). */
const VSCODE_OUTSIDE = '^\\.\\./\\.\\./(?!core(/|$)|agent(/|$)|indexWorker/|mcp(/|$))';
const WORKER_TYPES_ONLY = [
  'error',
  { patterns: [{ regex: '^\\.\\./\\.\\./indexWorker/', allowTypeImports: true, message: WORKER_TYPES }] },
];

/** The import rules of a folder of src/vscode: the core only by its index, never the MCP server, nothing above src/vscode but what the editor may use, and `neighbours` (which sibling folders it may reach). */
function editorImports(neighbours) {
  return {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { regex: '(^|/)core/', message: DEEP_CORE },
          { regex: '^(\\.\\./)+\\.\\./mcp(/|$)', message: VSCODE_NO_MCP },
          neighbours,
          { regex: VSCODE_OUTSIDE, message: FEATURE_OUTSIDE },
        ],
      },
    ],
    '@typescript-eslint/no-restricted-imports': WORKER_TYPES_ONLY,
  };
}

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.vscode-test/**', 'out/**', '.e2e/**', 'test-artifacts/**'] },
  // The recommended rule sets for JavaScript and TypeScript, everywhere.
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.mts'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
    plugins: { '@typescript-eslint': tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_name` marks a deliberately unused binding (a rest sibling dropped, a callback's slot).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // With the types: a promise nobody awaits or catches is an error that vanishes, and a `void`
    // in front of a value that is no promise says nothing. node:test's test() and describe()
    // return promises the runner itself awaits.
    files: ['src/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            {
              from: 'package',
              package: 'node:test',
              name: ['test', 'describe', 'it', 'suite', 'before', 'after', 'beforeEach', 'afterEach'],
            },
          ],
        },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-meaningless-void-operator': 'error',
    },
  },
  {
    // Build scripts, the benchmark's preload and the stub model extension run on Node as they are.
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.cjs', 'test/e2e/stub-model/**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Callbacks passed to the browser (page.evaluate) see DOM objects, and the project compiles
    // without the DOM library, so they take `any` there.
    files: ['test/e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'vscode',
              message: 'src/core is pure TypeScript: no `vscode` import (the editor adapters live in src/vscode).',
            },
          ],
          patterns: [
            {
              regex: '(^|/)(vscode|mcp|agent|cli)/|(^|/)(cli|extension)$',
              message: 'src/core must not depend on a front end.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportExpression[source.value='vscode']",
          message: 'src/core is pure TypeScript: no `vscode` import.',
        },
        {
          selector: "CallExpression[callee.name='require'][arguments.0.value='vscode']",
          message: 'src/core is pure TypeScript: no `vscode` import.',
        },
      ],
    },
  },
  {
    files: ['src/mcp/**/*.ts', 'src/indexWorker/**/*.ts', 'src/cli/**/*.ts', 'src/extension.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)core/', message: DEEP_CORE }] }],
    },
  },
  {
    // The editor's features register themselves (extension.ts lists them): a feature folder
    // reaches another only through what register() is given, so features never import in a cycle.
    files: ['src/vscode/**/*.ts'],
    ignores: ['src/vscode/shared/**'],
    rules: editorImports({ regex: '^\\.\\./(?!shared/|\\.\\./)', message: FEATURE_TO_FEATURE }),
  },
  {
    files: ['src/vscode/shared/**/*.ts'],
    rules: editorImports({ regex: '^\\.\\./(?!\\.\\./)', message: SHARED_TO_FEATURE }),
  },
  {
    // The agent tools are shared by two front ends, so they depend on neither: only the core,
    // Node's built-ins and their own modules.
    files: ['src/agent/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: AGENT_ONLY_CORE }],
          patterns: [
            { regex: '(^|/)core/', message: DEEP_CORE },
            { regex: '^(?:\\.\\./)+(?!\\.\\./|core(/|$))', message: AGENT_ONLY_CORE },
            { regex: '^@modelcontextprotocol/', message: AGENT_ONLY_CORE },
          ],
        },
      ],
    },
  },
  {
    // The index is the front ends' surface; a test reaches the module it tests, so the index
    // never keeps an export only for tests.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)src/core(/index)?$', message: TESTS_DIRECT }] }],
    },
  },
);
