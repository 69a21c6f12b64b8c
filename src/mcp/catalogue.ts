// Every loadable file of the knowledge base, for resources/list, paged. The core's knowledge
// base proposes the paths (KnowledgeBase.loadableFiles); each page entry is vouched for by the
// core (itemsForPaths, then checkItems' real-path check), exactly as a read would be.
import { checkItems, GROUP_TITLES, itemsForPaths, type LoadableFile, type ResultItem, type Snapshot } from '../core';

export interface CatalogueEntry {
  item: ResultItem;
  description: string | null;
}

/** The candidates from `start` that the core accepts, until `count` are found or the list ends. */
export function cataloguePage(
  snapshot: Snapshot,
  candidates: readonly LoadableFile[],
  start: number,
  count: number,
  today: string,
): { entries: CatalogueEntry[]; next: number | null } {
  const entries: CatalogueEntry[] = [];
  // Bounded work per page even when most candidates are missing: a short page is allowed.
  const end = Math.min(candidates.length, start + count * 4);
  let i = start;
  for (; i < end && entries.length < count; i++) {
    const c = candidates[i];
    const vouched = itemsForPaths(snapshot, [c.path], today);
    if (vouched.items.length !== 1) continue;
    const checked = checkItems(snapshot.config, vouched.items);
    if (checked.ok.length !== 1) continue; // missing, or a symlink leading out: never offered
    entries.push({ item: checked.ok[0].item, description: c.description });
  }
  return { entries, next: i < candidates.length ? i : null };
}

export function categoryTitle(item: ResultItem): string {
  return GROUP_TITLES[item.category];
}
