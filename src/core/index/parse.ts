// core/index/ (step 1): index.md read into one index value: the walk, the compact image, the cache file, the snapshot.
// Step 1: parse the `index.md` written by aria-knowledge's /index into lookup tables. Tolerant by
// design: unknown sections skipped, duplicates merged, odd lines reported. The differential tests
// and the fuzzer hold it to test/reliability/referenceIndexParser.ts. text.ts reads lines, walk.ts
// walks them, sections.ts and entryStore.ts fill the lists, lookups.ts builds the file tables at
// the walk's end; the index value carries its line records (index health's places) too;
// image/ holds the index as typed arrays and pooled strings (a thread hand-off, the cache file).
import type { KnowledgeIndex } from '../types';
import { compactIndex } from './image/compact';
import { indexFromImage } from './image/view';
import { walkIndex } from './walk';
import { walkText } from './text';

/** The index with its line records (where index health places its problems) from one walk. */
export function parseIndex(raw: string): KnowledgeIndex {
  const { text, first } = walkText(raw);
  return walkIndex(text, first, raw.length);
}

// What a long-lived holder keeps: the parse's objects and index.md's text become garbage.
export function parseIndexCompact(raw: string): KnowledgeIndex {
  return indexFromImage(compactIndex(parseIndex(raw)));
}
