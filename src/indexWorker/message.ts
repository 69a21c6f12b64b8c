// What the index worker is asked and posts, and how the receiving thread turns it back.
import {
  compactIndex,
  imageTransferables,
  indexFromImage,
  type Config,
  type IndexHealth,
  type IndexImage,
  type KnowledgeIndex,
  type SnapshotOutcome,
} from '../core';

export type WorkerJob = 'load' | 'check';

/** A job for the worker; each message it posts back carries the job's id. */
export interface WorkerRequest {
  id: number;
  job: WorkerJob;
  config: Config;
  /** A check of this text (an editor's unsaved index.md) instead of the file on disk. */
  text?: string;
}

export interface WorkerAnswer {
  id: number;
  message: unknown;
}

export type LoadMessage =
  | { ok: true; image: IndexImage }
  | {
      ok: false;
      code: Extract<SnapshotOutcome, { ok: false }>['code'];
      message: string;
      reason?: Extract<SnapshotOutcome, { ok: false }>['reason'];
    };

/** The cheap check's report and the text of the lines it points to, or null when index.md could not be read. */
export type CheckMessage = { health: IndexHealth; lines: Record<number, string> } | { health: null };

/** A parsed index as the message that carries it, and what that message moves rather than copies. */
export function imageMessage(index: KnowledgeIndex): { message: LoadMessage; transfer: ArrayBuffer[] } {
  const image = compactIndex(index);
  return { message: { ok: true, image }, transfer: imageTransferables(image) };
}

/** The outcome for the receiving thread's own config (the worker's copy is not kept). */
export function messageOutcome(message: LoadMessage, config: Config): SnapshotOutcome {
  if (!message.ok) return { ok: false, code: message.code, message: message.message, config, reason: message.reason };
  return { ok: true, snapshot: { config, index: indexFromImage(message.image) } };
}
