// The files Send to Chat can work on, for the `ariaContext.knowledgeFiles` context key that the
// explorer, editor and tab menus test with `resourcePath in ariaContext.knowledgeFiles`. Pure:
// the same verdicts as queries (§9), so a menu is offered exactly where the command succeeds.
import { indexPathVerdict, teamEntryVerdict, type ProjectFile, type Snapshot } from '../../core';

export function knowledgePaths(snapshot: Snapshot, projectFiles: (tag: string) => readonly ProjectFile[]): string[] {
  const { index, config } = snapshot;
  const out = new Set<string>();
  for (const files of index.filesByTag.values()) {
    for (const f of files) {
      const verdict = indexPathVerdict(f.path, config);
      if (verdict.ok) out.add(verdict.abs);
    }
  }
  if (config.sharedKnowledge.length > 0) {
    for (const entries of index.teamShared.values()) {
      for (const e of entries) {
        const project = e.project.toLowerCase();
        if (project !== 'cross' && !config.sharedKnowledge.includes(project)) continue;
        const verdict = teamEntryVerdict(config, e.path, project);
        if (verdict.ok) out.add(verdict.abs);
      }
    }
  }
  if (config.projectsEnabled) {
    for (const project of index.projects.values()) {
      if (!config.projectsList.has(project.key.toLowerCase())) continue;
      for (const f of projectFiles(project.key)) out.add(f.absPath);
    }
  }
  return [...out].sort();
}
