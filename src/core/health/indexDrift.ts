// Check Index's drift scan: every note's front matter, read through the reader, against index.md.
// The notes are exactly the index generator's (indexGen/scan.ts): what a rebuild would list is
// what drift compares, so a note /index never catalogues (archive/, intake/, …) is never "not indexed".
import * as fs from 'node:fs';
import type { Snapshot } from '../match/engine';
import { identity, Problems, rebuiltDate, type IndexHealth, type IndexProblem } from './indexHealth';
import { capNote } from '../indexGen/bounds';
import { writableTag } from '../indexGen/model';
import { noteReader, readNote, type HeadReader } from '../indexGen/read';
import { listScanTargets, targetsFor, type ScanList } from '../indexGen/scan';
import { localDate } from '../match/staleness';

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
 * The drift part as steps, for a host that paces it (the editor yields between steps, the
 * benchmark runs it straight through): each note's front matter against what the index says.
 */
export class DriftScan {
  /** The notes' absolute paths, in scan order. */
  readonly notes: string[];
  readonly skipped: string[] = [];
  private readonly targets: ScanList['targets'];
  private done = 0;
  /** Notes read (a folder's README stub and a refused file are none): the count `index` says too. */
  private notesRead = 0;
  private readonly problems = new Problems();
  private readonly read: HeadReader;
  private readonly rebuilt: string | null;
  private readonly summaryLine: number;
  private readonly firstLine = new Map<string, number>();

  constructor(
    private readonly snapshot: Snapshot,
    notes?: readonly string[],
  ) {
    const { lines } = snapshot.index;
    // Some notes again (a save): judged by path, without listing the whole folder.
    if (notes) this.targets = targetsFor(snapshot.config, notes);
    else {
      const list = listScanTargets(snapshot.config);
      this.targets = list.targets;
      for (const e of list.errors) this.skipped.push(`${e.path} ${e.message}`);
    }
    this.notes = this.targets.map((t) => t.abs);
    this.read = noteReader(snapshot.config);
    this.rebuilt = rebuiltDate(snapshot.index.lastRebuilt);
    this.summaryLine = lines.lastRebuilt?.line ?? 1;
    // Lines only of the notes on disk: an index listing hundreds of thousands of others costs no map entry.
    const onDisk = new Set(this.targets.map((t) => (t.tier === 'team' ? `~team\u0000${t.path}` : identity(t.path))));
    for (const e of lines.entries) {
      const key = e.section === 'team' ? `~team\u0000${e.path}` : identity(e.path);
      if (onDisk.has(key) && !this.firstLine.has(key)) this.firstLine.set(key, e.line);
    }
  }

  private teamHeadings: Map<string, Set<string>> | null = null;

  /** Each team-shared path's headings, whatever its project (built on the first team-shared note). */
  private teamTags(): Map<string, Set<string>> {
    if (this.teamHeadings) return this.teamHeadings;
    const map = new Map<string, Set<string>>();
    for (const file of this.snapshot.index.teamSharedFiles.values()) {
      const tags = map.get(file.path) ?? new Set<string>();
      for (const h of file.headings) tags.add(h);
      map.set(file.path, tags);
    }
    return (this.teamHeadings = map);
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
    while (this.done < end) this.checkNote(this.targets[this.done++]);
    return !this.finished;
  }

  result(cancelled = false): DriftResult {
    return { problems: this.problems.list, notes: this.notesRead, cancelled, skipped: this.skipped };
  }

  private checkNote(target: ScanList['targets'][number]): void {
    const { index } = this.snapshot;
    const { problems, rebuilt, summaryLine } = this;
    const abs = target.abs;
    const rel = target.path;
    const team = target.tier === 'team';
    const listedTags = team ? this.teamTags().get(rel) : index.files.get(rel)?.tags;
    const listed = listedTags ? { tags: listedTags } : undefined;
    const line = this.firstLine.get(team ? `~team\u0000${rel}` : rel) ?? summaryLine;
    const read = readNote(target, this.read);
    if (read.kind === 'none') return;
    // A note the reader will not open is the cheap check's finding (refused or missing, on its
    // entry's line, with no location): reported once, and never as drift pointing at it.
    if (read.kind === 'refused') return;
    this.notesRead++;
    // A block or key the generator does not read is its error (§12.2): said here too, never a silent "no tags".
    if (read.note.problem)
      problems.add({
        kind: 'front-matter',
        line,
        severity: 'warning',
        message: `\`${rel}\`: ${read.note.problem}; a rebuild lists it by its path only`,
        file: abs,
      });
    // Only the tags a rebuild can write (a tag with a space is said, not written, and a note gives
    // at most so many): drift is its diff.
    const noteTags = capNote(read.note).note.tags.filter(writableTag).sort();
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
export function driftOf(snapshot: Snapshot, notes: readonly string[]): IndexProblem[] {
  const scan = new DriftScan(snapshot, notes);
  scan.step(notes.length);
  return scan.result().problems;
}

/** The drift scan with progress and cancel, yielding to the event loop between steps. */
export async function scanDrift(snapshot: Snapshot, options: DriftOptions = {}): Promise<DriftResult> {
  const scan = new DriftScan(snapshot);
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
