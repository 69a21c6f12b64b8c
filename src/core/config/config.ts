// core/config/ (step 0): where the configuration is and what it says: the config file, front matter, project roots.
// §0: find the aria-knowledge config file and turn its front matter into a Config.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseFrontMatter, scalarText } from './frontMatter';
import { NOT_CONFIGURED } from '../present/messages';
import { MAX_CONFIG_BYTES } from '../limits';
import { expandHome, openRegularFile, tooWideRoot } from '../paths';
import { keepGroupsInsideProjects, parseProjectGroups, parseProjectsList, parseSharedKnowledge } from './projectRoots';
import type { Config, Thresholds } from '../types';

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

export type ConfigOutcome = { ok: true; config: Config } | { ok: false; code: ConfigErrorCode; message: string };

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

/** The config's text, refused unread above MAX_CONFIG_BYTES (§9 every input is capped). */
function readCapped(file: string): string {
  const fd = openRegularFile(file);
  try {
    const size = fs.fstatSync(fd).size;
    if (size > MAX_CONFIG_BYTES)
      throw new Error(`it is larger than ${MAX_CONFIG_BYTES / (1024 * 1024)} MB (${size} bytes) and was not read`);
    return fs.readFileSync(fd, 'utf8');
  } finally {
    fs.closeSync(fd);
  }
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
  let configText = '';
  if (file) {
    let text: string;
    try {
      text = readCapped(file);
    } catch (err) {
      return {
        ok: false,
        code: 'not-configured',
        message: `Cannot read ${file}: ${(err as Error).message}. ${NOT_CONFIGURED}`,
      };
    }
    configText = text;
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

  const knowledgeFolder = path.resolve(expanded);
  const tooWide = tooWideRoot(knowledgeFolder, home);
  if (tooWide) {
    return {
      ok: false,
      code: 'not-configured',
      message: `The knowledge folder ${knowledgeFolder} is ${tooWide}: aria-context never reads the file system root, your home folder or a folder above it. Set knowledge_folder (or the ariaContext.knowledgeFolder setting) to the folder that holds index.md.`,
    };
  }

  const projectsRoot = path.resolve(expandHome(sources.projectsRoot?.trim() || '~/Projects', home));
  // §9 A workspace's config is someone else's file: its projects must live under the projects root.
  const fromWorkspace =
    !!file && (sources.trustedWorkspaceFolders ?? []).some((f) => path.join(f, '.cursor', CONFIG_FILE_NAME) === file);
  const refusedRoots: string[] = [];
  const projectsList = parseProjectsList(
    data['projects_list'],
    { home, projectsRoot, fromWorkspace },
    warnings,
    refusedRoots,
  );
  const projectGroups = parseProjectGroups(data['projects_groups']);
  keepGroupsInsideProjects(projectGroups, projectsList, warnings);
  return {
    ok: true,
    config: {
      configFile: file,
      knowledgeFolder,
      folderFrom: folderSetting ? null : file,
      home,
      projectsEnabled: isTrue(data['projects_enabled']),
      // `aria_context_hook: false` turns `aria-context hook` off (an aria-context key, ignored by aria-knowledge)
      hookEnabled: !/^(false|off|no|0)$/i.test(scalarText(data['aria_context_hook']) ?? ''),
      projectsList,
      refusedRoots,
      sharedKnowledge: parseSharedKnowledge(data['projects_shared_knowledge']),
      projectGroups,
      thresholds: {
        ideas: threshold(data, configText, 'ideas_staleness_threshold_days', DEFAULT_THRESHOLDS.ideas, warnings, file),
        codemap: threshold(
          data,
          configText,
          'codemap_staleness_threshold_days',
          DEFAULT_THRESHOLDS.codemap,
          warnings,
          file,
        ),
        stitch: threshold(
          data,
          configText,
          'stitch_staleness_threshold_days',
          DEFAULT_THRESHOLDS.stitch,
          warnings,
          file,
        ),
      },
      freeformPromotionThreshold: threshold(
        data,
        configText,
        'freeform_promotion_threshold',
        3,
        warnings,
        file,
        'notes',
      ),
      stalenessMonths: threshold(data, configText, 'staleness_threshold_months', 6, warnings, file, 'months'),
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
  const data = Object.create(null) as Record<string, unknown>; // a `__proto__:` line is a key like any other
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

/**
 * A staleness threshold: whole days written in decimal digits (§0, §F13). The value is read from
 * the text as written, never from the YAML library's number (which reads `010` as 8 and `1_0`
 * as 10); quotes around it are fine. Anything else falls back to the default with a warning;
 * a missing or empty key takes the default silently.
 */
function threshold(
  data: Record<string, unknown>,
  text: string,
  key: string,
  fallback: number,
  warnings: string[],
  file: string | null,
  unit = 'days',
): number {
  const value = data[key];
  if (value === undefined || value === null || value === '') return fallback;
  const written =
    writtenValue(text, key) ?? (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
  if (/^[0-9]+$/.test(written) && atMost2To53(written)) return Number(written);
  warnings.push(
    `${file ?? 'config'}: ${key} "${written.slice(0, 40)}" is not a whole number of ${unit} (digits only); using the default ${fallback}`,
  );
  return fallback;
}

/** Digits up to 2^53 (§F13), compared as written: every such number is exact as a JavaScript number. */
function atMost2To53(digits: string): boolean {
  const d = digits.replace(/^0+(?=.)/, '');
  const max = '9007199254740992';
  return d.length < max.length || (d.length === max.length && d <= max);
}

/**
 * The text of a top-level `key: value` line of the front matter, comment and quotes removed; the
 * last such line, as the line-by-line reading of a broken config keeps it.
 */
function writtenValue(text: string, key: string): string | null {
  const lines = text.split(/\r\n|\r|\n/);
  let found: string | null = null;
  let start = lines[0]?.replace(/^\uFEFF/, '').trimEnd() === '---' ? 1 : lines.length;
  for (; start < lines.length; start++) {
    const line = lines[start];
    if (/^(---|\.\.\.)[ \t]*$/.test(line)) break;
    if (!line.startsWith(key)) continue;
    const rest = line.slice(key.length).trimStart();
    if (!rest.startsWith(':')) continue;
    let value = rest.slice(1);
    const comment = value.search(/[ \t]#/);
    if (comment >= 0) value = value.slice(0, comment);
    value = value.trim();
    const q = value.charAt(0);
    if ((q === '"' || q === "'") && value.length >= 2 && value.endsWith(q)) value = value.slice(1, -1).trim();
    found = value;
  }
  return found;
}
