import { monitorEventLoopDelay } from 'node:perf_hooks';

/** What the server measures of its own load over the last window. */
export type LoadReading = {
  /** The main thread's event-loop delay, p99 of the window, ms: how long a request waited to be read. */
  lagMs: number;
  /** The share of a core the main thread spent on its own work: its CPU time over the window's length. */
  ownCpu: number;
  /** How long a new door-to-door plan would wait for a planner thread, ms, from the runs measured lately. */
  plannerWaitMs: number;
};

/** The load as measured now; a test forces one. */
export type LoadSignal = { reading: () => LoadReading };

/** The event-loop delay histogram's resolution, ms: each sample is at least this long. */
const RESOLUTION_MS = 10;

/**
 * Measures the main thread once a window (a second): the p99 of its event-loop delay and the CPU time it
 * spent, from `monitorEventLoopDelay` and `process.threadCpuUsage`. A window with no delay sample at
 * all (the loop never got round to it) counts its whole length as delay, never as none.
 */
export class LoadMonitor implements LoadSignal {
  private readonly histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  private timer: NodeJS.Timeout | undefined;
  private last = { at: performance.now(), cpu: process.threadCpuUsage() };
  private current = { lagMs: 0, ownCpu: 0 };

  constructor(
    /** The planner's queue, measured by its pool; none by default. */
    private readonly plannerWaitMs: () => number = () => 0,
    private readonly windowMs = 1000,
  ) {}

  start(): void {
    if (this.timer) return;
    this.histogram.enable();
    this.last = { at: performance.now(), cpu: process.threadCpuUsage() };
    this.timer = setInterval(() => this.sample(), this.windowMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.histogram.disable();
  }

  reading(): LoadReading {
    return { ...this.current, plannerWaitMs: this.plannerWaitMs() };
  }

  private sample(): void {
    const now = performance.now();
    const elapsed = Math.max(1, now - this.last.at);
    const cpu = process.threadCpuUsage(this.last.cpu);
    const p99 = this.histogram.count > 0 ? this.histogram.percentile(99) / 1e6 - RESOLUTION_MS : elapsed;
    // This timer is itself late by the time the loop was held past the window.
    const overdue = elapsed - this.windowMs;
    this.current = { lagMs: Math.max(0, p99, overdue), ownCpu: (cpu.user + cpu.system) / 1000 / elapsed };
    this.histogram.reset();
    this.last = { at: now, cpu: process.threadCpuUsage() };
  }
}
