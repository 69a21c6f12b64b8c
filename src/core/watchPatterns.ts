// Which paths inside the knowledge folder matter to a loaded snapshot, as glob patterns: the
// editor watches exactly these, and the cache uses the same globs to decide what a change
// invalidates.
import { minimatch } from 'minimatch';

/**
 * index.md, everything under projects/ (folders too: a folder created together with its files
 * may be reported alone), the ideas folder and its notes, and the legacy backlog.
 */
export const KNOWLEDGE_PATTERNS = ['index.md', 'projects/**', 'intake/ideas', 'intake/ideas/*.md', 'intake/ideas-backlog.md'] as const;

/** All of them as one glob, so the editor needs one watcher on the folder, not one per pattern. */
export const KNOWLEDGE_GLOB = `{${KNOWLEDGE_PATTERNS.join(',')}}`;

export type ChangeKind = 'index' | 'projects' | 'ideas' | 'other';

const MATCH = { dot: true, nocase: process.platform === 'win32' };

/** What a change at `relPath` (relative to the knowledge folder, `/`-separated) affects. */
export function classifyChange(relPath: string): ChangeKind {
  if (minimatch(relPath, 'index.md', MATCH)) return 'index';
  if (minimatch(relPath, 'projects/**', MATCH) || relPath === 'projects') return 'projects';
  if (minimatch(relPath, 'intake/ideas{,/*.md}', MATCH) || minimatch(relPath, 'intake/ideas-backlog.md', MATCH)) return 'ideas';
  return 'other';
}
