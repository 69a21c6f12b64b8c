// §9 Whether each result item can be loaded now, decided by the reader's own rule (reader.ts):
// a file it would refuse or cannot find stays in the result, marked, and is never numbered,
// picked or counted. The reader resolves and opens each path (a realpath is one lstat per path
// segment); a query asks about dozens of files and the tree's counts about all of them, so this
// answers more cheaply where it can vouch for the answer exactly as the reader would: below a
// root that is its own real path, through folders none of which is a symlink, a `.md` name that
// is absent is missing, and a regular, readable file is what the reader would open. Anything
// else (a symlink, another file type, an unreadable folder, a file area) is asked of the reader.
//
// Verdicts are kept per folder while the folder and every folder above it up to the root keep
// their lstat stamps: adding, removing or renaming a name changes its folder's mtime and ctime,
// and swapping a folder for a symlink changes the lstat of that path. A query starts a new round
// (`newRound`), in which each folder is stamped once. What a stamp cannot see (a note made
// unreadable by chmod) is still refused by the reader when it is loaded.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { statKey } from './fileStamp';
import { isInsideResolved, resolvedPath } from '../paths';
import { pathProblem, readAreas, rootVerdict, type ReadArea, type RootVerdict } from './reader';
import type { Config, ItemProblem, ResultItem } from '../types';

/** Names asked about in one folder before listing it is considered instead of looking each up. */
const LIST_AFTER = 32;
/**
 * A folder is listed once the names asked about are at least this share of the names it holds:
 * listing costs about as much per name held as a lookup per name asked costs for four.
 */
const LIST_SHARE = 4;
/** Bytes of a folder's own size per name it holds, at most (ext4 and tmpfs use more): its size over this overestimates the names. */
const FOLDER_BYTES_PER_NAME = 64;

const ENOENT = 'the file does not exist'; // the reader's words for ENOENT (paths.ts describeFsError)

/** What is known of one folder while its stamp (and its parents') holds. */
interface FolderState {
  /** The lstat keys of the folder and each folder above it up to its root; null: not a plain folder path. */
  key: string | null;
  verdicts: Map<string, ItemProblem | null>;
  /** Regular files and all names, once listing pays. */
  listing?: { files: Set<string>; all: Set<string> } | null;
  asked: number;
  /** Names asked about before listing pays: from the folder's size, on first need. */
  listAfter?: number;
}

export class Availability {
  private readonly areas: ReadArea[];
  private readonly fileAreas: Set<string>;
  /** What is known of each folder, kept while its stamp holds. */
  private readonly folders = new Map<string, FolderState>();
  /** This round's: each folder's state (null: only the reader can tell), stamps, root verdicts and the reader's answers. */
  private current = new Map<string, FolderState | null>();
  /** By root, then folder: a folder's chain of stamps runs up to its own area's root. */
  private stamped = new Map<string, Map<string, string | null>>();
  /** This round's size of each folder stamped (from the stamp's own lstat). */
  private folderBytes = new Map<string, number>();
  private realRoots = new Map<string, RootVerdict>();
  private readerVerdicts = new Map<string, ItemProblem | null>();

  private readonly areasKey: string;

  constructor(readonly config: Config) {
    this.areas = readAreas(config);
    this.fileAreas = new Set(this.areas.filter((a) => a.kind === 'file').map((a) => a.path));
    this.areasKey = JSON.stringify([config.home, this.areas]);
  }

  /** Whether `config` allows reading exactly what this one does (a reload that changed only index.md). */
  serves(config: Config): boolean {
    return config === this.config || JSON.stringify([config.home, readAreas(config)]) === this.areasKey;
  }

  /** Looks at the disk again: the next answers re-stamp each folder they use. */
  newRound(): void {
    this.current = new Map();
    this.stamped = new Map();
    this.folderBytes = new Map();
    this.realRoots = new Map();
    this.readerVerdicts = new Map();
  }

  /** Marks each selectable item the reader would not load now, and makes it unselectable. */
  mark(items: readonly ResultItem[]): void {
    for (const item of items) {
      if (!item.selectable || item.problem) continue;
      const problem = this.problem(item.absPath);
      if (problem) {
        item.problem = problem;
        item.selectable = false;
      }
    }
  }

  problem(abs: string): ItemProblem | null {
    const normal = resolvedPath(abs);
    const fast = this.fast(normal);
    if (fast !== undefined) return fast;
    let verdict = this.readerVerdicts.get(normal);
    if (verdict === undefined) {
      verdict = pathProblem(this.areas, normal, this.realRoots, this.config.home);
      this.readerVerdicts.set(normal, verdict);
    }
    return verdict;
  }

  /**
   * The size of a note this round's answer for came from its folder's state (a regular file,
   * reached without a symlink, so its lstat is what the reader would fstat); undefined otherwise.
   */
  sizeOf(abs: string): number | undefined {
    const normal = resolvedPath(abs);
    if (this.fast(normal) !== null) return undefined;
    try {
      const st = fs.lstatSync(normal, { throwIfNoEntry: false });
      return st?.isFile() ? st.size : undefined;
    } catch {
      return undefined;
    }
  }

  /** The answer from the folder's own state, or undefined where only the reader can tell. */
  private fast(normal: string): ItemProblem | null | undefined {
    // Only `.md` names are looked at: nothing the reader would not open itself is ever opened.
    if (!/\.md$/i.test(normal) || this.fileAreas.has(normal)) return undefined;
    const dir = path.dirname(normal);
    const state = this.folder(dir);
    if (!state) return undefined;
    const name = normal.slice(dir.endsWith(path.sep) ? dir.length : dir.length + 1);
    let verdict = state.verdicts.get(name);
    if (verdict === undefined) {
      verdict = this.look(dir, name, state);
      if (verdict === undefined) return undefined;
      state.verdicts.set(name, verdict);
    }
    return verdict;
  }

  /** This round's state of a folder holding notes: null unless its area's root is its own real path and the way down has no symlink. */
  private folder(dir: string): FolderState | null {
    let state = this.current.get(dir);
    if (state !== undefined) return state;
    state = null;
    const area = this.folderArea(dir);
    if (area) {
      let root = this.realRoots.get(area.root);
      if (root === undefined) this.realRoots.set(area.root, (root = rootVerdict(area, this.config.home)));
      const key = 'real' in root && root.real === area.root ? this.stamp(dir, area.root) : null;
      if (key !== null) {
        state = this.folders.get(dir) ?? null;
        if (!state || state.key !== key) this.folders.set(dir, (state = { key, verdicts: new Map(), asked: 0 }));
      }
    }
    this.current.set(dir, state);
    return state;
  }

  /** The narrowest folder area that holds the files of `dir` (areaFor of a file in it). */
  private folderArea(dir: string): ReadArea | null {
    let best: ReadArea | null = null;
    for (const area of this.areas) {
      if (area.kind !== 'folder' || (dir !== area.path && !isInsideResolved(dir, area.path))) continue;
      if (!best || area.path.length > best.path.length) best = area;
    }
    return best;
  }

  private look(dir: string, name: string, state: FolderState): ItemProblem | null | undefined {
    // A query asks about some names of a folder: each is looked up faster than a folder of
    // thousands is listed. Counting every tag asks about most, and then one listing answers all.
    if (state.listing === undefined && ++state.asked > LIST_AFTER) {
      state.listAfter ??= Math.max(LIST_AFTER, (this.folderBytes.get(dir) ?? 0) / FOLDER_BYTES_PER_NAME / LIST_SHARE);
      if (state.asked > state.listAfter) state.listing = listFolder(dir);
    }
    const file = path.join(dir, name);
    let isFile: boolean;
    if (state.listing) {
      if (!state.listing.all.has(name)) return { kind: 'missing', reason: ENOENT };
      isFile = state.listing.files.has(name);
    } else {
      let st: fs.Stats | undefined;
      try {
        st = fs.lstatSync(file, { throwIfNoEntry: false });
      } catch {
        return undefined;
      }
      if (!st) return { kind: 'missing', reason: ENOENT };
      isFile = st.isFile();
    }
    if (!isFile) return undefined;
    try {
      fs.accessSync(file, fs.constants.R_OK);
      return null;
    } catch {
      return undefined;
    }
  }

  /**
   * This round's stamp of `dir`: the lstat keys of it and each folder above it up to `root`,
   * or null when one of them is not a plain folder (a symlink, gone, not stat-able).
   */
  private stamp(dir: string, root: string): string | null {
    let byDir = this.stamped.get(root);
    if (!byDir) this.stamped.set(root, (byDir = new Map()));
    const known = byDir.get(dir);
    if (known !== undefined) return known;
    let key: string | null;
    try {
      const st = fs.lstatSync(dir, { bigint: true });
      this.folderBytes.set(dir, Number(st.size));
      const own = st.isDirectory() ? statKey(st) : null;
      const parent = path.dirname(dir);
      if (own === null || (dir !== root && parent === dir)) key = null;
      else if (dir === root) key = own;
      else {
        const above = this.stamp(parent, root);
        key = above === null ? null : `${above}/${own}`;
      }
    } catch {
      key = null;
    }
    byDir.set(dir, key);
    return key;
  }
}

function listFolder(dir: string): FolderState['listing'] {
  try {
    const listing = { files: new Set<string>(), all: new Set<string>() };
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      listing.all.add(e.name);
      if (e.isFile()) listing.files.add(e.name);
    }
    return listing;
  } catch {
    return null;
  }
}
