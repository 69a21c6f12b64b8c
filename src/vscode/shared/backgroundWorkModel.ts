// Work the tag tree's first rows do not need (the index health check, the menus' file list, the
// status bar's counts) runs on the extension host's one thread too: it waits until the tree has
// shown its rows and has been quiet for a moment, one task per turn of the event loop, so a
// request from the tree is answered between two tasks. While the tree view is hidden, nothing
// waits for it (only a short delay after activation, when a click on the view is likely).
// The tree's own counts go through it too, in slices before any task (the rows the user is
// looking at are waiting for them). Pure (timers injected): unit-tested.

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
  now(): number;
}

/**
 * Above this many indexed files the tree's rows come before their counts: counting every known
 * tag takes seconds at 10k notes, where a smaller index counts at once.
 */
export const COUNT_LATER_ABOVE_FILES = 2_000;

export interface BackgroundWorkOptions {
  /** How long the tree must have been quiet (no request) before a task runs. */
  quietMs: number;
  /** Nothing runs this long after construction (activation), unless the tree has shown rows. */
  startDelayMs: number;
  /** The longest a task waits for a visible tree's rows (a tree that never answers blocks nothing). */
  maxWaitMs: number;
  /** How long one slice of the tree's counting runs before the thread is handed back. */
  sliceMs?: number;
  timers?: Timers;
  onError?: (key: string, err: unknown) => void;
}

const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => performance.now(),
};

export class BackgroundWork {
  private readonly timers: Timers;
  /** Tasks by key, oldest first; queuing a key again replaces its task (the latest state wins). */
  private readonly queue = new Map<string, () => void>();
  /** Slice runs by key (the tree's counts): they go first, one slice per turn. */
  private readonly sliced = new Map<string, (until: number) => boolean>();
  private visible = false;
  /** The tree answered with rows since it was last refreshed. */
  private rowsShown = false;
  /** Since when a visible tree's rows have been awaited. */
  private awaitingSince: number | undefined;
  private notBefore: number;
  private timer: unknown;
  private disposed = false;
  /** Reads in flight that tasks wait for (the first read of index.md on the worker). */
  private waiting = 0;

  constructor(private readonly options: BackgroundWorkOptions) {
    this.timers = options.timers ?? realTimers;
    this.notBefore = this.timers.now() + options.startDelayMs;
  }

  /** Queues a task under a key (replacing a queued task of that key). */
  run(key: string, task: () => void): void {
    if (this.disposed) return;
    this.queue.delete(key);
    this.queue.set(key, task);
    this.arm();
  }

  /** Whether the tree's counts for an index of `files` files come after its rows (counted through `slices`). */
  countsLater(files: number): boolean {
    return files > COUNT_LATER_ABOVE_FILES;
  }

  /**
   * Work on the rows the user is looking at (the tree's counts), in slices: it waits neither for
   * the start delay nor for the tree to be quiet, and goes before every queued task, one slice
   * per turn of the event loop. `step(until)` works until the clock passes `until` and says
   * whether it is done; one that throws is dropped (onError). A run of the same key replaces it.
   */
  slices(key: string, step: (until: number) => boolean): void {
    if (this.disposed) return;
    this.sliced.delete(key);
    this.sliced.set(key, step);
    this.arm();
  }

  /**
   * Queued tasks wait until `first` settles (the first read of index.md on the index worker):
   * a task that asked for the state before would read it in place, on the host's thread.
   */
  waitFor(first: PromiseLike<unknown>): void {
    this.waiting++;
    const done = () => {
      this.waiting--;
      this.arm();
    };
    first.then(done, done);
  }

  /** Whether a task of this key is queued. */
  has(key: string): boolean {
    return this.queue.has(key);
  }

  /** The tree view was shown or hidden. */
  treeVisible(visible: boolean): void {
    if (visible === this.visible) return;
    this.visible = visible;
    this.awaitingSince = visible && !this.rowsShown ? this.timers.now() : undefined;
    this.arm();
  }

  /** The tree is rebuilding: a visible tree's new rows come first. */
  treeRefreshed(): void {
    this.rowsShown = false;
    if (this.visible) this.awaitingSince = this.timers.now();
    this.arm();
  }

  /** The tree asked for nodes (its rows or a node's children): tasks wait for it to be quiet. */
  treeAsked(): void {
    this.notBefore = Math.max(this.notBefore, this.timers.now() + this.options.quietMs);
    this.arm();
  }

  /** The tree answered with its rows. */
  treeShowedRows(): void {
    const first = !this.rowsShown;
    this.rowsShown = true;
    this.awaitingSince = undefined;
    const now = this.timers.now();
    // Rows shown: the start delay has done its job; only the quiet time is left.
    this.notBefore = first ? now + this.options.quietMs : Math.max(this.notBefore, now + this.options.quietMs);
    this.arm();
  }

  dispose(): void {
    this.disposed = true;
    this.queue.clear();
    this.sliced.clear();
    if (this.timer !== undefined) this.timers.clear(this.timer);
    this.timer = undefined;
  }

  /** How long until the next task may run (0: now), or undefined when nothing is queued. */
  private delay(): number | undefined {
    if (this.sliced.size > 0) return 0;
    if (this.queue.size === 0 || this.waiting > 0) return undefined;
    const now = this.timers.now();
    let at = this.notBefore;
    if (this.visible && !this.rowsShown && this.awaitingSince !== undefined)
      at = Math.max(at, this.awaitingSince + this.options.maxWaitMs);
    return Math.max(0, at - now);
  }

  private arm(): void {
    if (this.timer !== undefined) this.timers.clear(this.timer);
    this.timer = undefined;
    const delay = this.delay();
    if (delay === undefined) return;
    this.timer = this.timers.set(() => this.step(), delay);
  }

  /** Runs the oldest task if nothing waits any more, then re-arms for the next (a turn later). */
  private step(): void {
    this.timer = undefined;
    if (this.disposed) return;
    const delay = this.delay();
    if (delay === undefined) return;
    if (delay > 0) return this.arm();
    if (this.sliced.size > 0) return this.slice();
    const [key, task] = this.queue.entries().next().value as [string, () => void];
    this.queue.delete(key);
    try {
      task();
    } catch (err) {
      this.options.onError?.(key, err);
    }
    this.arm();
  }

  /** One slice of the oldest slice run; it is dropped once done (or failed). */
  private slice(): void {
    const [key, step] = this.sliced.entries().next().value as [string, (until: number) => boolean];
    let done = true;
    try {
      done = step(this.timers.now() + (this.options.sliceMs ?? 25));
    } catch (err) {
      this.options.onError?.(key, err);
    }
    // a step may have replaced its own run (a newer count): only this one is dropped
    if (done && this.sliced.get(key) === step) this.sliced.delete(key);
    this.arm();
  }
}
