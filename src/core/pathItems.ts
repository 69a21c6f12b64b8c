// Turns paths that arrive from outside a query (an agent's tool call, a command argument)
// back into result items, but only paths the knowledge folder itself vouches for: an index
// entry, a project-tier file, an allowed team-shared entry or a tracked artifact.
import * as path from 'node:path';
import { trackedArtifacts } from './artifacts';
import { indexEntryItem } from './crossProject';
import type { Snapshot } from './engine';
import { expandHome, isInside, normaliseRelative, resolveIndexPath, suspiciousPathText } from './paths';
import { resultItem } from './resultItem';
import { teamEntryVerdict, teamSharedItem } from './teamShared';
import type { ResultItem } from './types';

export interface PathItems {
  items: ResultItem[];
  refused: Array<{ path: string; reason: string }>;
}


export function itemsForPaths(snapshot: Snapshot, requested: readonly string[], today: string): PathItems {
  const { config, index } = snapshot;
  const result: PathItems = { items: [], refused: [] };
  const seen = new Set<string>();
  const add = (item: ResultItem) => {
    if (seen.has(item.absPath)) return;
    seen.add(item.absPath);
    item.n = result.items.length + 1;
    result.items.push(item);
  };

  for (const raw of requested) {
    const p = raw.trim();
    const suspicious = suspiciousPathText(p);
    if (suspicious) {
      result.refused.push({ path: raw, reason: suspicious });
      continue;
    }
    const unified = p.replace(/\\/g, '/');
    const isHomeOrAbsolute = unified.startsWith('~/') || path.isAbsolute(unified);
    const abs = isHomeOrAbsolute ? path.resolve(expandHome(unified, config.home)) : resolveIndexPath(unified, config.knowledgeFolder, config.home);

    if (isInside(abs, config.knowledgeFolder)) {
      const rel = normaliseRelative(path.relative(config.knowledgeFolder, abs).split(path.sep).join('/'));
      const indexed = index.files.get(rel);
      if (indexed && !rel.startsWith('projects/')) {
        add(indexEntryItem(config, { path: rel, description: indexed.description, tags: [...indexed.tags].sort() }, abs));
        continue;
      }
      const parts = rel.split('/');
      const project = parts[0] === 'projects' && parts.length > 2 ? config.projectsList.get(parts[1].toLowerCase()) : undefined;
      if (project && config.projectsEnabled && rel.toLowerCase().endsWith('.md')) {
        add(resultItem({ category: 'project-specific', path: rel, absPath: abs, allowedRoots: [config.knowledgeFolder], project: project.tag }));
        continue;
      }
      result.refused.push({ path: raw, reason: 'not a knowledge file listed in the index or a project tier' });
      continue;
    }

    const team = [...index.teamSharedFiles.values()]
      .map((entry) => ({ entry, verdict: teamEntryVerdict(config, entry.path, entry.project) }))
      .find(({ verdict }) => verdict.ok && verdict.abs === abs);
    if (team?.verdict.ok) {
      add(teamSharedItem(config, team.entry, team.verdict));
      continue;
    }
    const projects = config.projectsEnabled ? [...config.projectsList.keys()] : [];
    const artifact = trackedArtifacts(config, projects, today).find((a) => a.absPath === abs && a.selectable);
    if (artifact) {
      add(artifact);
      continue;
    }
    result.refused.push({ path: raw, reason: 'outside the knowledge folder and the allowed _project-knowledge/ folders' });
  }
  return result;
}
