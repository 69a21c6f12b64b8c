// The tag tree as plain data. Pure: takes a Snapshot and the core's one count (TagCounter:
// what querying a text returns, memoised over the snapshot) and returns nodes with stable ids;
// tagTree.ts maps them to TreeItems. A tag's or project's count and rows are its query's result
// (src/core/match/tagCounts.ts), so the tree, completion, sorting and Copy as Context agree with Query
// This Tag: a note the reader would not load is shown, marked (treeNodes.ts fileNode), and never
// counted. Groups are known before their rows: a group's or a tag's children and a file's
// tooltip are built on first read, and each built child gets its one parent link (adopt), which
// TreeView.reveal walks up. Index entries whose path leaves the allowed folders by text are never
// results; they are listed under "Warnings" and never read.
import {
  describeCounts,
  indexEntryItem as coreIndexEntryItem,
  cachedContainment,
  indexPathVerdict,
  localDate,
  noteCount,
  plural,
  teamEntryVerdict,
  teamSharedItem,
  TagCounter,
  type Config,
  type IndexProject,
  type KnowledgeIndex,
  type QueryResult,
  type ResultItem,
  type Snapshot,
  type TagCounts,
} from '../../core';
import { projectFacts } from '../query/queryCountModel';
import { plainText } from '../query/queryModel';
import {
  adopt,
  fileNode,
  messageNode,
  once,
  sortTags,
  withChildren,
  type TagSort,
  type TagsEverywhere,
  type TreeNode,
} from './treeNodes';

export {
  adopt,
  fileTooltip,
  hasChildren,
  parentOf,
  sortTags,
  type NodeKind,
  type TagSort,
  type TreeNode,
} from './treeNodes';

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

const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
const NONE: TagCounts = { files: 0, teamShared: 0, artifacts: 0, missingArtifacts: 0, ideas: 0 };

/** Index entries a tag lists that are refused by their text (§9), as warnings; they are never results. */
function refusedEntries(index: KnowledgeIndex, config: Config, tag: string, warnings: Set<string>): void {
  const refused: Array<{ path: string; reason: string }> = [];
  for (const f of index.filesByTag.get(tag.toLowerCase()) ?? []) {
    const verdict = cachedContainment(f, config);
    if (!verdict.ok) refused.push({ path: f.path, reason: verdict.reason });
  }
  for (const r of refused.sort(byPath))
    warnings.add(`Index entry \`${r.path}\` under \`${tag}\` is not shown: ${r.reason}.`);
}

/** A tag's notes as its query returns them (artifacts are the project's), in the summary's order. */
function notesOf(result: QueryResult | null): ResultItem[] {
  return (result?.items ?? []).filter((i) => i.category !== 'tracked-artifact');
}

/** A tag or project key: its count and rows are its query's; `extra` follows the count. */
function tagNode(id: string, tag: string, counts: TagCounts, children: () => TreeNode[], extra?: string): TreeNode {
  const text = describeCounts(counts);
  const count = noteCount(counts);
  return withChildren(
    {
      id,
      kind: 'tag',
      label: tag,
      description: extra ? `${text} · ${extra}` : text,
      tooltip: `Querying ${tag} returns ${text}${extra ? ` (${extra})` : ''}`,
      contextValue: count ? 'ariaContext.tag' : 'ariaContext.emptyTag',
      icon: 'tag',
      query: tag,
      count,
    },
    children,
  );
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

export function buildTree(input: TreeInput): TreeNode[] {
  const { snapshot } = input;
  const sort = input.sort ?? 'name';
  const counter = input.counter ?? new TagCounter(snapshot, { today: input.today ?? localDate(Date.now()) });
  const { index, config } = snapshot;
  const warnings = new Set<string>();
  const roots: TreeNode[] = [];
  const warned = new Set<string>();
  const warnRefused = (tag: string) => {
    if (!warned.has(tag.toLowerCase())) refusedEntries(index, config, tag, warnings);
    warned.add(tag.toLowerCase());
  };
  const countsOf = (text: string) => counter.counts(text) ?? NONE;
  const teamItems: ResultItem[] = [];
  const shown = new Set<string>();
  // Every tag a real path has anywhere in the tree, from the results the tree shows.
  const everywhere: TagsEverywhere = once(() => {
    const tags = new Map<string, Set<string>>();
    const add = (item: ResultItem) => {
      const set = tags.get(item.absPath) ?? new Set<string>();
      for (const t of item.tags) set.add(t);
      tags.set(item.absPath, set);
    };
    for (const name of shown) for (const item of notesOf(counter.result(name))) add(item);
    for (const item of teamItems) add(item);
    return tags;
  });
  /** A tag's node whose rows are its query's notes, loadable or marked. */
  const queriedTag = (id: string, tag: string, extra?: string): TreeNode => {
    shown.add(tag);
    warnRefused(tag);
    const notes = notesOf(counter.result(tag));
    const node = tagNode(id, tag, countsOf(tag), () => notes.map((item) => fileNode(id, item, everywhere)), extra);
    return Object.assign(node, { childCount: notes.length });
  };

  /** A known tag whose count is not worked out yet: its name and aliases now, its notes when opened. */
  const pendingTag = (id: string, tag: string, extra?: string): TreeNode => {
    shown.add(tag);
    warnRefused(tag);
    const node = withChildren(
      {
        id,
        kind: 'tag',
        label: tag,
        description: extra ?? '',
        tooltip: `Counting what querying ${tag} returns…`,
        contextValue: 'ariaContext.tag',
        icon: 'tag',
        query: tag,
      },
      () => notesOf(counter.result(tag)).map((item) => fileNode(id, item, everywhere)),
    );
    return Object.assign(node, { childCount: 1 });
  };
  const later = input.countsLater === true && sort === 'name';

  // Projects: key — name → relevant tags, then the project's own files and team-shared notes,
  // all as querying the key returns them. Built when the group is opened (a query each).
  for (const p of index.projects.values()) for (const t of p.relevantTags) warnRefused(t);
  const projectNode = (p: IndexProject): TreeNode => {
    const id = `project:${p.key.toLowerCase()}`;
    shown.add(p.key);
    const result = counter.result(p.key);
    const counts = countsOf(p.key);
    const text = describeCounts(counts);
    const children: TreeNode[] = p.relevantTags.map((t) => queriedTag(`${id}/tag:${t.toLowerCase()}`, t));
    const own = (result?.items ?? []).filter((i) => i.category === 'project-specific');
    for (const item of own) children.push(fileNode(id, item, everywhere));
    if (result?.emptyProjectNotes.length)
      children.push(messageNode(`${id}/empty`, `No files yet in projects/${p.key}/`));
    const team = (result?.items ?? []).filter((i) => i.category === 'team-shared');
    if (team.length) {
      const node = tagNode(
        `${id}/team`,
        'Team-shared',
        { ...NONE, teamShared: team.filter((i) => i.problem === null).length },
        () => team.map((item) => fileNode(`${id}/team`, item, everywhere)),
      );
      children.push(
        // A group of the project's rows, not a tag: Go to Tag does not list it.
        Object.assign(node, {
          kind: 'group' as const,
          icon: 'organization',
          query: undefined,
          contextValue: 'ariaContext.group',
          description: `${team.filter((i) => i.problem === null).length}`,
          tooltip: `The team-shared notes of ${p.key}`,
        }),
      );
    }
    const facts = result ? projectFacts(result, p.key) : [];
    return withChildren(
      {
        id,
        kind: 'project',
        label: p.key,
        description: [p.name, text].filter(Boolean).join(' · '),
        tooltip: `${p.key}${p.name ? ` — ${p.name}` : ''}\nQuerying ${p.key} returns ${text}\nRelevant tags: ${p.relevantTags.join(', ') || '(none)'}${facts.map((f) => `\n${f}`).join('')}`,
        contextValue: 'ariaContext.project',
        icon: 'project',
        query: p.key,
        count: noteCount(counts),
      },
      () => children,
      children.length,
    );
  };
  if (index.projects.size) {
    const projects = [...index.projects.values()];
    roots.push(
      withChildren(
        {
          id: 'group:projects',
          kind: 'group',
          label: 'Projects',
          description: String(projects.length),
          contextValue: 'ariaContext.group',
          icon: 'folder-library',
          expanded: false,
        },
        () => projects.map(projectNode),
        projects.length,
      ),
    );
  }

  // Known Tags with what querying each returns; aliases in the description.
  const known: TreeNode[] = sortTags(
    index.knownTags.map((t) =>
      (later && !counter.has(t.tag) ? pendingTag : queriedTag)(
        `known:${t.tag.toLowerCase()}`,
        t.tag,
        t.aliases.length ? `aliases: ${t.aliases.join(', ')}` : undefined,
      ),
    ),
    sort,
  );
  roots.push(
    withChildren(
      {
        id: 'group:known',
        kind: 'group',
        label: 'Known Tags',
        description: String(known.length),
        contextValue: 'ariaContext.group',
        icon: 'tag',
        expanded: true,
      },
      () => known,
      known.length,
    ),
  );

  // Other Tags: headings of `## Other Tags` that are not known tags. Collapsed: their rows and
  // counts are built when it is opened (their text verdicts now, for the warnings).
  const knownSet = new Set(index.knownTags.map((t) => t.tag.toLowerCase()));
  const otherTags = [...index.otherTags.keys()].filter((t) => !knownSet.has(t));
  for (const t of otherTags) warnRefused(t);
  const otherNodes = () =>
    sortTags(
      otherTags.map((t) => queriedTag(`other:${t}`, t)),
      sort,
    );
  if (otherTags.length) {
    roots.push(
      withChildren(
        {
          id: 'group:other',
          kind: 'group',
          label: 'Other Tags',
          description: String(otherTags.length),
          contextValue: 'ariaContext.group',
          icon: 'tag',
          expanded: false,
        },
        otherNodes,
        otherTags.length,
      ),
    );
  }

  // Team-shared: headings → entries of enabled projects (and cross), inside allowed folders.
  const team: TreeNode[] = [];
  if (index.hasTeamSharedSection && config.sharedKnowledge.length > 0) {
    for (const [heading, entries] of [...index.teamShared.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const id = `team:${heading}`;
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
        const merged = index.teamSharedFiles.get(`${e.project}\u0000${e.path}`) ?? {
          ...e,
          headings: new Set([heading]),
        };
        items.push(teamSharedItem(config, merged, verdict));
      }
      counter.mark(items);
      teamItems.push(...items);
      const loadable = items.filter((i) => i.problem === null).length;
      if (items.length) {
        // Only team-shared notes sit under a heading here: `0 files + 1 team-shared` would count what is not shown.
        const node = tagNode(id, heading, { ...NONE, teamShared: loadable }, () =>
          items.map((item) => fileNode(id, item, everywhere)),
        );
        const notes = plural(loadable, 'team-shared note');
        team.push(Object.assign(node, { description: notes, tooltip: `${heading}: ${notes} listed under it` }));
      }
    }
  }
  if (team.length) {
    roots.push(
      withChildren(
        {
          id: 'group:team',
          kind: 'group',
          label: 'Team-shared',
          description: String(team.length),
          contextValue: 'ariaContext.group',
          icon: 'organization',
          expanded: false,
        },
        () => team,
        team.length,
      ),
    );
  }

  const all = [...warnings, ...index.warnings, ...config.warnings];
  if (all.length) {
    const children = all.map((w, i) => ({
      ...messageNode(`warning:${i}:${w.slice(0, 80)}`, plainText(w), plainText(w), 'warning'),
      command: { id: 'ariaContext.goToWarning', args: [w] },
    }));
    roots.push(
      adopt(
        {
          id: 'group:warnings',
          kind: 'group',
          label: 'Warnings',
          description: String(all.length),
          contextValue: 'ariaContext.group',
          icon: 'warning',
          children,
          expanded: false,
        },
        children,
      ),
    );
  }
  return roots;
}

/** How many rows the Warnings group holds: the one count the status bar's tooltip says too. */
export function warningCount(roots: readonly TreeNode[]): number {
  return roots.find((r) => r.id === 'group:warnings')?.children?.length ?? 0;
}

/** Every file below a node (a tag's files), each once, for "Copy as Context" on a tag. */
export function filesBelow(node: TreeNode): ResultItem[] {
  const out = new Map<string, ResultItem>();
  const walk = (n: TreeNode) => {
    if (n.file && !out.has(n.file.absPath)) out.set(n.file.absPath, n.file);
    for (const c of n.children ?? []) walk(c);
  };
  walk(node);
  return [...out.values()];
}
