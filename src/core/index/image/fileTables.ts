// The tables of an image as numbers: the file tables the parse built once (lookups.ts: files,
// files by tag, files by hint phrase) and the entry lists they came from, each path and
// description pooled once. One pass over each table; no table is derived again here.
import type { IndexedFile, KnowledgeIndex, TagEntry } from '../../types';
import { fileKey } from '../lookups';
import { buildHashTable } from './hashTable';
import { IntList } from './intList';
import type { StringsBuilder } from './strings';
import type { FilesImage, ListsImage } from './compact';

export interface FileTables {
  files: FilesImage;
  filesByTag: ListsImage;
  filesByHint: ListsImage;
  tagIndex: ListsImage;
  otherTags: ListsImage;
  hints: ListsImage;
}

export function fileTables(index: KnowledgeIndex, strings: StringsBuilder, seed: number): FileTables {
  const numbers = new Map<IndexedFile, number>();
  const keys: string[] = [];
  const keyIds = new IntList();
  const written = new IntList();
  const descriptions = new IntList();
  const tags = new IntList();
  const tagStarts = new IntList();
  const hints = new IntList();
  const hintStarts = new IntList();
  tagStarts.push(0);
  hintStarts.push(0);
  for (const file of index.files.values()) {
    numbers.set(file, keys.length);
    keys.push(file.path);
    keyIds.push(strings.add(file.path));
    written.push(file.written === undefined ? -1 : strings.add(file.written));
    descriptions.push(file.description === null ? -1 : strings.add(file.description));
    for (const tag of file.tags) tags.push(strings.id(tag));
    tagStarts.push(tags.length);
    for (const phrase of file.hints) hints.push(strings.id(phrase));
    hintStarts.push(hints.length);
  }
  const fileOf = (p: string) => numbers.get(index.files.get(fileKey(p))!)!;
  // A listed path or description is usually its file's own: its string id is then reused.
  const pathId = (p: string, f: number) =>
    p === keys[f]
      ? keyIds.at(f)
      : written.at(f) >= 0 && p === index.files.get(keys[f])!.written
        ? written.at(f)
        : strings.id(p);
  const descriptionId = (d: string | null, f: number) =>
    d === null
      ? -1
      : descriptions.at(f) >= 0 && d === index.files.get(keys[f])!.description
        ? descriptions.at(f)
        : strings.id(d);

  const entryLists = (map: ReadonlyMap<string, readonly TagEntry[]>) =>
    lists(
      map,
      strings,
      seed,
      (entries, items, ds) => {
        for (const e of entries) {
          const f = fileOf(e.path);
          items.push(pathId(e.path, f));
          ds!.push(descriptionId(e.description, f));
        }
      },
      true,
    );
  const hintLists = lists(index.hints, strings, seed, (paths, items) => {
    for (const p of paths) items.push(pathId(p, fileOf(p)));
  });
  const fileLists = (map: ReadonlyMap<string, readonly IndexedFile[]>) =>
    lists(map, strings, seed, (files, items) => {
      for (const file of files) items.push(numbers.get(file)!);
    });
  const byHint = fileLists(index.filesByHint);
  return {
    files: {
      keys: keyIds.toArray(),
      table: buildHashTable(keys, seed),
      written: written.toArray(),
      descriptions: descriptions.toArray(),
      tagStarts: new Uint32Array(tagStarts.toArray()),
      tags: tags.toArray(),
      hintStarts: new Uint32Array(hintStarts.toArray()),
      hints: hints.toArray(),
    },
    filesByTag: fileLists(index.filesByTag),
    // filesByHint has the hints' keys in their order (lookups.ts): one key list and table for both.
    filesByHint: { ...byHint, keys: hintLists.keys, table: hintLists.table },
    tagIndex: entryLists(index.tagIndex),
    otherTags: entryLists(index.otherTags),
    hints: hintLists,
  };
}

/** A map of lists as a ListsImage; `fill` pushes one list's items (and descriptions). */
function lists<V>(
  map: ReadonlyMap<string, V>,
  strings: StringsBuilder,
  seed: number,
  fill: (list: V, items: IntList, descriptions: IntList | null) => void,
  withDescriptions = false,
): ListsImage {
  const keys = new Int32Array(map.size);
  const keyTexts: string[] = [];
  const starts = new Uint32Array(map.size + 1);
  const items = new IntList();
  const descriptions = withDescriptions ? new IntList() : null;
  let k = 0;
  for (const [key, list] of map) {
    keys[k] = strings.id(key);
    keyTexts.push(key);
    fill(list, items, descriptions);
    starts[++k] = items.length;
  }
  return {
    keys,
    table: buildHashTable(keyTexts, seed),
    starts,
    items: items.toArray(),
    descriptions: descriptions?.toArray() ?? null,
  };
}
