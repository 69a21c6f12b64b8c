// Shared helpers of the reliability suite: real folders in temp dirs (removed after the run),
// a seeded PRNG, a file-access spy that proves a file was never opened, and the built CLI.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runQuery, type Snapshot } from '../../src/core/match/engine';
import { toJson } from '../../src/core/present/json';
import { pickItems, renderBundle } from '../../src/core/read/loader';
import { loadItems, type LoadResult } from '../../src/core/read/reader';
import { loadSnapshot } from '../../src/core/index/snapshot';
import { renderSummary } from '../../src/core/present/summary';
import type { QueryResult } from '../../src/core/types';
import type { TagShape } from '../../bench/generate';

export const repoRoot = path.resolve(__dirname, '..', '..');
import { fixtureHomeDir, configText, tempDir, writeTree } from '../helpers';
export const fixturesHome = fixtureHomeDir;
export const TODAY = '2026-12-01';

/** The generated folders the differential suites compare on: notes, the shape's name in a title, the shape. */
export const GENERATED_FOLDERS: ReadonlyArray<{ notes: number; shapeName: string; shape: TagShape }> = [
  { notes: 1_000, shapeName: '', shape: {} },
  { notes: 10_000, shapeName: '', shape: {} },
  { notes: 10_000, shapeName: ' (5 tags per note, 1,000 tags)', shape: { tagsPerNote: 5, tags: 1000 } },
];

/** Appears only inside files that must never be read; any output holding it is a leak. */
export const MARKER = 'ARIA-RELIABILITY-SECRET-5d1c9e';

export interface TestHome {
  home: string;
  folder: string;
  /** `<home>/outside`: beside the knowledge folder, holds the marker file. */
  outside: string;
  secret: string;
}

/**
 * A HOME with `.claude/aria-knowledge.local.md`, a knowledge folder at `~/knowledge`, and a
 * secret file outside it (`~/outside/secret.md`, holding MARKER).
 */
export function makeHome(
  options: { config?: Record<string, string>; index?: string; files?: Record<string, string | Buffer> } = {},
): TestHome {
  const home = tempDir('aria-rel-home-');
  const folder = path.join(home, 'knowledge');
  const outside = path.join(home, 'outside');
  const secret = path.join(outside, 'secret.md');
  writeTree(home, {
    '.claude/aria-knowledge.local.md': configText({ knowledge_folder: '~/knowledge', ...options.config }),
    'outside/secret.md': `---\ntags: [${MARKER}]\n---\n# ${MARKER} title\n\n${MARKER} body\n`,
    ...(options.index !== undefined ? { 'knowledge/index.md': options.index } : {}),
    ...options.files,
  });
  fs.mkdirSync(folder, { recursive: true });
  return { home, folder, outside, secret };
}

export function snapshotFor(home: string): Snapshot {
  const outcome = loadSnapshot({ home, env: {}, trustedWorkspaceFolders: [] });
  if (!outcome.ok) throw new Error(`snapshot failed: ${outcome.message}`);
  return outcome.snapshot;
}

export function query(snapshot: Snapshot, q: string): QueryResult {
  const outcome = runQuery(snapshot, q, { today: TODAY });
  if (!outcome.ok) throw new Error(`query failed: ${outcome.message}`);
  return outcome.result;
}

/** Every text a user or a chat could see for a query, then for loading all of it. */
export function everything(
  result: QueryResult,
  snapshot: Snapshot,
): { text: string; load: LoadResult; bundle: string } {
  const picks = pickItems(result, 'all');
  const load = loadItems(snapshot.config, picks.ok ? picks.items : []);
  const bundle = renderBundle(load);
  const text = [renderSummary(result), JSON.stringify(toJson(result)), bundle, JSON.stringify(load)].join('\n');
  return { text, load, bundle };
}

/**
 * Records every path the core hands to the file-reading calls of `node:fs` while `fn` runs.
 * The core is compiled to CommonJS and calls `fs.x(...)` through the module object, so
 * wrapping the properties sees every open, read and realpath it makes.
 */
export function spyFileAccess<T>(fn: () => T): { value: T; opened: string[] } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the CommonJS module object itself, to wrap its functions
  const mutableFs = require('node:fs') as Record<string, unknown>;
  const opened: string[] = [];
  const names = ['openSync', 'readFileSync', 'createReadStream', 'readdirSync'] as const;
  const saved = names.map((n) => mutableFs[n] as (...args: unknown[]) => unknown);
  names.forEach((n, i) => {
    mutableFs[n] = (...args: unknown[]) => {
      if (typeof args[0] === 'string') opened.push(args[0]);
      return saved[i].apply(fs, args);
    };
  });
  try {
    return { value: fn(), opened };
  } finally {
    names.forEach((n, i) => (mutableFs[n] = saved[i]));
  }
}

/** True when the given path, or anything under it, is among `paths`. */
export function touches(paths: string[], target: string): boolean {
  return paths.some((p) => p === target || p.startsWith(`${target}${path.sep}`));
}

/** Copies the fixture HOME (examples/knowledge-home) into a temp dir (symlinks kept as symlinks). */
export function copyFixtureHome(): string {
  const home = tempDir('aria-rel-fixture-');
  fs.cpSync(fixturesHome, home, { recursive: true, verbatimSymlinks: true });
  return home;
}
