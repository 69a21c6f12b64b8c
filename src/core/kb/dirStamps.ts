// Folder stamps, taken when a folder is listed. A file added, removed or renamed changes its
// folder's mtime and ctime, so a cached listing can check itself in a few stats even when a
// file-watcher event was lost (watchers can drop events for folders created a moment earlier).
// The key includes the ctime (fileStamp.ts): putting the folder's mtime back does not hide a change.
import { fileStamp } from '../read/fileStamp';

export type DirStamps = Array<[folder: string, key: string]>;

/** The folder's stamp key ('-' when it does not exist, so that its creation counts as a change). */
export function dirStamp(folder: string): string {
  return fileStamp(folder);
}

export function stampsUnchanged(stamps: DirStamps): boolean {
  return stamps.every(([folder, key]) => dirStamp(folder) === key);
}
