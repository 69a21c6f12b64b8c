// The Index Rebuild view's rows (SPEC §7): a rebuild's change list by section, each section's
// added, removed, moved, dead and hand-written groups, their rows opening the line or note they
// are about; promotion candidates, problems and what else changes. Nodes are plain data; the
// children of a node are built when the view asks for them, at most ROWS_SHOWN each.
import { plural, type ChangeGroup, type ChangeKind } from '../../core';
import type { RebuildFacts } from '../../indexWorker/rebuildMessage';
import { diffOffer } from './rebuildModel';

/** Rows shown under one node at most; the rest are counted in a last row. */
export const ROWS_SHOWN = 500;

export type ChangeNode =
  | { type: 'section'; section: string }
  | { type: 'group'; group: number }
  | { type: 'change'; group: number; row: number }
  | { type: 'promotions' }
  | { type: 'promotion'; index: number }
  | { type: 'problems' }
  | { type: 'remarks' }
  | { type: 'text'; id: string; label: string; tooltip?: string }
  | { type: 'diff' };

export interface ChangeRowView {
  id: string;
  label: string;
  description?: string;
  tooltip?: string;
  expandable: boolean;
  /** What a click opens: a file at a 1-based line (null: its top), or the full diff. */
  open?: { file: string; line: number | null } | 'diff';
  icon?: string;
}

const KIND_TITLE: Record<ChangeKind, (n: number) => string> = {
  added: (n) => `${n} added`,
  removed: (n) => `${n} removed`,
  moved: (n) => `${plural(n, 'section')} moved in`,
  dead: (n) => `${plural(n, 'dead link')} dropped`,
  'hand-written': (n) => `${plural(n, 'hand-written line')} not carried`,
};

const KIND_ICON: Record<ChangeKind, string> = {
  added: 'diff-added',
  removed: 'diff-removed',
  moved: 'arrow-swap',
  dead: 'debug-disconnect',
  'hand-written': 'warning',
};

function sections(facts: RebuildFacts): string[] {
  return [...new Set(facts.changes.groups.map((g) => g.section))];
}

/** The view's top rows. */
export function rootNodes(facts: RebuildFacts): ChangeNode[] {
  const out: ChangeNode[] = sections(facts).map((section) => ({ type: 'section', section }));
  if (facts.promotions.length) out.push({ type: 'promotions' });
  if (facts.problemLines.length) out.push({ type: 'problems' });
  if (facts.remarks.length) out.push({ type: 'remarks' });
  if (!facts.unchanged) out.push({ type: 'diff' });
  return out;
}

/** A node's children, built when the view asks. */
export function childNodes(facts: RebuildFacts, node: ChangeNode): ChangeNode[] {
  switch (node.type) {
    case 'section':
      return facts.changes.groups.flatMap((g, i) =>
        g.section === node.section ? [{ type: 'group', group: i } as const] : [],
      );
    case 'group': {
      const g = facts.changes.groups[node.group];
      const rows: ChangeNode[] = g.rows
        .slice(0, ROWS_SHOWN)
        .map((_, row) => ({ type: 'change', group: node.group, row }));
      const rest = g.total - Math.min(g.rows.length, ROWS_SHOWN);
      if (rest > 0)
        rows.push({
          type: 'text',
          id: `more:${node.group}`,
          label: `and ${rest.toLocaleString('en-US')} more`,
          tooltip:
            'Only the first rows are listed here; Apply applies every change. In a terminal, aria-context index --check --json lists them all.',
        });
      return rows;
    }
    case 'promotions':
      return facts.promotions.slice(0, ROWS_SHOWN).map((_, index) => ({ type: 'promotion', index }));
    case 'problems':
      return facts.problemLines.slice(0, ROWS_SHOWN).map((line, i) => ({
        type: 'text',
        id: `problem:${i}`,
        label: line.replace(/^Rebuild Index: /, ''),
      }));
    case 'remarks':
      return facts.remarks.slice(0, ROWS_SHOWN).map((line, i) => ({ type: 'text', id: `remark:${i}`, label: line }));
    default:
      return [];
  }
}

function sectionDescription(groups: ChangeGroup[]): string {
  return groups.map((g) => KIND_TITLE[g.kind](g.total)).join(', ');
}

/** How a node is shown. */
export function rowView(facts: RebuildFacts, node: ChangeNode): ChangeRowView {
  switch (node.type) {
    case 'section':
      return {
        id: `section:${node.section}`,
        label: node.section,
        description: sectionDescription(facts.changes.groups.filter((g) => g.section === node.section)),
        expandable: true,
        icon: 'list-tree',
      };
    case 'group': {
      const g = facts.changes.groups[node.group];
      return {
        id: `group:${node.group}`,
        label: KIND_TITLE[g.kind](g.total),
        expandable: g.total > 0,
        icon: KIND_ICON[g.kind],
      };
    }
    case 'change': {
      const g = facts.changes.groups[node.group];
      const r = g.rows[node.row];
      const where = r.line === null ? 'opens the note' : `index.md line ${r.line}`;
      return {
        id: `change:${node.group}:${node.row}`,
        label: r.label,
        description: r.detail,
        tooltip: `${g.section}: ${KIND_TITLE[g.kind](1).replace(/^1 /, '')} · ${r.detail} · ${where}`,
        expandable: false,
        open: { file: r.file, line: r.line },
        icon: KIND_ICON[g.kind],
      };
    }
    case 'promotions':
      return {
        id: 'promotions',
        label: 'Promotion candidates',
        description: `${facts.promotions.length}: Apply and Promote Tags… adds the ones you pick to Known Tags`,
        expandable: true,
        icon: 'tag',
      };
    case 'promotion': {
      const p = facts.promotions[node.index];
      return {
        id: `promotion:${p.tag}`,
        label: p.tag,
        description: `${plural(p.notes, 'note')}: ${p.first.join(', ')}${p.notes > p.first.length ? ', …' : ''}`,
        expandable: false,
      };
    }
    case 'problems':
      return {
        id: 'problems',
        label: 'Errors and refused files',
        description: `${facts.errors + facts.refused}`,
        expandable: true,
        icon: 'error',
      };
    case 'remarks':
      return {
        id: 'remarks',
        label: 'Other changes and notes',
        description: `${facts.remarks.length}`,
        expandable: true,
        icon: 'info',
      };
    case 'text':
      return { id: node.id, label: node.label, tooltip: node.tooltip ?? node.label, expandable: false };
    case 'diff': {
      const offer = diffOffer(facts);
      const lines = plural(facts.changes.changedLines, 'changed line');
      return offer.ok
        ? { id: 'diff', label: 'Show the full diff', description: lines, expandable: false, open: 'diff', icon: 'diff' }
        : {
            id: 'diff',
            label: 'Full diff not offered',
            description: lines,
            tooltip: offer.why,
            expandable: false,
            icon: 'diff',
          };
    }
  }
}
