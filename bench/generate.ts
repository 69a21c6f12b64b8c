// Deterministic synthetic HOME folders for the benchmark: config, index.md, project tier,
// team-shared entries, ideas, tracked artifacts. Same seed and size → byte-identical files.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { prng } from '../test/prng';
import type { KnowledgeIndex } from '../src/core/types';
export { prng };

const TAG_WORDS = [
  'api',
  'auth',
  'cache',
  'queue',
  'billing',
  'search',
  'mobile',
  'infra',
  'deploy',
  'storage',
  'metrics',
  'logging',
  'schema',
  'graphql',
  'grpc',
  'postgres',
  'redis',
  'kafka',
  'docker',
  'helm',
  'terraform',
  'lambda',
  'cdn',
  'oauth',
  'webhooks',
  'testing',
  'ci',
  'release',
  'ux',
  'design',
  'css',
  'react',
  'vue',
  'svelte',
  'nextjs',
  'django',
  'rails',
  'spring',
  'rust',
  'golang',
];
const AREA_WORDS = [
  'core',
  'edge',
  'data',
  'ops',
  'web',
  'ios',
  'android',
  'ml',
  'sec',
  'perf',
  'dx',
  'ui',
  'db',
  'net',
  'fin',
  'geo',
];
/** Hint vocabulary: deliberately disjoint from tag words so a hint token matches no tag. */
const HINT_A = [
  'idempotent',
  'cursor',
  'keyset',
  'optimistic',
  'eventual',
  'blue-green',
  'zero-downtime',
  'rate',
  'circuit',
  'backpressure',
  'sharded',
  'canary',
  'rolling',
  'cold',
  'warm',
  'lazy',
  'eager',
  'batched',
  'streaming',
  'incremental',
  'offline-first',
  'conflict-free',
  'write-ahead',
  'copy-on-write',
  'append-only',
  'read-through',
  'write-behind',
  'fan-out',
  'dead-letter',
  'exactly-once',
  'at-least-once',
  'two-phase',
  'saga',
  'outbox',
  'snapshot',
  'tombstone',
  'vector',
  'bloom',
  'merkle',
  'gossip',
];
const HINT_B = [
  'pagination',
  'retries',
  'locking',
  'consistency',
  'deploys',
  'limiting',
  'breakers',
  'handling',
  'partitions',
  'releases',
  'updates',
  'starts',
  'caches',
  'loading',
  'fetching',
  'writes',
  'replication',
  'sync',
  'merges',
  'logs',
  'reads',
  'queues',
  'delivery',
  'commits',
  'transactions',
  'clocks',
  'indexes',
  'filters',
  'trees',
  'protocols',
  'migrations',
  'backfills',
  'rollbacks',
  'audits',
  'quotas',
  'tokens',
  'sessions',
  'leases',
  'fences',
  'epochs',
];
const FOLDERS = [
  'approaches',
  'decisions',
  'references',
  'references/sources',
  'guides/deploy',
  'patterns',
  'research',
  'logs/retrospect',
];
const DESC_WORDS = [
  'how',
  'we',
  'chose',
  'the',
  'cursor',
  'approach',
  'for',
  'paging',
  'large',
  'tables',
  'notes',
  'on',
  'rolling',
  'out',
  'safely',
  'cheat',
  'sheet',
  'lessons',
  'from',
  'incident',
  'review',
  'of',
  'patterns',
  'in',
  'production',
  'trade-offs',
  'between',
  'options',
  'migration',
  'plan',
  'checklist',
  'gotchas',
];
const PROJECTS = ['proj-alpha', 'proj-beta', 'proj-gamma', 'proj-delta', 'proj-epsilon'];
const PROJECT_FILES = 200;
const IDEAS = 120;
const TEAM_PER_PROJECT = 40;
const TEAM_CROSS = 20;
/** Fixed "today" for every query, so ages and staleness never depend on the wall clock. */
export const BENCH_TODAY = '2026-11-30';

export interface GeneratedHome {
  notes: number;
  home: string;
  configFile: string;
  knowledgeFolder: string;
  indexFile: string;
  indexBytes: number;
  indexLines: number;
  tags: number;
  knownTags: number;
  aliases: number;
  hintPhrases: number;
  hintedNotes: number;
  projectFiles: number;
  teamSharedEntries: number;
  ideas: number;
  noteFilesWritten: boolean;
  /** The queries the benchmark runs, chosen from the generated data. */
  queries: {
    oneTag: string;
    threeOr: string;
    twoAnd: string;
    hintOnly: string;
    projectTag: string;
  };
  /** A line of index.md that the reload measurement rewrites. */
  reloadLine: string;
}

function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)];
}

function sentence(rand: () => number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(pick(rand, DESC_WORDS));
  const s = out.join(' ');
  return s[0].toUpperCase() + s.slice(1);
}

function write(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

function tagName(i: number): string {
  const word = TAG_WORDS[i % TAG_WORDS.length];
  const area = AREA_WORDS[Math.floor(i / TAG_WORDS.length) % AREA_WORDS.length];
  const round = Math.floor(i / (TAG_WORDS.length * AREA_WORDS.length));
  if (i < TAG_WORDS.length) return word;
  return round === 0 ? `${word}-${area}` : `${word}-${area}-${round}`;
}

function hintPhrase(i: number): string {
  const a = HINT_A[i % HINT_A.length];
  const b = HINT_B[Math.floor(i / HINT_A.length) % HINT_B.length];
  const round = Math.floor(i / (HINT_A.length * HINT_B.length));
  return round === 0 ? `${a} ${b}` : `${a} ${b} v${round}`;
}

/**
 * Writes `<root>/home` for `notes` cross-project notes. Tag popularity is skewed (a few tags
 * carry many notes, most carry few), as in real knowledge folders. The note bodies are written
 * only up to `writeNotesUpTo` notes: no measured step reads them (loading is not measured).
 */
export interface TagShape {
  /** Tags per cross-project note: exactly this many (default: one to three). */
  tagsPerNote?: number;
  /** How many distinct tags (default: a tenth of the notes, at least 30). */
  tags?: number;
}

export function generateHome(
  root: string,
  notes: number,
  seed = 20261130,
  writeNotesUpTo = 10_000,
  shape: TagShape = {},
): GeneratedHome {
  const rand = prng(seed ^ notes);
  const home = path.join(root, 'home');
  const kf = path.join(home, 'knowledge');
  fs.mkdirSync(kf, { recursive: true });

  const tagCount = shape.tags ?? Math.max(30, Math.round(notes / 10));
  const tags = Array.from({ length: tagCount }, (_, i) => tagName(i));
  const tagIds = new Map(tags.map((t, i) => [t, i]));
  const knownCount = Math.round(tagCount / 3);
  // Known tags are the first third by popularity rank; every fourth has aliases.
  const aliasesOf = new Map<number, string[]>();
  let aliasCount = 0;
  for (let i = 0; i < knownCount; i += 4) {
    const n = 1 + (i % 3);
    const list = Array.from({ length: n }, (_, k) => `${tags[i].replace(/-/g, '')}${k === 0 ? '' : k}x`);
    aliasesOf.set(i, list);
    aliasCount += n;
  }
  const skewedTag = () => Math.min(tagCount - 1, Math.floor(tagCount * rand() ** 2));

  // Cross-project notes: 1–3 tags each (or shape.tagsPerNote), 20% with one semantic-hint phrase.
  const phraseCount = Math.max(10, Math.round(notes / 25));
  const byTag: Array<Array<[string, string]>> = Array.from({ length: tagCount }, () => []);
  const byPhrase: string[][] = Array.from({ length: phraseCount }, () => []);
  let hinted = 0;
  const noteFiles: Array<[string, string, string[]]> = [];
  for (let i = 0; i < notes; i++) {
    const folder = pick(rand, FOLDERS);
    const first = tags[skewedTag()];
    const file = `${folder}/${first}-${i}.md`;
    const desc = sentence(rand, 3 + Math.floor(rand() * 6));
    const own = new Set<number>();
    const n = shape.tagsPerNote !== undefined ? Math.min(shape.tagsPerNote, tagCount) : 1 + Math.floor(rand() * 3);
    while (own.size < n) own.add(skewedTag());
    for (const t of own) byTag[t].push([file, desc]);
    if (rand() < 0.2) {
      byPhrase[Math.floor(rand() * phraseCount)].push(file);
      hinted++;
    }
    if (i < writeNotesUpTo) noteFiles.push([file, desc, [...own].map((t) => tags[t])]);
  }

  // Projects: 200 project-tier files each, with front matter; listed in the index too.
  const projectRelevant = PROJECTS.map((_, p) => [tags[5 + p], tags[40 + p * 7], tags[80 + p * 11]].filter(Boolean));
  let projectFiles = 0;
  for (const [p, tag] of PROJECTS.entries()) {
    write(path.join(kf, 'projects', tag, 'README.md'), `# ${tag}\n\nProject knowledge for ${tag}.\n`);
    for (let i = 0; i < PROJECT_FILES; i++) {
      const sub = pick(rand, ['decisions', 'patterns', 'notes', 'notes/archive']);
      const rel = `projects/${tag}/${sub}/${String(i).padStart(3, '0')}-${pick(rand, TAG_WORDS)}.md`;
      const own = new Set<string>();
      own.add(projectRelevant[p][i % projectRelevant[p].length]);
      const extra = Math.floor(rand() * 3);
      for (let k = 0; k < extra; k++) own.add(tags[skewedTag()]);
      const hints = rand() < 0.3 ? [hintPhrase(Math.floor(rand() * phraseCount))] : [];
      const title = sentence(rand, 4);
      const fm = [
        '---',
        i % 2 === 0 ? `tags: [${[...own].join(', ')}]` : `tags:\n${[...own].map((t) => `  - ${t}`).join('\n')}`,
        ...(hints.length ? [`semantic-hints: [${hints.join(', ')}]`] : []),
        `Last updated: 2026-${String(1 + (i % 11)).padStart(2, '0')}-${String(1 + (i % 27)).padStart(2, '0')}`,
        '---',
      ].join('\n');
      const body = i % 10 === 9 ? 'No heading in this one.\n' : `# ${title}\n\n${sentence(rand, 30)}.\n`;
      write(path.join(kf, rel), `${fm}\n${body}`);
      for (const t of own) byTag[tagIds.get(t)!].push([rel, title]);
      projectFiles++;
    }
  }

  // Project roots with team-shared knowledge, CODEMAP/STITCH artifacts.
  const shared = PROJECTS.slice(0, 3);
  const teamByTag = new Map<string, string[]>();
  let teamEntries = 0;
  const addTeam = (heading: string, line: string) => {
    const list = teamByTag.get(heading) ?? [];
    list.push(line);
    teamByTag.set(heading, list);
  };
  for (const [p, tag] of PROJECTS.entries()) {
    const root = path.join(home, 'Projects', tag);
    write(path.join(root, 'CODEMAP.md'), `# Codemap of ${tag}\n`);
    if (p === 2) write(path.join(root, 'docs', 'STITCH.md'), `# Stitch of ${tag}\n`);
    for (let i = 0; i < TEAM_PER_PROJECT; i++) {
      const inSub = p === 2 && i % 2 === 1 ? 'backend/' : '';
      const name = `2026-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}-team-${i}.md`;
      const rel = `Projects/${tag}/${inSub}_project-knowledge/${name}`;
      const title = sentence(rand, 4);
      write(path.join(home, rel), `---\nproject: ${tag}\n---\n# ${title}\n`);
      const headings = new Set([tags[skewedTag()], projectRelevant[p][i % projectRelevant[p].length]]);
      for (const h of headings) addTeam(h, `- ~/${rel} — ${title} [project: ${tag}, scope: repo]`);
      teamEntries++;
    }
  }
  for (let i = 0; i < TEAM_CROSS; i++) {
    const owner = shared[i % shared.length];
    const rel = `Projects/${owner}/_project-knowledge/cross/2026-05-${String(1 + (i % 28)).padStart(2, '0')}-cross-${i}.md`;
    const title = sentence(rand, 4);
    write(path.join(home, rel), `# ${title}\n`);
    addTeam(tags[skewedTag()], `- ~/${rel} — ${title} [project: cross, scope: cross]`);
    teamEntries++;
  }

  // Ideas for the projects (some stale, some without front-matter date).
  write(path.join(kf, 'intake', 'ideas', 'README.md'), '# Ideas\n');
  for (let i = 0; i < IDEAS; i++) {
    const month = 1 + (i % 11);
    const day = 1 + (i % 28);
    const date = `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    const projects = i % 9 === 0 ? `${PROJECTS[i % 5]}, ${PROJECTS[(i + 1) % 5]}` : PROJECTS[i % 5];
    const lines = [
      '---',
      ...(i % 4 === 0 ? [] : [`date: ${date}`]),
      `project: ${projects}`,
      `type: ${pick(rand, ['bug', 'feature', 'design', 'chore'])}`,
    ];
    if (i % 3 !== 0) lines.push(`title: ${sentence(rand, 5)}`);
    lines.push('---', `# ${sentence(rand, 5)}`, '');
    write(path.join(kf, 'intake', 'ideas', `${date}-idea-${i}.md`), lines.join('\n'));
  }

  // Cross-project note bodies (not read by any measured step).
  for (const [file, desc, own] of noteFiles)
    write(path.join(kf, file), `---\ntags: [${own.join(', ')}]\n---\n# ${desc}\n`);

  // index.md
  const out: string[] = ['# Knowledge Index', '', 'Last rebuilt: 2026-11-02 (41st pass)', '', '## Projects', ''];
  for (const [p, tag] of PROJECTS.entries()) {
    out.push(
      `### ${tag} — Project ${tag.slice(5)}`,
      `Relevant tags: ${projectRelevant[p].join(', ')}`,
      `Project-tier files: ${PROJECT_FILES} (decisions: 50, patterns: 50, other: 100)`,
      '',
    );
  }
  out.push('## Known Tags', '');
  const knownItems = tags
    .slice(0, knownCount)
    .map((t, i) => (aliasesOf.has(i) ? `${t} [aliases: ${aliasesOf.get(i)!.join(', ')}]` : t));
  for (let i = 0; i < knownItems.length; i += 12)
    out.push(knownItems.slice(i, i + 12).join(', ') + (i + 12 < knownItems.length ? ',' : ''));
  out.push('');
  const sectionOrder = (from: number, to: number) => {
    const ids = Array.from({ length: to - from }, (_, k) => from + k).filter((t) => byTag[t].length > 0);
    ids.sort((a, b) => (tags[a] < tags[b] ? -1 : tags[a] > tags[b] ? 1 : 0));
    for (const t of ids) {
      out.push(`### ${tags[t]}`);
      for (const [file, desc] of byTag[t]) out.push(`- ${file} — ${desc}`);
      out.push('');
    }
  };
  out.push('## Tag Index', '');
  sectionOrder(0, knownCount);
  out.push('## Other Tags', '');
  sectionOrder(knownCount, tagCount);
  out.push('## Semantic Hints Index', '');
  for (let h = 0; h < phraseCount; h++) {
    if (byPhrase[h].length === 0) continue;
    out.push(`### ${hintPhrase(h)}`, ...byPhrase[h].map((f) => `- ${f}`), '');
  }
  out.push('## Team-Shared Tag Index', '');
  for (const heading of [...teamByTag.keys()].sort()) out.push(`### ${heading}`, ...teamByTag.get(heading)!, '');
  out.push('## Review Index', '', '### Retrospects', '- 2026-10-12 [release] — Ship payments v2 [PAY-12] → closed', '');
  out.push('## Stale Files', '');
  for (let i = 0; i < Math.min(200, notes / 50); i++)
    out.push(
      `### ${noteFiles[i]?.[0] ?? `x/${i}.md`}`,
      'Last updated: 2025-01-10 (22 months ago) — threshold: 6 months',
      '',
    );
  const indexText = `${out.join('\n')}\n`;
  const indexFile = path.join(kf, 'index.md');
  write(indexFile, indexText);

  // Config.
  const configFile = path.join(home, '.claude', 'aria-knowledge.local.md');
  write(
    configFile,
    [
      '---',
      'knowledge_folder: ~/knowledge',
      'projects_enabled: true',
      `projects_list: ${PROJECTS.map((t) => `${t}:${t}`).join(',')}`,
      `projects_shared_knowledge: ${shared.join(',')}`,
      'ideas_staleness_threshold_days: 7',
      'codemap_staleness_threshold_days: 14',
      'stitch_staleness_threshold_days: 30',
      'projects_groups:',
      `  ${PROJECTS[2]}:`,
      '    backend: backend',
      '    web: web',
      '    stitch_path: docs/STITCH.md',
      '---',
      '',
      '# Knowledge Tools Configuration',
      '',
    ].join('\n'),
  );
  write(path.join(kf, 'intake', 'ideas-backlog.md'), '# Legacy backlog\n');

  // Queries: a common known tag; three tags (one through an alias); two co-occurring tags; a hint word.
  const aliasFor25 = aliasesOf.get(24)?.[0] ?? tags[25];
  let andPair: [string, string] = [tags[1], tags[3]];
  if (!byTag[1].some(([f]) => byTag[3].some(([g]) => g === f))) andPair = [tags[0], tags[1]];
  // The reload edits one description line in the middle of the Tag Index.
  const mid = byTag[10][Math.floor(byTag[10].length / 2)];
  return {
    notes,
    home,
    configFile,
    knowledgeFolder: kf,
    indexFile,
    indexBytes: Buffer.byteLength(indexText),
    indexLines: out.length,
    tags: tagCount,
    knownTags: knownCount,
    aliases: aliasCount,
    hintPhrases: byPhrase.filter((l) => l.length > 0).length,
    hintedNotes: hinted,
    projectFiles,
    teamSharedEntries: teamEntries,
    ideas: IDEAS,
    noteFilesWritten: notes <= writeNotesUpTo,
    queries: {
      oneTag: tags[10],
      threeOr: `${tags[10]} ${aliasFor25} ${tags[50]}`,
      twoAnd: `${andPair[0]} AND ${andPair[1]}`,
      hintOnly: 'outbox',
      projectTag: PROJECTS[0],
    },
    reloadLine: `- ${mid[0]} — ${mid[1]}`,
  };
}

/** Reads an index's tables that are built on first use, so what is timed or bounded includes building them. */
export function buildTables(index: Pick<KnowledgeIndex, 'filesByTag' | 'teamSharedFiles'>): number {
  return index.filesByTag.size + index.teamSharedFiles.size;
}
