// The text of Context: Show Query Summary's document. Pure, so the output boundary it passes is
// tested in Node: others' text leaves escaped (§9), like every front end's.
import { escapeOutput, renderSummary, type QueryResult } from '../../core';

export function summaryMarkdown(last: { text: string; result: QueryResult }): string {
  return escapeOutput(`# Context: ${last.text}\n\n${renderSummary(last.result, 'editor')}`);
}
