// Folder modification times, taken when a folder is listed. A file added, removed or renamed
// changes its folder's mtime, so a cached listing can check itself in a few stats even when a
// file-watcher event was lost (watchers can drop events for folders created a moment earlier).
import * as fs from 'node:fs';

export type DirStamps = Array<[folder: string, mtimeMs: number]>;

/** The folder's mtime, or -1 when it does not exist (so that its creation counts as a change). */
export function dirMtime(folder: string): number {
  try {
    return fs.statSync(folder).mtimeMs;
  } catch {
    return -1;
  }
}

export function stampsUnchanged(stamps: DirStamps): boolean {
  return stamps.every(([folder, mtime]) => dirMtime(folder) === mtime);
}
