// What the editor's rebuild (Context: Rebuild Index…) asks of its worker and gets back: progress
// while the notes are read, then compact facts of the rebuild, never the whole diff.
import type { ChangeList, Config } from '../core';

export interface RebuildRequest {
  job: 'rebuild';
  config: Config;
  /** The index.md buffer's text when it is open; absent: the worker reads index.md itself. */
  text?: string;
  today: string;
  /** Tags to add to Known Tags before the rebuild (Apply and Promote): their sections move with them. */
  promote?: string[];
}

export interface RebuildProgress {
  kind: 'progress';
  scanned: number;
  total: number;
}

/** A promotion candidate: its tag, how many notes carry it and the first few. */
export interface PromotionFact {
  tag: string;
  notes: number;
  first: string[];
}

/** The index.md text a rebuild was made from, as hashes (SHA-256, hex), so Apply can tell it still holds. */
export interface MadeFrom {
  /** Of the text without a BOM (what the editor's buffer holds of it). */
  exact: string;
  /** Of the text without a BOM and with every line ending `\n`. */
  plain: string;
  /** Its length in characters. */
  chars: number;
}

/** The rebuild as the editor shows it: counts, the bounded change list, the lines for the log. */
export interface RebuildFacts {
  /** The rebuilt index.md, UTF-8: bytes cost the host a copy, a string of it a slow deserialization. */
  text: Uint8Array;
  /** What it was made from (null: there was no index.md). */
  madeFrom: MadeFrom | null;
  unchanged: boolean;
  notes: number;
  added: number;
  removed: number;
  /** Of the removed pairs, those whose note is in no scanned folder (§12.8 `not-scanned`). */
  notScanned?: number;
  deadLinks: number;
  refused: number;
  errors: number;
  promotions: PromotionFact[];
  changes: ChangeList;
  /** Errors and refused files for the output channel (bounded). */
  problemLines: string[];
  /** What else the rebuild changes or leaves out, for people (bounded). */
  remarks: string[];
  /** Tags added to Known Tags before the rebuild. */
  promoted: string[];
}

export type RebuildAnswer =
  RebuildProgress | { kind: 'built'; facts: RebuildFacts } | { kind: 'failed'; message: string };
