// The index generator's rows (`aria-context index`, §12): a rebuild of a folder whose every note is
// on disk, next to a floor measured in the same run on the same Node (listing the same notes and
// reading each one's head with plain fs calls: the I/O a rebuild cannot avoid).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../src/core/config/config';
import { generateIndex, IndexScan } from '../src/core/indexGen/generate';
import { listScanTargets } from '../src/core/indexGen/scan';
import { BENCH_TODAY, generateHome } from './generate';

export interface RebuildFigures {
  notes: number;
  rebuildMs: number[];
  floorMs: number[];
  unchanged: boolean;
  /** `aria-context index --check` as a whole process, when a built CLI was given. */
  process?: { changed: ProcessRun; upToDate: ProcessRun[] };
}

/** One whole CLI process: wall time, CPU time (user + system) and peak RSS, from the process itself. */
export interface ProcessRun {
  wallMs: number;
  cpuMs: number;
  maxRssBytes: number;
  /** The report's last line (`index.md: … (N notes scanned): …`). */
  summary: string;
}

/** Runs `node <cli> index --check` for this home with bench/usage.cjs preloaded. */
export function runIndexCheck(cli: string, home: string): ProcessRun {
  const usageFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'aria-bench-usage-')), 'usage.json');
  const env = {
    ...process.env,
    HOME: home,
    KT_CONFIG: '',
    ARIA_KNOWLEDGE_CONFIG: '',
    ARIA_BENCH_USAGE: usageFile,
    XDG_CACHE_HOME: path.dirname(usageFile),
  };
  const args = ['--require', path.join(__dirname, 'usage.cjs'), cli, 'index', '--check', '--today', BENCH_TODAY];
  const t = performance.now();
  const r = spawnSync(process.execPath, args, { env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const wallMs = performance.now() - t;
  const summary = r.stdout.trimEnd().split('\n').pop() ?? '';
  if (r.status !== 0 || !summary.startsWith('index.md: '))
    throw new Error(`index --check failed (${r.status}): ${summary}${r.stderr}`);
  const usage = JSON.parse(fs.readFileSync(usageFile, 'utf8')) as NodeJS.ResourceUsage;
  fs.rmSync(path.dirname(usageFile), { recursive: true, force: true });
  // maxRSS is in kilobytes (Node's resourceUsage); CPU times in microseconds.
  return { wallMs, cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000, maxRssBytes: usage.maxRSS * 1024, summary };
}

/**
 * Generates a folder of `n` notes, all written, and times `index --check`'s work `runs` times;
 * with a built CLI, also the whole process: once on the generated index.md (every generated
 * section changes) and `runs` times once the rebuild is written (up to date).
 */
export function measureIndexRebuild(root: string, n: number, runs: number, cli?: string): RebuildFigures {
  const g = generateHome(root, n, undefined, n);
  const outcome = loadConfig({ home: g.home, env: {}, configFile: g.configFile, trustedWorkspaceFolders: [] });
  if (!outcome.ok) throw new Error(outcome.message);
  const config = outcome.config;
  const changed = cli ? runIndexCheck(cli, g.home) : null;
  const raw = fs.readFileSync(g.indexFile, 'utf8');
  // The rebuild written once, so the measured runs compare an index with its own rebuild.
  const first = generateIndex(new IndexScan(config), raw, { today: BENCH_TODAY });
  fs.writeFileSync(g.indexFile, first.text);
  const figures: RebuildFigures = { notes: first.notes, rebuildMs: [], floorMs: [], unchanged: true };
  const buf = Buffer.alloc(4096);
  for (let i = 0; i < runs; i++) {
    let t = performance.now();
    const text = fs.readFileSync(g.indexFile, 'utf8');
    const build = generateIndex(new IndexScan(config), text, { today: BENCH_TODAY });
    figures.rebuildMs.push(performance.now() - t);
    figures.unchanged &&= build.diff.unchanged;
    t = performance.now();
    for (const target of listScanTargets(config).targets) {
      const fd = fs.openSync(target.abs, 'r');
      fs.readSync(fd, buf, 0, buf.length, 0);
      fs.closeSync(fd);
    }
    figures.floorMs.push(performance.now() - t);
  }
  if (cli && changed) {
    const upToDate: ProcessRun[] = [];
    for (let i = 0; i < runs; i++) upToDate.push(runIndexCheck(cli, g.home));
    figures.process = { changed, upToDate };
  }
  fs.rmSync(path.dirname(g.home), { recursive: true, force: true });
  return figures;
}
