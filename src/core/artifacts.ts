// Tracked artifacts of a queried project: its CODEMAP.md, and its STITCH.md when it has a group.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { displayHomePath, isInside } from './paths';
import { resultItem } from './resultItem';
import { ageInDays, ageText, isStale, localDate } from './staleness';
import type { Config, ResultItem } from './types';

interface ArtifactKind {
  file: string;
  threshold: number;
  create: string;
  refresh: string;
}

/** The CODEMAP.md of a configured project, and its STITCH file when it has a group: by path. */
export function artifactFiles(config: Config, tag: string): string[] {
  const project = config.projectsList.get(tag.toLowerCase());
  if (!project) return [];
  const files = [path.join(project.root, 'CODEMAP.md')];
  const group = config.projectGroups.get(tag.toLowerCase());
  if (group) {
    const stitch = path.resolve(project.root, group.stitchPath ?? 'STITCH.md');
    if (isInside(stitch, project.root)) files.push(stitch); // §9 an artifact never leaves its project
  }
  return files;
}

export function trackedArtifacts(config: Config, projects: string[], today: string): ResultItem[] {
  const items: ResultItem[] = [];
  for (const tag of projects) {
    const project = config.projectsList.get(tag.toLowerCase());
    if (!project) continue;
    const name = project.tag;
    const [codemapFile, stitchFile] = artifactFiles(config, tag);
    const codemap: ArtifactKind = {
      file: codemapFile,
      threshold: config.thresholds.codemap,
      create: 'run /codemap create',
      refresh: 'run /codemap update',
    };
    items.push(artifactItem(config, name, project.root, codemap, today));
    if (stitchFile) {
      const stitch: ArtifactKind = {
        file: stitchFile,
        threshold: config.thresholds.stitch,
        create: `run /stitch create ${name}`,
        refresh: `run /stitch verify ${name}`,
      };
      items.push(artifactItem(config, name, project.root, stitch, today));
    }
  }
  return items;
}

function artifactItem(config: Config, project: string, root: string, kind: ArtifactKind, today: string): ResultItem {
  const shown = displayHomePath(kind.file, config.home);
  let mtime: number | null = null;
  if (isInside(kind.file, root)) {
    try {
      const stat = fs.statSync(kind.file);
      if (stat.isFile()) mtime = stat.mtimeMs;
    } catch {
      mtime = null;
    }
  }
  const base = { category: 'tracked-artifact' as const, path: shown, absPath: kind.file, project, allowedRoots: [root] };
  if (mtime === null) {
    return resultItem({ ...base, selectable: false, status: `(not found — ${kind.create})` });
  }
  const days = ageInDays(localDate(mtime), today);
  const stale = isStale(days, kind.threshold);
  const status = stale ? `${ageText(days)} [STALE — ${kind.refresh}]` : `${ageText(days)} — fresh`;
  return resultItem({ ...base, stale, status });
}
