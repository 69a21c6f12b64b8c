// The built CLI (dist/cli.js) run on a test HOME, and the counts a query's JSON holds, counted
// here from its items (never by the core), for the one-count tests.
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync, type SpawnSyncOptions } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from './helpers';

export const TODAY = '2026-11-30';
export const cliPath = path.join(repoRoot, 'dist', 'cli.js');

let built = false;
/** Builds dist/cli.js when it is missing or older than the sources it is built from. */
export function ensureCli(): string {
  if (built) return cliPath;
  built = true;
  const newestSource = Math.max(...listTs(path.join(repoRoot, 'src')).map((f) => fs.statSync(f).mtimeMs));
  const stale = !fs.existsSync(cliPath) || fs.statSync(cliPath).mtimeMs < newestSource;
  if (stale) {
    try {
      execFileSync(process.execPath, ['esbuild.mjs'], { cwd: repoRoot, stdio: 'pipe' });
    } catch (err) {
      // Another layer (src/vscode) may be mid-edit; an existing CLI build is still usable.
      if (!fs.existsSync(cliPath)) throw err;
    }
  }
  return cliPath;
}

function listTs(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => path.join(e.parentPath ?? e.path, e.name));
}

export interface CliRun {
  code: number | null;
  out: string;
  err: string;
}

/** The built CLI run with `args` on HOME `home` (PATH kept, nothing else of this process's environment). */
export function runCli(args: string[], home: string, options: SpawnSyncOptions = {}): CliRun {
  const r = spawnSync(process.execPath, [ensureCli(), ...args], {
    env: { PATH: process.env.PATH, HOME: home },
    encoding: 'utf8',
    timeout: 30_000,
    ...options,
  });
  return { code: r.status, out: String(r.stdout ?? ''), err: String(r.stderr ?? '') };
}

/** `aria-context <args> --today 2026-12-04` on HOME `home` with the index cache off: the generator's CLI tests. */
export function runIndexCli(home: string, args: string[]): CliRun {
  return runCli([...args, '--today', '2026-12-04'], home, {
    env: { PATH: process.env.PATH, HOME: home, ARIA_CONTEXT_NO_CACHE: '1' },
    maxBuffer: 256 << 20,
    timeout: 600_000,
  });
}

export interface Counts {
  files: number;
  teamShared: number;
  artifacts: number;
  missingArtifacts: number;
  ideas: number;
}

interface JsonItem {
  n: number | null;
  category: string;
  absPath: string;
  available: boolean;
  problem: string | null;
}

/** The CLI's text output (exit 0 or 1: check's problems); `--today` fixed, no cache written. */
export function runCliText(home: string, args: string[]): string {
  const r = runCli([...args, '--today', TODAY, '--no-cache'], home);
  assert.ok(r.code === 0 || r.code === 1, `${args.join(' ')}: exit ${r.code}\n${r.out}${r.err}`);
  return r.out;
}

/** The CLI's `--json` output, parsed (as runCliText). */
export function runCliJson(home: string, args: string[]): unknown {
  return JSON.parse(runCliText(home, [...args, '--json']));
}

/** What `query --json` returns, counted here from its items (not by the core). */
export function queryCounts(home: string, text: string): { counts: Counts; items: JsonItem[] } {
  const json = runCliJson(home, ['query', text]) as { items: JsonItem[]; ideas: unknown[]; found: number };
  const counts: Counts = { files: 0, teamShared: 0, artifacts: 0, missingArtifacts: 0, ideas: json.ideas.length };
  for (const i of json.items) {
    assert.equal(typeof i.available, 'boolean', `${text}: available`);
    assert.equal(i.available, i.problem === null, `${text}: problem says why exactly when not available`);
    if (i.category === 'tracked-artifact') {
      if (i.available) counts.artifacts++;
      else counts.missingArtifacts++;
    } else if (i.available) {
      if (i.category === 'team-shared') counts.teamShared++;
      else counts.files++;
    }
  }
  assert.equal(json.found, counts.files + counts.teamShared, `${text}: found`);
  return { counts, items: json.items };
}

/** The numbers in a count text (`5 files + 2 team-shared · 1 artifact · 2 pending ideas`) wherever it sits. */
export function parseCounts(text: string): Counts {
  const m = /(\d+) files?( \+ (\d+) team-shared)?((?: · \d+ (?:artifacts?|missing artifacts?|pending ideas?))*)/.exec(
    text,
  );
  assert.ok(m, `no count in "${text}"`);
  const part = (re: RegExp) => Number(re.exec(m[4])?.[1] ?? 0);
  return {
    files: Number(m[1]),
    teamShared: Number(m[3] ?? 0),
    artifacts: part(/ (\d+) artifacts?/),
    missingArtifacts: part(/ (\d+) missing artifacts?/),
    ideas: part(/ (\d+) pending ideas?/),
  };
}
