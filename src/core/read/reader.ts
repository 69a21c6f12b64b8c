// core/read/ (steps 4–6): what may be read and whether it can be now, note heads, and the load of picked files.
// §9 The one reader: every byte of note content that leaves the disk (loading, opening,
// copying, sending, /load, agent tools, the CLI) passes through here. What may be read is
// decided only from the user's configuration, never from what an item or a file claims:
//   - trusted roots are the knowledge folder and the configured project roots; only the root
//     itself is resolved through symlinks, and a project root's real path must stay inside its
//     repository folder's (projectRoots.ts repositoryFolder), checked at every read;
//   - the allowed areas below a root are derived from it by path (`_project-knowledge/`,
//     `cross/`, a sub-repo's folder, CODEMAP.md, the STITCH file), so a symlink below the
//     root can never move or widen them;
//   - only regular files whose real path ends in `.md` are read;
//   - the file is opened once without following a final symlink, and the open descriptor is
//     verified to be the checked file before a byte is used (a swap in between is refused).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { artifactFiles } from '../match/artifactPaths';
import { totalCapReason } from '../limits';
import {
  describeFsError,
  isInside,
  isInsideResolved,
  passesSymlink,
  realOrNull,
  resolvedPath,
  tooWideRoot,
} from '../paths';
import { knowledgeDirs } from '../match/teamShared';
import type { Config, ItemProblem, ProjectRoot, ResultItem } from '../types';
import { openInRealFolder, openVerified, type OpenOutcome } from './verifiedOpen';

export { openVerified, SWAPPED, type OpenOutcome } from './verifiedOpen';

/** A place the configuration allows reading: a folder (and everything below it) or one file. */
export interface ReadArea {
  kind: 'folder' | 'file';
  /** The area as configured (absolute, normalised, symlinks not resolved). */
  path: string;
  /** The trusted root it was derived from. */
  root: string;
  /** Folders whose real paths must hold the root's real path (its repository, the projects root). */
  bounds?: string[];
}

export const OUTSIDE_AREAS = 'it is outside the knowledge folder and the allowed _project-knowledge/ folders';
export const OUTSIDE_REAL = 'its real path (after symlinks) is outside the allowed folders';
export const NOT_MARKDOWN = 'it is not a markdown (.md) file';

/**
 * Every area the configuration allows: the knowledge folder; for each shared project its
 * `_project-knowledge/` folders (root and sub-repos) and their `cross/`; for each enabled
 * project its CODEMAP.md and STITCH file.
 */
export function readAreas(config: Config): ReadArea[] {
  const areas: ReadArea[] = [{ kind: 'folder', path: config.knowledgeFolder, root: config.knowledgeFolder }];
  for (const tag of config.sharedKnowledge) {
    const project = config.projectsList.get(tag);
    if (!project) continue;
    const { root } = project;
    const bounds = projectBounds(project);
    for (const dir of knowledgeDirs(config, tag)) {
      areas.push(
        { kind: 'folder', path: dir, root, bounds },
        { kind: 'folder', path: path.join(dir, 'cross'), root, bounds },
      );
    }
  }
  if (config.projectsEnabled) {
    for (const [tag, project] of config.projectsList) {
      for (const file of artifactFiles(config, tag))
        areas.push({ kind: 'file', path: file, root: project.root, bounds: projectBounds(project) });
    }
  }
  // Resolved once here, so that areaFor compares them as strings.
  for (const area of areas) {
    area.path = path.resolve(area.path);
    area.root = path.resolve(area.root);
  }
  return areas;
}

function projectBounds(project: ProjectRoot): string[] {
  return [project.repo ?? project.root, ...(project.within ? [project.within] : [])];
}

/** The narrowest area holding `normal` (a path.resolve result) by path, or null. */
export function areaFor(areas: readonly ReadArea[], normal: string): ReadArea | null {
  let best: ReadArea | null = null;
  for (const area of areas) {
    const holds = area.kind === 'file' ? normal === area.path : isInsideResolved(normal, area.path);
    if (holds && (!best || area.path.length > best.path.length)) best = area;
  }
  return best;
}

/** A root's real path, or why nothing below it may be read now (memoised over one call). */
export type RootVerdict = { real: string } | { reason: string; missing?: boolean };

export const ROOT_MISSING = 'its folder does not exist';
export const ROOT_TOO_WIDE =
  'its root folder now resolves to the file system root, your home folder or a folder above it';
export const ROOT_ESCAPES =
  'its project folder now leads out of its repository folder (or the projects root) through a symlink';

export function rootVerdict(area: ReadArea, home?: string): RootVerdict {
  const real = realOrNull(area.root);
  if (real === null) return { reason: ROOT_MISSING, missing: true };
  // A root swapped for a symlink to home (or above) since the config was read.
  if (home !== undefined && tooWideRoot(real, home)) return { reason: ROOT_TOO_WIDE };
  // A symlink committed inside the repository (or a workspace root that dangled when the
  // config was read) must not move the root: checked now, not only when the config was read.
  for (const bound of area.bounds ?? []) {
    const realBound = realOrNull(bound);
    if (realBound === null || (real !== realBound && !isInside(real, realBound))) return { reason: ROOT_ESCAPES };
  }
  return { real };
}

/**
 * Opens `abs` for reading if the configuration allows it, and proves the descriptor is the
 * file that was checked. The caller must close `fd`. `realRoots` memoises root real paths
 * over one call.
 */
export function openAllowed(
  areas: readonly ReadArea[],
  abs: string,
  realRoots: Map<string, RootVerdict>,
  home?: string,
  realFolders?: Map<string, string | null>,
): OpenOutcome {
  const normal = resolvedPath(abs);
  const area = areaFor(areas, normal);
  if (!area) return { ok: false, reason: OUTSIDE_AREAS };
  let verdict = realRoots.get(area.root);
  if (verdict === undefined) {
    verdict = rootVerdict(area, home);
    realRoots.set(area.root, verdict);
  }
  if (!('real' in verdict)) return { ok: false, ...verdict };
  const realRoot = verdict.real;
  // The area moved onto the root's real path by text: nothing below the root is resolved.
  const rel = path.relative(area.root, area.path);
  const realArea = rel ? path.join(realRoot, rel) : realRoot;
  if (realFolders) {
    const fast = openInRealFolder(normal, realFolders, (real) =>
      area.kind === 'file' ? real === realArea : isInside(real, realArea),
    );
    if (fast) return fast;
  }

  let real: string;
  try {
    real = fs.realpathSync.native(normal);
  } catch (err) {
    // A symlink that leads nowhere (or into a loop, or a folder it may not enter) gets the
    // verdict of one that leads outside: which one it is would tell what exists on the disk.
    if (passesSymlink(area.root, normal)) return { ok: false, reason: OUTSIDE_REAL };
    const code = (err as NodeJS.ErrnoException).code;
    return {
      ok: false,
      reason: describeFsError(err, 'the file no longer exists'),
      missing: code === 'ENOENT' || code === 'ENOTDIR',
    };
  }
  const inside = area.kind === 'file' ? real === realArea : isInside(real, realArea);
  if (!inside) return { ok: false, reason: OUTSIDE_REAL };
  if (!/\.md$/i.test(real)) return { ok: false, reason: NOT_MARKDOWN };
  return openVerified(real);
}

/** Reads at most `maxBytes` from an open descriptor. */
export function readHead(fd: number, size: number, maxBytes: number): string {
  // Not zero-filled: only the bytes read are ever used.
  const buffer = Buffer.allocUnsafe(Math.min(size, maxBytes));
  let read = 0;
  while (read < buffer.length) {
    const n = fs.readSync(fd, buffer, read, buffer.length - read, read);
    if (n === 0) break;
    read += n;
  }
  return buffer.subarray(0, read).toString('utf8');
}

/** Files larger than this are cut, with a notice, so one huge note cannot flood a chat. */
export const DEFAULT_MAX_LOAD_BYTES = 1024 * 1024;

export interface LoadedFile {
  item: ResultItem;
  /** The path actually read, after symlinks. */
  realPath: string;
  content: string;
  bytes: number;
  truncated: boolean;
}

export interface RefusedFile {
  item: ResultItem;
  reason: string;
}

export interface LoadResult {
  loaded: LoadedFile[];
  refused: RefusedFile[];
}

export interface CheckedItems {
  ok: Array<{ item: ResultItem; realPath: string; bytes: number }>;
  refused: RefusedFile[];
}

export interface LoadOptions {
  /** Per-file cap; longer files are cut (`truncated`). */
  maxBytes?: number;
  /** Cap over all files of the call; files past it are refused with a reason. */
  totalBytes?: number;
}

/**
 * §9 Of `files`, those the reader would open now (each with its real path): what an editor may
 * point at (a problem's related location); a file it refuses is left out.
 */
export function openablePaths(config: Config, files: readonly string[]): Map<string, string> {
  const areas = readAreas(config);
  const realRoots = new Map<string, RootVerdict>();
  const out = new Map<string, string>();
  for (const file of new Set(files)) {
    const opened = openAllowed(areas, file, realRoots, config.home);
    if (!opened.ok) continue;
    fs.closeSync(opened.fd);
    out.set(file, opened.realPath);
  }
  return out;
}

/**
 * Which items may be opened or attached by the editor (which then reads the verified real
 * path): the same decision as loadItems, without reading content.
 */
export function checkItems(config: Config, items: readonly ResultItem[]): CheckedItems {
  const areas = readAreas(config);
  const realRoots = new Map<string, RootVerdict>();
  const checked: CheckedItems = { ok: [], refused: [] };
  for (const item of items) {
    if (!item.selectable) {
      checked.refused.push({ item, reason: item.problem?.reason ?? 'it is not a loadable file' });
      continue;
    }
    const opened = openAllowed(areas, item.absPath, realRoots, config.home);
    if (!opened.ok) {
      checked.refused.push({ item, reason: opened.reason });
      continue;
    }
    fs.closeSync(opened.fd);
    checked.ok.push({ item, realPath: opened.realPath, bytes: opened.size });
  }
  return checked;
}

/**
 * §9 Why the reader would not load `abs` now (missing, or refused with its reason), or null when
 * it would: loadItems' own check (one verified open, no byte read). `realRoots` memoises roots.
 */
export function pathProblem(
  areas: readonly ReadArea[],
  abs: string,
  realRoots: Map<string, RootVerdict>,
  home?: string,
): ItemProblem | null {
  const opened = openAllowed(areas, abs, realRoots, home);
  if (!opened.ok) return { kind: opened.missing ? 'missing' : 'refused', reason: opened.reason };
  fs.closeSync(opened.fd);
  return null;
}

export type FileFacts =
  { ok: true; realPath: string; size: number; mtimeMs: number } | { ok: false; reason: string; missing: boolean };

/**
 * What may be said about a file (its presence, size, age) without loading it: only what the
 * reader would load. A file it would refuse is reported refused, with the reason, never statted
 * through the symlink; `missing` when it (or its root) does not exist.
 */
export function fileFacts(config: Config, abs: string): FileFacts {
  const opened = openAllowed(readAreas(config), abs, new Map(), config.home);
  if (!opened.ok) return { ok: false, reason: opened.reason, missing: opened.missing === true };
  fs.closeSync(opened.fd);
  return { ok: true, realPath: opened.realPath, size: opened.size, mtimeMs: opened.mtimeMs };
}

/**
 * §9 Opens a file of the knowledge folder itself (index.md) under the reader's rule for that
 * folder and returns the verified descriptor (the caller closes it). Throws an error whose code
 * is ENOENT when it does not exist, else EREFUSED with the refusal as its message.
 */
export function openKnowledgeFile(knowledgeFolder: string, abs: string, home?: string): number {
  const opened = openAllowed([{ kind: 'folder', path: knowledgeFolder, root: knowledgeFolder }], abs, new Map(), home);
  if (opened.ok) return opened.fd;
  const reason =
    opened.reason === OUTSIDE_REAL
      ? 'it is a symlink to a file outside the knowledge folder, which is never read'
      : opened.reason;
  throw Object.assign(new Error(reason), { code: opened.missing ? 'ENOENT' : 'EREFUSED' });
}

/** The contents of the items the configuration allows; the others refused with a reason. */
export function loadItems(config: Config, items: readonly ResultItem[], options: LoadOptions = {}): LoadResult {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_LOAD_BYTES;
  const areas = readAreas(config);
  const realRoots = new Map<string, RootVerdict>();
  const result: LoadResult = { loaded: [], refused: [] };
  let total = 0;
  for (const item of items) {
    if (!item.selectable) {
      result.refused.push({ item, reason: item.problem?.reason ?? 'it is not a loadable file' });
      continue;
    }
    if (options.totalBytes !== undefined && total >= options.totalBytes) {
      result.refused.push({ item, reason: totalCapReason(options.totalBytes) });
      continue;
    }
    const opened = openAllowed(areas, item.absPath, realRoots, config.home);
    if (!opened.ok) {
      result.refused.push({ item, reason: opened.reason });
      continue;
    }
    try {
      const room = options.totalBytes === undefined ? maxBytes : Math.min(maxBytes, options.totalBytes - total);
      const content = readHead(opened.fd, opened.size, room);
      total += Buffer.byteLength(content);
      result.loaded.push({
        item,
        realPath: opened.realPath,
        content,
        bytes: opened.size,
        truncated: opened.size > room,
      });
    } catch (err) {
      result.refused.push({ item, reason: describeFsError(err, 'it cannot be read') });
    } finally {
      fs.closeSync(opened.fd);
    }
  }
  return result;
}
