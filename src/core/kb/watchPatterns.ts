// Which paths inside the knowledge folder matter to a loaded snapshot, as glob patterns, typed
// once: a host watches their union (KNOWLEDGE_GLOB), and the knowledge base classifies each
// reported change with the same patterns to decide what it invalidates.
import { minimatch } from 'minimatch';

export type ChangeKind = 'index' | 'projects' | 'ideas' | 'other';

/**
 * index.md; projects/ and everything under it (folders too: a folder created together with its
 * files may be reported alone); the ideas folder, its notes and the legacy backlog.
 */
const PATTERNS: Record<Exclude<ChangeKind, 'other'>, readonly string[]> = {
  index: ['index.md'],
  projects: ['projects', 'projects/**'],
  ideas: ['intake/ideas', 'intake/ideas/*.md', 'intake/ideas-backlog.md'],
};

/** All of them as one glob, so a host needs one watcher on the folder, not one per pattern. */
export const KNOWLEDGE_GLOB = `{${Object.values(PATTERNS).flat().join(',')}}`;

/**
 * The notes themselves, for their creation and deletion only (a host ignores their edits): a
 * note the index lists that goes away, or comes back, changes index health and the tree.
 */
export const NOTES_GLOB = '**/*.md';

const MATCH = { dot: true, nocase: process.platform === 'win32' };

/** What a change at `relPath` (relative to the knowledge folder, `/`-separated) affects. */
export function classifyChange(relPath: string): ChangeKind {
  for (const kind of ['index', 'projects', 'ideas'] as const) {
    if (PATTERNS[kind].some((pattern) => minimatch(relPath, pattern, MATCH))) return kind;
  }
  return 'other';
}
