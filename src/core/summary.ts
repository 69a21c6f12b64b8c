// §5, text form: the exact shape the CLI `--text` and the chat participant print.
import { expandedLine, noMatchLine, REBUILD_HINT, resolvedLine } from './messages';
import type { Category, Idea, KnownTag, QueryResult, ResultItem } from './types';

export const GROUP_ORDER: Category[] = ['team-shared', 'project-specific', 'cross-project', 'tracked-artifact'];

export const GROUP_TITLES: Record<Category, string> = {
  'team-shared': 'Team-shared',
  'project-specific': 'Project-specific',
  'cross-project': 'Cross-project',
  'tracked-artifact': 'Tracked artifacts',
};

export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

export function foundLine(result: QueryResult): string {
  const q = result.query;
  return `Found ${plural(result.found, 'file')} matching: [${q.tokens.join(', ')}] (${q.mode})`;
}

/** `api, kubernetes (k8s, kube), deployment (deploy, ship …)` */
export function knownTagsLine(tags: KnownTag[]): string {
  const parts = tags.map((t) => {
    if (t.aliases.length === 0) return t.tag;
    const shown = t.aliases.slice(0, 2).join(', ');
    return `${t.tag} (${shown}${t.aliases.length > 2 ? ' …' : ''})`;
  });
  return `Known tags: ${parts.length ? parts.join(', ') : '(none)'}`;
}

/** One result line without its number: `path — description [tags] [hint: …]`. */
export function itemText(item: ResultItem): string {
  if (item.category === 'tracked-artifact') return `${item.path} — ${item.status} [project: ${item.project}]`;
  let line = item.path;
  if (item.description) line += ` — ${item.description}`;
  if (item.category === 'team-shared') {
    const parts = [`project: ${item.project}`];
    if (item.scope) parts.push(`scope: ${item.scope}`);
    if (item.tags.length) parts.push(`tags: ${item.tags.join(', ')}`);
    line += ` [${parts.join(', ')}]`;
  } else if (item.tags.length) {
    line += ` [${item.tags.join(', ')}]`;
  }
  if (item.hint) line += ` [hint: ${item.hint}]`;
  return line;
}

export function itemLine(item: ResultItem): string {
  return item.n === null ? `- ${itemText(item)}` : `${item.n}. ${itemText(item)}`;
}

export function ideaLine(idea: Idea): string {
  const age = idea.ageDays <= 0 ? '(today)' : idea.ageDays === 1 ? '(yesterday)' : `(${idea.ageDays} days ago)`;
  const parts = [`${idea.date} ${age}`];
  if (idea.type) parts.push(idea.type);
  parts.push(idea.title);
  return `- ${parts.join(' — ')}${idea.stale ? ' [STALE — still relevant?]' : ''}`;
}

export function groupHeading(category: Category, count: number): string {
  // Artifacts may be missing, so they are counted as lines rather than files.
  const size = category === 'tracked-artifact' ? String(count) : plural(count, 'file');
  return `## ${GROUP_TITLES[category]} (${size})`;
}

export function renderSummary(result: QueryResult): string {
  const out: string[] = [];
  for (const r of result.query.resolved) out.push(resolvedLine(r.alias, r.canonical));
  for (const e of result.query.expanded) out.push(expandedLine(e.project, e.tags));
  out.push(result.noMatch ? noMatchLine(result.query.tokens) : foundLine(result));
  out.push(...result.emptyProjectNotes);
  if (result.noMatch) out.push(knownTagsLine(result.knownTags), REBUILD_HINT);

  const groups = GROUP_ORDER.map((category) => ({
    category,
    items: result.items.filter((i) => i.category === category),
  })).filter((g) => g.items.length > 0);
  const headings = groups.length >= 2;
  for (const group of groups) {
    out.push('');
    if (headings) out.push(groupHeading(group.category, group.items.length));
    for (const item of group.items) out.push(itemLine(item));
  }

  if (result.showsIdeas && (result.ideas.length > 0 || result.legacyNote)) {
    out.push('');
    if (result.ideas.length > 0) {
      out.push(`Pending ideas (${result.ideas.length}):`);
      for (const idea of result.ideas) out.push(ideaLine(idea));
    }
    if (result.legacyNote) out.push(result.legacyNote);
  }
  if (result.warnings.length > 0) {
    out.push('');
    for (const w of result.warnings) out.push(`Warning: ${w}`);
  }
  return `${out.join('\n')}\n`;
}
