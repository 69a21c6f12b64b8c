// Turns paths that arrive from outside a query (an agent's tool call, a command argument)
// back into result items, but only paths the knowledge folder itself vouches for: an index
// entry, a project-tier file, an allowed team-shared entry or a tracked artifact.
import * as path from 'node:path';
import { trackedArtifacts } from './artifacts';
import { indexEntryItem } from './crossProject';
import type { Snapshot } from './engine';
import { MAX_LOAD_PATHS, tooManyPaths } from '../limits';
import { expandHome, isInside, normaliseRelative, resolveIndexPath, suspiciousPathText } from '../paths';
import { listedByProjectTier } from './projectTier';
import { resultItem } from './resultItem';
import { teamEntryVerdict, teamSharedItem } from './teamShared';
import type { ResultItem } from '../types';

export interface PathItems {
  items: ResultItem[];
  refused: Array<{ path: string; reason: string }>;
  /** Set when the request itself was refused (too many paths): nothing was looked up. */
  error?: string;
}

export interface PathItemsOptions {
  /** Paths accepted in one call (§9); an editor command acting on the user's own selection may pass Infinity. */
  maxPaths?: number;
}

/**
 * Result items for the requested paths, each re-derived from the snapshot: an index entry, a
 * project-tier file, an allowed team-shared entry or a tracked artifact. Anything else, however
 * it is spelled or whatever object it came from, is refused the same way.
 */
export function itemsForPaths(
  snapshot: Snapshot,
  requested: readonly string[],
  today: string,
  options: PathItemsOptions = {},
): PathItems {
  const { config, index } = snapshot;
  const result: PathItems = { items: [], refused: [] };
  const maxPaths = options.maxPaths ?? MAX_LOAD_PATHS;
  if (requested.length > maxPaths) return { ...result, error: tooManyPaths(requested.length) };
  // Built on first use, once per call: each further path is a lookup, not a scan.
  let teamByAbs: Map<string, ResultItem> | undefined;
  let artifactsByAbs: Map<string, ResultItem> | undefined;
  const seen = new Set<string>();
  const add = (item: ResultItem) => {
    if (seen.has(item.absPath)) return;
    seen.add(item.absPath);
    item.n = result.items.length + 1;
    result.items.push(item);
  };

  for (const raw of requested) {
    if (typeof raw !== 'string') continue;
    const p = raw.trim();
    const suspicious = suspiciousPathText(p);
    if (suspicious) {
      result.refused.push({ path: raw, reason: suspicious });
      continue;
    }
    const abs = requestedAbs(snapshot, p);

    if (isInside(abs, config.knowledgeFolder)) {
      const rel = normaliseRelative(path.relative(config.knowledgeFolder, abs).split(path.sep).join('/'));
      const indexed = index.files.get(rel);
      if (indexed && !rel.startsWith('projects/')) {
        add(
          indexEntryItem(config, { path: rel, description: indexed.description, tags: [...indexed.tags].sort() }, abs),
        );
        continue;
      }
      const parts = rel.split('/');
      const project =
        parts[0] === 'projects' && parts.length > 2 ? config.projectsList.get(parts[1].toLowerCase()) : undefined;
      // A project's note by its tier; otherwise an index entry under projects/ of a project not
      // configured here, listed as the tree lists it.
      const facts =
        project && config.projectsEnabled && listedByProjectTier(rel, project.tag)
          ? { project: project.tag }
          : indexed && { description: indexed.description, tags: [...indexed.tags].sort() };
      if (facts) {
        add(
          resultItem({
            category: 'project-specific',
            path: rel,
            absPath: abs,
            allowedRoots: [config.knowledgeFolder],
            ...facts,
          }),
        );
        continue;
      }
      result.refused.push({ path: raw, reason: 'not a knowledge file listed in the index or a project tier' });
      continue;
    }

    teamByAbs ??= teamItemsByPath(snapshot, requestedOutside(snapshot, requested));
    const team = teamByAbs.get(abs);
    if (team) {
      add({ ...team, tags: [...team.tags] });
      continue;
    }
    if (!artifactsByAbs) {
      const projects = config.projectsEnabled ? [...config.projectsList.keys()] : [];
      artifactsByAbs = new Map(
        trackedArtifacts(config, projects, today)
          .filter((a) => a.selectable)
          .map((a) => [a.absPath, a]),
      );
    }
    const artifact = artifactsByAbs.get(abs);
    if (artifact) {
      add({ ...artifact });
      continue;
    }
    result.refused.push({
      path: raw,
      reason: 'outside the knowledge folder and the allowed _project-knowledge/ folders',
    });
  }
  return result;
}

/** Where a requested path (trimmed, not suspicious) resolves. */
function requestedAbs(snapshot: Snapshot, p: string): string {
  const { config } = snapshot;
  const unified = p.replace(/\\/g, '/');
  return unified.startsWith('~/') || path.isAbsolute(unified)
    ? path.resolve(expandHome(unified, config.home))
    : resolveIndexPath(unified, config.knowledgeFolder, config.home);
}

/** The requested paths outside the knowledge folder: the only ones a team-shared entry can answer. */
function requestedOutside(snapshot: Snapshot, requested: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const raw of requested) {
    if (typeof raw !== 'string' || suspiciousPathText(raw.trim())) continue;
    const abs = requestedAbs(snapshot, raw.trim());
    if (!isInside(abs, snapshot.config.knowledgeFolder)) out.add(abs);
  }
  return out;
}

/**
 * The allowed team-shared entries at the `wanted` paths (first listing wins). One pass over the
 * entries, keeping only what was asked for: an index can list hundreds of thousands (§F44).
 */
function teamItemsByPath(snapshot: Snapshot, wanted: ReadonlySet<string>): Map<string, ResultItem> {
  const byAbs = new Map<string, ResultItem>();
  for (const entry of snapshot.index.teamSharedFiles.values()) {
    if (byAbs.size === wanted.size) break;
    const verdict = teamEntryVerdict(snapshot.config, entry.path, entry.project);
    if (verdict.ok && wanted.has(verdict.abs) && !byAbs.has(verdict.abs))
      byAbs.set(verdict.abs, teamSharedItem(snapshot.config, entry, verdict));
  }
  return byAbs;
}
