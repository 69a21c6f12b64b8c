// Strict checking of tool arguments against the tools' own JSON Schemas (definitions.ts), for
// the MCP server and the editor's language-model tools alike, and the arguments' types derived
// from those schemas (FromSchema). Only the keywords those schemas use are understood: a schema
// using any other keyword is a programming error (a test walks them). Messages name the
// argument and what was expected, so a model can correct its call.

export interface JsonSchema {
  readonly type?: string | readonly string[];
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean;
  readonly items?: JsonSchema;
  readonly maxItems?: number;
  readonly minItems?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly enum?: readonly unknown[];
  readonly anyOf?: readonly JsonSchema[];
  readonly description?: string;
  readonly default?: unknown;
}

/** The value a schema declared `as const` accepts: what checkArguments lets through, as a type. */
export type FromSchema<S> = S extends { anyOf: readonly (infer Branch)[] }
  ? FromSchema<Branch>
  : S extends { enum: readonly (infer Value)[] }
    ? Value
    : OfType<S, S extends { type: infer T } ? (T extends readonly (infer Each)[] ? Each : T) : never>;

/** One `type` name of `S` as a TypeScript type (distributes over a list of them). */
type OfType<S, T> = T extends 'string'
  ? string
  : T extends 'integer' | 'number'
    ? number
    : T extends 'boolean'
      ? boolean
      : T extends 'null'
        ? null
        : T extends 'array'
          ? S extends { items: infer I }
            ? FromSchema<I>[]
            : unknown[]
          : T extends 'object'
            ? S extends { properties: infer P }
              ? ObjectOf<P, S extends { required: readonly (infer R)[] } ? R : never>
              : Record<string, unknown>
            : unknown;

/** The properties `P`, those named in `Needed` present, the rest optional. */
type ObjectOf<P, Needed> = {
  -readonly [K in keyof P as K extends Needed ? K : never]: FromSchema<P[K]>;
} & {
  -readonly [K in keyof P as K extends Needed ? never : K]?: FromSchema<P[K]>;
} extends infer O
  ? { [K in keyof O]: O[K] }
  : never;

/** The keywords checkArguments understands; anything else in a tool schema is refused by a test. */
export const SCHEMA_KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'maxItems',
  'minItems',
  'maxLength',
  'minimum',
  'maximum',
  'enum',
  'anyOf',
  'description',
  'default',
]);

/** Characters of a caller's value shown back in a message. */
const SHOWN = 60;

function shown(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length <= SHOWN ? text : `${text.slice(0, SHOWN)}…`;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function hasType(value: unknown, type: string): boolean {
  const actual = typeOf(value);
  return actual === type || (type === 'number' && actual === 'integer');
}

/** A short description of what a schema accepts, for messages. */
function expected(schema: JsonSchema): string {
  if (schema.anyOf) return schema.anyOf.map(expected).join(' or ');
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' or ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : ['any value'];
  return types
    .map((t) =>
      t === 'array' && schema.items
        ? `an array of ${many(schema.items)}`
        : t === 'integer'
          ? 'an integer'
          : t === 'array' || t === 'object'
            ? `an ${t}`
            : `a ${t}`,
    )
    .join(' or ');
}

/** `integers`, `strings`: what an array's items must be. */
function many(items: JsonSchema): string {
  const types = Array.isArray(items.type) ? items.type : items.type ? [items.type] : [];
  return types.length && !items.anyOf && !items.enum
    ? types.map((t) => `${t}s`).join(' or ')
    : `items that are each ${expected(items)}`;
}

/** The first problem of `value` against `schema` at `where`, or null. Iterative depth is the schema's. */
function problem(value: unknown, schema: JsonSchema, where: string): string | null {
  if (schema.anyOf) {
    if (schema.anyOf.some((s) => problem(value, s, where) === null)) return null;
    // One branch of the value's own type: its problem is the useful one (too many items, …).
    const sameType = schema.anyOf.filter(
      (s) => !s.type || (Array.isArray(s.type) ? s.type : [s.type]).some((t) => hasType(value, t)),
    );
    if (sameType.length === 1 && !sameType[0].enum) return problem(value, sameType[0], where);
    return `"${where}" must be ${expected(schema)} (got ${shown(value)}).`;
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length && !types.some((t) => hasType(value, t)))
    return `"${where}" must be ${expected(schema)} (got ${shown(value)}).`;
  if (schema.enum && !schema.enum.includes(value))
    return `"${where}" must be ${expected(schema)} (got ${shown(value)}).`;
  if (typeof value === 'string' && schema.maxLength !== undefined && value.length > schema.maxLength) {
    return `"${where}" is too long (${value.length} characters; at most ${schema.maxLength}).`;
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum)
      return `"${where}" must be at least ${schema.minimum} (got ${value}).`;
    if (schema.maximum !== undefined && value > schema.maximum)
      return `"${where}" must be at most ${schema.maximum} (got ${value}).`;
  }
  if (Array.isArray(value)) {
    if (schema.maxItems !== undefined && value.length > schema.maxItems)
      return `"${where}" has too many items (${value.length}; at most ${schema.maxItems}).`;
    if (schema.minItems !== undefined && value.length < schema.minItems)
      return `"${where}" needs at least ${schema.minItems} item(s).`;
    if (schema.items) {
      for (let i = 0; i < value.length; i++) {
        const p = problem(value[i], schema.items, `${where}[${i}]`);
        if (p) return p;
      }
    }
  }
  if (typeOf(value) === 'object' && (schema.properties || schema.additionalProperties === false)) {
    return objectProblem(value as Record<string, unknown>, schema, where);
  }
  return null;
}

/**
 * Names no schema may declare: an own `__proto__` key that a JSON parser or a copy turns into the
 * object's prototype is otherwise invisible to Object.keys, and these would reach a prototype.
 */
const FORBIDDEN_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

function objectProblem(value: Record<string, unknown>, schema: JsonSchema, where: string): string | null {
  const props = schema.properties ?? {};
  const prefix = where ? `${where}.` : '';
  if (schema.additionalProperties === false) {
    // A parsed `"__proto__"` key may have become the prototype on its way here: what arrived is judged, not what shows.
    const smuggled = Object.getPrototypeOf(value) !== Object.prototype ? ['__proto__'] : [];
    const unknown = [...smuggled, ...Object.keys(value)]
      .filter((k) => FORBIDDEN_NAMES.has(k) || !Object.hasOwn(props, k))
      .filter((k, i, all) => all.indexOf(k) === i)
      .sort();
    if (unknown.length) return unknownMessage(unknown, schema, prefix);
  }
  for (const key of schema.required ?? []) {
    if (value[key] === undefined) return `Missing argument "${prefix}${key}" (${expected(props[key] ?? {})}).`;
  }
  for (const [key, sub] of Object.entries(props)) {
    if (value[key] === undefined) continue;
    const p = problem(value[key], sub, `${prefix}${key}`);
    if (p) return p;
  }
  return null;
}

function unknownMessage(unknown: readonly string[], schema: JsonSchema, prefix = ''): string {
  const allowed = Object.keys(schema.properties ?? {}).join(', ');
  return `Unknown argument${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `"${prefix}${k.slice(0, SHOWN)}"`).join(', ')}: this tool takes only ${allowed}.`;
}

/**
 * The arguments' own names as they arrived on the wire (the MCP server's stdio.ts records them
 * before the SDK copies the arguments, which drops an own `__proto__`): any that did not reach
 * `args`, or that no schema may declare, is an unknown argument.
 */
export function arrivedProblem(arrived: readonly string[], args: unknown, schema: JsonSchema): string | null {
  const own = typeOf(args) === 'object' ? (args as Record<string, unknown>) : {};
  const lost = arrived.filter((k) => FORBIDDEN_NAMES.has(k) || !Object.hasOwn(own, k));
  return lost.length ? unknownMessage([...new Set(lost)].sort(), schema) : null;
}

/** Null when `args` satisfies the tool's input schema, else one message naming the first problem. */
export function checkArguments(args: unknown, schema: JsonSchema): string | null {
  if (typeOf(args) !== 'object') return `The arguments must be an object (got ${shown(args)}).`;
  return objectProblem(args as Record<string, unknown>, schema, '');
}
