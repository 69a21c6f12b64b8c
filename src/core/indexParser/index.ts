// Step 1: parse the `index.md` written by aria-knowledge's /index into lookup tables.
// Tolerant by design: unknown sections are skipped, duplicates merged, odd lines reported.
// The differential tests and the seeded fuzzer hold it to the plain reference parser in
// test/reliability/referenceIndexParser.ts. By concern:
//   text.ts        line-level reading (whitespace, bullets, headings, labels, entry text)
//   walk.ts        the one walk over the lines (and, for index health, where things are)
//   sections.ts    Projects, Known Tags and the Team-Shared Tag Index
//   entryStore.ts  entries into their lists, duplicates merged
//   lookups.ts     the file tables a query reads, built once on first use
//   image/         the index as a compact image (typed arrays, pooled strings) and back
import type { KnowledgeIndex } from '../types';
import { compactIndex, indexFromImage } from './image';
import { withLookups } from './lookups';
import { emptyLines, type IndexLines } from './parsed';
import { walkIndex } from './walk';
import { walkText } from './text';

export { compactIndex, imageTransferables, indexFromImage, validImage, type IndexImage } from './image';
export type { IndexLineEntry, IndexLines } from './parsed';

/** The parsed index; given `lines`, the walk also fills in where each thing is (index health). */
export function parseIndex(raw: string, lines: IndexLines | null = null): KnowledgeIndex {
  const { text, first } = walkText(raw);
  return withLookups(walkIndex(text, first, lines, raw.length));
}

/** Where things are in index.md, read by the parser's own walk. */
export function indexLines(raw: string): IndexLines {
  const lines = emptyLines();
  parseIndex(raw, lines);
  return lines;
}

/**
 * parseIndex's index, held as a compact image (image/): what a long-lived holder keeps (the
 * editor, the MCP server). The parse's objects and index.md's text are garbage once it returns.
 */
export function parseIndexCompact(raw: string): KnowledgeIndex {
  return indexFromImage(compactIndex(parseIndex(raw)));
}
