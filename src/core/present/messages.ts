// The fixed messages of the /context flow. Tests pin every one of them byte for byte.
import type { ArtifactAdvice, ItemProblem, ResultItem } from '../types';

export const NOT_CONFIGURED = 'aria-knowledge is not configured. Run /setup to get started.';
export const NO_INDEX = 'No knowledge index found. Run /index to build it.';
/** §1 The knowledge folder does not exist: which folder, and what named it (a config file, or a folder override). */
export function noFolderMessage(folder: string, namedBy: string | null): string {
  const by = namedBy ? `knowledge_folder in ${namedBy}` : 'the knowledge folder setting or --folder';
  return `The knowledge folder ${folder} does not exist (named by ${by}). Correct the path there, or point it at the folder that holds index.md.`;
}

/** §1 The folder exists but holds no index.md: how to build one. */
export function noIndexMessage(folder: string): string {
  return `No index.md in the knowledge folder ${folder}. Build it from your notes with: aria-context index --write`;
}

/** §1 index.md is there but cannot be read. */
export function unreadableIndexMessage(file: string, reason: string): string {
  return `Cannot read ${file}: ${reason}.`;
}

export const USAGE = 'Usage: /context <tag1> [tag2] [AND tag3]. Run /index to see available tags.';
export const LEGACY_IDEAS =
  '(Legacy ideas-backlog.md detected — run /setup to migrate pre-2.11 entries into this view.)';
export const REBUILD_HINT = "Run /index to rebuild if you've recently added files.";

export function emptyProjectNote(tag: string): string {
  return `(No files yet in projects/${tag}/ — folder is configured but empty.)`;
}

export function noMatchLine(tokens: string[]): string {
  return `No files match tag(s): [${tokens.join(', ')}]`;
}

/** After a no-match, the known tags nearest to what was typed; one found through an alias says which. */
export function didYouMeanLine(tags: string[], aliases: ReadonlyArray<{ tag: string; alias: string }> = []): string {
  return `Did you mean: ${tags.map((t) => suggestionText(t, aliases)).join(', ')}?`;
}

/** `deployment (alias ship)` when the word was near the alias, else the tag. */
export function suggestionText(tag: string, aliases: ReadonlyArray<{ tag: string; alias: string }> = []): string {
  const alias = aliases.find((a) => a.tag === tag)?.alias;
  return alias ? `${tag} (alias ${alias})` : tag;
}

export function loadedLine(count: number): string {
  return `Loaded ${count} knowledge ${count === 1 ? 'file' : 'files'} into context.`;
}

export function resolvedLine(alias: string, canonical: string): string {
  return `Resolved \`${alias}\` → \`${canonical}\``;
}

export function expandedLine(project: string, tags: string[]): string {
  return `Expanded \`${project}\` to include: ${tags.join(', ')}`;
}

/** `not found — run /codemap create`, `refused — <reason>; not read`: how every surface words a problem. */
export function problemText(problem: ItemProblem): string {
  return problem.kind === 'missing' ? `not found — ${problem.reason}` : `refused — ${problem.reason}; not read`;
}

// --- the same messages in each front end's words ----------------------------------------
// The constants above are aria-knowledge's own /context texts: what the chat participant says
// (in the user's agent, where /setup and /index run). A person at a terminal (the CLI) and an
// agent calling the MCP server get what they can act on instead: where the config was looked
// for, the flags that choose it, the command that builds an index. Never a slash command.

/**
 * Who reads the message: aria's own chat flow, a person at a terminal, an agent over MCP, or a
 * person in the editor (the pick list, the summary document), who has Context: Rebuild Index.
 */
export type Audience = 'aria' | 'cli' | 'mcp' | 'editor';

const SETUP_SENTENCE = 'Run /setup to get started.';
const INDEX_SENTENCE = 'Run /index to build it.';

export const LEGACY_IDEAS_PLAIN =
  "(Legacy ideas-backlog.md detected — aria-knowledge's setup, run in your agent, migrates pre-2.11 entries into this view.)";

/** What the facts behind a not-configured or no-index message were: the config places looked at, the folder. */
export interface MessageFacts {
  looked?: readonly string[];
  folder?: string;
}

/** A core message (a config or index outcome's) in the audience's words: aria's closing sentence replaced. */
export function inWordsOf(audience: Audience, message: string, facts: MessageFacts = {}): string {
  // The editor says where aria-knowledge's commands run once, after the message (explainAgentCommands).
  if (audience === 'aria' || audience === 'editor') return message;
  if (message === USAGE) return usageFor(audience);
  // the places looked at only when nothing was found (otherwise the message names the file)
  const looked =
    facts.looked?.length && message === NOT_CONFIGURED
      ? ` Looked for aria-knowledge.local.md in: ${facts.looked.join(', ')}.`
      : '';
  if (message.endsWith(SETUP_SENTENCE)) {
    const help =
      audience === 'cli'
        ? 'Pass --config FILE (an aria-knowledge.local.md) or --folder DIR (the knowledge folder).'
        : 'Ask the user to set up aria-knowledge, or to start this server with --config FILE or --folder DIR (aria-context setup <client> --folder DIR writes that).';
    return `${message.slice(0, -SETUP_SENTENCE.length).trimEnd()}${looked} ${help}`;
  }
  if (message.endsWith(INDEX_SENTENCE)) {
    // an index.md that is there but cannot be read (permissions, not a file) is named already
    if (message !== NO_INDEX) return message.slice(0, -INDEX_SENTENCE.length).trimEnd();
    const where = facts.folder ? ` Looked in ${facts.folder}.` : '';
    const help =
      audience === 'cli'
        ? 'Build it with: aria-context index --write'
        : 'Ask the user to build it (aria-context index --write).';
    return `${message.slice(0, -INDEX_SENTENCE.length).trimEnd()}${where} ${help}`;
  }
  return message;
}

/** How to write a query, in the audience's words. */
export function usageFor(audience: Audience): string {
  if (audience === 'cli')
    return 'Usage: aria-context query <tag1> [tag2] [AND tag3]. aria-context tags lists the tags you can use.';
  if (audience === 'editor')
    return 'Usage: Context: Query with <tag1> [tag2] [AND tag3]. The Tags view lists the tags you can use.';
  if (audience === 'mcp')
    return 'Give "query" as one or more tags, aliases or project keys ("stripe api"; "api AND pagination" for notes with both).';
  return USAGE;
}

/** The no-match help's last line. */
export function rebuildHintFor(audience: Audience): string {
  if (audience === 'cli') return "Run aria-context index --write to rebuild if you've recently added files.";
  if (audience === 'editor') return "Run Context: Rebuild Index to rebuild if you've recently added files.";
  if (audience === 'mcp')
    return 'If files were recently added, the index may not list them yet: the user can rebuild it (aria-context index --write).';
  return REBUILD_HINT;
}

/**
 * What creates or refreshes a tracked artifact (§4d): aria's `run /codemap create`; for a terminal
 * or an agent over MCP the skill named without a slash, as the legacy ideas note does (§M).
 */
export function adviceText(advice: ArtifactAdvice, audience: Audience): string {
  const command = `${advice.skill} ${advice.action}${advice.skill === 'stitch' ? ` ${advice.project}` : ''}`;
  if (audience === 'aria') return `run /${command}`;
  const does = advice.action === 'create' ? 'writes' : advice.action === 'update' ? 'refreshes' : 'checks';
  return `aria-knowledge's ${command}, run in your agent, ${does} it`;
}

/** An item's `status` or problem text in the audience's words: the advice the core wrote in aria's swapped (§M). */
export function adviceIn(item: ResultItem, text: string, audience: Audience): string {
  if (audience === 'aria' || !item.advice) return text;
  const plain = adviceText(item.advice, audience);
  return text.replace(adviceText(item.advice, 'aria'), () => plain);
}

/** The legacy ideas note in the audience's words (§4e, §M). */
export function legacyIdeasFor(audience: Audience): string {
  return audience === 'aria' ? LEGACY_IDEAS : LEGACY_IDEAS_PLAIN;
}
