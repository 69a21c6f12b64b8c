// The tag tree as plain data. Pure: takes a Snapshot (and a lister for project-tier files) and
// returns nodes with stable ids; tagTree.ts maps them to TreeItems. Only what the first rows show
// is built up front (groups, tags with their counts): a group's or a tag's children and a file's
// tooltip are built on first read, so a 10k-note index paints without building 25k file rows.
// The view reaches them through getChildren, and each built child gets its one parent link
// (adopt), which TreeView.reveal walks up. File nodes carry a core
// ResultItem with its allowed roots, so opening/copying goes through the same real-path check
// as query results. Entries whose path leaves the allowed folders are not shown as files; they
// are listed under "Warnings" instead and never read.
import { indexEntryItem as coreIndexEntryItem, indexPathVerdict, itemView, namedParts, plural, projectFileItem, teamEntryVerdict, teamSharedItem, type Config, type IndexedFile, type IndexProject, type ItemView, type KnowledgeIndex, type PathVerdict, type ProjectFile, type ResultItem, type Snapshot } from '../../core';
import { tagCount, teamSharedCounts } from '../query/queryCountModel';
import { plainText } from '../query/queryModel';

export type NodeKind = 'group' | 'project' | 'tag' | 'file' | 'message';

export interface TreeNode {
  /** Stable across refreshes: derived from names and paths only. */
  id: string;
  kind: NodeKind;
  label: string;
  description?: string;
  tooltip?: string;
  /** `ariaContext.<kind>` for menus' `when` clauses. */
  contextValue: string;
  /** Codicon id. */
  icon: string;
  children?: TreeNode[];
  file?: ResultItem;
  /** What "Query This Tag" runs for tag and project nodes. */
  query?: string;
  /** What a click runs (with `args`), for rows that are not files: the index row, a warning. */
  command?: { id: string; args?: unknown[] };
  /** Initially expanded (groups only). */
  expanded?: boolean;
  /** How many children there are, known before they are built (tags, groups). */
  childCount?: number;
  /** The one node whose children hold this one (none for a root): set by adopt(). */
  readonly parent?: TreeNode;
}

/** Whether a node has children, without building them when their number is already known. */
export function hasChildren(node: TreeNode): boolean {
  return (node.childCount ?? node.children?.length ?? 0) > 0;
}

/** The node whose children hold this one (undefined for a root), for TreeView.reveal. */
export function parentOf(node: TreeNode): TreeNode | undefined {
  return node.parent;
}

/**
 * Links each child to its parent, once, as its children are built. Not enumerable: a node stays
 * a plain tree to compare, print and pass as a command argument.
 */
export function adopt<T extends TreeNode>(parent: T, children: readonly TreeNode[]): T {
  for (const c of children) Object.defineProperty(c, 'parent', { value: parent, enumerable: false, configurable: true });
  return parent;
}

/** Sets `children`, built on first read and then kept; each child remembers its parent. */
function withChildren<T extends TreeNode>(node: T, build: () => TreeNode[], count?: number): T {
  let built: TreeNode[] | undefined;
  Object.defineProperty(node, 'children', {
    enumerable: true,
    configurable: true,
    get: () => {
      if (!built) adopt(node, (built = build()));
      return built;
    },
  });
  if (count !== undefined) node.childCount = count;
  return node;
}

/** Sets `tooltip`, worked out on first read (a file's lists the tags it has anywhere in the tree). */
function withTooltip<T extends TreeNode>(node: T, build: () => string): T {
  let built: string | undefined;
  Object.defineProperty(node, 'tooltip', { enumerable: true, configurable: true, get: () => (built ??= build()), set: (v: string) => (built = v) });
  return node;
}

export interface TreeInput {
  snapshot: Snapshot;
  /** Project-tier files of a configured project (cached by the service); null when none. */
  projectFiles: (tag: string) => ProjectFile[] | null;
  /** What Context: Query returns for a text, in words (project keys count as their query does). */
  queryCount?: (query: string) => string | undefined;
  /** A project's tracked artifacts with their freshness and its pending ideas, as tooltip lines. */
  projectFacts?: (key: string) => string[];
  /** The team-shared notes querying the project key returns (its repository's, and cross ones there). */
  projectTeamShared?: (key: string) => ResultItem[];
  /** Tags by name (default) or by file count, most first. */
  sort?: TagSort;
}

export type TagSort = 'name' | 'count';

let collator: Intl.Collator | undefined;

/** Tag nodes in the user's order; ties and the name order are case-insensitive. */
export function sortTags(nodes: TreeNode[], sort: TagSort): TreeNode[] {
  // One collator for every comparison: the same order as localeCompare with these options.
  const compare = (collator ??= new Intl.Collator(undefined, { sensitivity: 'base' })).compare;
  const byName = (a: TreeNode, b: TreeNode) => compare(a.label, b.label);
  if (sort === 'name') return [...nodes].sort(byName);
  // A tag's children are its files (childCount when they are not built yet).
  const count = (n: TreeNode) => n.childCount ?? n.children?.filter((c) => c.kind === 'file').length ?? 0;
  return [...nodes].sort((a, b) => count(b) - count(a) || byName(a, b));
}


/** An index path (knowledge-relative) as a file item, or the reason it is refused. */
export function indexEntryItem(config: Config, entryPath: string, description: string | null, tags: string[]): ResultItem | string {
  const verdict = indexPathVerdict(entryPath, config);
  return verdict.ok ? coreIndexEntryItem(config, { path: entryPath, description, tags }, verdict.abs) : verdict.reason;
}

/** Every tag a real path has anywhere in the tree (under tags, in a project tier, team-shared). */
type TagsEverywhere = () => Map<string, Set<string>>;

/**
 * A file row; its label and tooltip are the core's item view (the summary's annotation parts).
 * One file can sit in several places: its tooltip lists the union of the tags every place knows,
 * so it reads the same wherever it is hovered.
 */
function fileNode(parentId: string, item: ResultItem, everywhere: TagsEverywhere): TreeNode {
  const view = itemView(item);
  return withTooltip(
    {
      id: `${parentId}/file:${item.path}`,
      kind: 'file',
      label: view.title,
      description: item.path,
      contextValue: 'ariaContext.file',
      icon: item.category === 'team-shared' ? 'organization' : item.category === 'project-specific' ? 'project' : 'file',
      file: item,
    },
    () => {
      const all = [...(everywhere().get(item.absPath) ?? item.tags)].sort();
      return fileTooltip(all.length === item.tags.length ? view : itemView({ ...item, tags: all }));
    },
  );
}

/** `path — description`, then one line per annotation part (`project: p, scope: s`, `tags: …`). */
export function fileTooltip(row: ItemView): string {
  return [`${row.path}${row.summary !== null ? ` — ${row.summary}` : ''}`, ...namedParts(row)].join('\n');
}

function messageNode(id: string, label: string, tooltip?: string, icon = 'info'): TreeNode {
  return { id, kind: 'message', label, tooltip: tooltip ?? label, contextValue: 'ariaContext.message', icon };
}

type IndexFile = IndexedFile;
/** An index file a tag lists whose path passed its verdict, with the absolute path. */
interface ShownFile {
  file: IndexFile;
  abs: string;
}

const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/**
 * A tag's index files that can be shown (unsorted); refused ones become warnings, by path. Only
 * verdicts, once per path (string checks): the rows are built, sorted, when the tag is opened.
 */
function shownFiles(index: KnowledgeIndex, tag: string, verdictOf: (p: string) => PathVerdict, warnings: Set<string>): ShownFile[] {
  const out: ShownFile[] = [];
  const refused: Array<{ path: string; reason: string }> = [];
  for (const f of index.filesByTag.get(tag.toLowerCase()) ?? []) {
    const verdict = verdictOf(f.path);
    if (verdict.ok) out.push({ file: f, abs: verdict.abs });
    else refused.push({ path: f.path, reason: verdict.reason });
  }
  for (const r of refused.sort(byPath)) warnings.add(`Index entry \`${r.path}\` under \`${tag}\` is not shown: ${r.reason}.`);
  return out;
}

function indexFileNodes(config: Config, files: readonly ShownFile[], parentId: string, everywhere: TagsEverywhere): TreeNode[] {
  return [...files]
    .sort((a, b) => byPath(a.file, b.file))
    .map(({ file, abs }) => fileNode(parentId, coreIndexEntryItem(config, { path: file.path, description: file.description, tags: [...file.tags].sort() }, abs), everywhere));
}

/** A tag node whose `count` children are built on first read. */
function tagNode(id: string, tag: string, count: number, children: () => TreeNode[], extra?: string, countText?: string): TreeNode {
  const text = countText ?? plural(count, 'file');
  return withChildren(
    {
      id,
      kind: 'tag',
      label: tag,
      description: extra ? `${text} · ${extra}` : text,
      tooltip: `${tag}: ${text}${extra ? ` (${extra})` : ''}`,
      contextValue: count ? 'ariaContext.tag' : 'ariaContext.emptyTag',
      icon: 'tag',
      query: tag,
    },
    children,
    count,
  );
}

export function buildTree(input: TreeInput): TreeNode[] {
  const { snapshot, projectFiles } = input;
  const sort = input.sort ?? 'name';
  const projectKeys = new Set([...snapshot.index.projects.keys()].map((k) => k.toLowerCase()));
  const shared = (p: string) => p === 'cross' || snapshot.config.sharedKnowledge.includes(p);
  /** A tag's count as its query has it: a project key's query; else index files + team-shared, named apart. */
  const teamCounts = snapshot.config.sharedKnowledge.length ? teamSharedCounts(snapshot.index, shared) : new Map<string, number>();
  const countOf = (tag: string, files: number): string =>
    (projectKeys.has(tag.toLowerCase()) ? input.queryCount?.(tag) : undefined) ?? tagCount(files, teamCounts.get(tag.toLowerCase()) ?? 0);
  const { index, config } = snapshot;
  const warnings = new Set<string>();
  const roots: TreeNode[] = [];
  // Each tag's shown files, verdicts once per path and per tag (a relevant tag is often a known tag too).
  const verdictOf = memo((p: string) => indexPathVerdict(p, config));
  const shownByTag = new Map<string, ShownFile[]>();
  const shownOf = (tag: string): ShownFile[] => {
    const key = tag.toLowerCase();
    let files = shownByTag.get(key);
    if (!files) shownByTag.set(key, (files = shownFiles(index, tag, verdictOf, warnings)));
    return files;
  };
  // Project-tier files and team-shared notes of each project, asked for once per build.
  const projectFilesOf = memo((key: string) => projectFiles(key));
  const projectTeamOf = memo((key: string) => input.projectTeamShared?.(key) ?? []);
  const teamItems: ResultItem[] = [];
  const everywhere: TagsEverywhere = once(() => {
    const tags = new Map<string, Set<string>>();
    const add = (abs: string, list: Iterable<string>) => {
      const set = tags.get(abs) ?? new Set<string>();
      for (const t of list) set.add(t);
      tags.set(abs, set);
    };
    for (const files of shownByTag.values()) for (const { file, abs } of files) add(abs, file.tags);
    for (const p of index.projects.values()) {
      for (const f of projectFilesOf(p.key) ?? []) add(f.absPath, projectFileItem(config, f, p.key).tags);
      for (const item of projectTeamOf(p.key)) add(item.absPath, item.tags);
    }
    for (const item of teamItems) add(item.absPath, item.tags);
    return tags;
  });

  // Projects: key — name → relevant tags (each with its files), then the project's own files.
  // Their rows need a query each (counts, artifacts, ideas): built when the group is opened.
  for (const p of index.projects.values()) for (const t of p.relevantTags) shownOf(t);
  const projectNode = (p: IndexProject): TreeNode => {
    const id = `project:${p.key.toLowerCase()}`;
    const children: TreeNode[] = p.relevantTags.map((t) => {
      const tagId = `${id}/tag:${t.toLowerCase()}`;
      const files = shownOf(t);
      return tagNode(tagId, t, files.length, () => indexFileNodes(config, files, tagId, everywhere));
    });
    const files = projectFilesOf(p.key);
    const counted = input.queryCount?.(p.key);
    if (files) {
      for (const f of files) {
        children.push(fileNode(id, projectFileItem(config, f, p.key), everywhere));
      }
      if (files.length === 0) children.push(messageNode(`${id}/empty`, `No files yet in projects/${p.key}/`));
    }
    // The project's team-shared notes (from its repository's _project-knowledge/), when enabled.
    const team = projectTeamOf(p.key);
    if (team.length) {
      const node = tagNode(`${id}/team`, 'Team-shared', team.length, () => team.map((item) => fileNode(`${id}/team`, item, everywhere)));
      children.push(Object.assign(node, { icon: 'organization', query: undefined, contextValue: 'ariaContext.group' }));
    }
    const facts = input.projectFacts?.(p.key) ?? [];
    return withChildren(
      {
        id,
        kind: 'project',
        label: p.key,
        description: [p.name, counted].filter(Boolean).join(' · ') || undefined,
        tooltip: `${p.key}${p.name ? ` — ${p.name}` : ''}${counted ? `\nQuerying ${p.key} returns ${counted}` : ''}\nRelevant tags: ${p.relevantTags.join(', ') || '(none)'}${files ? `\nProject-tier files: ${files.length}` : ''}${team.length ? `\nTeam-shared notes: ${team.length}` : ''}${facts.map((f) => `\n${f}`).join('')}`,
        contextValue: 'ariaContext.project',
        icon: 'project',
        query: p.key,
      },
      () => children,
      children.length,
    );
  };
  if (index.projects.size) {
    const projects = [...index.projects.values()];
    roots.push(
      withChildren(
        { id: 'group:projects', kind: 'group', label: 'Projects', description: String(projects.length), contextValue: 'ariaContext.group', icon: 'folder-library', expanded: false },
        () => projects.map(projectNode),
        projects.length,
      ),
    );
  }

  // Known Tags with counts; aliases in the description.
  const known: TreeNode[] = sortTags(
    index.knownTags.map((t) => {
      const id = `known:${t.tag.toLowerCase()}`;
      const files = shownOf(t.tag);
      return tagNode(id, t.tag, files.length, () => indexFileNodes(config, files, id, everywhere), t.aliases.length ? `aliases: ${t.aliases.join(', ')}` : undefined, countOf(t.tag, files.length));
    }),
    sort,
  );
  roots.push(withChildren({ id: 'group:known', kind: 'group', label: 'Known Tags', description: String(known.length), contextValue: 'ariaContext.group', icon: 'tag', expanded: true }, () => known, known.length));

  // Other Tags: headings of `## Other Tags` that are not known tags. Collapsed: their rows are
  // built when it is opened (their verdicts now, for the warnings).
  const knownSet = new Set(index.knownTags.map((t) => t.tag.toLowerCase()));
  const otherTags = [...index.otherTags.keys()].filter((t) => !knownSet.has(t));
  for (const t of otherTags) shownOf(t);
  const otherNodes = () =>
    sortTags(
      otherTags.map((t) => {
        const files = shownOf(t);
        return tagNode(`other:${t}`, t, files.length, () => indexFileNodes(config, files, `other:${t}`, everywhere), undefined, countOf(t, files.length));
      }),
      sort,
    );
  if (otherTags.length) {
    roots.push(withChildren({ id: 'group:other', kind: 'group', label: 'Other Tags', description: String(otherTags.length), contextValue: 'ariaContext.group', icon: 'tag', expanded: false }, otherNodes, otherTags.length));
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
        const merged = index.teamSharedFiles.get(`${e.project}\u0000${e.path}`) ?? { ...e, headings: new Set([heading]) };
        items.push(teamSharedItem(config, merged, verdict));
      }
      teamItems.push(...items);
      if (items.length) team.push(tagNode(id, heading, items.length, () => items.map((item) => fileNode(id, item, everywhere))));
    }
  }
  if (team.length) {
    roots.push(withChildren({ id: 'group:team', kind: 'group', label: 'Team-shared', description: String(team.length), contextValue: 'ariaContext.group', icon: 'organization', expanded: false }, () => team, team.length));
  }

  const all = [...warnings, ...index.warnings, ...config.warnings];
  if (all.length) {
    const children = all.map((w, i) => ({ ...messageNode(`warning:${i}:${w.slice(0, 80)}`, plainText(w), plainText(w), 'warning'), command: { id: 'ariaContext.goToWarning', args: [w] } }));
    roots.push(adopt({
      id: 'group:warnings',
      kind: 'group',
      label: 'Warnings',
      description: String(all.length),
      contextValue: 'ariaContext.group',
      icon: 'warning',
      children,
      expanded: false,
    }, children));
  }
  return roots;
}

function once<T>(fn: () => T): () => T {
  let done = false;
  let value: T;
  return () => {
    if (!done) {
      value = fn();
      done = true;
    }
    return value;
  };
}

function memo<T>(fn: (key: string) => T): (key: string) => T {
  const values = new Map<string, T>();
  return (key) => {
    if (!values.has(key)) values.set(key, fn(key));
    return values.get(key)!;
  };
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
