// Tracked artifacts of a queried project: its CODEMAP.md, and its STITCH.md when it has a group.
import { artifactFiles } from './artifactPaths';
import { displayHomePath } from '../paths';
import { fileFacts } from '../read/reader';
import { adviceText, problemText } from '../present/messages';
import { resultItem } from './resultItem';
import { ageInDays, ageText, isStale, localDate } from './staleness';
import type { ArtifactAdvice, Config, ResultItem } from '../types';

interface ArtifactKind {
  file: string;
  threshold: number;
  create: ArtifactAdvice;
  refresh: ArtifactAdvice;
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
      create: { skill: 'codemap', action: 'create', project: name },
      refresh: { skill: 'codemap', action: 'update', project: name },
    };
    items.push(artifactItem(config, name, project.root, codemap, today));
    if (stitchFile) {
      const stitch: ArtifactKind = {
        file: stitchFile,
        threshold: config.thresholds.stitch,
        create: { skill: 'stitch', action: 'create', project: name },
        refresh: { skill: 'stitch', action: 'verify', project: name },
      };
      items.push(artifactItem(config, name, project.root, stitch, today));
    }
  }
  return items;
}

function artifactItem(config: Config, project: string, root: string, kind: ArtifactKind, today: string): ResultItem {
  const shown = displayHomePath(kind.file, config.home);
  const base = {
    category: 'tracked-artifact' as const,
    path: shown,
    absPath: kind.file,
    project,
    allowedRoots: [root],
  };
  // §9 Its age and presence come from the reader's own check: a file it would refuse shows neither.
  const facts = fileFacts(config, kind.file);
  if (!facts.ok) {
    // aria's words here; each front end's at its output (present/messages.ts adviceIn)
    const problem = facts.missing
      ? { kind: 'missing' as const, reason: adviceText(kind.create, 'aria') }
      : { kind: 'refused' as const, reason: facts.reason };
    const advice = facts.missing ? { advice: kind.create } : {};
    return resultItem({ ...base, selectable: false, status: `(${problemText(problem)})`, problem, ...advice });
  }
  const days = ageInDays(localDate(facts.mtimeMs), today);
  const stale = isStale(days, kind.threshold);
  if (!stale) return resultItem({ ...base, stale, status: `${ageText(days)} — fresh` });
  const status = `${ageText(days)} [STALE — ${adviceText(kind.refresh, 'aria')}]`;
  return resultItem({ ...base, stale, status, advice: kind.refresh });
}
