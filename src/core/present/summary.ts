// §5, text form: the exact shape the CLI `--text`, Show Query Summary and the agent's query
// tool print. A mapper over the core's summary view (summaryView.ts), which decides the layout.
import { itemLine, summaryView, type SummaryView } from './summaryView';
import type { Audience } from './messages';
import type { QueryResult } from '../types';

export function renderSummary(result: QueryResult, audience: Audience = 'aria'): string {
  return renderSummaryView(summaryView(result, audience));
}

export function renderSummaryView(view: SummaryView): string {
  const out: string[] = [];
  for (const block of view) {
    switch (block.kind) {
      case 'queryNotes':
        out.push(...block.lines);
        break;
      case 'found':
        out.push(block.line);
        break;
      case 'emptyProjects':
        out.push(...block.notes);
        break;
      case 'noMatchHelp':
        if (block.didYouMean) out.push(block.didYouMean);
        out.push(block.knownTags, block.hint);
        break;
      case 'group':
        out.push('');
        if (block.heading) out.push(`## ${block.title} (${block.size})`);
        for (const row of block.items) out.push(itemLine(row));
        if (block.unlisted) out.push(block.unlisted);
        break;
      case 'ideas':
        out.push('');
        if (block.ideas.length > 0) {
          out.push(`Pending ideas (${block.count}):`);
          for (const idea of block.ideas) out.push(`- ${idea.text}`);
        }
        if (block.legacyNote) out.push(block.legacyNote);
        break;
      case 'warnings':
        out.push('');
        for (const w of block.warnings) out.push(`Warning: ${w}`);
        break;
    }
  }
  return `${out.join('\n')}\n`;
}
