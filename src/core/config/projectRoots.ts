// §9 Project roots from the config: where each may lie (inside the repository folder the user's
// configuration names, after symlinks), groups, and the shared-knowledge list.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { scalarText, stringList } from './frontMatter';
import { displayHomePath, expandHome, isInside, realOrSelf, tooWideRoot } from '../paths';
import type { ProjectGroup, ProjectRoot } from '../types';

export interface RootContext {
  home: string;
  projectsRoot: string;
  /** The config came from a workspace's `.cursor/` folder. */
  fromWorkspace: boolean;
}

/**
 * §9 The repository folder the configuration names for a project root: the first folder of the
 * root's path below the projects root (as written or after its symlinks); for a root elsewhere,
 * the first folder below home, else below the file system root. Symlinks down to that folder
 * are the user's and are followed; a symlink below it lives in the repository, so the root's
 * real path must stay inside the folder's (repoEscape; the reader checks again at read time).
 */
export function repositoryFolder(root: string, bases: readonly string[]): string {
  const holding = bases.filter((b) => isInside(root, b));
  const base = holding.sort((a, b) => b.length - a.length)[0] ?? path.parse(root).root;
  const first = path.relative(base, root).split(path.sep)[0];
  return first ? path.join(base, first) : root;
}

/** The folders repositoryFolder counts from, resolved once per config. */
export function repositoryBases(home: string, projectsRoot: string): string[] {
  return [projectsRoot, realOrSelf(projectsRoot), home, realOrSelf(home)];
}

/** Why a project root's real path leaves its repository folder's, or null (also when it does not exist yet). */
export function repoEscape(root: string, repo: string, home: string): string | null {
  let realRoot: string;
  try {
    realRoot = fs.realpathSync.native(root);
  } catch {
    return null;
  }
  const realRepo = realOrSelf(repo);
  if (realRoot === realRepo || isInside(realRoot, realRepo)) return null;
  return `its root ${displayHomePath(root, home)} leads out of its repository folder ${displayHomePath(repo, home)} through a symlink; if you made that symlink yourself, list the project by its real path`;
}

/** The deepest existing part of `p` is a symlink whose target does not exist (yet). */
function danglingSymlink(p: string): boolean {
  for (let at = p; ; at = path.dirname(at)) {
    try {
      if (!fs.lstatSync(at).isSymbolicLink()) return false;
    } catch {
      if (path.dirname(at) === at) return false;
      continue;
    }
    try {
      fs.realpathSync.native(at);
      return false;
    } catch {
      return true;
    }
  }
}

/** Why a project root from the config is refused, or null. */
function projectRootProblem(project: ProjectRoot, context: RootContext): string | null {
  const { root } = project;
  const tooWide = tooWideRoot(root, context.home);
  if (tooWide) return `its root ${displayHomePath(root, context.home)} is ${tooWide}`;
  if (context.fromWorkspace) {
    const shownRoot = displayHomePath(context.projectsRoot, context.home);
    // A dangling symlink resolves to nothing now and to anywhere later: the reader checks again.
    if (
      !isInside(root, context.projectsRoot) ||
      !isInside(realOrSelf(root), realOrSelf(context.projectsRoot)) ||
      danglingSymlink(root)
    ) {
      return `a workspace config may only name projects inside the projects root ${shownRoot}`;
    }
  }
  return repoEscape(root, project.repo ?? root, context.home);
}

export function parseProjectsList(
  value: unknown,
  context: RootContext,
  warnings: string[],
  refused: string[] = [],
): Map<string, ProjectRoot> {
  const { home, projectsRoot } = context;
  const pairs: Array<[string, string]> = [];
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [tag, p] of Object.entries(value as Record<string, unknown>)) pairs.push([tag, scalarText(p) ?? tag]);
  } else {
    for (const item of stringList(value)) {
      const colon = item.indexOf(':');
      if (colon < 0) continue; // entries without `:` are skipped (§0)
      pairs.push([item.slice(0, colon).trim(), item.slice(colon + 1).trim()]);
    }
  }
  const map = new Map<string, ProjectRoot>();
  for (const [tag, rawPath] of pairs) {
    if (!tag) continue;
    if (!/^[^/\\\0]+$/.test(tag) || tag === '.' || tag === '..') {
      warnings.push(`projects_list: ignored project tag "${tag}" (not a plain name)`);
      continue;
    }
    map.set(tag.toLowerCase(), { tag, root: projectRootPath(rawPath || tag, home, projectsRoot) });
  }
  // Checked once per project that survives (a repeated tag counts once).
  const bases = repositoryBases(home, projectsRoot);
  for (const [key, project] of map) {
    project.repo = repositoryFolder(project.root, bases);
    if (context.fromWorkspace) project.within = projectsRoot;
    const problem = projectRootProblem(project, context);
    if (!problem) continue;
    warnings.push(`projects_list: ignored project "${project.tag}" (${problem})`);
    refused.push(project.root);
    map.delete(key);
  }
  return map;
}

/** §9 Sub-repo folders and stitch_path stay inside their project's root, whatever the source. */
export function keepGroupsInsideProjects(
  groups: Map<string, ProjectGroup>,
  projects: Map<string, ProjectRoot>,
  warnings: string[],
): void {
  for (const [key, group] of groups) {
    const project = projects.get(key);
    if (!project) continue;
    const outside = (p: string) => !isInside(path.resolve(project.root, p), project.root);
    for (const sub of group.subRepos.filter(outside)) {
      warnings.push(
        `projects_groups: ignored sub-repo "${sub}" of ${project.tag} (it is not a folder inside the project)`,
      );
    }
    group.subRepos = group.subRepos.filter((sub) => !outside(sub));
    if (group.stitchPath !== null && outside(group.stitchPath)) {
      // Ignored: the group's STITCH.md is then the default one at the project root (§4d).
      warnings.push(
        `projects_groups: ignored stitch_path "${group.stitchPath}" of ${project.tag} (it is not inside the project)`,
      );
      group.stitchPath = null;
    }
  }
}

export function projectRootPath(p: string, home: string, projectsRoot: string): string {
  if (path.isAbsolute(p)) return path.resolve(p);
  if (p.startsWith('~/') || p === '~') return path.resolve(expandHome(p, home));
  return path.resolve(projectsRoot, p);
}

export function parseSharedKnowledge(value: unknown): string[] {
  if (value === true || value === false || value == null) return []; // legacy `true` counts as empty
  const list = stringList(value).map((s) => s.toLowerCase());
  return list.filter((s) => s !== 'true' && s !== 'false');
}

export function parseProjectGroups(value: unknown): Map<string, ProjectGroup> {
  const groups = new Map<string, ProjectGroup>();
  if (!value || typeof value !== 'object' || Array.isArray(value)) return groups;
  for (const [tag, raw] of Object.entries(value as Record<string, unknown>)) {
    const group: ProjectGroup = { subRepos: [], stitchPath: null };
    if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
      for (const [role, folder] of Object.entries(raw as Record<string, unknown>)) {
        const text = scalarText(folder);
        if (!text) continue;
        if (role === 'stitch_path') group.stitchPath = text;
        else group.subRepos.push(text);
      }
    }
    groups.set(tag.toLowerCase(), group);
  }
  return groups;
}
