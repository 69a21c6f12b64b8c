// Step 1: parse the `index.md` written by aria-knowledge's /index into lookup tables.
// Tolerant by design: unknown sections are skipped, duplicates merged, odd lines reported.
//
// Built for speed on large indexes (tens of thousands of entry lines), with results equal to
// the straightforward parser kept in test/reliability/referenceIndexParser.ts, which the
// differential tests (and the seeded fuzzer) hold it to. By concern:
//   text.ts        line-level reading (whitespace, bullets, headings, labels)
//   walk.ts        the walk over the lines, its hot loop for the common entry line
//   sections.ts    Projects, Known Tags and the Team-Shared Tag Index
//   entryStore.ts  entries into their lists, duplicates merged
//   lookups.ts     the tables a query reads, built on first use
//   forQuery.ts    the index as one query sees it (the CLI)
//   image/         the index as a compact image (typed arrays, pooled strings) and back
import type { KnowledgeIndex } from '../types';
import { compactIndex, indexFromImage } from './image';
import { withLookups } from './lookups';
import { walkIndex } from './walk';
import { walkText } from './text';

export { parseIndexForQuery } from './forQuery';
export { compactIndex, imageTransferables, indexFromImage, type IndexImage } from './image';

export function parseIndex(raw: string): KnowledgeIndex {
  const { text, first } = walkText(raw);
  return withLookups(walkIndex(text, first));
}

/**
 * parseIndex's index, held as a compact image (image/): what a long-lived holder keeps (the
 * editor, the MCP server). The parse's objects and index.md's text are garbage once it returns.
 */
export function parseIndexCompact(raw: string): KnowledgeIndex {
  return indexFromImage(compactIndex(parseIndex(raw)));
}
