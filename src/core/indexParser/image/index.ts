// The index image (compact.ts builds it, view.ts opens it): how a parsed index crosses a
// thread, and how the editor and the MCP server hold it. By concern:
//   strings.ts    the strings, in a one-byte and a two-byte pool
//   hashTable.ts  lookups by key over string ids, the same hash on both sides
//   compact.ts    the image type and compactIndex (worker side)
//   fileTables.ts the parse's file tables and entry lists as numbers
//   view.ts       indexFromImage: Map views that make files and lists on first read
//   file.ts       an image as bytes (the index cache), validate.ts what a read-back image must be
export { compactIndex, imageTransferables, type IndexImage } from './compact';
export { validImage } from './validate';
export { indexFromImage } from './view';
