// §12.2 One note as the generator sees it: its front matter (tags, hints, last update) and title,
// read through the one reader under the configuration's containment.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { NOTE_HEAD_BYTES, scalarText } from '../config/frontMatter';
import { noteHead } from '../read/noteHead';
import { configHeadReader, type HeadRead } from '../read/noteHeads';
import { escapeControls } from '../present/outputText';
import { isIsoDate } from '../match/staleness';
import type { Config } from '../types';
import { readReport, reportDate, type ReviewReport } from './reviews';
import type { ScanList, ScanTarget } from './scan';

export interface ScannedNote extends ScanTarget {
  /** Lowercased, once each, in front-matter order, the path-derived tag last. */
  tags: string[];
  /** The tags the front matter itself declares (lowercased): untagged, alias collisions. */
  ownTags: string[];
  hints: string[];
  description: string;
  lastUpdated: string | null;
  /** Why the front matter was not used (the note is still listed by its path-derived tag). */
  problem: string | null;
  /** A review report's line of the Review Index (§12.3). */
  report?: ReviewReport;
}

export type NoteRead =
  | { kind: 'note'; note: ScannedNote }
  | { kind: 'refused'; path: string; reason: string }
  /** Vanished since it was listed, or a folder's README stub. */
  | { kind: 'none' };

export type HeadReader = (abs: string, maxBytes: number) => HeadRead;

export function noteReader(config: Config): HeadReader {
  return configHeadReader(config);
}

/** A description is one line of an entry, kept short, its control and format characters escaped (§12.2). */
const MAX_DESCRIPTION = 300;

export function readNote(target: ScanList['targets'][number], read: HeadReader): NoteRead {
  const head = read(target.abs, NOTE_HEAD_BYTES);
  if (!head.ok) {
    if ((head as { missing?: boolean }).missing) {
      // Gone since it was listed: nothing to say. A link to nothing is a note the user expects: said.
      if (!isLink(target.abs)) return { kind: 'none' };
      return { kind: 'refused', path: target.path, reason: 'a symlink whose target does not exist' };
    }
    return { kind: 'refused', path: target.path, reason: head.reason };
  }
  const fm = noteHead(head.text);
  const ownTags = unique(fm.tags.map((t) => t.toLowerCase()));
  if (target.readme && ownTags.length === 0) return { kind: 'none' };
  const tags = [...ownTags];
  if (target.project && !tags.includes(target.project)) tags.push(target.project);
  const hints = fm.hints;
  let description = fm.title ?? path.basename(target.abs).replace(/\.md$/i, '');
  if (description.length > MAX_DESCRIPTION) {
    // Cut between characters: half a surrogate pair would be written as U+FFFD and never read back.
    let end = MAX_DESCRIPTION - 1;
    const last = description.charCodeAt(end - 1);
    if (last >= 0xd800 && last <= 0xdbff) end--;
    description = `${description.slice(0, end)}…`;
  }
  const { readme: _readme, ...rest } = target;
  // A review report's `date:` stands in for a missing `Last updated:` (/index's reviews tier).
  const updated = lastUpdated(fm.data ?? {}, target.tier) ?? (target.review ? reportDate(fm.data ?? {}) : null);
  return {
    kind: 'note',
    note: {
      ...rest,
      tags,
      ownTags,
      hints,
      description: escapeControls(description),
      lastUpdated: updated,
      problem: fm.problem,
      ...(target.review && {
        report: readReport(fm.data ?? {}, target.review, description, path.basename(target.abs), updated),
      }),
    },
  };
}

function isLink(abs: string): boolean {
  try {
    return fs.lstatSync(abs).isSymbolicLink();
  } catch {
    return false;
  }
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/** `Last updated:` (any case; `last_updated`, `last-updated` too), its leading YYYY-MM-DD. */
function lastUpdated(data: Record<string, unknown>, _tier: string): string | null {
  for (const [key, value] of Object.entries(data)) {
    if (key.toLowerCase().replace(/[_-]/g, ' ') !== 'last updated') continue;
    const text = scalarText(value);
    const day = text?.slice(0, 10) ?? '';
    if (isIsoDate(day)) return day;
  }
  return null;
}
