// Step 2 of Context: Query — the result rows of the multi-select pick list. Pure: a mapper over
// the core's summary view, returning plain rows in the spec's group order; queryCommand.ts maps
// them to QuickPickItems. Only `item` rows can be picked. A multi-select QuickPick gives every
// row a checkbox, so when anything is loadable the list holds only loadable rows (`listRows`) and
// the rest (notes, ideas, missing artifacts, warnings) goes to the title, the placeholder and the
// Show Query Summary button; with nothing loadable the list is single-select and shows them all.
import { namedParts, plural, suggestionText, summaryView } from '../../core';
import type { ItemView, QueryResult, ResultItem, SummaryBlock, SummaryView } from '../../core';
import { plainText } from '../shared/plainText';

export type PickRow =
  | { kind: 'separator'; label: string }
  | { kind: 'item'; label: string; description: string; detail: string; item: ResultItem }
  /** Visible, not pickable: notes, ideas, missing artifacts, warnings. */
  | {
      kind: 'info';
      label: string;
      description?: string;
      detail?: string;
      role: 'note' | 'idea' | 'missing' | 'refused' | 'warning';
      noun?: string;
    }
  /** Visible action rows (no match: a suggested tag to query instead, edit the query). */
  | { kind: 'action'; label: string; description?: string; detail?: string; action: 'edit' }
  | { kind: 'action'; label: string; description?: string; detail?: string; action: 'query'; query: string };

export interface PickModel {
  title: string;
  /** The summary's `Found N files matching: [...] (OR)` (or the no-match line). */
  foundLine: string;
  placeholder: string;
  /** Every row, in the summary's order (notes, groups, ideas, warnings). */
  rows: PickRow[];
  selectableCount: number;
  /** What the QuickPick lists: `rows` without info rows when anything is loadable, so every row is checkable. */
  listRows: PickRow[];
  /** What is not listed, in words for the title (`2 ideas · 1 missing artifact`); empty when all is listed. */
  notListed: string;
  /** The query's notes (`Resolved pay → payments`, `Expanded proj-a to include: …`) when they are not rows: for the title. */
  notes: string[];
}

/** The detail line: artifact status and staleness, then the annotation (project/scope, tags, hint). */
export function itemDetail(row: ItemView): string {
  const parts = namedParts(row);
  if (row.item.category === 'tracked-artifact')
    parts.unshift(`${row.item.stale ? '$(warning) ' : ''}${row.item.status ?? ''}`.trim());
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

function block<K extends SummaryBlock['kind']>(
  view: SummaryView,
  kind: K,
): Extract<SummaryBlock, { kind: K }> | undefined {
  return view.find((b): b is Extract<SummaryBlock, { kind: K }> => b.kind === kind);
}

export function pickModel(result: QueryResult, queryText: string): PickModel {
  return {
    // Short enough for the title bar beside its buttons; the full found line is in the tooltip.
    title: result.noMatch
      ? `${queryText} — no match`
      : `${queryText} — ${plural(result.found, 'file')} (${result.query.mode})`,
    ...pickRows(summaryView(result, 'editor'), queryText),
  };
}

/** The title with what the list leaves out, so it is never silently dropped. */
export function pickTitle(model: PickModel): string {
  // The notes say what the query became: in the title, which stays while the list is filtered.
  return [model.title, model.notListed, ...model.notes].filter(Boolean).join(' · ');
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
    for (const n of notes) rows.push({ kind: 'info', role: 'note', label: `$(info) ${plainText(n)}` });
    for (const tag of help?.suggestions ?? [])
      rows.push({
        kind: 'action',
        action: 'query',
        query: tag,
        label: `$(lightbulb) Did you mean ${suggestionText(tag, help?.suggestionAliases)}?`,
        description: 'query this tag instead',
      });
    if (help) {
      rows.push({
        kind: 'info',
        role: 'note',
        label: `$(tag) ${help.knownTags}`,
        detail: help.knownTags.length > 90 ? help.knownTags : undefined,
      });
      rows.push({ kind: 'info', role: 'note', label: `$(info) ${help.hint}` });
    }
    rows.push({ kind: 'action', action: 'edit', label: '$(edit) Edit the query', description: queryText });
  } else if (notes.length) {
    rows.push({ kind: 'separator', label: 'Notes' });
    for (const n of notes) rows.push({ kind: 'info', role: 'note', label: `$(info) ${plainText(n)}` });
  }

  let selectableCount = 0;
  for (const b of view) {
    if (b.kind === 'group') {
      // Notes count what can be loaded (the found line's count); artifacts count their lines.
      const size =
        b.category === 'tracked-artifact' ? b.items.length : b.items.filter((r) => r.problem === null).length;
      rows.push({ kind: 'separator', label: `${b.title} (${size})` });
      for (const row of b.items) {
        const item = row.item;
        if (item.selectable) {
          selectableCount++;
          rows.push({
            kind: 'item',
            label: `${itemIcon(item)} ${row.title}`,
            description: row.path,
            detail: itemDetail(row),
            item,
          });
        } else {
          // §9 Shown, marked and never picked: missing (nothing there) or refused by the reader.
          const refused = item.problem?.kind === 'refused';
          const artifact = item.category === 'tracked-artifact';
          rows.push({
            kind: 'info',
            role: refused ? 'refused' : 'missing',
            noun: `${refused ? 'refused' : 'missing'} ${artifact ? 'artifact' : 'file'}`,
            label: `${refused ? '$(error)' : '$(circle-slash)'} ${row.title}`,
            description: row.path,
            detail: `${artifact ? (item.status ?? 'not found') : `(${row.problem ?? 'not loadable'})`}${item.project ? ` · project: ${item.project}` : ''} — not loadable`,
          });
        }
      }
      if (b.unlisted) rows.push({ kind: 'info', role: 'note', label: `$(ellipsis) ${plainText(b.unlisted)}` });
    } else if (b.kind === 'ideas') {
      rows.push({ kind: 'separator', label: `Pending ideas (${b.count})` });
      for (const idea of b.ideas) {
        rows.push({
          kind: 'info',
          role: 'idea',
          label: `${idea.idea.stale ? '$(warning)' : '$(lightbulb)'} ${plainText(idea.text)}`,
          description: idea.idea.path,
          detail: 'pending idea: shown, not loadable',
        });
      }
      if (b.legacyNote) rows.push({ kind: 'info', role: 'note', label: `$(info) ${plainText(b.legacyNote)}` });
    } else if (b.kind === 'warnings') {
      rows.push({ kind: 'separator', label: `Warnings (${b.warnings.length})` });
      // The label holds the whole text (the list wraps nothing, the summary shows it in full).
      for (const w of b.warnings) rows.push({ kind: 'info', role: 'warning', label: `$(warning) ${plainText(w)}` });
    }
  }

  const foundText = found?.line ?? '';
  const listRows = selectableCount ? loadableRows(rows) : rows;
  const noteLines = selectableCount ? notes.map(plainText) : [];
  return {
    foundLine: foundText,
    // Shown while the filter is empty, i.e. when the list opens: the notes must be read there.
    // The focus is in the filter, where Space types a space: a file is checked by its checkbox.
    placeholder: selectableCount
      ? 'Filter the files; click checkboxes to check several; Enter opens the checked files, or the highlighted one'
      : 'Nothing to load: Enter on "Edit the query" or the Back button goes back',
    rows,
    selectableCount,
    listRows,
    notListed: selectableCount ? notListed(rows) : '',
    notes: noteLines,
  };
}

/** Loadable rows under their group separators; separators left without rows are dropped. */
function loadableRows(rows: readonly PickRow[]): PickRow[] {
  const out: PickRow[] = [];
  let pending: PickRow | undefined;
  for (const row of rows) {
    if (row.kind === 'separator') pending = row;
    else if (row.kind === 'item') {
      if (pending) out.push(pending);
      pending = undefined;
      out.push(row);
    }
  }
  return out;
}

function notListed(rows: readonly PickRow[]): string {
  const count = (role: string) => rows.filter((r) => r.kind === 'info' && r.role === role).length;
  const parts: string[] = [];
  const ideas = count('idea');
  const warnings = count('warning');
  if (ideas) parts.push(plural(ideas, 'pending idea'));
  const unloadable = new Map<string, number>();
  for (const r of rows) if (r.kind === 'info' && r.noun) unloadable.set(r.noun, (unloadable.get(r.noun) ?? 0) + 1);
  for (const [noun, n] of unloadable) parts.push(plural(n, noun));
  if (warnings) parts.push(plural(warnings, 'warning'));
  return parts.join(' · ');
}
