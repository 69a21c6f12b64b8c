// The one escaping step for text that leaves a process (§9 "Text from others is data"): every
// front end's sink passes its whole answer through escapeOutput (the CLI's writer, the MCP
// server's answers, the editor's summary document, chat stream and tools), so no renderer can
// forget it; escapeControls is the same rule for a value that must stay on one line.

// C0 and C1 controls, DEL, the line and paragraph separators, every format character (Cf: the
// bidi marks, embeddings, overrides and isolates, zero-width characters, the invisible tag
// characters) and lone surrogates. A terminal acts on the first ones (OSC 52 sets the
// clipboard); the others reorder or hide text from a reader. One format character is kept: a
// zero-width joiner between two pictographs (an emoji sequence such as 👩‍💻), which only joins
// them into one picture; the first alternative matches it, so it is never escaped.
const OUTPUT_ESCAPED =
  /(\u200d)(?<=\p{Extended_Pictographic}(?:\u{fe0f}|\p{Emoji_Modifier})?\u200d)(?=\p{Extended_Pictographic})|[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\p{Cf}\p{Cs}]/gu; // eslint-disable-line no-control-regex -- these are what is escaped
const LINE_ESCAPED =
  /(\u200d)(?<=\p{Extended_Pictographic}(?:\u{fe0f}|\p{Emoji_Modifier})?\u200d)(?=\p{Extended_Pictographic})|[\u0000-\u001f\u007f-\u009f\u2028\u2029\p{Cf}\p{Cs}]/gu; // eslint-disable-line no-control-regex -- the same set with tab and newline

/** `\uXXXX` for each UTF-16 unit: plain ASCII, the same in JSON and JavaScript, and idempotent. */
function escapeUnits(c: string): string {
  let out = '';
  for (let i = 0; i < c.length; i++) out += `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
}

/**
 * Text as it may leave a process: newlines and tabs stay (they are the text's layout); every
 * other control or format character is written as `\uXXXX`. Applied to JSON it changes no
 * value (the escape is JSON's own); applied twice it changes nothing more.
 */
export function escapeOutput(text: string): string {
  return text.replace(OUTPUT_ESCAPED, escapeMatch);
}

function escapeMatch(c: string, joiner: string | undefined): string {
  return joiner === undefined ? escapeUnits(c) : c;
}

/** A value for one line of output: the same as escapeOutput, with newlines and tabs escaped too. */
export function escapeControls(value: string): string {
  return value.replace(LINE_ESCAPED, escapeMatch);
}

/**
 * Whether a value holds what escapeControls escapes: such a tag, hint phrase or path cannot be
 * written into index.md as it is (escaped, it would name something else), so it is refused.
 */
export function needsEscape(value: string): boolean {
  return escapeControls(value) !== value;
}

/** Every string in a JSON-like value passed through escapeOutput (a front end's whole answer). */
export function escapeOutputDeep<T>(value: T): T {
  return escapeValue(value, 0) as T;
}

function escapeValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return escapeOutput(value);
  if (value === null || typeof value !== 'object' || depth > 64) return value;
  if (Array.isArray(value)) return value.map((v) => escapeValue(v, depth + 1));
  // fromEntries defines each key as data, so a key named `__proto__` stays a key
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [escapeOutput(key), escapeValue(v, depth + 1)] as const),
  );
}
