// Context: Rebuild Index…: the texts the command shows, from the core's diff (SPEC §12.8).
import { plural, type IndexDiff } from '../../core';

/** `9 added, 3 removed, 0 dead links dropped, 2 promotions available` (and refused files, errors). */
export function rebuildSummary(diff: IndexDiff): string {
  if (diff.unchanged) return 'index.md is up to date: a rebuild changes nothing';
  const parts = [
    `${diff.added.length} added`,
    `${diff.removed.length} removed`,
    `${plural(diff.deadLinks.length, 'dead link')} dropped`,
    diff.promotions.length ? `${plural(diff.promotions.length, 'promotion')} available` : 'no promotions',
  ];
  if (diff.refused.length) parts.push(`${plural(diff.refused.length, 'refused file')}`);
  if (diff.errors.length) parts.push(plural(diff.errors.length, 'error'));
  return parts.join(', ');
}

/** The promotion candidates as pick rows: the tag, how many notes, the first few. */
export function promotionItems(diff: IndexDiff): Array<{ label: string; description: string; tag: string }> {
  return diff.promotions.map((p) => ({
    label: p.tag,
    description: `${plural(p.files.length, 'note')}: ${p.files.slice(0, 3).join(', ')}${p.files.length > 3 ? ', …' : ''}`,
    tag: p.tag,
  }));
}

/** The lines the output channel gets: each error and refused file (the diff editor shows the rest). */
export function problemLines(diff: IndexDiff): string[] {
  return [
    ...diff.errors.map((e) => `Rebuild Index: error: ${e.path ? `${e.path}: ` : ''}${e.message}`),
    ...diff.refused.map((r) => `Rebuild Index: refused ${r.path}: ${r.reason}; not indexed`),
  ];
}
