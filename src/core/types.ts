// Shared data shapes of the retrieval core. Plain data only: no I/O, no editor types.

export type QueryMode = 'OR' | 'AND';

export type Category = 'team-shared' | 'project-specific' | 'cross-project' | 'tracked-artifact';

/** One project group from `projects_groups`: sub-repo folders plus an optional STITCH.md path. */
export interface ProjectGroup {
  subRepos: string[];
  stitchPath: string | null;
}

export interface Thresholds {
  ideas: number;
  codemap: number;
  stitch: number;
}

export interface Config {
  /** The config file the settings came from, or null when only a folder override was given. */
  configFile: string | null;
  knowledgeFolder: string;
  /** The config file whose knowledge_folder named the folder; null when a folder override (setting, --folder) did. Absent: configFile. */
  folderFrom?: string | null;
  home: string;
  projectsEnabled: boolean;
  /** Whether `aria-context hook` may push context (config key `aria_context_hook`); absent means yes. */
  hookEnabled?: boolean;
  /** Lowercased project tag → absolute project root, in the order written. */
  projectsList: Map<string, ProjectRoot>;
  /**
   * Roots of projects_list entries refused (§9: too wide, leading out of their repository): never
   * read, but still folders the user named as a repository, so no cache lies in them (keepOutOf).
   */
  refusedRoots?: string[];
  /** Lowercased project tags whose team-shared knowledge is surfaced. */
  sharedKnowledge: string[];
  /** Lowercased project tag → group. */
  projectGroups: Map<string, ProjectGroup>;
  thresholds: Thresholds;
  /** `freeform_promotion_threshold`: a freeform tag on this many notes is suggested for Known Tags (§12.5). */
  freeformPromotionThreshold?: number;
  /** `staleness_threshold_months`: a note last updated longer ago is listed under Stale Files (§12.3). */
  stalenessMonths?: number;
  /** Problems found while reading the config that did not stop it from working. */
  warnings: string[];
}

export interface ProjectRoot {
  /** The tag as written in the config (used for `projects/<tag>/`). */
  tag: string;
  root: string;
  /**
   * §9 The repository folder the configuration names (projectRoots.ts repositoryFolder): the root's
   * real path must stay inside this folder's real path. Absent: the root itself.
   */
  repo?: string;
  /** From a workspace config: the projects root, which the root's real path must stay inside. */
  within?: string;
}

export interface IndexProject {
  key: string;
  name: string | null;
  relevantTags: string[];
}

export interface KnownTag {
  tag: string;
  aliases: string[];
}

export interface TagEntry {
  path: string;
  description: string | null;
}

export interface TeamSharedEntry {
  path: string;
  description: string | null;
  project: string;
  scope: string | null;
}

/** A cross-project file with everything the index says about it, merged across sections. */
export interface IndexedFile {
  path: string;
  /** The path as index.md first spelled it (`projects/../../x`, `..\\x`), when that differs. */
  written?: string;
  description: string | null;
  tags: Set<string>;
  hints: string[];
}

export interface TeamSharedFile {
  path: string;
  description: string | null;
  project: string;
  scope: string | null;
  /** Headings the entry is listed under (lowercase). */
  headings: Set<string>;
}

/**
 * A parsed index. Readers never change it: the large tables are read-only Maps, which an index
 * opened from a compact image (index/image/) serves as views made on demand.
 */
export interface KnowledgeIndex {
  lastRebuilt: string | null;
  projects: ReadonlyMap<string, IndexProject>;
  knownTags: KnownTag[];
  /** Lowercased alias → canonical tag. */
  aliases: ReadonlyMap<string, string>;
  /** Lowercased tag → entries, from `## Tag Index`. */
  tagIndex: ReadonlyMap<string, TagEntry[]>;
  /** Lowercased tag → entries, from `## Other Tags`. */
  otherTags: ReadonlyMap<string, TagEntry[]>;
  /** Hint phrase → paths. */
  hints: ReadonlyMap<string, string[]>;
  /** Lowercased heading → entries, from `## Team-Shared Tag Index`. */
  teamShared: ReadonlyMap<string, TeamSharedEntry[]>;
  /** Derived lookup tables, built once per parse. */
  files: ReadonlyMap<string, IndexedFile>;
  teamSharedFiles: ReadonlyMap<string, TeamSharedFile>;
  /** Lowercased tag → files listed under it in Tag Index or Other Tags. */
  filesByTag: ReadonlyMap<string, IndexedFile[]>;
  /** Hint phrase → files it lists. */
  filesByHint: ReadonlyMap<string, IndexedFile[]>;
  /** Hint phrase normalised for matching (lowercase, no hyphens) → original phrase. */
  normalisedHints: Array<[string, string]>;
  hasTeamSharedSection: boolean;
  /** Lines that could not be understood, as `index.md line N: …`. */
  warnings: string[];
  /** Where each thing stands in index.md: what index health and drift place their problems by. */
  lines: IndexLines;
}

/** Lines (1-based, front matter counted) that index health places its problems by. */
export interface IndexLines {
  lastRebuilt: { line: number; text: string } | null;
  /** Every entry line as written, duplicates included, in line order. */
  entries: EntryLines;
  knownTags: Array<{ line: number; tag: string; aliases: readonly string[] }>;
  knownTagsLine: number | null;
  /** Problem lines in the walk's order, the first MAX_PROBLEM_LINES of them (index health lists 200 a kind, §10). */
  problems: Array<{ line: number; message: string }>;
  /** Every problem line, listed or not. */
  problemCount: number;
}

export type IndexSection = 'tags' | 'other' | 'hints' | 'team';

/** Entry lines by record number (index/entryLines.ts: columns, a record made per read). */
export interface EntryLines extends Iterable<IndexLineEntry> {
  readonly length: number;
  at(i: number): IndexLineEntry;
}

export interface IndexLineEntry {
  line: number;
  section: IndexSection;
  /** The `### ` heading above it, lowercased. */
  heading: string;
  /** The path as written (backticks removed). */
  path: string;
  /** Team-shared entries: the `[project: …]` annotation, lowercased. */
  project: string | null;
}

/** Whether an entry's path may be read: where it resolves, or why it is refused. */
export type PathVerdict = { ok: true; abs: string } | { ok: false; reason: string };

export interface ResolvedAlias {
  alias: string;
  canonical: string;
}

export interface Expansion {
  project: string;
  tags: string[];
}

export interface ParsedQuery {
  /** Tokens after alias resolution and project expansion, duplicates dropped. */
  tokens: string[];
  mode: QueryMode;
  resolved: ResolvedAlias[];
  expanded: Expansion[];
  /** Notes for project keys whose relevant tags were not all added (§F44); absent when none. */
  capped?: string[];
  /** The words as typed, without their surrounding punctuation (§2), before aliases resolve. */
  typed?: string[];
}

export interface ResultItem {
  /** Summary number; null for lines that cannot be picked (missing artifacts). */
  n: number | null;
  category: Category;
  /** The path as the summary shows it. */
  path: string;
  absPath: string;
  description: string | null;
  tags: string[];
  hint: string | null;
  project: string | null;
  scope: string | null;
  stale: boolean;
  /** Query tokens this item matched; used for ordering. */
  matched: number;
  selectable: boolean;
  /**
   * The folders the query-time path check placed this item in. Informational only: the reader
   * never trusts it, it derives what may be read from the configuration (§9).
   */
  allowedRoots: string[];
  /** For artifacts: `8 days ago — fresh`, `(not found — run /codemap create)`, … */
  status: string | null;
  /**
   * Why the reader would not load this item now (§9), or null when it would: `missing` (nothing
   * there, a dangling symlink included) or `refused` (outside the allowed folders after symlinks,
   * not a regular `.md` file, …). An item with a problem is never picked, numbered or counted.
   */
  problem: ItemProblem | null;
  /** A tracked artifact's advice in `status` or `problem` (missing, stale): aria's wording, swapped per audience at the output (§M). */
  advice?: ArtifactAdvice;
}

/** What creates or refreshes a tracked artifact: an aria-knowledge skill run in the user's agent (§4d). */
export interface ArtifactAdvice {
  skill: 'codemap' | 'stitch';
  action: 'create' | 'update' | 'verify';
  /** The project the command names (stitch's argument). */
  project: string;
}

export interface ItemProblem {
  kind: 'missing' | 'refused';
  /** The reader's reason, or for a missing artifact what creates it (`run /codemap create`). */
  reason: string;
}

export interface Idea {
  date: string;
  ageDays: number;
  type: string | null;
  title: string;
  stale: boolean;
  path: string;
  projects: string[];
}

export interface QueryResult {
  query: ParsedQuery;
  items: ResultItem[];
  /** Number of knowledge files (team-shared + project-specific + cross-project). */
  found: number;
  noMatch: boolean;
  ideas: Idea[];
  /** Whether the pending-ideas block applies (the query named a configured project). */
  showsIdeas: boolean;
  emptyProjectNotes: string[];
  legacyNote: string | null;
  warnings: string[];
  knownTags: KnownTag[];
  /** After a no-match: the known tags nearest to the words the index does not know (`kubernets` → kubernetes). */
  suggestions?: string[];
  /** The suggestions made because the word was near an alias (`strip` near `ship` → deployment): which alias. */
  suggestionAliases?: Array<{ tag: string; alias: string }>;
  /**
   * §F44 Matches past a group's cap (MAX_ITEMS_PER_GROUP), by group: counted, never listed,
   * numbered or checked by the reader. Absent or zero: every match is listed.
   */
  unlisted?: Partial<Record<Category, number>>;
}
