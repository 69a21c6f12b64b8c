// The index image: a parsed index as a few strings and typed arrays, which postMessage copies
// (strings) or moves (typed arrays, through the transfer list) without walking an object graph,
// and which a reader opens without per-file work (view.ts). Built on the worker side, in one
// linear pass over the parsed lists.
import { normaliseForHint } from '../../tokenMatch';
import type { IndexProject, KnowledgeIndex, KnownTag, TeamSharedEntry } from '../../types';
import { fileTables } from './fileTables';
import { newSeed, type HashTableImage } from './hashTable';
import { IntList } from './intList';
import { StringsBuilder, stringsTransferables, type StringsImage } from './strings';

/**
 * A map of lists (tag → entries, phrase → paths, tag → files) as arrays: the keys (string
 * ids) in the map's order, a hash table over them, and the lists one after another: list k is
 * items[starts[k], starts[k + 1]). Items are string ids (paths) or file numbers; a tag list's
 * entries also have their descriptions (string id or -1).
 */
export interface ListsImage {
  keys: Int32Array;
  table: HashTableImage;
  starts: Uint32Array;
  items: Int32Array;
  descriptions: Int32Array | null;
}

/**
 * `files` in its order: file f is keyed by string keys[f] (its path); `written` and
 * `descriptions` hold string ids or -1; its tags (string ids, in the order of its Set) are
 * tags[tagStarts[f], tagStarts[f + 1]), its hint phrases likewise.
 */
export interface FilesImage {
  keys: Int32Array;
  table: HashTableImage;
  written: Int32Array;
  descriptions: Int32Array;
  tagStarts: Uint32Array;
  tags: Int32Array;
  hintStarts: Uint32Array;
  hints: Int32Array;
}

/** The small sections, as plain data (a few thousand entries at most in a real index). */
export interface SmallSections {
  lastRebuilt: string | null;
  projects: Array<[string, IndexProject]>;
  knownTags: KnownTag[];
  aliases: Array<[string, string]>;
  teamShared: Array<[string, TeamSharedEntry[]]>;
  hasTeamSharedSection: boolean;
  warnings: string[];
}

export interface IndexImage {
  strings: StringsImage;
  files: FilesImage;
  tagIndex: ListsImage;
  otherTags: ListsImage;
  hints: ListsImage;
  /** Items: file numbers. */
  filesByTag: ListsImage;
  filesByHint: ListsImage;
  /** normalisedHints as pairs of string ids (normalised, phrase). */
  normalisedHints: Int32Array;
  small: SmallSections;
}

/** The image of an index: its lists, its file tables (built here if no query built them yet) and small sections. */
export function compactIndex(index: KnowledgeIndex): IndexImage {
  const strings = new StringsBuilder();
  const tables = fileTables(index, strings, newSeed());
  const normalised = new IntList();
  for (const phrase of index.hints.keys()) {
    normalised.push(strings.id(normaliseForHint(phrase)));
    normalised.push(strings.id(phrase));
  }
  const rest = {
    ...tables,
    normalisedHints: normalised.toArray(),
    // A copy: the parsed sections' strings are slices of index.md's text, which an image must
    // not keep alive when it is used in the thread that parsed (parseIndexCompact).
    small: structuredClone({
      lastRebuilt: index.lastRebuilt,
      projects: [...index.projects],
      knownTags: index.knownTags,
      aliases: [...index.aliases],
      teamShared: [...index.teamShared],
      hasTeamSharedSection: index.hasTeamSharedSection,
      warnings: index.warnings,
    }),
  };
  return { strings: strings.finish(), ...rest };
}

/** What postMessage should move rather than copy: every typed array's buffer. */
export function imageTransferables(image: IndexImage): ArrayBuffer[] {
  const lists = (l: ListsImage) => [
    l.keys,
    l.table.slots,
    l.starts,
    l.items,
    ...(l.descriptions ? [l.descriptions] : []),
  ];
  const f = image.files;
  const arrays = [
    f.keys,
    f.table.slots,
    f.written,
    f.descriptions,
    f.tagStarts,
    f.tags,
    f.hintStarts,
    f.hints,
    ...lists(image.tagIndex),
    ...lists(image.otherTags),
    ...lists(image.hints),
    ...lists(image.filesByTag),
    ...lists(image.filesByHint),
    image.normalisedHints,
  ];
  // Once each: two sections may share an array (the hint phrases'), and a transfer list must not repeat one.
  return [...new Set([...stringsTransferables(image.strings), ...arrays.map((a) => a.buffer as ArrayBuffer)])];
}
