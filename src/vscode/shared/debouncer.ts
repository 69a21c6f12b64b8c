// Coalesces file events into batches. Pure (no vscode import): unit-tested with real timers in
// test/unit/watchModels.test.ts.
//
// A batch is flushed once no new item arrived for `quietMs`, or at the latest `maxWaitMs` after
// its first item, so a never-ending stream still flushes now and then instead of starving.
//
// Why `quietMs` is longer than the watcher's own pause: VS Code's file watcher hands a large burst
// to extensions in chunks of at most 500 events, paused between chunks (its ThrottledWorker). A
// quiet period shorter than that pause splits a burst into one reload per chunk; a longer one
// turns the whole burst into one batch. A lone change (a save: a few
// paths, and at most `lone.perCalm` such batches in any `lone.calmMs`) cannot be such a chunk
// and waits only `lone.quietMs`, so a saved index.md reaches the tree sooner; a stream of them
// is batched with the full quiet period again.

export interface DebouncerOptions {
  /** Flush after this long without a new item. */
  quietMs: number;
  /** Flush at the latest this long after the first item of a batch. */
  maxWaitMs: number;
  /**
   * A batch of at most `lone.items` items flushes after `lone.quietMs` without a new item, when
   * fewer than `lone.perCalm` batches were flushed in the `lone.calmMs` before it began.
   */
  lone?: { items: number; perCalm: number; calmMs: number; quietMs: number };
}

export const WATCH_DEBOUNCE: DebouncerOptions = {
  quietMs: 300,
  maxWaitMs: 1500,
  lone: { items: 16, perCalm: 2, calmMs: 1000, quietMs: 60 },
};

export class Debouncer<T> {
  private pending = new Set<T>();
  private firstAt = 0;
  /** When the last batches were flushed, newest last (at most `lone.perCalm`). */
  private readonly flushedAt: number[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;
  /** Items pushed since creation (duplicates included). */
  received = 0;
  /** Batches handed to the flush callback. */
  flushes = 0;

  constructor(
    /** `waitedMs`: from the batch's first item to its flush. */
    private readonly onFlush: (items: T[], waitedMs: number) => void,
    private readonly options: DebouncerOptions = WATCH_DEBOUNCE,
    private readonly now: () => number = () => Date.now(),
  ) {}

  push(item: T): void {
    if (this.disposed) return;
    this.received++;
    const now = this.now();
    if (this.pending.size === 0) this.firstAt = now;
    this.pending.add(item);
    if (this.timer) clearTimeout(this.timer);
    const { lone } = this.options;
    const quiet =
      lone &&
      this.pending.size <= lone.items &&
      (this.flushedAt.length < lone.perCalm || this.firstAt - this.flushedAt[0] >= lone.calmMs)
        ? lone.quietMs
        : this.options.quietMs;
    const due = Math.min(now + quiet, this.firstAt + this.options.maxWaitMs);
    this.timer = setTimeout(() => this.flush(), Math.max(0, due - now));
  }

  /** Hands the pending batch over now (no-op when empty). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.size === 0) return;
    const items = [...this.pending];
    this.pending.clear();
    this.flushes++;
    const now = this.now();
    this.flushedAt.push(now);
    if (this.flushedAt.length > (this.options.lone?.perCalm ?? 0)) this.flushedAt.shift();
    this.onFlush(items, now - this.firstAt);
  }

  get pendingCount(): number {
    return this.pending.size;
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.pending.clear();
  }
}
