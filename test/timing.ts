// Time in tests is reported, never held to a target: a loaded machine is slow, not wrong (the
// benchmark and the e2e log carry the figures). Two checks stay, and neither depends on the
// machine's load:
//  - a hang bound, at least HANG_FACTOR times what the step takes on an idle machine;
//  - growth: the same work on n and 8n inputs in one run. Linear work takes about 8 times as
//    long, a quadratic path (list search, a backtracking regex) about 64 times.
import assert from 'node:assert/strict';

/** How many times its idle-machine time a step may take before it counts as hung. */
export const HANG_FACTOR = 10;
/** No bound below this: a process on a busy machine can be descheduled for this long. */
const MIN_BOUND_MS = 5_000;
/** Growth from n to 8n above which the work is not linear (quadratic gives 64). */
export const MAX_GROWTH = 32;

export type Log = (line: string) => void;

export function timed<T>(fn: () => T): { value: T; ms: number } {
  const t0 = performance.now();
  const value = fn();
  return { value, ms: performance.now() - t0 };
}

/**
 * Logs how long `what` took and fails only past HANG_FACTOR × `idleMs` (what it takes on an
 * idle machine), and never below MIN_BOUND_MS: a hang or a runaway, not a slow machine.
 */
export function reportTime(what: string, ms: number, idleMs: number, log: Log = console.log): void {
  const bound = Math.max(HANG_FACTOR * idleMs, MIN_BOUND_MS);
  log(`${what}: ${ms.toFixed(1)} ms (about ${idleMs} ms on an idle machine; hang bound ${bound} ms)`);
  assert.ok(ms < bound, `${what} took ${ms.toFixed(0)} ms, over the hang bound of ${bound} ms (${HANG_FACTOR}× its ${idleMs} ms on an idle machine)`);
}

/**
 * Times `small` (best of 3) and `large`, the same work on 8 times the input, in this run, logs
 * both and fails when `large` took over MAX_GROWTH times as long. `large` runs again (best of
 * 3) only when it looks too slow, so a pause of the machine does not fail the test.
 */
export function assertLinear(what: string, small: () => unknown, large: () => unknown, log: Log = console.log): void {
  const once = (fn: () => unknown) => timed(fn).ms;
  once(small); // warm-up: the first call compiles the code it runs
  const smallMs = Math.min(once(small), once(small), once(small));
  let largeMs = once(large);
  // Again only while over the limit by less than a pause can explain: a blow-up fails at once.
  for (let i = 0; i < 2 && largeMs > MAX_GROWTH * smallMs && largeMs < MAX_GROWTH * smallMs + MIN_BOUND_MS; i++) largeMs = Math.min(largeMs, once(large));
  const growth = largeMs / Math.max(smallMs, 0.001);
  log(`${what}: n ${smallMs.toFixed(2)} ms, 8n ${largeMs.toFixed(1)} ms (×${growth.toFixed(1)}; linear ≈ ×8, limit ×${MAX_GROWTH})`);
  assert.ok(growth <= MAX_GROWTH, `${what}: 8 times the input took ${growth.toFixed(1)} times as long (${smallMs.toFixed(2)} → ${largeMs.toFixed(1)} ms): not linear`);
}
