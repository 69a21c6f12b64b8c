// The §5 summary as chat markdown. Everything that comes from the knowledge folder is escaped:
// index text must never become a link, an image or a command in the chat.
import { expandedLine, foundLine, GROUP_ORDER, GROUP_TITLES, ideaLine, knownTagsLine, noMatchLine, plural, REBUILD_HINT, resolvedLine, type QueryResult, type ResultItem } from '../../core';

/** Backslash-escapes markdown syntax so text renders literally. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()<>#+\-.!|~]/g, (c) => `\\${c}`);
}

/**
 * A link target that cannot end early or smuggle markdown: characters with a meaning in link
 * syntax are percent-encoded (the same URI for a file: link). Knowledge paths may hold `)`,
 * `[`, backticks or spaces; vscode.Uri encodes most of them, Node's pathToFileURL not `( )`.
 */
export function linkTarget(url: string): string {
  return url.replace(/[()[\]<>`\\\s"']/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

export interface ChatMarkdownOptions {
  /** A file link target for an absolute path (a `file:` URI string). */
  linkFor: (absPath: string) => string;
}

function itemMarkdown(item: ResultItem, options: ChatMarkdownOptions): string {
  const label = escapeMarkdown(item.path);
  const name = item.selectable ? `[${label}](${linkTarget(options.linkFor(item.absPath))})` : label;
  const bits: string[] = [];
  if (item.category === 'tracked-artifact') {
    bits.push(`${name} — ${escapeMarkdown(item.status ?? '')} \\[project: ${escapeMarkdown(item.project ?? '')}\\]`);
  } else {
    bits.push(item.description ? `${name} — ${escapeMarkdown(item.description)}` : name);
    if (item.category === 'team-shared') {
      const parts = [`project: ${item.project}`, ...(item.scope ? [`scope: ${item.scope}`] : []), ...(item.tags.length ? [`tags: ${item.tags.join(', ')}`] : [])];
      bits.push(`\\[${escapeMarkdown(parts.join(', '))}\\]`);
    } else if (item.tags.length) {
      bits.push(`\\[${escapeMarkdown(item.tags.join(', '))}\\]`);
    }
    if (item.hint) bits.push(`\\[hint: ${escapeMarkdown(item.hint)}\\]`);
  }
  const prefix = item.n === null ? '-' : `${item.n}.`;
  return `${prefix} ${bits.join(' ')}`;
}

export function resultMarkdown(result: QueryResult, options: ChatMarkdownOptions): string {
  const out: string[] = [];
  for (const r of result.query.resolved) out.push(`${escapeMarkdown(resolvedLine(r.alias, r.canonical))}  `);
  for (const e of result.query.expanded) out.push(`${escapeMarkdown(expandedLine(e.project, e.tags))}  `);
  out.push(`**${escapeMarkdown(result.noMatch ? noMatchLine(result.query.tokens) : foundLine(result))}**`);
  for (const note of result.emptyProjectNotes) out.push('', `_${escapeMarkdown(note)}_`);
  if (result.noMatch) out.push('', escapeMarkdown(knownTagsLine(result.knownTags)), '', escapeMarkdown(REBUILD_HINT));

  const groups = GROUP_ORDER.map((category) => ({ category, items: result.items.filter((i) => i.category === category) })).filter((g) => g.items.length);
  for (const group of groups) {
    out.push('');
    if (groups.length >= 2) {
      const count = group.category === 'tracked-artifact' ? String(group.items.length) : plural(group.items.length, 'file');
      out.push(`#### ${GROUP_TITLES[group.category]} (${count})`, '');
    }
    for (const item of group.items) out.push(itemMarkdown(item, options));
  }
  if (result.showsIdeas && result.ideas.length) {
    out.push('', `**Pending ideas (${result.ideas.length})**`, '');
    for (const idea of result.ideas) out.push(escapeMarkdown(ideaLine(idea)).replace(/^\\-/, '-'));
  }
  if (result.legacyNote) out.push('', `_${escapeMarkdown(result.legacyNote)}_`);
  for (const w of result.warnings) out.push('', `⚠️ ${escapeMarkdown(w)}`);
  return `${out.join('\n')}\n`;
}
