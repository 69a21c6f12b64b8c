// The fixed messages of the /context flow. Tests pin every one of them byte for byte.
import type { ItemProblem } from './types';

export const NOT_CONFIGURED = 'aria-knowledge is not configured. Run /setup to get started.';
export const NO_INDEX = 'No knowledge index found. Run /index to build it.';
/** §1 The knowledge folder does not exist: which folder, and what named it (a config file, or a folder override). */
export function noFolderMessage(folder: string, namedBy: string | null): string {
  const by = namedBy ? `knowledge_folder in ${namedBy}` : 'the knowledge folder setting or --folder';
  return `The knowledge folder ${folder} does not exist (named by ${by}). Correct the path there, or point it at the folder that holds index.md.`;
}

/** §1 The folder exists but holds no index.md: how to build one. */
export function noIndexMessage(folder: string): string {
  return `No index.md in the knowledge folder ${folder}. Build it from your notes with: aria-context index --write`;
}

/** §1 index.md is there but cannot be read. */
export function unreadableIndexMessage(file: string, reason: string): string {
  return `Cannot read ${file}: ${reason}.`;
}

export const USAGE = 'Usage: /context <tag1> [tag2] [AND tag3]. Run /index to see available tags.';
export const LEGACY_IDEAS =
  '(Legacy ideas-backlog.md detected — run /setup to migrate pre-2.11 entries into this view.)';
export const REBUILD_HINT = "Run /index to rebuild if you've recently added files.";

export function emptyProjectNote(tag: string): string {
  return `(No files yet in projects/${tag}/ — folder is configured but empty.)`;
}

export function noMatchLine(tokens: string[]): string {
  return `No files match tag(s): [${tokens.join(', ')}]`;
}

/** After a no-match, the known tags nearest to what was typed. */
export function didYouMeanLine(tags: string[]): string {
  return `Did you mean: ${tags.join(', ')}?`;
}

export function loadedLine(count: number): string {
  return `Loaded ${count} knowledge files into context.`;
}

export function resolvedLine(alias: string, canonical: string): string {
  return `Resolved \`${alias}\` → \`${canonical}\``;
}

export function expandedLine(project: string, tags: string[]): string {
  return `Expanded \`${project}\` to include: ${tags.join(', ')}`;
}

/** `not found — run /codemap create`, `refused — <reason>; not read`: how every surface words a problem. */
export function problemText(problem: ItemProblem): string {
  return problem.kind === 'missing' ? `not found — ${problem.reason}` : `refused — ${problem.reason}; not read`;
}
