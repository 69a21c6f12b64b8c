// Test helpers: real folders on disk, built from a compact description.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after } from 'node:test';
import * as esbuild from 'esbuild';
import { runQuery, type Snapshot } from '../src/core/match/engine';
import { loadSnapshot } from '../src/core/index/snapshot';
import { loadConfig } from '../src/core/config/config';
import type { Config } from '../src/core/types';
import type { QueryResult } from '../src/core/types';
import type { AgentSource } from '../src/agent/source';

export const repoRoot = path.resolve(__dirname, '..');

/** The golden fixture: the example knowledge HOME that ships with the repository. */
export const fixtureHomeDir = path.join(repoRoot, 'examples', 'knowledge-home');
/** The golden cases for that HOME (format: test/golden/README.md). */
export const goldenFile = path.join(repoRoot, 'test', 'golden', 'cases.json');

/** Temp folders made by this test file, removed when all of its tests are done. */
const temps: string[] = [];
// Registered once, at the file's root: a cleanup registered from inside a `before` hook would
// run as soon as that hook ends, deleting folders the tests still use.
after(() => {
  for (const dir of temps.splice(0)) {
    makeWritable(dir);
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

export function tempDir(prefix = 'aria-test-'): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  temps.push(dir);
  return dir;
}

export function makeWritable(dir: string): void {
  try {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isSymbolicLink()) continue;
      fs.chmodSync(p, 0o755);
      if (entry.isDirectory()) makeWritable(p);
    }
  } catch {
    // best effort: cleanup must not fail a test
  }
}

/** Writes `{ 'a/b.md': 'text' }` under `root`. */
export function writeTree(root: string, files: Record<string, string | Buffer>): void {
  for (const [rel, content] of Object.entries(files)) {
    const abs = path.join(root, rel);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, content);
  }
}

export function configText(keys: Record<string, string>): string {
  return `---\n${Object.entries(keys)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n')}\n---\n\n# Knowledge Tools Configuration\n`;
}

/** A HOME with `.claude/aria-knowledge.local.md` and a knowledge folder at `~/knowledge`. */
export function makeHome(options: {
  config?: Record<string, string>;
  files?: Record<string, string | Buffer>;
  index?: string;
}): string {
  const home = tempDir('aria-home-');
  writeTree(home, {
    '.claude/aria-knowledge.local.md': configText({ knowledge_folder: '~/knowledge', ...options.config }),
    ...(options.index !== undefined ? { 'knowledge/index.md': options.index } : {}),
    ...options.files,
  });
  return home;
}

/** The config a HOME made by makeHome gives (its `~/.claude/aria-knowledge.local.md`), as the generator reads it. */
export function homeConfig(home: string): Config {
  const c = loadConfig({
    home,
    env: {},
    configFile: path.join(home, '.claude', 'aria-knowledge.local.md'),
    trustedWorkspaceFolders: [],
  });
  assert.ok(c.ok);
  return c.config;
}

export function snapshotFor(home: string): Snapshot {
  const outcome = loadSnapshot({ home, env: {} });
  if (!outcome.ok) throw new Error(`snapshot failed: ${outcome.message}`);
  return outcome.snapshot;
}

export function query(home: string, text: string, today = '2026-11-30'): QueryResult {
  const outcome = runQuery(snapshotFor(home), text, { today });
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.result;
}

/** The agent tools' port over one snapshot, its queries run as on `today`. */
export function agentSourceFor(snapshot: Snapshot, today: string): AgentSource {
  return {
    query: (text) => {
      const o = runQuery(snapshot, text, { today });
      return o.ok ? { ok: true, result: o.result } : { ok: false, message: o.message };
    },
    state: () => ({ kind: 'ready', snapshot }),
    today: () => today,
  };
}

export function paths(result: QueryResult): string[] {
  return result.items.filter((i) => i.category !== 'tracked-artifact').map((i) => i.path);
}

/** The golden cases (test/golden/cases.json), or another file in the same format. */
export function readGolden(file = goldenFile): Golden {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Golden;
}

/** A temp copy of the fixture HOME with the modification times the golden cases list. */
export function fixtureCopy(
  prefix = 'aria-golden-',
  source: { home: string; golden: string } = { home: fixtureHomeDir, golden: goldenFile },
): string {
  const home = tempDir(prefix);
  // Only what the repository holds: the README's commands leave the CLI's cache in the example's `.cache/` (ignored).
  fs.cpSync(source.home, home, { recursive: true, filter: (from) => path.basename(from) !== '.cache' });
  makeWritable(home);
  for (const [rel, date] of Object.entries(readGolden(source.golden).mtimes)) {
    const when = new Date(`${date}T12:00:00`);
    fs.utimesSync(path.join(home, rel), when, when);
  }
  return home;
}

export function fixtureHome(): { home: string; golden: Golden } {
  return { home: fixtureCopy(), golden: readGolden() };
}

export interface GoldenCase {
  name: string;
  args: string[];
  items: Array<[string, string]>;
  text_has?: string[];
  /** Strings only aria's /context wording has (the core's summary, the chat): SPEC §M. */
  aria_has?: string[];
  /** The same lines in the CLI's and the MCP server's words, which never name a slash command (§M). */
  plain_has?: string[];
  text_not?: string[];
}

export interface Golden {
  today: string;
  mtimes: Record<string, string>;
  cases: GoldenCase[];
  load_case: { args: string[]; must_have: string[]; must_not: string[] };
}

export const INDEX_HEADER = '# Knowledge Index\n\nLast rebuilt: 2026-11-02\n\n';

/**
 * An index.md listing one note, notes/x.md under `api`, as `description` (the tests that rewrite
 * the index tell its versions apart by it): with `project` a Projects section (that heading, its
 * relevant tag api), with `knownTags` api known, with `bulk` that many more entries under `bulk`.
 */
export function indexWith(
  description: string,
  options: { project?: string; knownTags?: boolean; bulk?: number } = {},
): string {
  const project = options.project ? `## Projects\n### ${options.project}\nRelevant tags: api\n` : '';
  const known = options.knownTags ? '## Known Tags\napi\n' : '';
  const bulk = options.bulk
    ? `### bulk\n${Array.from({ length: options.bulk }, (_, i) => `- bulk/n${i}.md — Bulk note number ${i} with some words\n`).join('')}`
    : '';
  return `${INDEX_HEADER}${project}${known}## Tag Index\n### api\n- notes/x.md — ${description}\n${bulk}`;
}

/**
 * A HOME with project ss ("Seer": relevant tag api, team-shared knowledge on, one team-shared
 * note t.md), api known with the alias a1, `entries` listed under api, and `files` on disk.
 */
export function seerHome(entries: string[], files: Record<string, string>): string {
  return makeHome({
    index: `${INDEX_HEADER}## Projects
### ss — Seer
Relevant tags: api
## Known Tags
api [aliases: a1]
## Tag Index
### api
${entries.join('\n')}
## Team-Shared Tag Index
### api
- ~/Projects/ss/_project-knowledge/t.md — T [project: ss, scope: repo]
`,
    config: { projects_enabled: 'true', projects_list: 'ss:ss', projects_shared_knowledge: 'ss' },
    files,
  });
}

/** A line predicate for lineOf: the line holds `part`. */
export const containing = (part: string) => (l: string) => l.includes(part);

/**
 * The 1-based number of the `nth` (from 0) line of `text` that is `line` exactly, or that the
 * predicate accepts. There must be one: a test about a line that is not there says so.
 */
export function lineOf(text: string, line: string | ((l: string) => boolean), nth = 0): number {
  const matches = typeof line === 'string' ? (l: string) => l === line : line;
  const numbers = text.split('\n').flatMap((l, i) => (matches(l) ? [i + 1] : []));
  assert.ok(numbers[nth] !== undefined, `no line ${nth + 1} of ${String(line)} in the text`);
  return numbers[nth];
}

/**
 * Starts an MCP server over stdio (`command args`), sends one `initialize` and closes its input:
 * the server's reply (or undefined) and what it printed.
 */
export function initializeOverStdio(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  clientName: string,
): { reply: { result?: { serverInfo?: { name?: string } } } | undefined; output: string } {
  const request = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: clientName, version: '1' } },
  };
  // stdin closes after the request: the server answers, then exits on end of input
  const run = spawnSync(command, args, {
    env,
    input: `${JSON.stringify(request)}\n`,
    encoding: 'utf8',
    timeout: 60_000,
  });
  const reply = run.stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { id?: number; result?: { serverInfo?: { name?: string } } })
    .find((m) => m.id === 1);
  return { reply, output: `${run.stdout}\n${run.stderr}` };
}

/** The index worker as the extension ships it (bundled, in its own file), in a temp folder. */
export async function bundledIndexWorker(): Promise<string> {
  const script = path.join(tempDir('aria-worker-'), 'indexWorker.js');
  await esbuild.build({
    entryPoints: [path.join(repoRoot, 'src', 'indexWorker', 'main.ts')],
    outfile: script,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    logLevel: 'error',
  });
  return script;
}
