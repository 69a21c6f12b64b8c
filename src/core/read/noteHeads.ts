// Note heads (front matter and first heading) read under the reader's rules: what the project
// tier, ideas and the index generator parse, never more than they ask for.
import * as fs from 'node:fs';
import type { Config } from '../types';
import { describeFsError } from '../paths';
import { openAllowed, readAreas, readHead, type ReadArea, type RootVerdict } from './reader';

export type HeadRead = { ok: true; text: string } | { ok: false; reason: string };

/** Reads a head under `areas`' rules (real path inside, markdown, regular, the descriptor verified). */
function headReader(areas: ReadArea[], home?: string): (abs: string, maxBytes: number) => HeadRead {
  const realRoots = new Map<string, RootVerdict>();
  // A reader serves one scan: each folder is resolved once, each file still verified (reader.ts).
  const realFolders = new Map<string, string | null>();
  return (abs, maxBytes) => {
    const opened = openAllowed(areas, abs, realRoots, home, realFolders);
    if (!opened.ok) return opened;
    try {
      return { ok: true, text: readHead(opened.fd, opened.size, maxBytes) };
    } catch (err) {
      return { ok: false, reason: describeFsError(err, 'it cannot be read') };
    } finally {
      fs.closeSync(opened.fd);
    }
  };
}

/**
 * A reader of note heads inside the knowledge folder (project tier, ideas); the folder itself
 * was checked with the config.
 */
export function knowledgeHeadReader(knowledgeFolder: string): (abs: string, maxBytes: number) => HeadRead {
  return headReader([{ kind: 'folder', path: knowledgeFolder, root: knowledgeFolder }]);
}

/**
 * A reader of note heads anywhere the configuration allows (the knowledge folder and the
 * team-shared folders): the index generator's reader.
 */
export function configHeadReader(config: Config): (abs: string, maxBytes: number) => HeadRead {
  return headReader(readAreas(config), config.home);
}
