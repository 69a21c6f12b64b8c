// When the editor has no chat model, VS Code answers "Language model unavailable" to `@context`
// before any participant runs, so the extension says so itself: once per stretch without a model
// (at startup, or when the last model goes), in a notification with what works without one. Pure.

export const NO_MODEL_NOTICE =
  'No chat model is available in this editor, so @context cannot answer in the chat (VS Code replies "Language model unavailable"). Your knowledge works without one: Context: Query finds notes by tag and opens, copies or attaches them.';

export const QUERY_ACTION = 'Query Knowledge…';
export const TAGS_ACTION = 'Open Tags View';
export const NOT_AGAIN_ACTION = "Don't Show Again";

/** The buttons of the notice, each working without a model. */
export const NO_MODEL_ACTIONS = [QUERY_ACTION, TAGS_ACTION, NOT_AGAIN_ACTION] as const;

export interface NoticeState {
  /** Whether the notice was shown in this stretch without a model (kept across windows). */
  told: boolean;
  /** The user asked never to see it again. */
  muted: boolean;
}

/**
 * What a check of the model list does: `tell` shows the notice; `state` is what to keep. A model
 * arriving ends the stretch (a later loss tells again); a stretch is told once, across reloads.
 */
export function noticeStep(hasModel: boolean, state: NoticeState): { tell: boolean; state: NoticeState } {
  if (hasModel) return { tell: false, state: { ...state, told: false } };
  if (state.told || state.muted) return { tell: false, state };
  return { tell: true, state: { ...state, told: true } };
}

/** Said when a `@context` request is sent from the chat input with no model (distinct from the notice above, so it shows again there). */
export const NO_MODEL_TYPED = '@context cannot answer: no chat model is available in this editor.';
export const NO_MODEL_DETAIL =
  'VS Code replies "Language model unavailable" without asking @context. Context: Query answers the same query without a model: it finds the notes and opens, copies or attaches them.';

/** The query typed after `@context` in the chat input (`@context stripe` → `stripe`); none for a `/load` or nothing yet. */
export function typedContextQuery(text: string): string | undefined {
  const m = /^\s*@context[ \t]+([^\n]*)/.exec(text);
  const query = m?.[1].trim().slice(0, 500);
  return query && !query.startsWith('/') ? query : undefined;
}
