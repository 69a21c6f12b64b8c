// Counted nouns, said one way on every surface: `1 file`, `3 files`, `10,000 notes newer than
// the index`. The count takes the noun's form (never the whole phrase an `s`), with thousands
// separated.

/** A count as people read it: `10,000`. */
export function countText(n: number): string {
  return n.toLocaleString('en-US');
}

/** `1 problem`, `2 problems`, `3 refused entries` (`many` when the plural is not `one` + `s`). */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${countText(count)} ${count === 1 ? one : many}`;
}
