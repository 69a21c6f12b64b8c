// Parsed file-system state that is expensive to rebuild: project-tier scans and the ideas
// folder. The editor keeps one cache and clears entries from its file watchers; each entry
// also re-checks its folders' mtimes, so an added or removed file is seen even when a watcher
// event is lost. The CLI runs one query with a fresh cache.
import * as path from 'node:path';
import { stampsUnchanged } from './dirStamps';
import { scanIdeas, type IdeasScan } from './ideas';
import { scanProject, type ProjectScan } from './projectTier';
import { classifyChange } from './watchPatterns';

export class CoreCache {
  /** Keyed by knowledge folder and project: a scan is never reused for another folder. */
  private readonly projects = new Map<string, ProjectScan>();
  private ideas: { folder: string; scan: IdeasScan } | null = null;

  /** `projects/<tag>/` of the folder, scanned once and reused while its folders are unchanged. */
  projectScan(knowledgeFolder: string, tag: string): ProjectScan {
    const key = projectKey(knowledgeFolder, tag);
    let found = this.projects.get(key);
    // A listing whose folders changed since is stale even if no watcher event said so.
    if (!found || !stampsUnchanged(found.dirs)) {
      found = scanProject(knowledgeFolder, tag);
      this.projects.set(key, found);
    }
    return found;
  }

  ideasScan(knowledgeFolder: string): IdeasScan {
    if (this.ideas?.folder !== knowledgeFolder || !stampsUnchanged(this.ideas.scan.dirs)) {
      this.ideas = { folder: knowledgeFolder, scan: scanIdeas(knowledgeFolder) };
    }
    return this.ideas.scan;
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
      if (project) this.projects.delete(projectKey(knowledgeFolder, project));
      else this.projects.clear();
    } else if (kind === 'ideas') {
      this.ideas = null;
    }
  }
}

function projectKey(knowledgeFolder: string, tag: string): string {
  return `${knowledgeFolder}\u0000${tag.toLowerCase()}`;
}
