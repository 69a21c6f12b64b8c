// Which picked items may be opened, copied or sent: the core's real-path check (after
// symlinks) against each item's allowed roots. Pure (no vscode import), unit-tested.
import type { ResultItem } from '../core';
import { checkRealPath } from '../core/paths';

export interface Refusal {
  path: string;
  reason: string;
}

export interface CheckedItems {
  ok: Array<{ item: ResultItem; realPath: string }>;
  refused: Refusal[];
}

export function checkItems(items: readonly ResultItem[]): CheckedItems {
  const ok: CheckedItems['ok'] = [];
  const refused: Refusal[] = [];
  for (const item of items) {
    if (!item.selectable) {
      refused.push({ path: item.path, reason: 'it is not a loadable file' });
      continue;
    }
    const check = checkRealPath(item.absPath, item.allowedRoots);
    if (check.ok) ok.push({ item, realPath: check.realPath });
    else refused.push({ path: item.path, reason: check.reason });
  }
  return { ok, refused };
}

/** `Refused a.md: reason (not opened).` lines, one sentence per refusal. */
export function refusalMessage(refused: readonly Refusal[], verb = 'opened'): string {
  return refused.map((r) => `Refused ${r.path}: ${r.reason} (not ${verb}).`).join(' ');
}
