// Parsed file-system state that is expensive to rebuild: project-tier scans and the ideas
// folder. A knowledge base keeps one cache and drops entries as changes are routed to it
// (changeRoute.ts); each entry also re-checks its folders' mtimes, so an added or removed file
// is seen even when a watcher event is lost. The CLI runs one query with a fresh cache.
import { Availability } from '../read/availability';
import { stampsUnchanged } from './dirStamps';
import { scanIdeas, type IdeasScan } from '../match/ideas';
import { scanProject, type ProjectScan } from '../match/projectTier';
import type { Config } from '../types';

export class CoreCache {
  /** Keyed by knowledge folder and project: a scan is never reused for another folder. */
  private readonly projects = new Map<string, ProjectScan>();
  private ideas: { folder: string; scan: IdeasScan } | null = null;
  private available: Availability | null = null;

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

  /**
   * The reader's verdicts for this config's files, kept across queries and reloads (while the
   * config allows the same folders) as long as their folders' stamps hold. A call starts a new
   * round, in which every folder is stamped again, unless `sameRound` (the answer a query just
   * gave is being completed: its round stands).
   */
  availability(config: Config, sameRound = false): Availability {
    if (!this.available?.serves(config)) this.available = new Availability(config);
    else if (!sameRound) this.available.newRound();
    return this.available;
  }

  /** Forgets one project's scan of that folder, or with no tag every project's. */
  forgetProject(knowledgeFolder: string, tag?: string): void {
    if (tag === undefined) this.projects.clear();
    else this.projects.delete(projectKey(knowledgeFolder, tag));
  }

  forgetIdeas(): void {
    this.ideas = null;
  }

  /** Forgets everything. */
  invalidate(): void {
    this.projects.clear();
    this.ideas = null;
    this.available = null;
  }
}

function projectKey(knowledgeFolder: string, tag: string): string {
  return `${knowledgeFolder}\u0000${tag.toLowerCase()}`;
}
