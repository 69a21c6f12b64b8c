// Time in tests is reported, never held to a target: a loaded machine is slow, not wrong (the
// benchmark and the e2e log carry the figures). A test may still bound a hang or a runaway (a
// quadratic path, a backtracking regex): at least HANG_FACTOR times what the step takes on an
// idle machine, measured in CPU time, which other processes on the machine do not stretch.
//
// Why no growth check (n against 8n inputs): V8 spends up to about 7 times as much per byte on a
// 1 MB input as on a 64 KB one (heap and string regimes), linearly; seen with this parser on the
// shapes of test/reliability/fuzz-index.test.ts, so a ratio wide enough to hold is too wide to
// tell a quadratic path from a linear one.
import assert from 'node:assert/strict';

/** How many times its idle-machine time a step may take before it counts as hung. */
export const HANG_FACTOR = 10;
/** No bound below this much CPU time: a full garbage collection of a large heap can take it. */
const MIN_BOUND_MS = 1_000;

export type Log = (line: string) => void;

/**
 * Timers on a clock that moves only when told: by `advance`, running every timer due on the way
 * in time order, or by setting `time` (a task using its time).
 */
export class FakeTimers {
  time = 0;
  /** How many timer callbacks have run: tasks in different callbacks ran in different turns. */
  turns = 0;
  private seq = 0;
  private readonly pending = new Map<number, { at: number; fn: () => void }>();
  now(): number {
    return this.time;
  }
  set(fn: () => void, ms: number): unknown {
    const id = ++this.seq;
    this.pending.set(id, { at: this.time + Math.max(0, ms), fn });
    return id;
  }
  clear(handle: unknown): void {
    this.pending.delete(handle as number);
  }
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const next = [...this.pending].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
      if (!next) break;
      this.pending.delete(next[0]);
      this.time = next[1].at;
      this.turns++;
      next[1].fn();
    }
    this.time = end;
  }
}

/** Wall-clock time of `fn`, for reports only. */
export function timed<T>(fn: () => T): { value: T; ms: number } {
  const t0 = performance.now();
  const value = fn();
  return { value, ms: performance.now() - t0 };
}

/** CPU time (every thread of this process) and wall time of `fn`. */
export function cpuTimed<T>(fn: () => T): { value: T; cpuMs: number; ms: number } {
  const start = process.cpuUsage();
  const { value, ms } = timed(fn);
  const used = process.cpuUsage(start);
  return { value, cpuMs: (used.user + used.system) / 1000, ms };
}

/** The most CPU time a step that takes `idleMs` on an idle machine may take before it counts as hung. */
export function hangBound(idleMs: number): number {
  return Math.max(HANG_FACTOR * idleMs, MIN_BOUND_MS);
}

/**
 * Runs `fn` (work in this process), logs its CPU and wall time, and fails only when its CPU
 * time is past the hang bound for `idleMs` (its CPU time on an idle machine).
 */
export function bounded<T>(what: string, idleMs: number, fn: () => T, log: Log = console.log): T {
  const { value, cpuMs, ms } = cpuTimed(fn);
  const bound = hangBound(idleMs);
  log(
    `${what}: ${cpuMs.toFixed(1)} ms of CPU, ${ms.toFixed(1)} ms wall (about ${idleMs} ms idle; hang bound ${bound} ms of CPU)`,
  );
  assert.ok(
    cpuMs < bound,
    `${what} took ${cpuMs.toFixed(0)} ms of CPU, over the hang bound of ${bound} ms (${HANG_FACTOR}× its ${idleMs} ms on an idle machine)`,
  );
  return value;
}
