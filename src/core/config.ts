// §0: find the aria-knowledge config file and turn its front matter into a Config.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseFrontMatter, scalarText, stringList } from './frontMatter';
import { NOT_CONFIGURED } from './messages';
import { expandHome } from './paths';
import type { Config, ProjectGroup, ProjectRoot, Thresholds } from './types';

export const CONFIG_FILE_NAME = 'aria-knowledge.local.md';

export const DEFAULT_THRESHOLDS: Thresholds = { ideas: 7, codemap: 14, stitch: 30 };

export interface ConfigSources {
  home: string;
  env?: Record<string, string | undefined>;
  /** `ariaContext.configFile` or CLI `--config`. */
  configFile?: string;
  /** CLI `--config` must exist; the editor setting falls through to the next source. */
  configFileMustExist?: boolean;
  /** `ariaContext.knowledgeFolder` or CLI `--folder`: overrides `knowledge_folder`. */
  folder?: string;
  /** `ariaContext.projectsRoot`, default `~/Projects`. */
  projectsRoot?: string;
  /** Workspace folders whose `.cursor/` config may be read: pass none when untrusted. */
  trustedWorkspaceFolders?: string[];
}

export type ConfigErrorCode = 'not-configured' | 'config-not-found';

export type ConfigOutcome =
  | { ok: true; config: Config }
  | { ok: false; code: ConfigErrorCode; message: string };

/** Every place a config file may be, in the order of §0. */
export function configCandidates(sources: ConfigSources): string[] {
  const env = sources.env ?? {};
  const home = sources.home;
  const list: string[] = [];
  if (sources.configFile) list.push(expandHome(sources.configFile, home));
  for (const name of ['KT_CONFIG', 'ARIA_KNOWLEDGE_CONFIG']) {
    const value = env[name];
    if (value && value.trim()) list.push(expandHome(value.trim(), home));
  }
  list.push(
    path.join(home, '.claude', CONFIG_FILE_NAME),
    path.join(home, '.gemini', 'antigravity', CONFIG_FILE_NAME),
    path.join(home, '.codex', CONFIG_FILE_NAME),
  );
  for (const folder of sources.trustedWorkspaceFolders ?? []) list.push(path.join(folder, '.cursor', CONFIG_FILE_NAME));
  return list;
}

function isFile(p: string): boolean {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

export function loadConfig(sources: ConfigSources): ConfigOutcome {
  const home = sources.home;
  if (sources.configFile && sources.configFileMustExist) {
    const explicit = expandHome(sources.configFile, home);
    if (!isFile(explicit)) {
      return { ok: false, code: 'config-not-found', message: `Config file not found: ${explicit}` };
    }
  }
  const file = configCandidates(sources).find(isFile) ?? null;
  const warnings: string[] = [];
  let data: Record<string, unknown> = {};
  if (file) {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (err) {
      return { ok: false, code: 'not-configured', message: `Cannot read ${file}: ${(err as Error).message}. ${NOT_CONFIGURED}` };
    }
    const parsed = readConfigData(text);
    data = parsed.data;
    if (parsed.problem) warnings.push(`${file}: ${parsed.problem}`);
  }

  const folderSetting = sources.folder?.trim();
  const rawFolder = folderSetting || scalarText(data['knowledge_folder']);
  if (!file && !folderSetting) return { ok: false, code: 'not-configured', message: NOT_CONFIGURED };
  if (!rawFolder) {
    return { ok: false, code: 'not-configured', message: `${file}: knowledge_folder is not set. ${NOT_CONFIGURED}` };
  }
  const expanded = expandHome(rawFolder, home);
  if (!path.isAbsolute(expanded)) {
    return {
      ok: false,
      code: 'not-configured',
      message: `knowledge_folder must be an absolute path (got "${rawFolder}"). ${NOT_CONFIGURED}`,
    };
  }

  const projectsRoot = path.resolve(expandHome(sources.projectsRoot?.trim() || '~/Projects', home));
  return {
    ok: true,
    config: {
      configFile: file,
      knowledgeFolder: path.resolve(expanded),
      home,
      projectsEnabled: isTrue(data['projects_enabled']),
      projectsList: parseProjectsList(data['projects_list'], home, projectsRoot, warnings),
      sharedKnowledge: parseSharedKnowledge(data['projects_shared_knowledge']),
      projectGroups: parseProjectGroups(data['projects_groups']),
      thresholds: {
        ideas: threshold(data['ideas_staleness_threshold_days'], DEFAULT_THRESHOLDS.ideas),
        codemap: threshold(data['codemap_staleness_threshold_days'], DEFAULT_THRESHOLDS.codemap),
        stitch: threshold(data['stitch_staleness_threshold_days'], DEFAULT_THRESHOLDS.stitch),
      },
      warnings,
    },
  };
}

/**
 * The config's front matter as a mapping. Hand-edited configs break YAML in small ways (tabs,
 * stray quotes); a line-by-line `key: value` reading then still recovers the flat keys.
 */
export function readConfigData(text: string): { data: Record<string, unknown>; problem: string | null } {
  // YAML forbids tabs as indentation; js-yaml then silently flattens a tab-indented
  // `projects_groups` into top-level keys. Read each leading tab as two spaces instead.
  const fm = parseFrontMatter(text.replace(/^\t+/gm, (tabs) => '  '.repeat(tabs.length)));
  if (fm.data) return { data: fm.data, problem: null };
  if (!fm.problem) return { data: {}, problem: 'no front matter found' };
  const block = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---/.exec(text);
  const data: Record<string, unknown> = {};
  for (const line of (block?.[1] ?? '').split(/\r?\n/)) {
    // `(.*)` then trimEnd: a lazy `(.*?)[ \t]*$` backtracked quadratically on long lines.
    const m = /^([A-Za-z_][\w-]*)[ \t]*:[ \t]*(.*)$/.exec(line);
    const value = m ? m[2].trimEnd() : '';
    if (m && value !== '') data[m[1]] = value.replace(/^(["'])(.*)\1$/, '$2');
  }
  return { data, problem: `${fm.problem}; read its simple key: value lines only` };
}

function isTrue(value: unknown): boolean {
  return value === true || (typeof value === 'string' && value.trim().toLowerCase() === 'true');
}

function threshold(value: unknown, fallback: number): number {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return /^\d+$/.test(text) ? Number(text) : fallback;
}

function parseProjectsList(value: unknown, home: string, projectsRoot: string, warnings: string[]): Map<string, ProjectRoot> {
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
  return map;
}

export function projectRootPath(p: string, home: string, projectsRoot: string): string {
  if (path.isAbsolute(p)) return path.resolve(p);
  if (p.startsWith('~/') || p === '~') return path.resolve(expandHome(p, home));
  return path.resolve(projectsRoot, p);
}

function parseSharedKnowledge(value: unknown): string[] {
  if (value === true || value === false || value == null) return []; // legacy `true` counts as empty
  const list = stringList(value).map((s) => s.toLowerCase());
  return list.filter((s) => s !== 'true' && s !== 'false');
}

function parseProjectGroups(value: unknown): Map<string, ProjectGroup> {
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
