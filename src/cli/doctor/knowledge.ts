// What `doctor` finds about the knowledge an agent would be served (SPEC §13.2): the config
// (found, readable, its front matter read as written), the knowledge folder, index.md and whether
// it lists any note. Each finding names the problem and one fix in the CLI's own words; a
// `broken` one means an agent would get nothing (or less than the config says), so doctor exits 1.
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  checkIndex,
  checkSummary,
  configCandidates,
  loadSnapshot,
  readConfigData,
  type ConfigSources,
} from '../../core';
import { cliMessage } from '../command';

/** One thing doctor found: what it is, and the one thing to do about it. */
export interface Finding {
  /** `broken`: an agent would get nothing, or a registered command cannot start (exit 1). */
  level: 'broken' | 'warning';
  /** Where it is: config, knowledge, index, a client's name, compile-cache. */
  area: string;
  message: string;
  fix: string;
}

/** The largest config doctor reads again to say why its front matter gave nothing (the core's cap is larger; this is a hint only). */
const MAX_CONFIG_REREAD = 1024 * 1024;

/** A parse problem of the config's front matter, as the core words it (config.ts readConfigData). */
const PARSE_PROBLEM = /: (front matter is not valid YAML|no front matter found)/;

export type KnowledgeReport = ReturnType<typeof knowledgeReport>;

export function knowledgeReport(sources: ConfigSources, today: string, fromFolderFlag: boolean) {
  const looked = configCandidates(sources);
  const outcome = loadSnapshot(sources);
  const findings: Finding[] = [];
  if (!outcome.ok) {
    const config = outcome.config;
    const problem = cliMessage(outcome, sources);
    if (!config) findings.push(configFinding(sources, looked, problem, fromFolderFlag));
    else findings.push(indexFinding(outcome.reason, problem, config.configFile, config.folderFrom !== null));
    if (config) findings.push(...configWarnings(config.warnings, config.configFile));
    return {
      config: { file: config?.configFile ?? null, looked, problem: config ? null : problem },
      knowledgeFolder: config?.knowledgeFolder ?? null,
      index: config ? { path: path.join(config.knowledgeFolder, 'index.md'), problem } : null,
      findings,
    };
  }
  const { snapshot } = outcome;
  const { config } = snapshot;
  findings.push(...configWarnings(config.warnings, config.configFile));
  const files = snapshot.index.files.size;
  if (files === 0)
    findings.push({
      level: 'broken',
      area: 'index',
      message: `${path.join(config.knowledgeFolder, 'index.md')} lists no notes: every query answers nothing.`,
      fix: 'aria-context index --write (builds index.md from the notes in the knowledge folder; --check shows it first)',
    });
  return {
    config: { file: config.configFile, looked, problem: null },
    knowledgeFolder: config.knowledgeFolder,
    index: {
      path: path.join(config.knowledgeFolder, 'index.md'),
      files,
      knownTags: snapshot.index.knownTags.length,
      lastRebuilt: snapshot.index.lastRebuilt,
      health: checkSummary(checkIndex(snapshot), today),
      problem: null,
    },
    findings,
  };
}

/** No usable config: none found, or one that names no knowledge folder (random bytes, no front matter). */
function configFinding(sources: ConfigSources, looked: string[], problem: string, fromFolderFlag: boolean): Finding {
  const file = looked.find(isFile);
  if (!file || fromFolderFlag)
    return {
      level: 'broken',
      area: 'config',
      message: problem,
      fix: `Create ${looked[0] ?? '~/.claude/aria-knowledge.local.md'} with a front matter line knowledge_folder: /path/to/your/knowledge (the folder holding index.md), or register the server with aria-context setup <client> --folder DIR.`,
    };
  const why = frontMatterProblem(file);
  return {
    level: 'broken',
    area: 'config',
    message: why && !problem.includes(why) ? `${problem} (${file}: ${why})` : problem,
    fix: `Give ${file} a front matter block: a line ---, then knowledge_folder: /path/to/your/knowledge, then ---.`,
  };
}

/** The config's warnings, as `query` prints them: a front matter that did not parse loses keys, so it is broken. */
function configWarnings(warnings: readonly string[], file: string | null): Finding[] {
  return warnings.map((w) =>
    PARSE_PROBLEM.test(w)
      ? {
          level: 'broken' as const,
          area: 'config',
          message: `${w}: settings beyond simple key: value lines (lists, nested projects) are lost.`,
          fix: `Correct the YAML of ${file ?? 'the config'}'s front matter (a tab, a stray quote or a missing colon is the usual cause); aria-context query prints the same warning until it parses.`,
        }
      : {
          level: 'warning' as const,
          area: 'config',
          message: w,
          fix: `Correct that line of ${file ?? 'the config'}.`,
        },
  );
}

/** The knowledge folder or index.md that cannot be read, by why (core/index/snapshot.ts NoIndexReason). */
function indexFinding(
  reason: 'noFolder' | 'noIndex' | 'unreadable' | undefined,
  problem: string,
  configFile: string | null,
  fromConfig: boolean,
): Finding {
  const fix =
    reason === 'noFolder'
      ? fromConfig && configFile
        ? `Set knowledge_folder in ${configFile} to where the knowledge folder is now (the folder holding index.md).`
        : 'Pass --folder with the folder that holds index.md (run aria-context setup <client> --folder DIR again for a client).'
      : reason === 'noIndex'
        ? 'aria-context index --write (builds index.md from the notes in the knowledge folder).'
        : 'Make index.md a readable file of yours (ls -l shows its owner and mode), under the size named above.';
  return { level: 'broken', area: reason === 'noFolder' ? 'knowledge' : 'index', message: problem, fix };
}

/** Why a config's front matter gives no mapping, or null (read again only for the message). */
function frontMatterProblem(file: string): string | null {
  try {
    if (fs.statSync(file).size > MAX_CONFIG_REREAD) return null;
    return readConfigData(fs.readFileSync(file, 'utf8')).problem;
  } catch {
    return null;
  }
}

function isFile(p: string): boolean {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}
