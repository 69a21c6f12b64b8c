// Check Index's drift scan: every note's front matter, read through the reader, against index.md.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Snapshot } from './engine';
import { parseFrontMatter, stringList } from './frontMatter';
import { identity, Problems, rebuiltDate, type IndexHealth, type IndexProblem } from './indexHealth';
import { indexLines, type IndexLines } from './indexParser';
import { knowledgeHeadReader } from './reader';
import { localDate } from './staleness';

/** The drift scan lists at most this many markdown files. */
export const MAX_SCANNED_NOTES = 200_000;
const MAX_DEPTH = 32;
/** Front matter sits at the head of a note; more is never needed to read its tags. */
const DRIFT_HEAD_BYTES = 64 * 1024;

export interface DriftOptions {
  isCancelled?: () => boolean;
  /** Called now and then with files done and files found. */
  onProgress?: (done: number, total: number) => void;
  /** Yield to the event loop every this many notes (the editor must stay responsive). */
  yieldEvery?: number;
}

export interface DriftResult {
  problems: IndexProblem[];
  notes: number;
  cancelled: boolean;
  /** Folders that could not be listed, and other scan problems. */
  skipped: string[];
}

/**
 * The notes of the knowledge folder that /index catalogues: markdown files outside `projects/`
 * (the project tier is read from disk at query time) and dot-folders, index.md excepted.
 * Symlinked folders are not followed; symlinked files are left to the reader to refuse or read.
 */
export function listNotes(folder: string, skipped: string[] = []): string[] {
  const out: string[] = [];
  const walk = (dir: string, depth: number) => {
    if (depth > MAX_DEPTH || out.length >= MAX_SCANNED_NOTES) return;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      skipped.push(`${path.relative(folder, dir) || '.'}/ cannot be listed`);
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      if (e.name.startsWith('.')) continue;
      const abs = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (depth === 0 && e.name === 'projects') continue;
        walk(abs, depth + 1);
      } else if ((e.isFile() || e.isSymbolicLink()) && /\.md$/i.test(e.name)) {
        if (depth === 0 && e.name.toLowerCase() === 'index.md') continue;
        if (out.length < MAX_SCANNED_NOTES) out.push(abs);
      }
    }
  };
  walk(folder, 0);
  return out;
}

/**
 * The drift part as steps, for a host that paces it (the editor yields between steps, the
 * benchmark runs it straight through): each note's front matter against what the index says.
 */
export class DriftScan {
  readonly notes: string[];
  readonly skipped: string[] = [];
  private done = 0;
  private readonly problems = new Problems();
  private readonly read: ReturnType<typeof knowledgeHeadReader>;
  private readonly rebuilt: string | null;
  private readonly summaryLine: number;
  private readonly firstLine = new Map<string, number>();

  constructor(
    private readonly snapshot: Snapshot,
    lines: IndexLines,
    notes?: readonly string[],
  ) {
    const folder = snapshot.config.knowledgeFolder;
    this.notes = notes ? [...notes] : listNotes(folder, this.skipped);
    this.read = knowledgeHeadReader(folder);
    this.rebuilt = rebuiltDate(snapshot.index.lastRebuilt);
    this.summaryLine = lines.lastRebuilt?.line ?? 1;
    // Lines only of the notes on disk: an index listing hundreds of thousands of others costs no map entry.
    const onDisk = new Set(this.notes.map((abs) => path.relative(folder, abs).split(path.sep).join('/')));
    for (const e of lines.entries) {
      if (e.section === 'team') continue;
      const key = identity(e.path);
      if (onDisk.has(key) && !this.firstLine.has(key)) this.firstLine.set(key, e.line);
    }
  }

  get scanned(): number {
    return this.done;
  }

  get finished(): boolean {
    return this.done >= this.notes.length;
  }

  /** Checks up to `count` more notes; false once every note is done. */
  step(count: number): boolean {
    const end = Math.min(this.notes.length, this.done + count);
    while (this.done < end) this.checkNote(this.notes[this.done++]);
    return !this.finished;
  }

  result(cancelled = false): DriftResult {
    return { problems: this.problems.list, notes: this.done, cancelled, skipped: this.skipped };
  }

  private checkNote(abs: string): void {
    const { index, config } = this.snapshot;
    const { problems, rebuilt, summaryLine } = this;
    const rel = path.relative(config.knowledgeFolder, abs).split(path.sep).join('/');
    const listed = index.files.get(rel);
    const line = this.firstLine.get(rel) ?? summaryLine;
    const head = this.read(abs, DRIFT_HEAD_BYTES);
    // A note the reader will not open is the cheap check's finding (refused or missing, on its
    // entry's line, with no location): reported once, and never as drift pointing at it.
    if (!head.ok) return;
    const fm = parseFrontMatter(head.text);
    const noteTags = [...new Set(stringList(fm.data?.['tags']).map((t) => t.toLowerCase()))].sort();
    if (!listed && noteTags.length === 0) return; // not a tagged note: nothing /index would list
    let changed: string | null = null;
    if (rebuilt) {
      try {
        const day = localDate(fs.lstatSync(abs).mtimeMs);
        if (day > rebuilt) changed = day;
      } catch {
        // vanished since it was listed: the next check sees it
      }
    }
    if (!listed) {
      problems.add({
        kind: 'not-indexed',
        line: summaryLine,
        severity: 'warning',
        message: `\`${rel}\` (tags: ${noteTags.join(', ')}) is not in the index${changed ? `; changed ${changed}, after the last rebuild` : ''}`,
        file: abs,
      });
      return;
    }
    const indexTags = [...listed.tags].sort();
    const added = noteTags.filter((t) => !listed.tags.has(t));
    const removed = indexTags.filter((t) => !noteTags.includes(t));
    if (added.length || removed.length) {
      const parts = [
        added.length ? `its front matter adds ${added.join(', ')}` : '',
        removed.length ? `no longer has ${removed.join(', ')}` : '',
      ].filter(Boolean);
      problems.add({
        kind: 'tags-differ',
        line,
        severity: 'warning',
        message: `\`${rel}\`: ${parts.join(' and ')} (index: ${indexTags.join(', ') || 'none'}; note: ${noteTags.join(', ') || 'none'})`,
        file: abs,
      });
    }
    if (changed)
      problems.add({
        kind: 'newer-than-index',
        line,
        severity: 'info',
        message: `\`${rel}\` changed on ${changed}, after the index was rebuilt (${rebuilt})`,
        file: abs,
      });
  }
}

/**
 * What the drift scan says now of some notes only (absolute paths), against this snapshot: the
 * notes Check Index found something about, looked at again after index.md or they changed.
 */
export function driftOf(snapshot: Snapshot, text: string, notes: readonly string[]): IndexProblem[] {
  const scan = new DriftScan(snapshot, indexLines(text), notes);
  scan.step(notes.length);
  return scan.result().problems;
}

/** The drift scan with progress and cancel, yielding to the event loop between steps. */
export async function scanDrift(
  snapshot: Snapshot,
  text: string,
  options: DriftOptions = {},
  lines: IndexLines = indexLines(text),
): Promise<DriftResult> {
  const scan = new DriftScan(snapshot, lines);
  const every = Math.max(1, options.yieldEvery ?? 250);
  for (;;) {
    options.onProgress?.(scan.scanned, scan.notes.length);
    if (options.isCancelled?.()) return scan.result(true);
    if (!scan.step(every)) break;
    await new Promise((resolve) => setImmediate(resolve));
  }
  options.onProgress?.(scan.scanned, scan.notes.length);
  return scan.result();
}

/** The cheap check and a finished drift scan as one health report. */
export function withDrift(health: IndexHealth, drift: DriftResult): IndexHealth {
  return {
    ...health,
    problems: [...health.problems, ...drift.problems],
    driftChecked: !drift.cancelled,
    notesScanned: drift.notes,
  };
}
