// What the MCP handlers read from: the current snapshot, the scan cache, and "today".
import type { CoreCache, SnapshotOutcome } from '../core';

export interface KnowledgeSource {
  current(): SnapshotOutcome;
  readonly cache: CoreCache;
  today(): string;
}
