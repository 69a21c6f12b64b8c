// §12.8 What a rebuild changes: the (tag, path) pairs added and removed (each removal explained),
// dead links dropped, untagged notes, promotion candidates, refused files and errors.
import * as path from 'node:path';
import { fileKey } from '../index/lookups';
import { expandHome } from '../paths';
import { Availability } from '../read/availability';
import type { Config, KnowledgeIndex } from '../types';
import { collated, sortCollated } from './collation';
import type { IndexModel } from './model';
import type { DroppedLine } from './dropped';
import type { ScanError, ScanRefusal } from './scan';

export type RemovalReason = 'dead-link' | 'tag-removed' | 'not-scanned' | 'refused';

/** Exactly the `--json` object of `aria-context index --check` (§10). */
export interface IndexDiff {
  added: Array<{ tag: string; path: string }>;
  removed: Array<{ tag: string; path: string; reason: RemovalReason }>;
  deadLinks: string[];
  untagged: string[];
  promotions: Array<{ tag: string; files: string[] }>;
  refused: ScanRefusal[];
  errors: ScanError[];
  unchanged: boolean;
  /** Notes the scan read (a folder's README stub is none): what `check --drift` compares too. */
  notesScanned: number;
  /** Hand-written lines of index.md inside the sections a rebuild replaces, which it drops (§12.8). */
  droppedLines: DroppedLine[];
  /** Dropped lines past the ones listed (at most 1,000 are). */
  droppedLinesNotListed: number;
}

export type Pairs = Map<string, { tag: string; path: string; team: boolean; project: string | null }>;

function key(team: boolean, tag: string, p: string): string {
  return `${team ? 't' : 'i'}\u0000${tag}\u0000${p}`;
}

/** The (tag, path) pairs index.md lists in Tag Index, Other Tags and the Team-Shared Tag Index. */
export function indexPairs(index: KnowledgeIndex): Pairs {
  const out: Pairs = new Map();
  for (const lists of [index.tagIndex, index.otherTags])
    for (const [tag, entries] of lists)
      for (const e of entries)
        out.set(key(false, tag, fileKey(e.path)), { tag, path: e.path, team: false, project: null });
  for (const [tag, entries] of index.teamShared)
    for (const e of entries) out.set(key(true, tag, e.path), { tag, path: e.path, team: true, project: e.project });
  return out;
}

export function modelPairs(m: IndexModel): Pairs {
  const out: Pairs = new Map();
  for (const lists of [m.tagIndex, m.otherTags])
    for (const [tag, notes] of lists)
      for (const n of notes) out.set(key(false, tag, n.path), { tag, path: n.path, team: false, project: null });
  for (const [tag, notes] of m.team)
    for (const n of notes) out.set(key(true, tag, n.path), { tag, path: n.path, team: true, project: n.project });
  return out;
}

export interface DiffInput {
  config: Config;
  current: KnowledgeIndex | null;
  model: IndexModel;
  /** Paths the scan read as notes. */
  scanned: ReadonlySet<string>;
  /** Paths the scan listed (in a scanned folder), read as notes or not; absent: the notes read. */
  listed?: ReadonlySet<string>;
  refused: ScanRefusal[];
  errors: ScanError[];
  unchanged: boolean;
  /** indexPairs(current) and modelPairs(model), when the caller has them already. */
  pairs?: { before: Pairs; after: Pairs };
  notesScanned: number;
  dropped: { listed: DroppedLine[]; count: number };
}

export function diffIndex(d: DiffInput): IndexDiff {
  const before = d.pairs?.before ?? (d.current ? indexPairs(d.current) : (new Map() as Pairs));
  const after = d.pairs?.after ?? modelPairs(d.model);
  const refusedPaths = new Set(d.refused.map((r) => r.path));
  const verdicts = new Map<string, RemovalReason>();
  const files = new Availability(d.config); // the reader's verdict, one folder listing each
  const reasonFor = (p: { path: string; team: boolean }): RemovalReason => {
    const id = p.team ? p.path : fileKey(p.path);
    let r = verdicts.get(id);
    if (r) return r;
    if (refusedPaths.has(id)) r = 'refused';
    else if (d.scanned.has(id)) r = 'tag-removed';
    else {
      const abs = p.team
        ? path.resolve(d.config.home, expandHome(p.path, d.config.home))
        : path.resolve(d.config.knowledgeFolder, id);
      const problem = files.problem(abs);
      if (problem !== null) r = problem.kind === 'missing' ? 'dead-link' : 'refused';
      // A readable note the scan never listed is outside the folders /index catalogues (§12.1).
      else r = (d.listed ?? d.scanned).has(id) ? 'tag-removed' : 'not-scanned';
    }
    verdicts.set(id, r);
    return r;
  };
  const added = [...after.entries()].filter(([k]) => !before.has(k)).map(([, p]) => ({ tag: p.tag, path: p.path }));
  const removed = [...before.entries()]
    .filter(([k]) => !after.has(k))
    .map(([, p]) => ({ tag: p.tag, path: p.path, reason: reasonFor(p) }));
  // Dead links: every path index.md lists (hints included) whose file is gone.
  const dead = new Set<string>(removed.filter((r) => r.reason === 'dead-link').map((r) => r.path));
  for (const [, entries] of d.current?.hints ?? [])
    for (const p of entries)
      if (!d.scanned.has(fileKey(p)) && reasonFor({ path: p, team: false }) === 'dead-link') dead.add(p);
  const byPair = <T extends { tag: string; path: string }>(pairs: T[]) =>
    sortCollated(
      pairs,
      (p) => p.tag,
      (p) => p.path,
    );
  return {
    added: byPair(added),
    removed: byPair(removed),
    deadLinks: collated(dead),
    untagged: collated(d.model.untagged.map((n) => n.path)),
    promotions: d.model.promotions,
    refused: sortCollated(d.refused, (r) => r.path),
    errors: d.errors,
    unchanged: d.unchanged,
    notesScanned: d.notesScanned,
    droppedLines: d.dropped.listed,
    droppedLinesNotListed: d.dropped.count - d.dropped.listed.length,
  };
}
