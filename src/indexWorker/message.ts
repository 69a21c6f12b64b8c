// What the index worker posts, and how the receiving thread turns it back into an outcome.
import type { Config, KnowledgeIndex, SnapshotOutcome } from '../core';

export type WorkerMessage =
  | { ok: true; index: KnowledgeIndex }
  | { ok: false; code: Extract<SnapshotOutcome, { ok: false }>['code']; message: string };

export function outcomeMessage(outcome: SnapshotOutcome): { message: WorkerMessage; transfer: ArrayBuffer[] } {
  if (!outcome.ok) return { message: { ok: false, code: outcome.code, message: outcome.message }, transfer: [] };
  return { message: { ok: true, index: outcome.snapshot.index }, transfer: [] };
}

/** The outcome for the receiving thread's own config (the worker's copy is not kept). */
export function messageOutcome(message: WorkerMessage, config: Config): SnapshotOutcome {
  if (!message.ok) return { ok: false, code: message.code, message: message.message, config };
  return { ok: true, snapshot: { config, index: message.index } };
}
