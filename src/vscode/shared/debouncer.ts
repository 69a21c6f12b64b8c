// Coalesces file events into batches. Pure (no vscode import): unit-tested with real timers in
// test/unit/watchModels.test.ts.
//
// A batch is flushed once no new item arrived for `quietMs`, or at the latest `maxWaitMs` after
// its first item, so a never-ending stream still flushes now and then instead of starving.
//
// Why `quietMs` is not ~100 ms: VS Code's file watcher hands large bursts to extensions in
// chunks of at most 500 events about 200 ms apart (its ThrottledWorker). A quiet period shorter
// than that gap split a burst of 1,000 events into one reload per chunk (seen in 1.139); one
// longer than the gap turns the whole burst into one batch.

export interface DebouncerOptions {
  /** Flush after this long without a new item. */
  quietMs: number;
  /** Flush at the latest this long after the first item of a batch. */
  maxWaitMs: number;
}

export const WATCH_DEBOUNCE: DebouncerOptions = { quietMs: 300, maxWaitMs: 1500 };

export class Debouncer<T> {
  private pending = new Set<T>();
  private firstAt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;
  /** Items pushed since creation (duplicates included). */
  received = 0;
  /** Batches handed to the flush callback. */
  flushes = 0;

  constructor(
    private readonly onFlush: (items: T[]) => void,
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
    const due = Math.min(now + this.options.quietMs, this.firstAt + this.options.maxWaitMs);
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
    this.onFlush(items);
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
