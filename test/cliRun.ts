// The built CLI (dist/cli.js) run on a test HOME, and the counts a query's JSON holds, counted
// here from its items (never by the core), for the one-count tests.
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from './helpers';

export const TODAY = '2026-11-30';
const cli = path.join(repoRoot, 'dist', 'cli.js');
if (!fs.existsSync(cli)) execFileSync('node', ['esbuild.mjs'], { cwd: repoRoot });

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
  const env = { PATH: process.env.PATH, HOME: home };
  const r = spawnSync('node', [cli, ...args, '--today', TODAY, '--no-cache'], { env, encoding: 'utf8' });
  assert.ok(r.status === 0 || r.status === 1, `${args.join(' ')}: exit ${r.status}\n${r.stdout}${r.stderr}`);
  return r.stdout;
}

export function runCli(home: string, args: string[]): unknown {
  return JSON.parse(runCliText(home, [...args, '--json']));
}

/** What `query --json` returns, counted here from its items (not by the core). */
export function queryCounts(home: string, text: string): { counts: Counts; items: JsonItem[] } {
  const json = runCli(home, ['query', text]) as { items: JsonItem[]; ideas: unknown[]; found: number };
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
