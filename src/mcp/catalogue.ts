// Every loadable file of the knowledge base, for resources/list: the index's cross-project
// files, the configured projects' tier files, the enabled team-shared entries and the tracked
// artifacts. The listing only proposes paths; each page is vouched for by the core
// (itemsForPaths, then checkItems' real-path check), exactly as a read would be.
import * as path from 'node:path';
import { CoreCache, itemsForPaths, type ResultItem, type Snapshot } from '../core';
import { trackedArtifacts } from '../core/artifacts';
import { checkItems } from '../core/loader';
import { GROUP_TITLES } from '../core/summary';
import { teamEntryVerdict } from '../core/teamShared';

interface Candidate {
  path: string;
  description: string | null;
}

export interface CatalogueEntry {
  item: ResultItem;
  description: string | null;
}

/** Candidate paths in a stable order: cross-project, project tier, team-shared, artifacts. */
export function candidatePaths(snapshot: Snapshot, cache: CoreCache, today: string): Candidate[] {
  const { config, index } = snapshot;
  const out: Candidate[] = [];
  const seen = new Set<string>();
  const add = (c: Candidate) => {
    if (seen.has(c.path)) return;
    seen.add(c.path);
    out.push(c);
  };
  for (const [rel, file] of index.files) if (!rel.startsWith('projects/')) add({ path: rel, description: file.description });
  const projects = config.projectsEnabled ? [...config.projectsList.values()] : [];
  for (const project of projects) {
    for (const file of cache.projectScan(config.knowledgeFolder, project.tag).files) add({ path: file.relPath, description: file.description || null });
  }
  for (const entry of index.teamSharedFiles.values()) {
    const verdict = teamEntryVerdict(config, entry.path, entry.project);
    if (verdict.ok) add({ path: verdict.abs, description: entry.description });
  }
  const keys = projects.map((p) => p.tag);
  for (const artifact of trackedArtifacts(config, keys, today)) {
    if (artifact.selectable) add({ path: artifact.absPath, description: `${path.basename(artifact.absPath)} of ${artifact.project} (${artifact.status})` });
  }
  return out;
}

/** The candidates from `start` that the core accepts, until `count` are found or the list ends. */
export function cataloguePage(
  snapshot: Snapshot,
  candidates: readonly Candidate[],
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
    const checked = checkItems(vouched.items);
    if (checked.ok.length !== 1) continue; // missing, or a symlink leading out: never offered
    entries.push({ item: checked.ok[0].item, description: c.description });
  }
  return { entries, next: i < candidates.length ? i : null };
}

export function categoryTitle(item: ResultItem): string {
  return GROUP_TITLES[item.category];
}
