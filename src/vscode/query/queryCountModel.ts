// Counts that say what a query returns, for the tree and completion (§7): a project key counts
// its expansion, project-tier files, artifacts and ideas; a tag counts its team-shared notes too,
// named apart. Pure: unit-tested.
import { plural, type KnowledgeIndex, type QueryResult } from '../../core';

/** `4 files · 1 artifact · 2 pending ideas`, what Context: Query shows for the same text. */
export function describeQueryCount(result: QueryResult): string {
  const artifacts = result.items.filter((i) => i.category === 'tracked-artifact').length;
  const team = result.items.filter((i) => i.category === 'team-shared').length;
  const parts = [`${plural(result.found, 'file')}${team ? ` (${team} team-shared)` : ''}`];
  if (artifacts) parts.push(plural(artifacts, 'artifact'));
  if (result.showsIdeas && result.ideas.length) parts.push(plural(result.ideas.length, 'pending idea'));
  return parts.join(' · ');
}

/** Team-shared entries per lowercased heading, counting only enabled projects: one pass over the section. */
export function teamSharedCounts(index: KnowledgeIndex, enabled: (project: string) => boolean): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [heading, entries] of index.teamShared) {
    const n = entries.filter((e) => enabled(e.project.toLowerCase())).length;
    if (n) counts.set(heading.toLowerCase(), (counts.get(heading.toLowerCase()) ?? 0) + n);
  }
  return counts;
}

/** `2 files + 1 team-shared`: index files and team-shared notes, counted apart and said so. */
export function tagCount(files: number, team: number): string {
  return team ? `${plural(files, 'file')} + ${team} team-shared` : plural(files, 'file');
}

/** A project's tracked artifacts with their freshness, then its pending ideas, for the project node's tooltip. */
export function projectFacts(result: QueryResult, key: string): string[] {
  const lower = key.toLowerCase();
  const lines = result.items
    .filter((i) => i.category === 'tracked-artifact' && (i.project ?? '').toLowerCase() === lower)
    .map((i) => `${i.path.split('/').pop()}: ${i.status ?? 'tracked'}`);
  const ideas = result.showsIdeas ? result.ideas.filter((i) => i.projects.some((p) => p.toLowerCase() === lower)) : [];
  if (ideas.length) {
    const stale = ideas.filter((i) => i.stale).length;
    lines.push(`${plural(ideas.length, 'pending idea')}${stale ? ` (${stale} stale)` : ''}`);
  }
  return lines;
}
