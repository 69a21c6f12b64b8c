// The receiving side of an index image: a KnowledgeIndex whose large tables are read-only Map
// views over the image's arrays. Opening one costs a few small objects; each file, entry list
// or file list is made the first time it is read and then kept, so a reader always gets the same
// object back (crossProject.ts tells files apart by identity).
import type { IndexedFile, IndexLines, KnowledgeIndex, TagEntry, TeamSharedFile } from '../../types';
import { buildTeamSharedFiles } from '../lookups';
import type { FilesImage, IndexImage, ListsImage } from './compact';
import { lookup, type HashTableImage } from './hashTable';
import { linesFromImage } from './lines';
import { CorruptImageError, StringsView } from './strings';

export function indexFromImage(image: IndexImage): KnowledgeIndex {
  const strings = new StringsView(image.strings);
  const files = filesView(strings, image.files);
  // Each list's values made on first read of its key.
  const listMap = <T>(l: ListsImage, item: (i: number) => T) =>
    new ImageMap(strings, l.keys, l.table, (k) => {
      const out: T[] = [];
      for (let i = l.starts[k]; i < l.starts[k + 1]; i++) out.push(item(i));
      return out;
    });
  const entries = (l: ListsImage) =>
    listMap(l, (i): TagEntry => ({ path: strings.get(l.items[i]), description: strings.orNull(l.descriptions![i]) }));
  const fileList = (l: ListsImage) => listMap(l, (i) => files.at(fileNumber(l.items[i], files.size)));
  const { small } = image;
  const teamShared = new Map(small.teamShared);
  let teamSharedFiles: Map<string, TeamSharedFile> | null = null;
  let normalisedHints: Array<[string, string]> | null = null;
  let lines: IndexLines | null = null;
  return {
    lastRebuilt: small.lastRebuilt,
    projects: new Map(small.projects),
    knownTags: small.knownTags,
    aliases: new Map(small.aliases),
    tagIndex: entries(image.tagIndex),
    otherTags: entries(image.otherTags),
    hints: listMap(image.hints, (i) => strings.get(image.hints.items[i])),
    teamShared,
    files,
    get teamSharedFiles() {
      return (teamSharedFiles ??= buildTeamSharedFiles(teamShared));
    },
    filesByTag: fileList(image.filesByTag),
    filesByHint: fileList(image.filesByHint),
    get normalisedHints() {
      if (normalisedHints === null) {
        const pairs = image.normalisedHints;
        normalisedHints = [];
        for (let i = 0; i < pairs.length; i += 2)
          normalisedHints.push([strings.get(pairs[i]), strings.get(pairs[i + 1])]);
      }
      return normalisedHints;
    },
    hasTeamSharedSection: small.hasTeamSharedSection,
    warnings: small.warnings,
    // Index health's places: a query on a cached index never decodes them.
    get lines() {
      return (lines ??= linesFromImage(image.lines, small.lines, strings));
    },
  };
}

/** A file number read from a list; out of range only in a forged cache file. */
function fileNumber(n: number, files: number): number {
  if (!(n >= 0 && n < files)) throw new CorruptImageError();
  return n;
}

function filesView(strings: StringsView, f: FilesImage): ImageMap<IndexedFile> {
  return new ImageMap(strings, f.keys, f.table, (k) => {
    const tags = new Set<string>();
    for (let i = f.tagStarts[k]; i < f.tagStarts[k + 1]; i++) tags.add(strings.get(f.tags[i]));
    const hints: string[] = [];
    for (let i = f.hintStarts[k]; i < f.hintStarts[k + 1]; i++) hints.push(strings.get(f.hints[i]));
    // The same fields in the same order as the parse's (lookups.ts): `written` last, when set.
    const file: IndexedFile = {
      path: strings.get(f.keys[k]),
      description: strings.orNull(f.descriptions[k]),
      tags,
      hints,
    };
    if (f.written[k] >= 0) file.written = strings.get(f.written[k]);
    return file;
  });
}

/** Values made on first read and kept; iteration in the original map's key order. */
export class ImageMap<V> implements ReadonlyMap<string, V> {
  private made: Array<V | undefined> | null = null;

  constructor(
    private readonly strings: StringsView,
    private readonly keyIds: Int32Array,
    private readonly table: HashTableImage,
    private readonly make: (k: number) => V,
  ) {}

  get size(): number {
    return this.keyIds.length;
  }

  get(key: string): V | undefined {
    const k = lookup(this.table, this.keyIds, this.strings, key);
    return k < 0 ? undefined : this.at(k);
  }

  has(key: string): boolean {
    return lookup(this.table, this.keyIds, this.strings, key) >= 0;
  }

  at(k: number): V {
    const made = (this.made ??= new Array<V | undefined>(this.keyIds.length));
    let v = made[k];
    if (v === undefined) {
      v = this.make(k);
      made[k] = v;
    }
    return v;
  }

  *keys(): IterableIterator<string> {
    for (let k = 0; k < this.keyIds.length; k++) yield this.strings.get(this.keyIds[k]);
  }

  *values(): IterableIterator<V> {
    for (let k = 0; k < this.keyIds.length; k++) yield this.at(k);
  }

  *entries(): IterableIterator<[string, V]> {
    for (let k = 0; k < this.keyIds.length; k++) yield [this.strings.get(this.keyIds[k]), this.at(k)];
  }

  [Symbol.iterator](): IterableIterator<[string, V]> {
    return this.entries();
  }

  forEach(callback: (value: V, key: string, map: ReadonlyMap<string, V>) => void, thisArg?: unknown): void {
    for (let k = 0; k < this.keyIds.length; k++)
      callback.call(thisArg, this.at(k), this.strings.get(this.keyIds[k]), this);
  }
}
