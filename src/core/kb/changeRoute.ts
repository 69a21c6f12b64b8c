// Change routing: what a batch of changed paths means for a loaded knowledge base. index.md or
// a config file → the snapshot is re-read; a project's notes or the ideas folder → only their
// cache entries are dropped; a note the index lists (created or deleted) → nothing to drop, but
// index health and the tree look again (`files`); anything else → nothing.
import * as path from 'node:path';
import type { CoreCache } from './cache';
import { KNOWLEDGE_GLOB, NOTES_GLOB, classifyChange } from './watchPatterns';

/** `none` < `files` < `cache` < `snapshot`: what a batch of changes invalidated, the widest of its paths. */
export type ChangeRoute = 'none' | 'files' | 'cache' | 'snapshot';

/** What a host should watch for the current state. */
export interface WatchTargets {
  /** The folder holding index.md, or null while no config names one. */
  knowledgeFolder: string | null;
  /** The glob of what matters inside the knowledge folder (relative to it). */
  knowledgeGlob: string;
  /** The glob of the notes (relative to the folder): their creation and deletion are routed; an edit only matters to a health finding about that note. */
  notesGlob: string;
  /** Every place a config file may be (existing or not: its creation matters too). */
  configFiles: string[];
}

export function watchTargets(knowledgeFolder: string | null, configFiles: readonly string[]): WatchTargets {
  return {
    knowledgeFolder,
    knowledgeGlob: KNOWLEDGE_GLOB,
    notesGlob: NOTES_GLOB,
    configFiles: [...new Set(configFiles.map((f) => path.resolve(f)))],
  };
}

const RANK: Record<ChangeRoute, number> = { none: 0, files: 1, cache: 2, snapshot: 3 };

function wider(a: ChangeRoute, b: ChangeRoute): ChangeRoute {
  return RANK[b] > RANK[a] ? b : a;
}

/**
 * Routes each changed path against the targets and drops the cache entries it affects.
 * `listed`: whether the index lists a knowledge-relative path (a note's creation or deletion).
 */
export function routeChanges(
  paths: readonly string[],
  targets: WatchTargets,
  cache: CoreCache,
  listed: (rel: string) => boolean = () => false,
): ChangeRoute {
  const configs = new Set(targets.configFiles);
  let route: ChangeRoute = 'none';
  for (const p of paths) {
    const abs = path.resolve(p);
    if (configs.has(abs)) {
      cache.invalidate();
      route = 'snapshot';
    } else if (targets.knowledgeFolder) {
      const routed = forgetChanged(cache, abs, targets.knowledgeFolder);
      route = wider(
        route,
        routed === 'none' && listed(path.relative(targets.knowledgeFolder, abs).split(path.sep).join('/'))
          ? 'files'
          : routed,
      );
    }
  }
  return route;
}

/**
 * Drops what one changed path inside (or above) the knowledge folder may affect. A path that is
 * not below the folder (the folder itself, a parent) may have replaced it: everything goes.
 */
export function forgetChanged(cache: CoreCache, changedPath: string, knowledgeFolder: string): ChangeRoute {
  const rel = path.relative(knowledgeFolder, changedPath).split(path.sep).join('/');
  if (rel === '' || rel === '..' || rel.startsWith('../') || path.isAbsolute(rel)) {
    cache.invalidate();
    return 'cache';
  }
  switch (classifyChange(rel)) {
    case 'index':
      return 'snapshot';
    case 'projects': {
      const project = rel.split('/')[1];
      cache.forgetProject(knowledgeFolder, project || undefined);
      return 'cache';
    }
    case 'ideas':
      cache.forgetIdeas();
      return 'cache';
    default:
      return 'none';
  }
}
