// The CLI `--json` contract (§8), in the words of who reads it (§M).
import { adviceIn, legacyIdeasFor, problemText, type Audience } from './messages';
import type { QueryResult, ResultItem } from '../types';

/** An item as the contract shows it; `status` only for tracked artifacts (`8 days ago — fresh`, …). */
export type JsonItem = Pick<
  ResultItem,
  'n' | 'path' | 'absPath' | 'description' | 'tags' | 'hint' | 'project' | 'scope' | 'stale'
> & {
  category: string;
  status?: string;
  /** Whether loading it would give its content now (§9); `problem` says why not. */
  available: boolean;
  problem: string | null;
};

/** `audience`: the CLI's `--json` and the MCP tool's structured content never name a slash command (§M). */
export function toJson(result: QueryResult, audience: Audience = 'aria') {
  const q = result.query;
  return {
    tokens: q.tokens,
    mode: q.mode,
    resolved: q.resolved,
    expanded: q.expanded,
    found: result.found,
    items: result.items.map((i): JsonItem => {
      const item: JsonItem = {
        n: i.n,
        category: i.category,
        path: i.path,
        absPath: i.absPath,
        description: i.description,
        tags: i.tags,
        hint: i.hint,
        project: i.project,
        scope: i.scope,
        stale: i.stale,
        available: i.problem === null,
        problem: i.problem ? adviceIn(i, problemText(i.problem), audience) : null,
      };
      if (i.status !== null) item.status = adviceIn(i, i.status, audience);
      return item;
    }),
    notes: [
      ...result.emptyProjectNotes,
      ...(result.legacyNote ? [audience === 'aria' ? result.legacyNote : legacyIdeasFor(audience)] : []),
      ...result.warnings,
    ],
    ideas: result.ideas.map((i) => ({ date: i.date, type: i.type, title: i.title, stale: i.stale, path: i.path })),
    noMatch: result.noMatch,
    ...(result.noMatch ? { suggestions: result.suggestions ?? [] } : {}),
    /** §F44 By group, the matches past the group's cap: counted, not listed or checked. */
    unlisted: { ...result.unlisted },
  };
}

export function errorJson(code: string, message: string) {
  return { error: { code, message } };
}
