// The one port the agent-facing handlers read through (the tools here, the editor's @context
// participant): the MCP server's kbSource below and the editor's RetrievalService implement it,
// each wording its messages for where they are read.
import { inWordsOf, type KnowledgeBase, type KnowledgeState, type QueryResult, type Snapshot } from '../core';

/** A query's result, or why there is none; `kind` 'usage' when the query itself is at fault. */
export type SourceQueryOutcome =
  { ok: true; result: QueryResult } | { ok: false; kind?: 'usage' | KnowledgeState['kind']; message: string };

export interface AgentSource {
  /** The query run now; usage and caps are checked by the caller first. */
  query(text: string): SourceQueryOutcome;
  /** The snapshot queries run against (its config decides what the reader may read), or why there is none. */
  state(): KnowledgeState;
  today(): string;
  /**
   * For one answer: a note's size where the host's verdicts know it is loadable (one lstat each);
   * the reader is asked for the rest.
   */
  sizes?(): ((absPath: string) => number | undefined) | undefined;
}

/** A value, or the message to show instead; `invalid` when the caller's input is at fault. */
export type Checked<T> = { ok: true; value: T } | { ok: false; message: string; invalid: boolean };

export function snapshotOf(source: AgentSource): Checked<Snapshot> {
  const state = source.state();
  return state.kind === 'ready'
    ? { ok: true, value: state.snapshot }
    : { ok: false, message: state.message, invalid: false };
}

/** A state's message in an agent's words: where the config was looked for, the folder without an index. */
export function mcpWords(kb: KnowledgeBase, state: { message: string; config?: { knowledgeFolder: string } }): string {
  return inWordsOf('mcp', state.message, {
    looked: kb.watchTargets().configFiles,
    folder: state.config?.knowledgeFolder,
  });
}

/** The core's KnowledgeBase as the MCP server serves it: its messages in an agent's words. */
export function kbSource(kb: KnowledgeBase): AgentSource {
  return {
    query: (q) => {
      const outcome = kb.query(q);
      if (outcome.ok) return { ok: true, result: outcome.result };
      const state = kb.state();
      const config = state.kind === 'noIndex' ? state.config : undefined;
      return { ok: false, kind: outcome.kind, message: mcpWords(kb, { message: outcome.message, config }) };
    },
    state: () => {
      const state = kb.state();
      return state.kind === 'ready' ? state : { ...state, message: mcpWords(kb, state) };
    },
    today: () => kb.today(),
    sizes: () => {
      const verdicts = kb.availability(true); // the query's own round: its folders were just stamped
      return verdicts && ((absPath) => verdicts.sizeOf(absPath));
    },
  };
}
