// §9 Whether each result item can be loaded now, decided by the reader's own rule (reader.ts):
// a file it would refuse or cannot find stays in the result, marked, and is never numbered,
// picked or counted. The reader resolves and opens each path; for a 10k-note folder that is too
// slow to do for every tag's count, so one folder listing answers where it can vouch for the
// answer exactly as the reader would: a name missing from its folder is missing; a regular
// `.md` file, in folders none of which is a symlink below a root that is its own real path, and
// readable, is what the reader would open. Anything else (a symlink, another file type, an
// unreadable folder, a project root) is asked of the reader itself.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { areaFor, pathProblem, readAreas, rootVerdict, type ReadArea, type RootVerdict } from './reader';
import type { Config, ItemProblem, ResultItem } from './types';

/** Names asked about in one folder before it is listed instead. */
const LIST_AFTER = 32;

const ENOENT = 'the file does not exist'; // the reader's words for ENOENT (paths.ts describeFsError)

interface Listing {
  files: Set<string>;
  links: Set<string>;
  all: Set<string>;
}

/** Verdicts by absolute path, over one snapshot's queries (the tree's, `aria-context tags`). */
export class Availability {
  private readonly verdicts = new Map<string, ItemProblem | null>();
  private readonly listings = new Map<string, Listing | null>();
  private readonly linked = new Map<string, boolean>();
  /** How many names of each folder were asked about: a folder is listed only once it pays. */
  private readonly asked = new Map<string, number>();
  private readonly realRoots = new Map<string, RootVerdict>();
  private areas: ReadArea[] | undefined;

  constructor(private readonly config: Config) {}

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
    let verdict = this.verdicts.get(abs);
    if (verdict === undefined) {
      verdict = this.fast(abs);
      if (verdict === undefined)
        verdict = pathProblem((this.areas ??= readAreas(this.config)), abs, this.realRoots, this.config.home);
      this.verdicts.set(abs, verdict);
    }
    return verdict;
  }

  /** The listing's answer, or undefined where only the reader can tell. */
  private fast(abs: string): ItemProblem | null | undefined {
    const normal = path.resolve(abs);
    const area = areaFor((this.areas ??= readAreas(this.config)), normal);
    if (!area || area.kind !== 'folder') return undefined;
    let root = this.realRoots.get(area.root);
    if (root === undefined) this.realRoots.set(area.root, (root = rootVerdict(area, this.config.home)));
    if (!('real' in root) || root.real !== area.root) return undefined;
    const dir = path.dirname(normal);
    const name = path.basename(normal);
    // Only the folders of `.md` names reached without a symlink are listed: nothing the reader
    // would not open itself (another folder, a file of another type) is ever opened.
    if (!/\.md$/i.test(name)) return undefined;
    // A query asks about a few files: the reader answers each faster than a listing of a folder
    // of thousands. Counting every tag asks about many, and then one listing answers them all.
    if (!this.listings.has(dir)) {
      const asked = (this.asked.get(dir) ?? 0) + 1;
      this.asked.set(dir, asked);
      if (asked <= LIST_AFTER) return undefined;
    }
    if (this.isLinked(dir, area.root)) return undefined;
    const listing = this.listing(dir);
    if (listing === null) return undefined;
    if (!listing.all.has(name)) return { kind: 'missing', reason: ENOENT };
    if (!listing.files.has(name)) return undefined;
    try {
      fs.accessSync(normal, fs.constants.R_OK);
      return null;
    } catch {
      return undefined;
    }
  }

  /** Whether a folder between `root` and `dir` (itself included) is a symlink; unknown counts as yes. */
  private isLinked(dir: string, root: string): boolean {
    if (dir === root) return false;
    const known = this.linked.get(dir);
    if (known !== undefined) return known;
    const parent = path.dirname(dir);
    let linked = true;
    // The parent is listed only once it is known to be reached without a symlink.
    if (parent !== dir && !this.isLinked(parent, root)) {
      const listing = this.listing(parent);
      linked = listing === null || !listing.all.has(path.basename(dir)) || listing.links.has(path.basename(dir));
    }
    this.linked.set(dir, linked);
    return linked;
  }

  private listing(dir: string): Listing | null {
    let listing = this.listings.get(dir);
    if (listing !== undefined) return listing;
    try {
      listing = { files: new Set(), links: new Set(), all: new Set() };
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        listing.all.add(e.name);
        if (e.isFile()) listing.files.add(e.name);
        else if (e.isSymbolicLink()) listing.links.add(e.name);
      }
    } catch {
      listing = null;
    }
    this.listings.set(dir, listing);
    return listing;
  }
}
