// The editor's rebuild in its own process (SPEC §12, §7): the notes read in steps with progress
// posted between them, the generator run, and the result turned into compact facts and a bounded
// change list here, so the extension host only receives them (it never scans, generates or diffs).
import {
  addKnownTags,
  changeList,
  generateIndex,
  IndexScan,
  readRebuildSource,
  type Config,
  type IndexBuild,
} from '../core';
import { createHash } from 'node:crypto';
import { setPriority } from 'node:os';
import type { MadeFrom, RebuildAnswer, RebuildFacts, RebuildRequest } from './rebuildMessage';

/** Notes read between two progress messages. */
const STEP = 200;
/** Lines for the output channel at most (errors and refused files), then a count. */
const MAX_PROBLEM_LINES = 200;
/** Promotion candidates sent at most (a pick list longer than this helps nobody). */
const MAX_PROMOTIONS = 500;

export function runRebuild(request: RebuildRequest, post: (answer: RebuildAnswer) => void): void {
  const { config, today } = request;
  yieldToOthers();
  let raw: string | null;
  if (request.text !== undefined) raw = request.text;
  else {
    const read = readRebuildSource(config, false);
    if (!read.ok)
      return post({
        kind: 'failed',
        message: `index.md cannot be read: ${'cannotRead' in read ? read.cannotRead : read.cannotWrite}`,
      });
    raw = read.raw;
  }
  const scan = new IndexScan(config);
  post({ kind: 'progress', scanned: 0, total: scan.total });
  while (scan.step(STEP)) post({ kind: 'progress', scanned: scan.scanned, total: scan.total });
  const promote = request.promote ?? [];
  let build = generateIndex(scan, raw, { today });
  if (promote.length && !build.refusal)
    build = generateIndex(scan, addKnownTags(raw ?? build.text, promote), { today });
  // Too large for its readers (§12.9): there is nothing to review or apply.
  if (build.refusal) return post({ kind: 'failed', message: `no rebuild was made: ${build.refusal}` });
  const facts = rebuildFacts(config, raw, build, promote);
  post({ kind: 'built', facts });
}

/** This process runs at the lowest priority: the rebuild takes the CPU the editor leaves. */
function yieldToOthers(): void {
  try {
    setPriority(process.pid, 19);
  } catch {
    // not permitted here: the rebuild runs at the normal priority
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The hashes Apply compares the buffer with (the editor drops a BOM and may settle line endings). */
export function madeFromOf(raw: string): MadeFrom {
  const exact = raw.replace(/^\ufeff/, '');
  return { exact: sha256(exact), plain: sha256(exact.replace(/\r\n?/g, '\n')), chars: raw.length };
}

/** The facts the editor shows of `build`, made from `raw` (its change list against `raw` itself). */
export function rebuildFacts(config: Config, raw: string | null, build: IndexBuild, promoted: string[]): RebuildFacts {
  const { diff } = build;
  const problems = [
    ...diff.errors.map((e) => `Rebuild Index: error: ${e.path ? `${e.path}: ` : ''}${e.message}`),
    ...diff.refused.map((r) => `Rebuild Index: refused ${r.path}: ${r.reason}; not indexed`),
  ];
  const problemLines = problems.slice(0, MAX_PROBLEM_LINES);
  if (problems.length > MAX_PROBLEM_LINES)
    problemLines.push(`Rebuild Index: and ${problems.length - MAX_PROBLEM_LINES} more errors and refused files`);
  const promotedSet = new Set(promoted);
  return {
    text: new TextEncoder().encode(build.text),
    madeFrom: raw === null ? null : madeFromOf(raw),
    unchanged: diff.unchanged && promoted.length === 0,
    notes: build.notes,
    added: diff.added.length,
    removed: diff.removed.length,
    notScanned: diff.removed.filter((r) => r.reason === 'not-scanned').length,
    deadLinks: diff.deadLinks.length,
    refused: diff.refused.length,
    errors: diff.errors.length,
    promotions: diff.promotions
      .filter((p) => !promotedSet.has(p.tag))
      .slice(0, MAX_PROMOTIONS)
      .map((p) => ({ tag: p.tag, notes: p.files.length, first: p.files.slice(0, 3) })),
    changes: changeList(config, raw, build),
    problemLines,
    remarks: build.remarks.slice(0, MAX_PROBLEM_LINES),
    promoted,
  };
}
