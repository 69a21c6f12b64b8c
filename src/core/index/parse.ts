// core/index/ (step 1): index.md read into one index value: the walk, the compact image, the cache file, the snapshot.
// Step 1: parse the `index.md` written by aria-knowledge's /index into lookup tables. Tolerant by
// design: unknown sections skipped, duplicates merged, odd lines reported. The differential tests
// and the fuzzer hold it to test/reliability/referenceIndexParser.ts. text.ts reads lines, walk.ts
// walks them, sections.ts and entryStore.ts fill the lists, lookups.ts derives the file tables;
// image/ holds the index as typed arrays and pooled strings (a thread hand-off, the cache file).
import type { KnowledgeIndex } from '../types';
import { compactIndex } from './image/compact';
import { indexFromImage } from './image/view';
import { withLookups } from './lookups';
import { emptyLines, type IndexLines } from './parsed';
import { walkIndex } from './walk';
import { walkText } from './text';

export { compactIndex, imageTransferables, type IndexImage } from './image/compact';
export { indexFromImage } from './image/view';
export { CorruptImageError } from './image/strings';
export type { IndexLineEntry, IndexLines } from './parsed';

/** Given `lines`, the walk also notes where each thing is (index health). */
export function parseIndex(raw: string, lines: IndexLines | null = null): KnowledgeIndex {
  const { text, first } = walkText(raw);
  return withLookups(walkIndex(text, first, lines, raw.length));
}

export function indexLines(raw: string): IndexLines {
  const lines = emptyLines();
  parseIndex(raw, lines);
  return lines;
}

// What a long-lived holder keeps: the parse's objects and index.md's text become garbage.
export function parseIndexCompact(raw: string): KnowledgeIndex {
  return indexFromImage(compactIndex(parseIndex(raw)));
}
