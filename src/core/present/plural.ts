// Counted nouns, said one way on every surface: `1 file`, `3 files`, `10,000 notes newer than
// the index`. The count takes the noun's form (never the whole phrase an `s`), with thousands
// separated.

/**
 * A count as people read it: `10,000`. Grouped by hand: the first `toLocaleString` of a process
 * loads ICU's number formats, a cost every CLI run and hook call would pay.
 */
export function countText(n: number): string {
  if (!Number.isSafeInteger(n)) return String(n);
  const digits = String(Math.abs(n));
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return n < 0 ? `-${out}` : out;
}

/** `1 problem`, `2 problems`, `3 refused entries` (`many` when the plural is not `one` + `s`). */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${countText(count)} ${count === 1 ? one : many}`;
}
