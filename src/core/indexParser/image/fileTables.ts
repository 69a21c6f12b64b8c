// The file tables of an image (files, files by tag, files by hint phrase), derived from the
// parsed lists as lookups.ts derives them (same files, order, tags, hints, descriptions and
// spellings; the differential tests hold the two to each other), but as arrays of numbers: one
// Map lookup per entry, no object per file.
import { normaliseRelative } from '../../paths';
import type { TagEntry } from '../../types';
import { isNormalPath } from '../lookups';
import { buildHashTable } from './hashTable';
import { IntList } from './intList';
import type { StringsBuilder } from './strings';
import type { FilesImage, ListsImage } from './compact';

export interface EntryLists {
  tagIndex: ReadonlyMap<string, readonly TagEntry[]>;
  otherTags: ReadonlyMap<string, readonly TagEntry[]>;
  hints: ReadonlyMap<string, readonly string[]>;
}

export interface FileTables {
  files: FilesImage;
  filesByTag: ListsImage;
  filesByHint: ListsImage;
  tagIndex: ListsImage;
  otherTags: ListsImage;
  hints: ListsImage;
}

export function fileTables(lists: EntryLists, strings: StringsBuilder, seed: number): FileTables {
  return new Builder(lists, strings, seed).finish();
}

class Builder {
  // Files, numbered in the order they are first listed (the order of `files`).
  private readonly byKey = new Map<string, number>();
  /** Spellings that are not their own key (`./a.md`), each normalised once. */
  private readonly keyOf = new Map<string, string>();
  private readonly keyText: string[] = [];
  private readonly keyId = new IntList();
  private readonly writtenText: Array<string | undefined> = [];
  private readonly writtenId = new IntList();
  private readonly descriptionText: Array<string | null> = [];
  private readonly descriptionId = new IntList();
  /** stamp[f] === group: file f is already in the list being built (its tag or phrase). */
  private readonly stamp: Int32Array;
  private group = 0;
  // Tags per file and files per tag, as (file, tag) pairs in the order they are added.
  private readonly pairFile = new IntList();
  private readonly pairTag = new IntList();
  private readonly tagNo = new Map<string, number>();
  private readonly tagText: string[] = [];
  private readonly tagId: number[] = [];
  /** Per tag number: the pairs its first list (Tag Index) added, [from, to). */
  private readonly tagPairs: Array<[number, number]> = [];
  // Hints per file, as (file, phrase id) pairs; files per phrase, phrase by phrase.
  private readonly hintFile = new IntList();
  private readonly hintPhrase = new IntList();
  private readonly phraseFiles = new IntList();
  private readonly phraseStarts: number[] = [0];
  readonly tagIndex: ListsImage;
  readonly otherTags: ListsImage;
  readonly hints: ListsImage;

  constructor(
    lists: EntryLists,
    private readonly strings: StringsBuilder,
    private readonly seed: number,
  ) {
    let entries = 0;
    for (const list of lists.tagIndex.values()) entries += list.length;
    for (const list of lists.otherTags.values()) entries += list.length;
    for (const list of lists.hints.values()) entries += list.length;
    this.stamp = new Int32Array(entries); // at most one file per entry
    this.tagIndex = this.tagLists(lists.tagIndex);
    this.otherTags = this.tagLists(lists.otherTags);
    this.hints = this.hintLists(lists.hints);
  }

  /** The file number of path `p` as written, the file made on its first listing. */
  private fileFor(p: string): number {
    let key = p;
    if (!isNormalPath(p)) {
      key = this.keyOf.get(p) ?? normaliseRelative(p);
      this.keyOf.set(p, key);
    }
    let f = this.byKey.get(key);
    if (f === undefined) {
      f = this.keyText.length;
      this.byKey.set(key, f);
      this.keyText.push(key);
      this.keyId.push(this.strings.add(key));
      this.writtenText.push(p !== key ? p : undefined); // how a refusal names it (lookups.ts)
      this.writtenId.push(p !== key ? this.strings.add(p) : -1);
      this.descriptionText.push(null);
      this.descriptionId.push(-1);
    }
    return f;
  }

  /** The string id of path `p` of file f: the file's own key or spelling when it is one of those. */
  private pathId(p: string, f: number): number {
    if (p === this.keyText[f]) return this.keyId.at(f);
    if (p === this.writtenText[f]) return this.writtenId.at(f);
    return this.strings.id(p);
  }

  /** Tag Index or Other Tags: the entries as lists, and each entry's file tagged (lookups.ts). */
  private tagLists(map: ReadonlyMap<string, readonly TagEntry[]>): ListsImage {
    const keys = new Int32Array(map.size);
    const starts = new Uint32Array(map.size + 1);
    const items = new IntList();
    const descriptions = new IntList();
    const keyTexts: string[] = [];
    let k = 0;
    for (const [tag, entries] of map) {
      const tagId = this.strings.id(tag);
      keyTexts.push(tag);
      keys[k] = tagId;
      const group = ++this.group;
      let no = this.tagNo.get(tag);
      if (no !== undefined) {
        // Listed in Tag Index too: its files there already hold the tag.
        const [from, to] = this.tagPairs[no];
        for (let i = from; i < to; i++) this.stamp[this.pairFile.at(i)] = group;
      }
      const first = this.pairFile.length;
      for (const entry of entries) {
        const f = this.fileFor(entry.path);
        items.push(this.pathId(entry.path, f));
        descriptions.push(this.descriptionOf(entry.description, f));
        if (this.stamp[f] === group) continue;
        this.stamp[f] = group;
        if (no === undefined) {
          no = this.tagText.length;
          this.tagNo.set(tag, no);
          this.tagText.push(tag);
          this.tagId.push(tagId);
          this.tagPairs.push([first, first]);
        }
        this.pairFile.push(f);
        this.pairTag.push(no);
      }
      if (no !== undefined && this.tagPairs[no][0] === first) this.tagPairs[no][1] = this.pairFile.length;
      starts[++k] = items.length;
    }
    return { keys, table: buildHashTable(keyTexts, this.seed), starts, items: items.toArray(), descriptions: descriptions.toArray() };
  }

  /** An entry's description (string id or -1); the file's is its first listing's that has one. */
  private descriptionOf(d: string | null, f: number): number {
    if (d === null) return -1;
    const own = this.descriptionId.at(f);
    if (own < 0) {
      const id = this.strings.add(d);
      this.descriptionId.set(f, id);
      this.descriptionText[f] = d;
      return id;
    }
    return d === this.descriptionText[f] ? own : this.strings.id(d);
  }

  /** The Semantic Hints Index: the paths as lists, each phrase's files, each file's phrases. */
  private hintLists(map: ReadonlyMap<string, readonly string[]>): ListsImage {
    const keys = new Int32Array(map.size);
    const starts = new Uint32Array(map.size + 1);
    const items = new IntList();
    const keyTexts: string[] = [];
    let k = 0;
    for (const [phrase, paths] of map) {
      const phraseId = this.strings.id(phrase);
      keyTexts.push(phrase);
      keys[k] = phraseId;
      const group = ++this.group;
      for (const p of paths) {
        const f = this.fileFor(p);
        items.push(this.pathId(p, f));
        if (this.stamp[f] === group) continue;
        this.stamp[f] = group;
        this.hintFile.push(f);
        this.hintPhrase.push(phraseId);
        this.phraseFiles.push(f);
      }
      this.phraseStarts.push(this.phraseFiles.length);
      starts[++k] = items.length;
    }
    return { keys, table: buildHashTable(keyTexts, this.seed), starts, items: items.toArray(), descriptions: null };
  }

  finish(): FileTables {
    const n = this.keyText.length;
    const tags = bucket(n, this.pairFile, this.pairTag, (no) => this.tagId[no]);
    const hints = bucket(n, this.hintFile, this.hintPhrase, (id) => id);
    const byTag = bucket(this.tagText.length, this.pairTag, this.pairFile, (f) => f);
    return {
      files: {
        keys: this.keyId.toArray(),
        table: buildHashTable(this.keyText, this.seed),
        written: this.writtenId.toArray(),
        descriptions: this.descriptionId.toArray(),
        tagStarts: tags.starts,
        tags: tags.items,
        hintStarts: hints.starts,
        hints: hints.items,
      },
      filesByTag: { keys: Int32Array.from(this.tagId), table: buildHashTable(this.tagText, this.seed), starts: byTag.starts, items: byTag.items, descriptions: null },
      // Every phrase has a list of files (maybe empty), in the order of the hints: the same keys.
      filesByHint: { keys: this.hints.keys, table: this.hints.table, starts: Uint32Array.from(this.phraseStarts), items: this.phraseFiles.toArray(), descriptions: null },
      tagIndex: this.tagIndex,
      otherTags: this.otherTags,
      hints: this.hints,
    };
  }
}

/**
 * Pairs (owner[i], value[i]) grouped by owner (0…n-1), each group in the order of the pairs: a
 * counting sort, linear. `map` turns a stored value into the item kept.
 */
function bucket(n: number, owner: IntList, value: IntList, map: (v: number) => number): { starts: Uint32Array; items: Int32Array } {
  const starts = new Uint32Array(n + 1);
  for (let i = 0; i < owner.length; i++) starts[owner.at(i) + 1]++;
  for (let o = 0; o < n; o++) starts[o + 1] += starts[o];
  const next = starts.slice(0, n);
  const items = new Int32Array(owner.length);
  for (let i = 0; i < owner.length; i++) items[next[owner.at(i)]++] = map(value.at(i));
  return { starts, items };
}
