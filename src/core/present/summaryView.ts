// core/present/ (step 5): a result as the summary view, its text and JSON renderers, messages and the output escaping.
// §5 laid out once: a query result as ordered blocks (notes, found line, groups with their
// headings decided, items with their annotations as parts, ideas, warnings). Every renderer
// maps these blocks — the text summary (summary.ts), the chat markdown, the pick list and the
// tree's tooltips — so how a row is annotated or when a group gets a heading is decided here.
import * as path from 'node:path';
import { escapeControls } from './outputText';
import { countText, plural } from './plural';
import { MAX_ITEMS_PER_GROUP } from '../match/resultCap';
import {
  adviceIn,
  didYouMeanLine,
  expandedLine,
  legacyIdeasFor,
  noMatchLine,
  problemText,
  rebuildHintFor,
  resolvedLine,
  type Audience,
} from './messages';
import type { Category, Idea, KnownTag, QueryResult, ResultItem } from '../types';

export const GROUP_ORDER: Category[] = ['team-shared', 'project-specific', 'cross-project', 'tracked-artifact'];

export const GROUP_TITLES: Record<Category, string> = {
  'team-shared': 'Team-shared',
  'project-specific': 'Project-specific',
  'cross-project': 'Cross-project',
  'tracked-artifact': 'Tracked artifacts',
};

export function foundLine(result: QueryResult): string {
  const q = result.query;
  return `Found ${plural(result.found, 'file')} matching: [${q.tokens.join(', ')}] (${q.mode})`;
}

/** `… and 557,000 more matches not listed …`: the count of a group's rest (§F44). */
export function unlistedLine(more: number): string {
  return `… and ${countText(more)} more ${more === 1 ? 'match' : 'matches'} not listed or checked (each group lists its ${countText(MAX_ITEMS_PER_GROUP)} most relevant; narrow the query to see others)`;
}

/** Known tags a no-match line names; the rest are counted (§5, §F44). */
export const MAX_KNOWN_TAGS_SHOWN = 200;

/** `api, kubernetes (k8s, kube), deployment (deploy, ship …)`, then `… and N more` past the cap. */
export function knownTagsLine(tags: KnownTag[]): string {
  const parts = tags.slice(0, MAX_KNOWN_TAGS_SHOWN).map((t) => {
    if (t.aliases.length === 0) return t.tag;
    const shown = t.aliases.slice(0, 2).join(', ');
    return `${t.tag} (${shown}${t.aliases.length > 2 ? ' …' : ''})`;
  });
  if (tags.length > MAX_KNOWN_TAGS_SHOWN) parts.push(`… and ${tags.length - MAX_KNOWN_TAGS_SHOWN} more`);
  return `Known tags: ${parts.length ? parts.join(', ') : '(none)'}`;
}

/** One part of a row's annotation: `project: ss`, `scope: repo`, `tags: a, b`, `hint: h`. */
export interface Annotation {
  name: 'project' | 'scope' | 'tags' | 'hint';
  value: string;
  /** Whether the summary's bracket names it; a note's own tag list is bare (`[a, b]`). */
  named: boolean;
}

export interface ItemView {
  item: ResultItem;
  /** The summary number; null for a line that cannot be picked (shown as `-`). */
  n: number | null;
  path: string;
  /** What a list shows as the row's name: the description, else the file name. */
  title: string;
  /** The text after ` — `: the description, or an artifact's status; null for none. */
  summary: string | null;
  /** Bracketed groups after the summary, in order: `[project: p, scope: s, tags: a]`, `[hint: h]`. */
  annotations: Annotation[][];
  /** Why it cannot be loaded (`refused — …; not read`, `not found — …`), also ending `summary`; null when it can. */
  problem: string | null;
}

export interface IdeaView {
  idea: Idea;
  /** `2026-11-28 (2 days ago) — feature — Title [STALE — still relevant?]`, without a list marker. */
  text: string;
}

export type SummaryBlock =
  /** `Resolved …` and `Expanded …` lines. */
  | { kind: 'queryNotes'; lines: string[] }
  | { kind: 'found'; line: string; noMatch: boolean }
  | { kind: 'emptyProjects'; notes: string[] }
  /** After a no-match: the nearest tags (`Did you mean: kubernetes?`, null when none is near), the known tags and the rebuild hint. */
  | {
      kind: 'noMatchHelp';
      didYouMean: string | null;
      suggestions: string[];
      /** Suggestions found through an alias (the word was near `ship`, an alias of deployment). */
      suggestionAliases: Array<{ tag: string; alias: string }>;
      knownTags: string;
      hint: string;
    }
  /** `size` is what a heading counts: files, or lines for artifacts (they may be missing). */
  | {
      kind: 'group';
      category: Category;
      title: string;
      size: string;
      heading: boolean;
      items: ItemView[];
      /** §F44 The line counting the group's matches past its cap, null when every match is listed. */
      unlisted: string | null;
    }
  | { kind: 'ideas'; count: number; ideas: IdeaView[]; legacyNote: string | null }
  | { kind: 'warnings'; warnings: string[] };

export type SummaryView = SummaryBlock[];

function fileTitle(p: string): string {
  return path.posix.basename(p.replace(/\\/g, '/'));
}

/** A result item as a row: its title, summary and annotation parts, in the audience's words (§M). */
export function itemView(item: ResultItem, audience: Audience = 'aria'): ItemView {
  if (item.category === 'tracked-artifact') {
    return {
      item,
      n: item.n,
      path: item.path,
      title: fileTitle(item.path),
      summary: adviceIn(item, `${item.status}`, audience),
      annotations: [[{ name: 'project', value: `${item.project}`, named: true }]],
      problem: item.problem ? adviceIn(item, problemText(item.problem), audience) : null,
    };
  }
  const annotations: Annotation[][] = [];
  if (item.category === 'team-shared') {
    const parts: Annotation[] = [{ name: 'project', value: `${item.project}`, named: true }];
    if (item.scope) parts.push({ name: 'scope', value: item.scope, named: true });
    if (item.tags.length) parts.push({ name: 'tags', value: item.tags.join(', '), named: true });
    annotations.push(parts);
  } else if (item.tags.length) {
    annotations.push([{ name: 'tags', value: item.tags.join(', '), named: false }]);
  }
  if (item.hint) annotations.push([{ name: 'hint', value: item.hint, named: true }]);
  const problem = item.problem ? problemText(item.problem) : null;
  // A note that cannot be loaded says so where its description goes, as a missing artifact does.
  const summary = problem ? [item.description, `(${problem})`].filter(Boolean).join(' ') : item.description || null;
  return {
    item,
    n: item.n,
    path: item.path,
    title: item.description?.trim() || fileTitle(item.path).replace(/\.md$/i, ''),
    summary,
    annotations,
    problem,
  };
}

function ideaView(idea: Idea): IdeaView {
  const age = idea.ageDays <= 0 ? '(today)' : idea.ageDays === 1 ? '(yesterday)' : `(${idea.ageDays} days ago)`;
  const parts = [`${idea.date} ${age}`];
  if (idea.type) parts.push(idea.type);
  parts.push(idea.title);
  return { idea, text: `${parts.join(' — ')}${idea.stale ? ' [STALE — still relevant?]' : ''}` };
}

/** `audience`: whose words the help lines are in (the CLI and the MCP server never name a slash command). */
export function summaryView(result: QueryResult, audience: Audience = 'aria'): SummaryView {
  const q = result.query;
  const blocks: SummaryView = [];
  const queryNotes = [
    ...q.resolved.map((r) => resolvedLine(r.alias, r.canonical)),
    ...q.expanded.map((e) => expandedLine(e.project, e.tags)),
  ];
  if (queryNotes.length) blocks.push({ kind: 'queryNotes', lines: queryNotes });
  blocks.push({
    kind: 'found',
    line: result.noMatch ? noMatchLine(q.tokens) : foundLine(result),
    noMatch: result.noMatch,
  });
  if (result.emptyProjectNotes.length) blocks.push({ kind: 'emptyProjects', notes: [...result.emptyProjectNotes] });
  if (result.noMatch)
    blocks.push({
      kind: 'noMatchHelp',
      didYouMean: result.suggestions?.length ? didYouMeanLine(result.suggestions, result.suggestionAliases) : null,
      suggestions: result.suggestions ?? [],
      suggestionAliases: result.suggestionAliases ?? [],
      knownTags: knownTagsLine(result.knownTags),
      hint: rebuildHintFor(audience),
    });

  const groups = GROUP_ORDER.map((category) => ({
    category,
    items: result.items.filter((i) => i.category === category),
  })).filter((g) => g.items.length > 0);
  // Headings only when there is more than one group to tell apart.
  const heading = groups.length >= 2;
  for (const { category, items } of groups) {
    // Artifacts count lines (a missing one too); notes count what can be loaded, as the found line does.
    const size =
      category === 'tracked-artifact'
        ? String(items.length)
        : plural(items.filter((i) => i.problem === null).length, 'file');
    const more = result.unlisted?.[category] ?? 0;
    blocks.push({
      kind: 'group',
      category,
      title: GROUP_TITLES[category],
      size,
      heading,
      items: items.map((item) => itemView(item, audience)),
      unlisted: more ? unlistedLine(more) : null,
    });
  }

  if (result.showsIdeas && (result.ideas.length > 0 || result.legacyNote)) {
    blocks.push({
      kind: 'ideas',
      count: result.ideas.length,
      ideas: result.ideas.map(ideaView),
      legacyNote: result.legacyNote && audience !== 'aria' ? legacyIdeasFor(audience) : result.legacyNote,
    });
  }
  if (result.warnings.length > 0) blocks.push({ kind: 'warnings', warnings: [...result.warnings] });
  return blocks;
}

/** How a line-based renderer writes knowledge text, the row's path and annotation brackets. */
export interface LineHooks {
  /** Text from the knowledge folder as the target shows it literally (escaping). */
  text: (s: string) => string;
  /** The row's path: plain, or a link. */
  path: (row: ItemView) => string;
  open: string;
  close: string;
}

// Each value stays on its line, whatever a note's front matter holds (the output boundary does the rest).
const PLAIN_LINE: LineHooks = { text: escapeControls, path: (row) => escapeControls(row.path), open: '[', close: ']' };

function partText(part: Annotation): string {
  return part.named ? `${part.name}: ${part.value}` : part.value;
}

/** `1. path — description [tags] [hint: …]` (`-` for a row without a number). */
export function itemLine(row: ItemView, hooks: LineHooks = PLAIN_LINE): string {
  let line = `${row.n === null ? '-' : `${row.n}.`} ${hooks.path(row)}`;
  if (row.summary !== null) line += ` — ${hooks.text(row.summary)}`;
  for (const group of row.annotations)
    line += ` ${hooks.open}${hooks.text(group.map(partText).join(', '))}${hooks.close}`;
  return line;
}

/**
 * The annotation as named parts for a list's detail line or a tooltip, where nothing is
 * bracketed: `project: p, scope: s`, `tags: a, b`, `hint: h` (a scope qualifies its project).
 */
export function namedParts(row: ItemView): string[] {
  const out: string[] = [];
  for (const part of row.annotations.flat()) {
    const text = `${part.name}: ${part.value}`;
    if (part.name === 'scope' && out.length) out[out.length - 1] += `, ${text}`;
    else out.push(text);
  }
  return out;
}
