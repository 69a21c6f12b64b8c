// The tag tree as plain data, built lazily the way VS Code asks for it. Pure: takes a Snapshot
// and the core's one count (TagCounter: what querying a text returns, memoised over the
// snapshot). buildTree makes the root rows; TagTreeModel.children builds a node's rows when the
// view opens it (treeRowsModel.ts, one builder per node kind) and records each row's parent,
// which getParent answers for TreeView.reveal; a file row's tooltip is worked out when it is
// hovered (resolveTreeItem). tagTree.ts maps the nodes to TreeItems.
import {
  indexEntryItem as coreIndexEntryItem,
  indexPathVerdict,
  localDate,
  TagCounter,
  type Config,
  type ResultItem,
  type Snapshot,
} from '../../core';
import { fileRowTooltip, sortTags, type TagSort } from './treeNodes';
import { type TreeNode } from '../shared/treeRows';
import type { BackgroundWork } from '../shared/backgroundWorkModel';
import {
  groupNode,
  pendingTag,
  queriedTag,
  refusedEntries,
  refusedWarnings,
  rowsOf,
  teamHeadings,
  warningsGroup,
  type TreeContext,
} from './treeRowsModel';

export interface TreeInput {
  snapshot: Snapshot;
  /** The core's one count over this snapshot (the editor's shares the knowledge base's cache). */
  counter?: TagCounter;
  /** The day ages are counted to, when no counter is given (default: today). */
  today?: string;
  /** Tags by name (default) or by what querying them returns, most first. */
  sort?: TagSort;
  /**
   * Known tags not counted yet show without their counts (sorted by name only): the host counts
   * them in the background and builds the rows again. Their rows still query when opened.
   */
  countsLater?: boolean;
}

/** An index path (knowledge-relative) as a file item, or the reason it is refused. */
export function indexEntryItem(
  config: Config,
  entryPath: string,
  description: string | null,
  tags: string[],
): ResultItem | string {
  const verdict = indexPathVerdict(entryPath, config);
  return verdict.ok ? coreIndexEntryItem(config, { path: entryPath, description, tags }, verdict.abs) : verdict.reason;
}

/** One snapshot's tag tree: its root rows now, every other node's rows when they are asked for. */
export class TagTreeModel {
  readonly roots: TreeNode[];
  private readonly ctx: TreeContext;
  /** Each row's parent, by row id, recorded as rows are handed out. */
  private readonly parents = new Map<string, TreeNode>();
  /** Every tag a real path has anywhere in the tree, worked out on the first file tooltip. */
  private everywhere: Map<string, Set<string>> | undefined;

  constructor(input: TreeInput) {
    const { snapshot } = input;
    this.ctx = {
      index: snapshot.index,
      config: snapshot.config,
      counter: input.counter ?? new TagCounter(snapshot, { today: input.today ?? localDate(Date.now()) }),
      sort: input.sort ?? 'name',
      shown: new Set(),
      teamItems: [],
      sources: new Map(),
      built: new Map(),
    };
    this.roots = rootRows(this.ctx, input.countsLater === true && this.ctx.sort === 'name');
  }

  /** A node's rows, built on the first ask and kept; rows a node was made with are its own. */
  children(node: TreeNode): TreeNode[] {
    let rows = node.children ?? this.ctx.built.get(node.id);
    if (!rows) {
      const source = this.ctx.sources.get(node.id);
      rows = source ? rowsOf(this.ctx, node.id, source) : [];
      if (source) this.ctx.built.set(node.id, rows);
    }
    for (const row of rows) this.parents.set(row.id, node);
    return rows;
  }

  /**
   * Known Tags' rows again, each tag the host has counted since shown with its count (the rows
   * show their counts as they come); undefined when no row changed. Order stays: rows without
   * their counts are sorted by name, which a count does not change.
   */
  countedSince(): TreeNode[] | undefined {
    const rows = this.ctx.built.get(KNOWN_GROUP);
    if (!rows) return undefined;
    let changed = false;
    const next = rows.map((row) => {
      const pending = this.ctx.sources.get(row.id);
      if (pending?.of !== 'tag' || !this.ctx.counter.has(pending.tag)) return row;
      changed = true;
      return queriedTag(this.ctx, row.id, pending.tag, row.description || undefined);
    });
    if (!changed) return undefined;
    this.ctx.built.set(KNOWN_GROUP, next);
    return next;
  }

  /** The node whose rows hold this one, once they have been handed out (undefined for a root). */
  parent(node: TreeNode): TreeNode | undefined {
    return this.parents.get(node.id);
  }

  /** Whether a node has rows to build or show (a file or message row has none). */
  expandable(node: TreeNode): boolean {
    return node.children !== undefined || this.ctx.built.has(node.id) || this.ctx.sources.has(node.id);
  }

  /** A node's tooltip; a file row's lists the tags its note has anywhere in the tree. */
  tooltip(node: TreeNode): string | undefined {
    if (node.tooltip !== undefined || !node.file) return node.tooltip;
    return fileRowTooltip(node.file, (this.everywhere ??= this.tagsEverywhere()));
  }

  private tagsEverywhere(): Map<string, Set<string>> {
    const tags = new Map<string, Set<string>>();
    const add = (item: ResultItem) => {
      const set = tags.get(item.absPath) ?? new Set<string>();
      for (const t of item.tags) set.add(t);
      tags.set(item.absPath, set);
    };
    for (const name of this.ctx.shown)
      for (const item of this.ctx.counter.result(name)?.items ?? [])
        if (item.category !== 'tracked-artifact') add(item);
    for (const item of this.ctx.teamItems) add(item);
    return tags;
  }
}

/**
 * Every tag whose refused entries the root rows name under Warnings (projects' relevant tags,
 * known tags, other tags): what the host works out in slices before it builds them.
 */
export function rowTags(index: Snapshot['index']): string[] {
  const tags: string[] = [];
  for (const p of index.projects.values()) tags.push(...p.relevantTags);
  for (const t of index.knownTags) tags.push(t.tag);
  tags.push(...index.otherTags.keys());
  return tags;
}

/**
 * The root rows' refused-entry warnings worked out in slices of the background work (the costly
 * part of a build at 10k notes), then `done()`; dropped silently once `current()` is false.
 */
export function warmRowWarnings(
  work: BackgroundWork,
  snapshot: Snapshot,
  current: () => boolean,
  done: () => void,
  now = () => performance.now(), // the scheduler's clock
): void {
  const tags = rowTags(snapshot.index);
  let next = 0;
  work.slices('tree warnings', (until) => {
    if (!current()) return true;
    // at least one tag a slice, so a slow clock never stalls it
    do if (next < tags.length) refusedWarnings(snapshot.index, snapshot.config, tags[next++]);
    while (next < tags.length && now() < until);
    if (next < tags.length) return false;
    done();
    return true;
  });
}

/** The Known Tags group's id. */
export const KNOWN_GROUP = 'group:known';

export function buildTree(input: TreeInput): TagTreeModel {
  return new TagTreeModel(input);
}

/**
 * The root rows: Projects and Other Tags (built when opened), Known Tags (open: made now, with
 * their counts unless `later`), Team-shared, then Warnings, every refused entry among them.
 */
function rootRows(ctx: TreeContext, later: boolean): TreeNode[] {
  const { index, config, sort } = ctx;
  const warnings = new Set<string>();
  const warned = new Set<string>();
  const warnRefused = (tag: string) => {
    if (!warned.has(tag.toLowerCase())) refusedEntries(index, config, tag, warnings);
    warned.add(tag.toLowerCase());
  };
  const roots: TreeNode[] = [];
  for (const p of index.projects.values()) for (const t of p.relevantTags) warnRefused(t);
  if (index.projects.size) {
    const group = { id: 'group:projects', label: 'Projects', icon: 'folder-library', expanded: false };
    roots.push(groupNode(ctx, { ...group, count: index.projects.size }, { of: 'projects' }));
  }
  const known = sortTags(
    index.knownTags.map((t) => {
      warnRefused(t.tag);
      const aliases = t.aliases.length ? `aliases: ${t.aliases.join(', ')}` : undefined;
      const make = later && !ctx.counter.has(t.tag) ? pendingTag : queriedTag;
      return make(ctx, `known:${t.tag.toLowerCase()}`, t.tag, aliases);
    }),
    sort,
  );
  const knownGroup = { id: KNOWN_GROUP, label: 'Known Tags', icon: 'tag', expanded: true, count: known.length };
  roots.push(groupNode(ctx, knownGroup, known));
  // Other Tags: headings of `## Other Tags` that are not known tags (their text verdicts now, for the warnings).
  const knownSet = new Set(index.knownTags.map((t) => t.tag.toLowerCase()));
  const otherTags = [...index.otherTags.keys()].filter((t) => !knownSet.has(t));
  for (const t of otherTags) warnRefused(t);
  if (otherTags.length) {
    const group = { id: 'group:other', label: 'Other Tags', icon: 'tag', expanded: false, count: otherTags.length };
    roots.push(groupNode(ctx, group, { of: 'otherTags', tags: otherTags }));
  }
  const team = teamHeadings(ctx, warnings);
  if (team.length) {
    const group = { id: 'group:team', label: 'Team-shared', icon: 'organization', expanded: false, count: team.length };
    roots.push(groupNode(ctx, group, team));
  }
  const all = [...warnings, ...index.warnings, ...config.warnings];
  if (all.length) roots.push(warningsGroup(all));
  return roots;
}

/**
 * The rows with every node's rows built and set as `children`, and every tooltip worked out:
 * a plain copy for the extension's API and tests that read the whole tree.
 */
export function expandTree(tree: TagTreeModel, roots: readonly TreeNode[] = tree.roots): TreeNode[] {
  return roots.map((node) => {
    const copy: TreeNode = { ...node };
    const tooltip = tree.tooltip(node);
    if (tooltip !== undefined) copy.tooltip = tooltip;
    if (tree.expandable(node)) copy.children = expandTree(tree, tree.children(node));
    return copy;
  });
}

/** How many rows the Warnings group holds: the one count the status bar's tooltip says too. */
export function warningCount(roots: readonly TreeNode[]): number {
  return roots.find((r) => r.id === 'group:warnings')?.children?.length ?? 0;
}

/** Every file below a node (a tag's files), each once, for "Copy as Context" on a tag. */
export function filesBelow(node: TreeNode, childrenOf = (n: TreeNode) => n.children ?? []): ResultItem[] {
  const out = new Map<string, ResultItem>();
  const walk = (n: TreeNode) => {
    if (n.file && !out.has(n.file.absPath)) out.set(n.file.absPath, n.file);
    for (const c of childrenOf(n)) walk(c);
  };
  walk(node);
  return [...out.values()];
}
