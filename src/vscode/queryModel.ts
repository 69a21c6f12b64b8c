// Step 2 of Context: Query — the result rows of the multi-select pick list. Pure: a mapper over
// the core's summary view, returning plain rows in the spec's group order; queryCommand.ts maps
// them to QuickPickItems. Only `item` rows can be picked; notes, ideas and missing artifacts are
// shown but do nothing.
import { namedParts, plural, summaryView, type ItemView, type QueryResult, type ResultItem, type SummaryBlock, type SummaryView } from '../core';

export type PickRow =
  | { kind: 'separator'; label: string }
  | { kind: 'item'; label: string; description: string; detail: string; item: ResultItem }
  /** Visible, not pickable: notes, ideas, missing artifacts, warnings. */
  | { kind: 'info'; label: string; description?: string; detail?: string; role: 'note' | 'idea' | 'missing' | 'warning' }
  /** Visible action rows (no match: edit the query). */
  | { kind: 'action'; label: string; description?: string; detail?: string; action: 'edit' };

export interface PickModel {
  title: string;
  /** The summary's `Found N files matching: [...] (OR)` (or the no-match line). */
  foundLine: string;
  placeholder: string;
  rows: PickRow[];
  selectableCount: number;
}

/** The detail line: artifact status and staleness, then the annotation (project/scope, tags, hint). */
export function itemDetail(row: ItemView): string {
  const parts = namedParts(row);
  if (row.item.category === 'tracked-artifact') parts.unshift(`${row.item.stale ? '$(warning) ' : ''}${row.item.status ?? ''}`.trim());
  return parts.join(' · ');
}

function itemIcon(item: ResultItem): string {
  switch (item.category) {
    case 'team-shared':
      return '$(organization)';
    case 'project-specific':
      return '$(project)';
    case 'tracked-artifact':
      return item.stale ? '$(warning)' : '$(map)';
    default:
      return '$(file)';
  }
}

function block<K extends SummaryBlock['kind']>(view: SummaryView, kind: K): Extract<SummaryBlock, { kind: K }> | undefined {
  return view.find((b): b is Extract<SummaryBlock, { kind: K }> => b.kind === kind);
}

export function pickModel(result: QueryResult, queryText: string): PickModel {
  return {
    // Short enough for the title bar beside its buttons; the full found line is in the tooltip.
    title: result.noMatch ? `${queryText} — no match` : `${queryText} — ${plural(result.found, 'file')} (${result.query.mode})`,
    ...pickRows(summaryView(result), queryText),
  };
}

/** The rows of a summary view; the no-match help and the query's notes come first. */
export function pickRows(view: SummaryView, queryText: string): Omit<PickModel, 'title'> {
  const rows: PickRow[] = [];
  const found = block(view, 'found');
  const help = block(view, 'noMatchHelp');
  const notes = [...(block(view, 'queryNotes')?.lines ?? []), ...(block(view, 'emptyProjects')?.notes ?? [])];

  if (found?.noMatch) {
    rows.push({ kind: 'separator', label: 'No match' });
    rows.push({ kind: 'info', role: 'note', label: `$(circle-slash) ${found.line}` });
    for (const n of notes) rows.push({ kind: 'info', role: 'note', label: `$(info) ${n}` });
    if (help) {
      rows.push({ kind: 'info', role: 'note', label: `$(tag) ${help.knownTags}`, detail: help.knownTags.length > 90 ? help.knownTags : undefined });
      rows.push({ kind: 'info', role: 'note', label: `$(info) ${help.hint}` });
    }
    rows.push({ kind: 'action', action: 'edit', label: '$(edit) Edit the query', description: queryText });
  } else if (notes.length) {
    rows.push({ kind: 'separator', label: 'Notes' });
    for (const n of notes) rows.push({ kind: 'info', role: 'note', label: `$(info) ${n}` });
  }

  let selectableCount = 0;
  for (const b of view) {
    if (b.kind === 'group') {
      rows.push({ kind: 'separator', label: `${b.title} (${b.items.length})` });
      for (const row of b.items) {
        const item = row.item;
        if (item.selectable) {
          selectableCount++;
          rows.push({ kind: 'item', label: `${itemIcon(item)} ${row.title}`, description: row.path, detail: itemDetail(row), item });
        } else {
          rows.push({
            kind: 'info',
            role: 'missing',
            label: `$(circle-slash) ${row.title}`,
            description: row.path,
            detail: `${item.status ?? 'not found'}${item.project ? ` · project: ${item.project}` : ''} — not loadable`,
          });
        }
      }
    } else if (b.kind === 'ideas') {
      rows.push({ kind: 'separator', label: `Pending ideas (${b.count}) — shown, not loadable` });
      for (const idea of b.ideas) {
        rows.push({ kind: 'info', role: 'idea', label: `${idea.idea.stale ? '$(warning)' : '$(lightbulb)'} ${idea.text}`, description: idea.idea.path });
      }
      if (b.legacyNote) rows.push({ kind: 'info', role: 'note', label: `$(info) ${b.legacyNote}` });
    } else if (b.kind === 'warnings') {
      rows.push({ kind: 'separator', label: `Warnings (${b.warnings.length})` });
      for (const w of b.warnings) rows.push({ kind: 'info', role: 'warning', label: `$(warning) ${w}`, detail: w.length > 90 ? w : undefined });
    }
  }

  const foundText = found?.line ?? '';
  return {
    foundLine: foundText,
    placeholder: selectableCount ? foundText : 'Nothing to load: Enter on "Edit the query" or the Back button goes back',
    rows,
    selectableCount,
  };
}
