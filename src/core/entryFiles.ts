// Whether the file an index entry names is there and may be read, for index health. One folder
// listing per folder instead of a stat per entry; wherever the listing cannot vouch for the
// file (a symlink on the way, something other than a regular file, a name not ending in .md),
// the reader itself decides (src/core/reader.ts), so Problems refuses exactly what loading
// refuses and a symlink out of the folder is never shown as a normal note.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkItems } from './reader';
import { resultItem } from './resultItem';
import type { Config } from './types';

export type EntryFile = { state: 'present' } | { state: 'missing' } | { state: 'refused'; reason: string };

interface Listing {
  /** Names that are regular files. */
  files: Set<string>;
  /** Names that are symlinks. */
  links: Set<string>;
  /** Every name. */
  all: Set<string>;
}

const PRESENT: EntryFile = { state: 'present' };
const MISSING: EntryFile = { state: 'missing' };

export class EntryFiles {
  private readonly listings = new Map<string, Listing | null>();
  private readonly linked = new Map<string, boolean>();
  /** Where the walk up for symlinks stops: the roots the reader resolves itself. */
  private readonly roots: Set<string>;

  constructor(private readonly config: Config) {
    this.roots = new Set([config.knowledgeFolder, ...[...config.projectsList.values()].map((p) => p.root)]);
  }

  /** `abs`: an entry's path as the text check resolved it (absolute, normalised). */
  check(abs: string): EntryFile {
    const dir = path.dirname(abs);
    const name = path.basename(abs);
    const listing = this.listing(dir);
    if (listing !== null && !listing.all.has(name)) return MISSING;
    if (listing !== null && listing.files.has(name) && /\.md$/i.test(name) && !this.isLinked(dir)) return PRESENT;
    return this.readerVerdict(abs);
  }

  private readerVerdict(abs: string): EntryFile {
    if (!fs.existsSync(abs)) return MISSING; // nothing there, a dangling symlink included
    const item = resultItem({ category: 'cross-project', path: abs, absPath: abs, allowedRoots: [] });
    const refused = checkItems(this.config, [item]).refused[0];
    return refused ? { state: 'refused', reason: refused.reason } : PRESENT;
  }

  /** Whether a folder between a root and `dir` (itself included) is a symlink; unknown counts as yes. */
  private isLinked(dir: string): boolean {
    const known = this.linked.get(dir);
    if (known !== undefined) return known;
    const parent = path.dirname(dir);
    let linked = false;
    if (!this.roots.has(dir) && parent !== dir) {
      const listing = this.listing(parent);
      linked = listing === null || listing.links.has(path.basename(dir)) || this.isLinked(parent);
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
