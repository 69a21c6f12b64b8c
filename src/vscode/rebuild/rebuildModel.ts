// Context: Rebuild Index…: the texts the command shows and the edit Apply makes, from the facts the
// rebuild's worker posts (SPEC §12.8, §7). Pure: unit-tested in plain Node.
import { createHash } from 'node:crypto';
import { plural } from '../../core';
import type { MadeFrom, RebuildFacts } from '../../indexWorker/rebuildMessage';

/** The full-text diff is offered only up to this many changed lines: past it VS Code's diff gives up. */
export const DIFF_MAX_CHANGED_LINES = 5_000;
/** …and up to this size of either text. */
export const DIFF_MAX_CHARS = 4 * 1024 * 1024;

type SummaryFacts = Pick<
  RebuildFacts,
  | 'unchanged'
  | 'added'
  | 'removed'
  | 'notScanned'
  | 'deadLinks'
  | 'promotions'
  | 'refused'
  | 'errors'
  | 'changes'
  | 'promoted'
>;

const handWritten = (f: SummaryFacts) =>
  f.changes.groups.filter((g) => g.kind === 'hand-written').reduce((n, g) => n + g.total, 0);

/** `9 added, 3 removed, 0 dead links dropped, 1 section moved, 2 promotions available` (and what else goes). */
export function rebuildSummary(facts: SummaryFacts): string {
  if (facts.unchanged)
    return `index.md is up to date: a rebuild changes nothing${facts.promotions.length ? `; ${plural(facts.promotions.length, 'promotion')} available` : ''}`;
  // Pairs of notes in no scanned folder (§12.8) are said apart: their notes still carry the tags.
  const notScanned = facts.notScanned ? ` (${facts.notScanned} outside the scanned folders)` : '';
  const parts = [
    `${facts.added} added`,
    `${facts.removed} removed${notScanned}`,
    `${plural(facts.deadLinks, 'dead link')} dropped`,
  ];
  if (facts.changes.moved) parts.push(`${plural(facts.changes.moved, 'section')} moved`);
  const lines = handWritten(facts);
  if (lines) parts.push(`${plural(lines, 'hand-written line')} not carried`);
  if (facts.promoted.length) parts.push(`${plural(facts.promoted.length, 'tag')} promoted`);
  else
    parts.push(facts.promotions.length ? `${plural(facts.promotions.length, 'promotion')} available` : 'no promotions');
  if (facts.refused) parts.push(plural(facts.refused, 'refused file'));
  if (facts.errors) parts.push(plural(facts.errors, 'error'));
  return parts.join(', ');
}

/** The promotion candidates as pick rows: the tag, how many notes, the first few. */
export function promotionItems(
  facts: Pick<RebuildFacts, 'promotions'>,
): Array<{ label: string; description: string; tag: string }> {
  return facts.promotions.map((p) => ({
    label: p.tag,
    description: `${plural(p.notes, 'note')}: ${p.first.join(', ')}${p.notes > p.first.length ? ', …' : ''}`,
    tag: p.tag,
  }));
}

/** Whether the full-text diff can be shown, or why not (in the user's words). */
export function diffOffer(
  facts: Pick<RebuildFacts, 'text' | 'madeFrom' | 'changes'>,
): { ok: true } | { ok: false; why: string } {
  const lines = facts.changes.changedLines;
  if (lines > DIFF_MAX_CHANGED_LINES)
    return {
      ok: false,
      why: `The full diff is not offered: ${lines.toLocaleString('en-US')} changed lines, more than VS Code's diff editor can show (${DIFF_MAX_CHANGED_LINES.toLocaleString('en-US')}). The Index Rebuild view lists every change.`,
    };
  if (facts.text.byteLength > DIFF_MAX_CHARS || (facts.madeFrom?.chars ?? 0) > DIFF_MAX_CHARS)
    return {
      ok: false,
      why: 'The full diff is not offered: index.md is too large for the diff editor. The Index Rebuild view lists every change.',
    };
  return { ok: true };
}

/** How Apply delivers its edit: straight into the buffer, or through the Refactor Preview under auto-save. */
export function applyDelivery(autoSave: string | undefined, untitled: boolean): { review: boolean; message: string } {
  // Auto-save never saves an untitled buffer: the new index.md stays unsaved whatever the setting.
  const review = !untitled && (autoSave ?? 'off') !== 'off';
  return review
    ? {
        review,
        message:
          'Auto-save is on: the rebuild opens in the Refactor Preview and nothing changes until you apply it there; once applied, auto-save writes index.md.',
      }
    : { review, message: 'The rebuild is in the index.md editor, unsaved: review it and save it.' };
}

/** Why Apply refuses a rebuild of a text index.md no longer holds. */
export const CHANGED_SINCE =
  'index.md changed after the rebuild was made; nothing was applied. Run Context: Rebuild Index… again to rebuild from what it holds now.';

/** The rebuilt text: decoded once asked for (Apply, the diff), never on the way in. */
export function rebuildText(facts: Pick<RebuildFacts, 'text'>): string {
  return new TextDecoder().decode(facts.text);
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Why Apply must not replace the index.md buffer: it no longer holds the text the rebuild was made
 * from (edited, or the file changed on disk, meanwhile); null when Apply may go on.
 */
export function applyRefusal(bufferText: string, madeFrom: MadeFrom | null): string | null {
  if (madeFrom === null) return null;
  const text = bufferText.replace(/^\ufeff/, '');
  if (sha256(text) === madeFrom.exact) return null;
  // The editor may settle mixed line endings: only a change of the text counts.
  if (sha256(text.replace(/\r\n?/g, '\n')) === madeFrom.plain) return null;
  return CHANGED_SINCE;
}

/**
 * The one replacement that turns `before` into `after`: the lines between their common first and
 * last lines (offsets into `before`), so the edit and its preview hold only what changes.
 */
export function minimalEdit(before: string, after: string): { start: number; end: number; text: string } | null {
  // The editor's text has no BOM; the rebuild keeps index.md's, which the file's encoding keeps.
  if (after.charCodeAt(0) === 0xfeff && before.charCodeAt(0) !== 0xfeff) after = after.slice(1);
  if (before === after) return null;
  const max = Math.min(before.length, after.length);
  let start = 0;
  while (start < max && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let tail = 0;
  while (
    tail < max - start &&
    before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)
  )
    tail++;
  // Whole lines: back to the start of the line where they first differ, on to the end of the last.
  start = before.lastIndexOf('\n', start - 1) + 1;
  const newlineBefore = (t: string) => t.charCodeAt(t.length - tail - 1) === 10;
  while (tail > 0 && !(newlineBefore(before) && newlineBefore(after))) tail--;
  return { start, end: before.length - tail, text: after.slice(start, after.length - tail) };
}
