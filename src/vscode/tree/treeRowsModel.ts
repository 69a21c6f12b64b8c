// The tag tree's rows, one small builder per node kind. Pure: a tree context (the snapshot's
// index and config, the core's one count) in, plain nodes out. A node whose rows are built later
// leaves, under its id, where they come from (a RowSource) or the rows themselves when making
// the node already made them (a project's tags are counted with it); TagTreeModel.children
// builds from that when the view opens the node. A tag's or project's count and rows are its
// query's (src/core/match/tagCounts.ts): a note the reader would not load is shown, marked and never
// counted. Index entries whose path leaves the allowed folders by text are never results; they
// are listed under "Warnings" and never read.
import {
  cachedContainment,
  describeCounts,
  noteCount,
  plural,
  teamEntryVerdict,
  teamSharedItem,
  type Config,
  type IndexProject,
  type KnowledgeIndex,
  type QueryResult,
  type ResultItem,
  type TagCounter,
  type TagCounts,
} from '../../core';
import { plainText } from '../shared/plainText';
import { projectFacts } from './projectFactsModel';
import { fileNode, messageNode, sortTags, tagNode, type TagSort } from './treeNodes';
import { type TreeNode } from '../shared/treeRows';

/** Where a node's rows come from, built when the view opens it. */
export type RowSource =
  /** Rows of these items (a tag's notes, counted already; a team-shared heading's). */
  | { of: 'items'; items: readonly ResultItem[] }
  /** A known tag not counted when its node was made: its query runs when it is opened. */
  | { of: 'tag'; tag: string }
  | { of: 'projects' }
  | { of: 'otherTags'; tags: readonly string[] };

export interface TreeContext {
  index: KnowledgeIndex;
  config: Config;
  counter: TagCounter;
  sort: TagSort;
  /** Tags and projects whose query's notes the tree shows: a file tooltip unions their tags. */
  shown: Set<string>;
  /** The team-shared notes listed under headings (their tags are the headings). */
  teamItems: ResultItem[];
  /** How a node's rows are built, by node id. */
  sources: Map<string, RowSource>;
  /** Rows already built, by node id. */
  built: Map<string, TreeNode[]>;
}

const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
export const NO_COUNTS: TagCounts = { files: 0, teamShared: 0, artifacts: 0, missingArtifacts: 0, ideas: 0 };

/** A tag's notes as its query returns them (artifacts are the project's), in the summary's order. */
function notesOf(result: QueryResult | null): ResultItem[] {
  return (result?.items ?? []).filter((i) => i.category !== 'tracked-artifact');
}

/**
 * Each index's refused-entry warnings by tag, for the config they were worked out with: a verdict
 * per index entry is the largest part of building the rows at 10k notes, and the rows are built
 * again after counting and after each refresh, from the same index.
 */
const refusedByIndex = new WeakMap<KnowledgeIndex, { config: Config; byTag: Map<string, string[]> }>();

/** A tag's refused-entry warnings (worked out once per index and config; warmed in slices by the host). */
export function refusedWarnings(index: KnowledgeIndex, config: Config, tag: string): string[] {
  let cached = refusedByIndex.get(index);
  if (!cached || cached.config !== config) refusedByIndex.set(index, (cached = { config, byTag: new Map() }));
  let lines = cached.byTag.get(tag);
  if (!lines) {
    const refused: Array<{ path: string; reason: string }> = [];
    for (const f of index.filesByTag.get(tag.toLowerCase()) ?? []) {
      const verdict = cachedContainment(f, config);
      if (!verdict.ok) refused.push({ path: f.path, reason: verdict.reason });
    }
    lines = refused.sort(byPath).map((r) => `Index entry \`${r.path}\` under \`${tag}\` is not shown: ${r.reason}.`);
    cached.byTag.set(tag, lines);
  }
  return lines;
}

/** Index entries a tag lists that are refused by their text (§9), as warnings; they are never results. */
export function refusedEntries(index: KnowledgeIndex, config: Config, tag: string, warnings: Set<string>): void {
  for (const w of refusedWarnings(index, config, tag)) warnings.add(w);
}

/** The rows a source describes. */
export function rowsOf(ctx: TreeContext, id: string, source: RowSource): TreeNode[] {
  switch (source.of) {
    case 'items':
      return source.items.map((item) => fileNode(id, item));
    case 'tag':
      return notesOf(ctx.counter.result(source.tag)).map((item) => fileNode(id, item));
    case 'projects':
      return [...ctx.index.projects.values()].map((p) => projectNode(ctx, p));
    case 'otherTags':
      return sortTags(
        source.tags.map((t) => queriedTag(ctx, `other:${t}`, t)),
        ctx.sort,
      );
  }
}

/** A tag's node whose rows are its query's notes, loadable or marked. */
export function queriedTag(ctx: TreeContext, id: string, tag: string, extra?: string): TreeNode {
  ctx.shown.add(tag);
  const notes = notesOf(ctx.counter.result(tag));
  ctx.sources.set(id, { of: 'items', items: notes });
  return tagNode(id, tag, ctx.counter.counts(tag) ?? NO_COUNTS, notes.length, extra);
}

/** A known tag whose count is not worked out yet: its name and aliases now, its notes when opened. */
export function pendingTag(ctx: TreeContext, id: string, tag: string, extra?: string): TreeNode {
  ctx.shown.add(tag);
  ctx.sources.set(id, { of: 'tag', tag });
  return {
    id,
    kind: 'tag',
    label: tag,
    description: extra ?? '',
    tooltip: `Counting what querying ${tag} returns…`,
    contextValue: 'ariaContext.tag',
    icon: 'tag',
    query: tag,
    childCount: 1,
  };
}

/**
 * A project: key — name, then its relevant tags, its own files and team-shared notes, all as
 * querying the key returns them; made when the Projects group is opened (a query each).
 */
export function projectNode(ctx: TreeContext, p: IndexProject): TreeNode {
  const id = `project:${p.key.toLowerCase()}`;
  ctx.shown.add(p.key);
  const result = ctx.counter.result(p.key);
  const counts = ctx.counter.counts(p.key) ?? NO_COUNTS;
  const text = describeCounts(counts);
  const children: TreeNode[] = p.relevantTags.map((t) => queriedTag(ctx, `${id}/tag:${t.toLowerCase()}`, t));
  const own = (result?.items ?? []).filter((i) => i.category === 'project-specific');
  for (const item of own) children.push(fileNode(id, item));
  if (result?.emptyProjectNotes.length) children.push(messageNode(`${id}/empty`, `No files yet in projects/${p.key}/`));
  const team = (result?.items ?? []).filter((i) => i.category === 'team-shared');
  if (team.length) children.push(projectTeamGroup(ctx, `${id}/team`, p.key, team));
  ctx.built.set(id, children);
  const facts = result ? projectFacts(result, p.key) : [];
  return {
    id,
    kind: 'project',
    label: p.key,
    description: [p.name, text].filter(Boolean).join(' · '),
    tooltip: `${p.key}${p.name ? ` — ${p.name}` : ''}\nQuerying ${p.key} returns ${text}\nRelevant tags: ${p.relevantTags.join(', ') || '(none)'}${facts.map((f) => `\n${f}`).join('')}`,
    contextValue: 'ariaContext.project',
    icon: 'project',
    query: p.key,
    count: noteCount(counts),
    childCount: children.length,
  };
}

/** A group of a project's team-shared rows, not a tag: Go to Tag does not list it. */
function projectTeamGroup(ctx: TreeContext, id: string, key: string, team: ResultItem[]): TreeNode {
  const loadable = team.filter((i) => i.problem === null).length;
  ctx.sources.set(id, { of: 'items', items: team });
  return {
    ...tagNode(id, 'Team-shared', { ...NO_COUNTS, teamShared: loadable }, team.length),
    kind: 'group',
    icon: 'organization',
    query: undefined,
    contextValue: 'ariaContext.group',
    description: `${loadable}`,
    tooltip: `The team-shared notes of ${key}`,
  };
}

/** Team-shared: headings → entries of enabled projects (and cross) inside the allowed folders; the others are warnings. */
export function teamHeadings(ctx: TreeContext, warnings: Set<string>): TreeNode[] {
  const { index, config } = ctx;
  const headings: TreeNode[] = [];
  if (!index.hasTeamSharedSection || config.sharedKnowledge.length === 0) return headings;
  for (const [heading, entries] of [...index.teamShared.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const items: ResultItem[] = [];
    const seen = new Set<string>();
    for (const e of entries) {
      const project = e.project.toLowerCase();
      if (project !== 'cross' && !config.sharedKnowledge.includes(project)) continue;
      const verdict = teamEntryVerdict(config, e.path, project);
      if (!verdict.ok) {
        warnings.add(`Team-shared entry \`${e.path}\` [project: ${e.project}] is not shown: ${verdict.reason}.`);
        continue;
      }
      if (seen.has(verdict.abs)) continue;
      seen.add(verdict.abs);
      // The merged entry carries every heading it is listed under (its tags).
      const merged = index.teamSharedFiles.get(`${e.project}\u0000${e.path}`) ?? { ...e, headings: new Set([heading]) };
      items.push(teamSharedItem(config, merged, verdict));
    }
    ctx.counter.mark(items);
    ctx.teamItems.push(...items);
    if (items.length) headings.push(teamHeading(ctx, `team:${heading}`, heading, items));
  }
  return headings;
}

/** Only team-shared notes sit under a heading here: `0 files + 1 team-shared` would count what is not shown. */
function teamHeading(ctx: TreeContext, id: string, heading: string, items: ResultItem[]): TreeNode {
  const loadable = items.filter((i) => i.problem === null).length;
  const notes = plural(loadable, 'team-shared note');
  ctx.sources.set(id, { of: 'items', items });
  return {
    ...tagNode(id, heading, { ...NO_COUNTS, teamShared: loadable }, items.length),
    description: notes,
    tooltip: `${heading}: ${notes} listed under it`,
  };
}

/** A top-level group; its rows are `rows` when known now, else built from `source` when it is opened. */
export function groupNode(
  ctx: TreeContext,
  group: { id: string; label: string; icon: string; expanded: boolean; count: number },
  rows: TreeNode[] | RowSource,
): TreeNode {
  if (Array.isArray(rows)) ctx.built.set(group.id, rows);
  else ctx.sources.set(group.id, rows);
  return {
    id: group.id,
    kind: 'group',
    label: group.label,
    description: String(group.count),
    contextValue: 'ariaContext.group',
    icon: group.icon,
    expanded: group.expanded,
    childCount: group.count,
  };
}

/** The Warnings group: the tree's, the index's and the config's, each a row that goes to where it is. */
export function warningsGroup(all: readonly string[]): TreeNode {
  const children = all.map((w, i) => ({
    ...messageNode(`warning:${i}:${w.slice(0, 80)}`, plainText(w), plainText(w), 'warning'),
    command: { id: 'ariaContext.goToWarning', args: [w] },
  }));
  return {
    id: 'group:warnings',
    kind: 'group',
    label: 'Warnings',
    description: String(all.length),
    contextValue: 'ariaContext.group',
    icon: 'warning',
    children,
    expanded: false,
  };
}
