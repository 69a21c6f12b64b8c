// The §5 summary as chat markdown: a mapper over the core's summary view. Everything that comes
// from the knowledge folder is escaped: index text must never become a link, an image or a
// command in the chat.
import { itemLine, summaryView, type ItemView, type LineHooks, type QueryResult, type SummaryView } from '../../core';

/**
 * A word a renderer could turn into a link by itself: a scheme (`http://`, `mailto:`), `//`,
 * `www.`, an address with `@`, or a domain-like `name.tld` (GFM and linkify autolinks). Kept
 * deliberately broad: such a word is shown as code, which is never linked.
 */
const LINK_LIKE =
  /:\/\/|^\/\/|(?:mailto|command|javascript|vbscript|data|file|vscode|tel):|www[.\u3002\uff0e\uff61]|@|[\p{L}\p{N}_-][.\u3002\uff0e\uff61]\p{L}{2}/iu;

/**
 * Backslash-escapes markdown syntax so text renders literally. Enough on its own only inside a
 * link the extension built (no renderer autolinks inside a link's text).
 */
export function escapeSyntax(text: string): string {
  return text.replace(/[\\`*_{}[\]()<>#+\-.!|~]/g, (c) => `\\${c}`);
}

/** A code span holding `text` literally: its fence is longer than any backtick run inside. */
function codeSpan(text: string): string {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/**
 * Knowledge text as markdown that renders literally and links nothing: markdown syntax is
 * backslash-escaped, and every link-like word (bare URLs, `www.`, e-mail addresses, domains,
 * `<…>`) is shown as code, because autolinking happens after escapes are read. Only links the
 * extension builds itself (the item links) are links.
 */
export function escapeMarkdown(text: string): string {
  return text
    .split(/(\s+)/)
    .map((part) =>
      part === '' || /^\s+$/.test(part) ? part : LINK_LIKE.test(part) ? codeSpan(part) : escapeSyntax(part),
    )
    .join('');
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

function chatLineHooks(options: ChatMarkdownOptions): LineHooks {
  const path = (row: ItemView) => {
    return row.item.selectable
      ? `[${escapeSyntax(row.path)}](${linkTarget(options.linkFor(row.item.absPath))})`
      : escapeMarkdown(row.path);
  };
  return { text: escapeMarkdown, path, open: '\\[', close: '\\]' };
}

export function resultMarkdown(result: QueryResult, options: ChatMarkdownOptions): string {
  return viewMarkdown(summaryView(result), options);
}

export function viewMarkdown(view: SummaryView, options: ChatMarkdownOptions): string {
  const hooks = chatLineHooks(options);
  const out: string[] = [];
  for (const block of view) {
    switch (block.kind) {
      case 'queryNotes':
        // Two trailing spaces: a line break, not a new paragraph.
        for (const line of block.lines) out.push(`${escapeMarkdown(line)}  `);
        break;
      case 'found':
        out.push(`**${escapeMarkdown(block.line)}**`);
        break;
      case 'emptyProjects':
        for (const note of block.notes) out.push('', `_${escapeMarkdown(note)}_`);
        break;
      case 'noMatchHelp':
        if (block.didYouMean) out.push('', escapeMarkdown(block.didYouMean));
        out.push('', escapeMarkdown(block.knownTags), '', escapeMarkdown(block.hint));
        break;
      case 'group':
        out.push('');
        if (block.heading) out.push(`#### ${block.title} (${block.size})`, '');
        for (const row of block.items) out.push(itemLine(row, hooks));
        if (block.unlisted) out.push('', `_${escapeMarkdown(block.unlisted)}_`);
        break;
      case 'ideas':
        if (block.ideas.length) {
          out.push('', `**Pending ideas (${block.count})**`, '');
          for (const idea of block.ideas) out.push(`- ${escapeMarkdown(idea.text)}`);
        }
        if (block.legacyNote) out.push('', `_${escapeMarkdown(block.legacyNote)}_`);
        break;
      case 'warnings':
        for (const w of block.warnings) out.push('', `⚠️ ${escapeMarkdown(w)}`);
        break;
    }
  }
  return `${out.join('\n')}\n`;
}
