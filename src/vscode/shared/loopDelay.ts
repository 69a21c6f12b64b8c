// How long the extension host's event loop was kept from turning, measured by Node's own
// histogram (perf_hooks.monitorEventLoopDelay) from activation on: the one measure of "the host
// never stutters" that the e2e suites and Context: Log Diagnostics read, never a wall time.
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/** The histogram's sampling step: a stall is seen to within this. */
const RESOLUTION_MS = 10;

export interface LoopDelayFigures {
  /** The longest delay seen since the last reset, in milliseconds. */
  maxMs: number;
  p99Ms: number;
  meanMs: number;
  /** How long the figures cover, in milliseconds. */
  sinceMs: number;
}

export class LoopDelayProbe {
  private readonly histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  private since = performance.now();

  constructor() {
    this.histogram.enable();
  }

  /** The figures since the last reset (or activation). */
  figures(): LoopDelayFigures {
    const h = this.histogram;
    const ms = (ns: number) => (Number.isFinite(ns) ? Math.round(ns / 1e5) / 10 : 0);
    return {
      maxMs: h.count > 0 ? ms(h.max) : 0,
      p99Ms: h.count > 0 ? ms(h.percentile(99)) : 0,
      meanMs: h.count > 0 ? ms(h.mean) : 0,
      sinceMs: Math.round(performance.now() - this.since),
    };
  }

  reset(): void {
    this.histogram.reset();
    this.since = performance.now();
  }

  dispose(): void {
    this.histogram.disable();
  }
}

/** The output channel's line for a set of figures (the e2e suites read it back from the log). */
export function loopDelayLine(f: LoopDelayFigures): string {
  return `Event-loop delay over ${f.sinceMs} ms: max ${f.maxMs} ms, p99 ${f.p99Ms} ms, mean ${f.meanMs} ms`;
}
