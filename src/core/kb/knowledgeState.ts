// A knowledge base's state, and how a read's outcome (or a throw) becomes one.
import type { Snapshot } from '../match/engine';
import type { NoIndexReason, SnapshotOutcome } from '../index/snapshot';
import type { Config } from '../types';

export type KnowledgeState =
  /** `stale`: index.md changed but could not be re-read (the loader's limits); this snapshot is the last good one. */
  | { kind: 'ready'; snapshot: Snapshot; stale?: string }
  | { kind: 'notConfigured'; message: string }
  /** reason: no folder, no index.md in it, or an index.md that cannot be read (§1). */
  | { kind: 'noIndex'; message: string; config: Config; reason: NoIndexReason }
  | { kind: 'error'; message: string };

export function stateOf(outcome: SnapshotOutcome): KnowledgeState {
  if (outcome.ok) return { kind: 'ready', snapshot: outcome.snapshot };
  if (outcome.config)
    return { kind: 'noIndex', message: outcome.message, config: outcome.config, reason: outcome.reason ?? 'noIndex' };
  return { kind: 'error', message: outcome.message };
}

/** The core is meant not to throw; if it ever does, the host still gets a state. */
export function failed(err: unknown): KnowledgeState {
  return { kind: 'error', message: `aria-context could not read the knowledge folder: ${(err as Error).message}` };
}
