// `npm test`: type-check, lint, build, the benchmark smoke run, then every test file in one
// node:test run (unit, golden, reliability, MCP over stdio, README commands, and the
// real-workbench e2e suite), so the runner prints one summary at the end.
//   --unit-only   skip the e2e suite and its harness
//   --e2e-only    only the e2e suite
// ARIA_SKIP_E2E=1 has the same effect as --unit-only.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { relaunchOnNode24 } from './node24.mjs';

await relaunchOnNode24(); // every suite on Node 24 LTS, whatever the system Node is

const root = path.resolve(import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname), '..');
const args = process.argv.slice(2);
const e2eOnly = args.includes('--e2e-only');
const withE2e = !args.includes('--unit-only') && process.env.ARIA_SKIP_E2E !== '1';

function step(title, command, commandArgs, options = {}) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`✖ ${title} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

function files(dir, suffix) {
  const abs = path.join(root, dir);
  if (!fs.existsSync(abs)) return [];
  return fs
    .readdirSync(abs, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(suffix))
    .map((e) => path.relative(root, path.join(e.parentPath ?? e.path, e.name)))
    .sort();
}

if (!fs.existsSync(path.join(root, 'node_modules', '.package-lock.json'))) step('install dependencies', 'npm', ['ci']);
step('type-check', 'npx', ['tsc', '--noEmit']);
step('lint', 'npx', ['eslint', '.']);
step('format (Prettier)', 'npx', ['prettier', '--check', '**/*.{ts,mts,js,mjs,cjs}', '--log-level', 'warn']);
step('build', 'node', ['esbuild.mjs']);

const testFiles = [];
if (!e2eOnly) {
  if (fs.existsSync(path.join(root, 'bench', 'run.ts')))
    step('benchmark smoke run (1k notes)', 'node', ['--import', 'tsx', 'bench/run.ts', '--smoke']);
  testFiles.push(
    ...files('test/unit', '.test.ts'),
    ...files('test/golden', '.test.ts'),
    ...files('test/reliability', '.test.ts'),
    // the sh blocks of README.md and docs/*.md, run verbatim in a fresh copy of the repository
    ...files('test/docs', '.test.ts'),
    ...files('test/mcp', '.test.ts'),
  );
}
if (withE2e || e2eOnly) {
  const e2e = files('test/e2e', '.e2e.ts');
  if (e2e.length > 0) {
    step('e2e harness (code-server + Chromium)', 'bash', ['scripts/e2e/setup-harness.sh']);
    step('package the .vsix', 'npm', ['run', 'package']);
    testFiles.push(...e2e);
  }
}

console.log(`\n▶ tests (${testFiles.length} files)`);
const run = spawnSync('node', ['--import', 'tsx', '--test', '--test-reporter=spec', ...testFiles], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
