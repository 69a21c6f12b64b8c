// §4d Where a project's tracked artifacts are, by path: the reader's areas and the listing
// both derive them here, so neither depends on the other.
import * as path from 'node:path';
import { isInside } from '../paths';
import type { Config } from '../types';

/** The CODEMAP.md of a configured project, and its STITCH file when it has a group: by path. */
export function artifactFiles(config: Config, tag: string): string[] {
  const project = config.projectsList.get(tag.toLowerCase());
  if (!project) return [];
  const files = [path.join(project.root, 'CODEMAP.md')];
  const group = config.projectGroups.get(tag.toLowerCase());
  if (group) {
    // §9 an artifact never leaves its project: a stitch_path outside it is ignored (§4d).
    const stitch = group.stitchPath === null ? null : path.resolve(project.root, group.stitchPath);
    files.push(stitch !== null && isInside(stitch, project.root) ? stitch : path.join(project.root, 'STITCH.md'));
  }
  return files;
}
