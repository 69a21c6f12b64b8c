// Every file a load could be asked for, each once, in a stable order: the index's cross-project
// files, the configured projects' tier files, the enabled team-shared entries, the tracked
// artifacts that exist. A listing only proposes paths: each is still vouched for by itemsForPaths
// and read through the reader, like any requested path.
import * as path from 'node:path';
import { trackedArtifacts } from '../match/artifacts';
import { adviceIn } from '../present/messages';
import type { CoreCache } from '../kb/cache';
import type { Snapshot } from '../match/engine';
import { teamEntryVerdict } from '../match/teamShared';

/** A file a load could be asked for: a path as a load accepts it, and what describes it. */
export interface LoadableFile {
  path: string;
  description: string | null;
}

export function loadableFiles(snapshot: Snapshot, cache: CoreCache, today: string): LoadableFile[] {
  const { config, index } = snapshot;
  const out: LoadableFile[] = [];
  const seen = new Set<string>();
  const add = (file: LoadableFile) => {
    if (seen.has(file.path)) return;
    seen.add(file.path);
    out.push(file);
  };
  for (const [rel, file] of index.files)
    if (!rel.startsWith('projects/')) add({ path: rel, description: file.description });
  const projects = config.projectsEnabled ? [...config.projectsList.values()].map((p) => p.tag) : [];
  for (const tag of projects) {
    for (const file of cache.projectScan(config.knowledgeFolder, tag).files)
      add({ path: file.relPath, description: file.description || null });
  }
  for (const entry of index.teamSharedFiles.values()) {
    const verdict = teamEntryVerdict(config, entry.path, entry.project);
    if (verdict.ok) add({ path: verdict.abs, description: entry.description });
  }
  for (const artifact of trackedArtifacts(config, projects, today)) {
    if (artifact.selectable)
      add({
        path: artifact.absPath,
        // listed to MCP clients only: an agent's words, never a slash command (§M)
        description: `${path.basename(artifact.absPath)} of ${artifact.project} (${adviceIn(artifact, `${artifact.status}`, 'mcp')})`,
      });
  }
  return out;
}
