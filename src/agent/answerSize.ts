// An answer's size as the MCP client receives it (SPEC §11: every knowledge_query and
// knowledge_load answer within its budget as sent): the `content` array and `structuredContent`
// serialized as JSON, after the server's output escaping (escapeOutputDeep), which writes a
// control or format character as six characters that JSON then lengthens again.
import { escapeOutput, escapeOutputDeep } from '../core';

/** A value serialized after the output escaping: what the server puts on the wire for it. */
export function serializedLength(value: unknown): number {
  return JSON.stringify(escapeOutputDeep(value)).length;
}

/**
 * A piece of a text block's string as sent: its characters inside the JSON string. Additive over
 * concatenation (JSON and the output escaping both work one character at a time), so the parts
 * of an answer can be costed before it is put together.
 */
export function sentTextLength(text: string): number {
  return JSON.stringify(escapeOutput(text)).length - 2;
}

/** The content array framing one text block: `[{"type":"text","text":""}]`. */
export const CONTENT_ENVELOPE = JSON.stringify([{ type: 'text', text: '' }]).length;

/** A tool answer as sent: its content array and its structured content, each serialized. */
export function sentSize(answer: { content: unknown[]; structuredContent?: unknown }): number {
  return (
    serializedLength(answer.content) +
    (answer.structuredContent === undefined ? 0 : serializedLength(answer.structuredContent))
  );
}
