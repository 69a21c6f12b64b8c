// Parsed file-system state that is expensive to rebuild: project-tier scans and the ideas
// folder. The editor keeps one cache and clears entries from its file watchers; the CLI
// runs once and passes none.
import * as path from 'node:path';
import type { IdeasScan } from './ideas';
import type { ProjectScan } from './projectTier';

export class CoreCache {
  private readonly projects = new Map<string, ProjectScan>();
  private ideas: IdeasScan | null = null;

  getProject(tag: string, scan: () => ProjectScan): ProjectScan {
    const key = tag.toLowerCase();
    let found = this.projects.get(key);
    if (!found) {
      found = scan();
      this.projects.set(key, found);
    }
    return found;
  }

  getIdeas(scan: () => IdeasScan): IdeasScan {
    this.ideas ??= scan();
    return this.ideas;
  }

  /** Forgets what a changed path may affect; with no path, forgets everything. */
  invalidate(changedPath?: string, knowledgeFolder?: string): void {
    if (!changedPath || !knowledgeFolder) {
      this.projects.clear();
      this.ideas = null;
      return;
    }
    const rel = path.relative(knowledgeFolder, changedPath).split(path.sep);
    if (rel[0] === 'projects' && rel.length > 1) this.projects.delete(rel[1].toLowerCase());
    else if (rel[0] === 'projects') this.projects.clear();
    if (rel[0] === 'intake') this.ideas = null;
    if (rel[0] === '..' || rel[0] === '') this.invalidate();
  }
}
