// The index image: a parsed index as typed arrays, which postMessage moves (transfer list)
// without walking an object graph, and a reader opens without per-file work (view.ts).
import { normaliseForHint } from '../../match/tokenMatch';
import type { IndexProject, KnowledgeIndex, TeamSharedEntry } from '../../types';
import { fileTables } from './fileTables';
import { newSeed, type HashTableImage } from './hashTable';
import { IntList } from './intList';
import { compactLines, type LinesImage, type SmallLines } from './lines';
import { StringsBuilder, type StringsImage } from './strings';

// A map of lists: keys (string ids) in the map's order, a hash table over them, and list k as
// items[starts[k], starts[k + 1]): string ids or file numbers, entries with a description id (or -1).
export interface ListsImage {
  keys: Int32Array;
  table: HashTableImage;
  starts: Uint32Array;
  items: Int32Array;
  descriptions: Int32Array | null;
}

// `files` in its order, keyed by path; a file's tags and hint phrases are ranges, as in ListsImage.
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

export interface IndexImage {
  strings: StringsImage;
  files: FilesImage;
  tagIndex: ListsImage;
  otherTags: ListsImage;
  hints: ListsImage;
  filesByTag: ListsImage;
  filesByHint: ListsImage;
  /** Pairs of string ids (normalised, phrase). */
  normalisedHints: Int32Array;
  lines: LinesImage;
  /** The small sections as plain data (a few thousand entries at most). */
  small: Pick<KnowledgeIndex, 'lastRebuilt' | 'knownTags' | 'hasTeamSharedSection' | 'warnings'> & {
    projects: Array<[string, IndexProject]>;
    aliases: Array<[string, string]>;
    teamShared: Array<[string, TeamSharedEntry[]]>;
    lines: SmallLines;
  };
}

// Built on the worker side in one pass over the parsed lists (the file tables as a query built them).
export function compactIndex(index: KnowledgeIndex): IndexImage {
  const strings = new StringsBuilder();
  const tables = fileTables(index, strings, newSeed());
  const lines = compactLines(index.lines, strings);
  const normalised = new IntList();
  for (const phrase of index.hints.keys()) {
    normalised.push(strings.id(normaliseForHint(phrase)));
    normalised.push(strings.id(phrase));
  }
  const rest = {
    ...tables,
    normalisedHints: normalised.toArray(),
    lines: lines.columns,
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
      lines: lines.small,
    }),
  };
  return { strings: strings.finish(), ...rest };
}

/** What postMessage should move rather than copy: every typed array's buffer, once each. */
export function imageTransferables(image: IndexImage): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  const collect = (v: unknown): void => {
    if (ArrayBuffer.isView(v)) buffers.add(v.buffer as ArrayBuffer);
    else if (v !== null && typeof v === 'object') for (const x of Object.values(v)) collect(x);
  };
  for (const [key, v] of Object.entries(image)) if (key !== 'small') collect(v);
  return [...buffers];
}
