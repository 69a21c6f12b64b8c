// The index generator (§12): one scan of the notes, the rebuilt index.md, its diff, the write.
export { IndexScan, generateIndex, carriedIntact, SEED_KNOWN_TAGS, type IndexBuild, type GenOptions } from './generate';
export { collate, compareCodePoints } from './collation';
export { isEphemeralTag } from './model';
export { readIndexForWrite, readRebuildSource, writeIndexAtomically, type WriteOutcome } from './write';
export { addKnownTags } from './knownTags';
export { changeList, type ChangeGroup, type ChangeKind, type ChangeList, type ChangeRow } from './changeList';
export type { IndexDiff, RemovalReason } from './diff';
export type { ScanRefusal, ScanError } from './scan';
