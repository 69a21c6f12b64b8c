// §F44 Results are bounded like parses: each group of a query keeps at most MAX_ITEMS_PER_GROUP
// items, the most relevant ones (the summary's own order), and counts the rest; only kept items
// are built, checked by the reader and numbered. Refusals by path text are listed up to
// MAX_REFUSALS_LISTED per group and counted past that.
import { countText } from '../present/plural';
import { byRelevance } from './tokenMatch';

/** Items one group of a query result holds; matches past it are counted (`unlisted`). */
export const MAX_ITEMS_PER_GROUP = 1000;
/** Refused-entry warnings one group of a query lists; the rest are counted in one line. */
export const MAX_REFUSALS_LISTED = 50;

interface Ranked {
  matched: number;
  path: string;
}

/**
 * The `max` best of what is offered, by byRelevance of their keys (more tokens matched, then
 * path), in a heap whose root is the worst kept. An item is built only when it would be kept;
 * `make` may decline (null: refused by its path text), and then nothing is counted.
 */
export class BestItems<T> {
  private readonly heap: Array<{ key: Ranked; item: T }> = [];
  /** Matches offered and not kept (or dropped for a better one): counted, never built or checked. */
  unlisted = 0;

  constructor(private readonly max = MAX_ITEMS_PER_GROUP) {}

  offer(key: Ranked, make: () => T | null): void {
    const heap = this.heap;
    if (heap.length < this.max) {
      const item = make();
      if (item === null) return;
      heap.push({ key, item });
      this.up(heap.length - 1);
      return;
    }
    if (this.max === 0 || byRelevance(key, heap[0].key) >= 0) {
      this.unlisted++;
      return;
    }
    const item = make();
    if (item === null) return;
    this.unlisted++; // the one it displaces
    heap[0] = { key, item };
    this.down(0);
  }

  /** The kept items, best first. */
  sorted(): T[] {
    return this.heap
      .slice()
      .sort((a, b) => byRelevance(a.key, b.key))
      .map((e) => e.item);
  }

  private worse(i: number, j: number): boolean {
    return byRelevance(this.heap[i].key, this.heap[j].key) > 0;
  }

  private swap(i: number, j: number): void {
    const heap = this.heap;
    [heap[i], heap[j]] = [heap[j], heap[i]];
  }

  private up(i: number): void {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.worse(i, parent)) return;
      this.swap(i, parent);
      i = parent;
    }
  }

  private down(i: number): void {
    const n = this.heap.length;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let top = i;
      if (l < n && this.worse(l, top)) top = l;
      if (r < n && this.worse(r, top)) top = r;
      if (top === i) return;
      this.swap(i, top);
      i = top;
    }
  }
}

/** Warnings of one group: the first MAX_REFUSALS_LISTED, then one line counting the rest. */
export class ListedWarnings {
  readonly lines: string[] = [];
  private over = 0;

  add(line: string): void {
    if (this.lines.length < MAX_REFUSALS_LISTED) this.lines.push(line);
    else this.over++;
  }

  /** The lines, with the count of those not listed. */
  list(what: string): string[] {
    return this.over ? [...this.lines, `${countText(this.over)} more ${what} not listed.`] : this.lines;
  }
}
