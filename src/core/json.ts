// The CLI `--json` contract (end of SPEC.md).
import type { QueryResult } from './types';

export interface JsonItem {
  n: number | null;
  category: string;
  path: string;
  absPath: string;
  description: string | null;
  tags: string[];
  hint: string | null;
  project: string | null;
  scope: string | null;
  stale: boolean;
  /** Tracked artifacts only: `8 days ago — fresh`, `(not found — …)`. */
  status?: string;
}

export function toJson(result: QueryResult) {
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
      };
      if (i.status !== null) item.status = i.status;
      return item;
    }),
    notes: [...result.emptyProjectNotes, ...(result.legacyNote ? [result.legacyNote] : []), ...result.warnings],
    ideas: result.ideas.map((i) => ({ date: i.date, type: i.type, title: i.title, stale: i.stale, path: i.path })),
    noMatch: result.noMatch,
  };
}

export function errorJson(code: string, message: string) {
  return { error: { code, message } };
}
