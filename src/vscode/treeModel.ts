// The tag tree as plain data. Pure: takes a Snapshot (and a lister for project-tier files) and
// returns nodes with stable ids; tagTree.ts maps them to TreeItems. File nodes carry a core
// ResultItem with its allowed roots, so opening/copying goes through the same real-path check
// as query results. Entries whose path leaves the allowed folders are not shown as files; they
// are listed under "Warnings" instead and never read.
import { indexEntryItem as coreIndexEntryItem, indexPathVerdict, itemView, namedParts, plural, projectFileItem, teamEntryVerdict, teamSharedItem, type Config, type ItemView, type KnowledgeIndex, type ProjectFile, type ResultItem, type Snapshot } from '../core';
import { tagCount, teamSharedCounts } from './queryCountModel';
import { plainText } from './queryModel';

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
  /** Initially expanded (groups only). */
  expanded?: boolean;
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

/** Tag nodes in the user's order; ties and the name order are case-insensitive. */
export function sortTags(nodes: TreeNode[], sort: TagSort): TreeNode[] {
  const byName = (a: TreeNode, b: TreeNode) => a.label.localeCompare(b.label, undefined, { sensitivity: 'base' });
  if (sort === 'name') return [...nodes].sort(byName);
  const count = (n: TreeNode) => n.children?.filter((c) => c.kind === 'file').length ?? 0;
  return [...nodes].sort((a, b) => count(b) - count(a) || byName(a, b));
}


/** An index path (knowledge-relative) as a file item, or the reason it is refused. */
export function indexEntryItem(config: Config, entryPath: string, description: string | null, tags: string[]): ResultItem | string {
  const verdict = indexPathVerdict(entryPath, config);
  return verdict.ok ? coreIndexEntryItem(config, { path: entryPath, description, tags }, verdict.abs) : verdict.reason;
}

/** A file row; its label and tooltip are the core's item view (the summary's annotation parts). */
function fileNode(parentId: string, item: ResultItem): TreeNode {
  return {
    id: `${parentId}/file:${item.path}`,
    kind: 'file',
    label: itemView(item).title,
    description: item.path,
    tooltip: fileTooltip(itemView(item)),
    contextValue: 'ariaContext.file',
    icon: item.category === 'team-shared' ? 'organization' : item.category === 'project-specific' ? 'project' : 'file',
    file: item,
  };
}

/** `path — description`, then one line per annotation part (`project: p, scope: s`, `tags: …`). */
export function fileTooltip(row: ItemView): string {
  return [`${row.path}${row.summary !== null ? ` — ${row.summary}` : ''}`, ...namedParts(row)].join('\n');
}

function messageNode(id: string, label: string, tooltip?: string, icon = 'info'): TreeNode {
  return { id, kind: 'message', label, tooltip: tooltip ?? label, contextValue: 'ariaContext.message', icon };
}

function tagFiles(index: KnowledgeIndex, config: Config, tag: string, parentId: string, warnings: Set<string>): TreeNode[] {
  const out: TreeNode[] = [];
  const files = [...(index.filesByTag.get(tag.toLowerCase()) ?? [])].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const f of files) {
    const item = indexEntryItem(config, f.path, f.description, [...f.tags].sort());
    if (typeof item === 'string') warnings.add(`Index entry \`${f.path}\` under \`${tag}\` is not shown: ${item}.`);
    else out.push(fileNode(parentId, item));
  }
  return out;
}

function tagNode(id: string, tag: string, children: TreeNode[], extra?: string, countText?: string): TreeNode {
  const count = countText ?? plural(children.length, 'file');
  return {
    id,
    kind: 'tag',
    label: tag,
    description: extra ? `${count} · ${extra}` : count,
    tooltip: `${tag}: ${count}${extra ? ` (${extra})` : ''}`,
    contextValue: children.length ? 'ariaContext.tag' : 'ariaContext.emptyTag',
    icon: 'tag',
    children,
    query: tag,
  };
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

  // Projects: key — name → relevant tags (each with its files), then the project's own files.
  const projects: TreeNode[] = [];
  for (const p of index.projects.values()) {
    const id = `project:${p.key.toLowerCase()}`;
    const children: TreeNode[] = p.relevantTags.map((t) => tagNode(`${id}/tag:${t.toLowerCase()}`, t, tagFiles(index, config, t, `${id}/tag:${t.toLowerCase()}`, warnings)));
    const files = projectFiles(p.key);
    const counted = input.queryCount?.(p.key);
    if (files) {
      for (const f of files) {
        children.push(fileNode(id, projectFileItem(config, f, p.key)));
      }
      if (files.length === 0) children.push(messageNode(`${id}/empty`, `No files yet in projects/${p.key}/`));
    }
    // The project's team-shared notes (from its repository's _project-knowledge/), when enabled.
    const shared = (input.projectTeamShared?.(p.key) ?? []).map((item) => fileNode(`${id}/team`, item));
    if (shared.length) children.push({ ...tagNode(`${id}/team`, 'Team-shared', shared), icon: 'organization', query: undefined, contextValue: 'ariaContext.group' });
    const facts = input.projectFacts?.(p.key) ?? [];
    projects.push({
      id,
      kind: 'project',
      label: p.key,
      description: [p.name, counted].filter(Boolean).join(' · ') || undefined,
      tooltip: `${p.key}${p.name ? ` — ${p.name}` : ''}${counted ? `\nQuerying ${p.key} returns ${counted}` : ''}\nRelevant tags: ${p.relevantTags.join(', ') || '(none)'}${files ? `\nProject-tier files: ${files.length}` : ''}${shared.length ? `\nTeam-shared notes: ${shared.length}` : ''}${facts.map((f) => `\n${f}`).join('')}`,
      contextValue: 'ariaContext.project',
      icon: 'project',
      children,
      query: p.key,
    });
  }
  if (projects.length) {
    roots.push({ id: 'group:projects', kind: 'group', label: 'Projects', description: String(projects.length), contextValue: 'ariaContext.group', icon: 'folder-library', children: projects, expanded: false });
  }

  // Known Tags with counts; aliases in the description.
  const known: TreeNode[] = sortTags(
    index.knownTags.map((t) => {
      const id = `known:${t.tag.toLowerCase()}`;
      const children = tagFiles(index, config, t.tag, id, warnings);
      return tagNode(id, t.tag, children, t.aliases.length ? `aliases: ${t.aliases.join(', ')}` : undefined, countOf(t.tag, children.length));
    }),
    sort,
  );
  roots.push({ id: 'group:known', kind: 'group', label: 'Known Tags', description: String(known.length), contextValue: 'ariaContext.group', icon: 'tag', children: known, expanded: true });

  // Other Tags: headings of `## Other Tags` that are not known tags.
  const knownSet = new Set(index.knownTags.map((t) => t.tag.toLowerCase()));
  const other: TreeNode[] = sortTags(
    [...index.otherTags.keys()]
      .filter((t) => !knownSet.has(t))
      .map((t) => {
        const children = tagFiles(index, config, t, `other:${t}`, warnings);
        return tagNode(`other:${t}`, t, children, undefined, countOf(t, children.length));
      }),
    sort,
  );
  if (other.length) {
    roots.push({ id: 'group:other', kind: 'group', label: 'Other Tags', description: String(other.length), contextValue: 'ariaContext.group', icon: 'tag', children: other, expanded: false });
  }

  // Team-shared: headings → entries of enabled projects (and cross), inside allowed folders.
  const team: TreeNode[] = [];
  if (index.hasTeamSharedSection && config.sharedKnowledge.length > 0) {
    for (const [heading, entries] of [...index.teamShared.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const id = `team:${heading}`;
      const children: TreeNode[] = [];
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
        const item = teamSharedItem(config, merged, verdict);
        children.push(fileNode(id, item));
      }
      if (children.length) team.push(tagNode(id, heading, children));
    }
  }
  if (team.length) {
    roots.push({ id: 'group:team', kind: 'group', label: 'Team-shared', description: String(team.length), contextValue: 'ariaContext.group', icon: 'organization', children: team, expanded: false });
  }

  sameTagsEverywhere(roots);
  const all = [...warnings, ...index.warnings, ...config.warnings];
  if (all.length) {
    roots.push({
      id: 'group:warnings',
      kind: 'group',
      label: 'Warnings',
      description: String(all.length),
      contextValue: 'ariaContext.group',
      icon: 'warning',
      children: all.map((w, i) => messageNode(`warning:${i}:${w.slice(0, 80)}`, plainText(w), plainText(w), 'warning')),
      expanded: false,
    });
  }
  return roots;
}

/**
 * One file can sit in several places (under each of its tags, as a project-tier file, as a
 * team-shared note): its tooltip lists the union of the tags every place knows, so it reads the
 * same wherever it is hovered.
 */
function sameTagsEverywhere(roots: TreeNode[]): void {
  const nodes: TreeNode[] = [];
  const walk = (n: TreeNode) => {
    if (n.file) nodes.push(n);
    n.children?.forEach(walk);
  };
  roots.forEach(walk);
  const tags = new Map<string, Set<string>>();
  for (const n of nodes) {
    const set = tags.get(n.file!.absPath) ?? new Set<string>();
    for (const t of n.file!.tags) set.add(t);
    tags.set(n.file!.absPath, set);
  }
  for (const n of nodes) {
    const all = [...tags.get(n.file!.absPath)!].sort();
    if (all.length === n.file!.tags.length) continue;
    n.tooltip = fileTooltip(itemView({ ...n.file!, tags: all }));
  }
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
