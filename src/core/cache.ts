// Parsed file-system state that is expensive to rebuild: project-tier scans and the ideas
// folder. The editor keeps one cache and clears entries from its file watchers; each entry
// also re-checks its folders' mtimes, so an added or removed file is seen even when a watcher
// event is lost. The CLI runs once and passes none.
import * as path from 'node:path';
import { stampsUnchanged } from './dirStamps';
import type { IdeasScan } from './ideas';
import type { ProjectScan } from './projectTier';
import { classifyChange } from './watchPatterns';

export class CoreCache {
  private readonly projects = new Map<string, ProjectScan>();
  private ideas: IdeasScan | null = null;

  getProject(tag: string, scan: () => ProjectScan): ProjectScan {
    const key = tag.toLowerCase();
    let found = this.projects.get(key);
    // A listing whose folders changed since is stale even if no watcher event said so.
    if (!found || !stampsUnchanged(found.dirs)) {
      found = scan();
      this.projects.set(key, found);
    }
    return found;
  }

  getIdeas(scan: () => IdeasScan): IdeasScan {
    if (!this.ideas || !stampsUnchanged(this.ideas.dirs)) this.ideas = scan();
    return this.ideas;
  }

  /** Forgets what a changed path may affect; with no path, forgets everything. */
  invalidate(changedPath?: string, knowledgeFolder?: string): void {
    if (!changedPath || !knowledgeFolder) {
      this.projects.clear();
      this.ideas = null;
      return;
    }
    const rel = path.relative(knowledgeFolder, changedPath).split(path.sep).join('/');
    if (rel === '' || rel === '..' || rel.startsWith('../') || path.isAbsolute(rel)) return this.invalidate();
    const kind = classifyChange(rel);
    if (kind === 'projects') {
      const project = rel.split('/')[1];
      if (project) this.projects.delete(project.toLowerCase());
      else this.projects.clear();
    } else if (kind === 'ideas') {
      this.ideas = null;
    }
  }
}
