// The active file's knowledge and the index's health, as plain data: the status bar item's
// text and tooltip, and the rows the tag tree shows at its top. Pure (no vscode import):
// activeFile.ts and indexDiagnostics.ts map these to the editor.
import {
  healthSummary,
  itemView,
  plural,
  INDEX_REBUILD_HINT,
  type DerivedQuery,
  type IndexHealth,
  type KnowledgeState,
  type ResultItem,
} from '../../core';
import { SHOW_INDEX_PROBLEMS_COMMAND } from '../shared/commandIds';
import { fileTooltip, type TreeNode } from '../shared/treeRows';

/** What the active file surfaced: the derived query, its top files and how many there are. */
export interface ActiveFileKnowledge {
  derived: DerivedQuery;
  /** At most five loadable files, best first. */
  files: ResultItem[];
  /** Every loadable file the query found. */
  total: number;
  /** Why the query could not run, when it could not. */
  problem?: string;
}

/** The index's state for the status bar (issue: files, last rebuilt, stale artifacts, warnings). */
export interface IndexStateFacts {
  state: KnowledgeState['kind'];
  /** Not ready: the reason (not configured, no index, error). */
  message?: string;
  files?: number;
  staleArtifacts?: number;
  warnings?: number;
  health?: IndexHealth;
  /** index.md is being re-read (the rows show the previous one meanwhile). */
  reading?: boolean;
}

export interface StatusBarView {
  text: string;
  /** Markdown lines (already escaped where they hold names). */
  tooltip: string[];
  /** The query the click runs; undefined: plain Context: Query. */
  query?: string;
}

/** Markdown-escapes text from the index or a path, so it stays text in a tooltip. */
export function escapeMd(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, '\\$&');
}

export function derivationLine(derived: DerivedQuery): string {
  const from =
    derived.source === 'indexed-note'
      ? 'the tags this note has in the index'
      : derived.project
        ? `project ${derived.project}${derived.tags.length ? ' and tags in its path' : ''}`
        : 'tags in its path';
  const aliases = derived.aliases.length ? ` (${derived.aliases.map((a) => `${a.alias} → ${a.tag}`).join(', ')})` : '';
  return `from ${from}${aliases}`;
}

/** `index: 3 problems, rebuilt 12 days ago` with the files, stale artifacts and warnings it knows. */
export function indexStateLine(facts: IndexStateFacts, today: string): string {
  if (facts.state !== 'ready') return facts.message ?? 'index: not loaded';
  const parts = [facts.health ? healthSummary(facts.health, today) : 'index: loaded'];
  if (facts.files !== undefined) parts.push(plural(facts.files, 'indexed file'));
  if (facts.staleArtifacts) parts.push(plural(facts.staleArtifacts, 'stale artifact'));
  if (facts.warnings) parts.push(plural(facts.warnings, 'warning'));
  return parts.join(' · ');
}

/** The errors and warnings among the health problems (information rows are not alarming). */
export function seriousProblems(health: IndexHealth | undefined): number {
  return health ? health.problems.filter((p) => p.severity !== 'info').length : 0;
}

export function statusBarView(
  knowledge: ActiveFileKnowledge | undefined,
  facts: IndexStateFacts,
  today: string,
): StatusBarView {
  const tooltip: string[] = [];
  let text = '$(book)';
  let query: string | undefined;
  if (knowledge) {
    const { derived, files, total } = knowledge;
    query = derived.query;
    text += ` ${files.length}${total > files.length ? '+' : ''}`;
    tooltip.push(
      `**For the active file:** \`${derived.query.replace(/`/g, '')}\` — ${escapeMd(derivationLine(derived))}`,
    );
    if (knowledge.problem) tooltip.push('', escapeMd(knowledge.problem));
    else if (files.length === 0) tooltip.push('', 'No knowledge files match.');
    else {
      tooltip.push('');
      for (const f of files) {
        const view = itemView(f);
        tooltip.push(`- ${escapeMd(view.title)} — ${escapeMd(f.path)}`);
      }
      if (total > files.length) tooltip.push(`- …and ${total - files.length} more`);
    }
    tooltip.push('', 'Click to see them all in Context: Query.');
  } else {
    tooltip.push('Click to run Context: Query.');
  }
  const serious = seriousProblems(facts.health);
  if (facts.state === 'error') text += ' $(error)';
  else if (serious > 0) text += ' $(warning)';
  tooltip.push('', '---', '', escapeMd(indexStateLine(facts, today)));
  if (facts.state === 'ready' && facts.health && facts.health.problems.length > 0) {
    tooltip.push(
      '',
      `${facts.health.driftChecked ? '' : 'Context: Check Index also compares the notes with the index. '}${escapeMd(INDEX_REBUILD_HINT)}`,
    );
  } else if (facts.state === 'ready') {
    tooltip.push('', escapeMd(INDEX_REBUILD_HINT));
  }
  return { text, tooltip, query };
}

export const ACTIVE_FILE_GROUP_ID = 'group:activeFile';
export const INDEX_HEALTH_ID = 'indexHealth';
export const INDEX_RELOADING = 'index: reloading…';
/** The rows at the top of the tag tree: the active file's files, then the index's state. */
export function topSection(
  knowledge: ActiveFileKnowledge | undefined,
  facts: IndexStateFacts,
  today: string,
): TreeNode[] {
  const nodes: TreeNode[] = [];
  if (knowledge) {
    const { derived, files, total } = knowledge;
    const children: TreeNode[] = files.map((item) => {
      const view = itemView(item);
      return {
        id: `${ACTIVE_FILE_GROUP_ID}/file:${item.path}`,
        kind: 'file',
        label: view.title,
        description: item.path,
        tooltip: fileTooltip(view),
        contextValue: 'ariaContext.file',
        icon: 'file',
        file: item,
      };
    });
    if (knowledge.problem) children.push(message(`${ACTIVE_FILE_GROUP_ID}/problem`, knowledge.problem, 'warning'));
    else if (files.length === 0)
      children.push(message(`${ACTIVE_FILE_GROUP_ID}/empty`, 'No knowledge files match', 'info'));
    if (total > files.length)
      children.push(
        message(
          `${ACTIVE_FILE_GROUP_ID}/more`,
          `…and ${total - files.length} more (Query for the Active File shows all)`,
          'ellipsis',
        ),
      );
    nodes.push({
      id: ACTIVE_FILE_GROUP_ID,
      kind: 'group',
      label: 'For the Active File',
      description: derived.query,
      tooltip: `${derived.query}\n${derivationLine(derived)}\n${derived.relPath}`,
      contextValue: 'ariaContext.activeFile',
      icon: 'book',
      children,
      query: derived.query,
      expanded: true,
    });
  }
  if (facts.state === 'ready' && (facts.health || facts.reading)) {
    const line = indexStateLine(facts, today);
    const serious = seriousProblems(facts.health);
    nodes.push({
      id: INDEX_HEALTH_ID,
      kind: 'message',
      label: facts.reading ? INDEX_RELOADING : healthSummary(facts.health!, today),
      tooltip: `${line}\n${facts.reading ? 'index.md changed: reading it again; the rows below are from before.\n' : ''}Click to show index.md's problems.\n${INDEX_REBUILD_HINT}`,
      contextValue: 'ariaContext.indexHealth',
      icon: facts.reading ? 'sync~spin' : serious > 0 ? 'warning' : facts.health?.problems.length ? 'info' : 'pass',
      command: { id: SHOW_INDEX_PROBLEMS_COMMAND },
    });
  }
  return nodes;
}

function message(id: string, label: string, icon: string): TreeNode {
  return { id, kind: 'message', label, tooltip: label, contextValue: 'ariaContext.message', icon };
}
