// A project's facts for its tree tooltip, from its query's result. Counts themselves are the
// core's one count (src/core/match/tagCounts.ts), never worked out here. Pure: unit-tested.
import { plural, type QueryResult } from '../../core';

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
