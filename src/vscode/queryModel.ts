// Step 2 of Context: Query — the result rows of the multi-select pick list. Pure: takes a core
// QueryResult and returns plain rows in the group order of §5; queryCommand.ts maps them to
// QuickPickItems. Only `item` rows can be picked; notes, ideas and missing artifacts are shown
// but do nothing.
import * as path from 'node:path';
import {
  expandedLine,
  foundLine,
  GROUP_ORDER,
  GROUP_TITLES,
  ideaLine,
  knownTagsLine,
  noMatchLine,
  REBUILD_HINT,
  resolvedLine,
  type QueryResult,
  type ResultItem,
} from '../core';
import { plural } from '../core/summary';

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

/** The item's title: its description, or for artifacts and bare entries the file name. */
export function itemTitle(item: ResultItem): string {
  if (item.category === 'tracked-artifact') return path.posix.basename(item.path.replace(/\\/g, '/'));
  return item.description?.trim() || path.posix.basename(item.path.replace(/\\/g, '/')).replace(/\.md$/i, '');
}

/** The detail line: tags, hint, project/scope, artifact age and staleness. */
export function itemDetail(item: ResultItem): string {
  const parts: string[] = [];
  if (item.category === 'tracked-artifact') {
    parts.push(`${item.stale ? '$(warning) ' : ''}${item.status ?? ''}`.trim());
    if (item.project) parts.push(`project: ${item.project}`);
    return parts.join(' · ');
  }
  if (item.category === 'team-shared') {
    parts.push(`project: ${item.project}${item.scope ? `, scope: ${item.scope}` : ''}`);
  }
  if (item.tags.length) parts.push(`tags: ${item.tags.join(', ')}`);
  if (item.hint) parts.push(`hint: ${item.hint}`);
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

export function groupSeparator(title: string, count: number): string {
  return `${title} (${count})`;
}

export function pickModel(result: QueryResult, queryText: string): PickModel {
  const rows: PickRow[] = [];
  const q = result.query;
  const notes: string[] = [
    ...q.resolved.map((r) => resolvedLine(r.alias, r.canonical)),
    ...q.expanded.map((e) => expandedLine(e.project, e.tags)),
    ...result.emptyProjectNotes,
  ];

  if (result.noMatch) {
    rows.push({ kind: 'separator', label: 'No match' });
    rows.push({ kind: 'info', role: 'note', label: `$(circle-slash) ${noMatchLine(q.tokens)}` });
    for (const n of notes) rows.push({ kind: 'info', role: 'note', label: `$(info) ${n}` });
    const known = knownTagsLine(result.knownTags);
    rows.push({ kind: 'info', role: 'note', label: `$(tag) ${known}`, detail: known.length > 90 ? known : undefined });
    rows.push({ kind: 'info', role: 'note', label: `$(info) ${REBUILD_HINT}` });
    rows.push({ kind: 'action', action: 'edit', label: '$(edit) Edit the query', description: queryText });
  } else if (notes.length) {
    rows.push({ kind: 'separator', label: 'Notes' });
    for (const n of notes) rows.push({ kind: 'info', role: 'note', label: `$(info) ${n}` });
  }

  let selectableCount = 0;
  for (const category of GROUP_ORDER) {
    const items = result.items.filter((i) => i.category === category);
    if (items.length === 0) continue;
    rows.push({ kind: 'separator', label: groupSeparator(GROUP_TITLES[category], items.length) });
    for (const item of items) {
      if (item.selectable) {
        selectableCount++;
        rows.push({ kind: 'item', label: `${itemIcon(item)} ${itemTitle(item)}`, description: item.path, detail: itemDetail(item), item });
      } else {
        rows.push({
          kind: 'info',
          role: 'missing',
          label: `$(circle-slash) ${itemTitle(item)}`,
          description: item.path,
          detail: `${item.status ?? 'not found'}${item.project ? ` · project: ${item.project}` : ''} — not loadable`,
        });
      }
    }
  }

  if (result.showsIdeas && (result.ideas.length > 0 || result.legacyNote)) {
    rows.push({ kind: 'separator', label: `Pending ideas (${result.ideas.length}) — shown, not loadable` });
    for (const idea of result.ideas) {
      const line = ideaLine(idea).replace(/^- /, '');
      rows.push({ kind: 'info', role: 'idea', label: `${idea.stale ? '$(warning)' : '$(lightbulb)'} ${line}`, description: idea.path });
    }
    if (result.legacyNote) rows.push({ kind: 'info', role: 'note', label: `$(info) ${result.legacyNote}` });
  }

  if (result.warnings.length > 0) {
    rows.push({ kind: 'separator', label: `Warnings (${result.warnings.length})` });
    for (const w of result.warnings) rows.push({ kind: 'info', role: 'warning', label: `$(warning) ${w}`, detail: w.length > 90 ? w : undefined });
  }

  return {
    // Short enough for the title bar beside its buttons; the full found line is in the tooltip.
    title: result.noMatch ? `${queryText} — no match` : `${queryText} — ${plural(result.found, 'file')} (${q.mode})`,
    foundLine: result.noMatch ? noMatchLine(q.tokens) : foundLine(result),
    placeholder: selectableCount
      ? result.noMatch
        ? noMatchLine(q.tokens)
        : foundLine(result)
      : 'Nothing to load: Enter on "Edit the query" or the Back button goes back',
    rows,
    selectableCount,
  };
}
