// The markdown bundle a knowledge_load call returns, read through the core's loader with a
// per-file cap and a per-call budget: files past the budget are named, not read.
import { escapeControls, fileSection, loadedLine, loadItems, refusedLine, truncationNotice, type Config, type LoadResult, type ResultItem } from '../core';
import { CALL_BYTES, FILE_BYTES } from './limits';

export interface BudgetedLoad {
  load: LoadResult;
  /** The cap each loaded file was read with (smaller than FILE_BYTES once the budget runs low). */
  caps: Map<ResultItem, number>;
  /** Items not read because the call's budget was spent. */
  skipped: ResultItem[];
}

export function loadWithinBudget(config: Config, items: readonly ResultItem[], budget = CALL_BYTES, perFile = FILE_BYTES): BudgetedLoad {
  const result: BudgetedLoad = { load: { loaded: [], refused: [] }, caps: new Map(), skipped: [] };
  let remaining = budget;
  for (const item of items) {
    if (remaining <= 0) {
      result.skipped.push(item);
      continue;
    }
    const cap = Math.min(perFile, remaining);
    const one = loadItems(config, [item], { maxBytes: cap });
    for (const file of one.loaded) {
      result.load.loaded.push(file);
      result.caps.set(file.item, cap);
      remaining -= Buffer.byteLength(file.content, 'utf8');
    }
    result.load.refused.push(...one.refused);
  }
  return result;
}

/** Path refusals from itemsForPaths (never looked up), before the bundle. */
export interface PathRefusal {
  path: string;
  reason: string;
}

export function renderLoad(result: BudgetedLoad, pathRefusals: readonly PathRefusal[] = [], budget = CALL_BYTES): string {
  const out: string[] = [];
  for (const file of result.load.loaded) {
    out.push(...fileSection(file)); // the core's heading: a file name cannot forge one
    if (file.truncated) {
      const cap = result.caps.get(file.item) ?? FILE_BYTES;
      const why = cap < FILE_BYTES ? ` This call's ${Math.round(budget / 1024)} KB limit was reached; load this file alone to read more of it.` : '';
      out.push(`${truncationNotice(file)}${why}`, '');
    }
  }
  for (const r of pathRefusals) out.push(`Refused ${escapeControls(r.path)}: ${r.reason} (not read).`);
  for (const r of result.load.refused) out.push(refusedLine(r));
  if (pathRefusals.length || result.load.refused.length) out.push('');
  if (result.skipped.length) {
    out.push(
      `(Not loaded: this call's ${Math.round(budget / 1024)} KB limit was reached before ${result.skipped.length === 1 ? 'this file' : `these ${result.skipped.length} files`}. Load them with another call, passing these paths:)`,
      ...result.skipped.map((i) => `- ${escapeControls(i.path)}`),
      '',
    );
  }
  out.push(loadedLine(result.load.loaded.length));
  return `${out.join('\n')}\n`;
}
