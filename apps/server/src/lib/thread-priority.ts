import fs from 'node:fs';
import os from 'node:os';

/**
 * Lowers the CPU priority of the calling thread alone (its nice value, 0 to 19) where the system has
 * per-thread priorities (Linux: `setpriority` on the thread's id). A worker thread doing background work
 * (the door-to-door planner) calls it so the main thread, which answers requests and keeps the search
 * time limits, always gets the cores first. Elsewhere it does nothing, since the call would lower the
 * whole process. Answers whether the priority was lowered.
 */
export function lowerThreadPriority(nice: number): boolean {
  if (process.platform !== 'linux' || nice <= 0) return false;
  try {
    // "/proc/thread-self" links to "<pid>/task/<tid>".
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return false;
    if (os.getPriority(tid) >= nice) return true;
    os.setPriority(tid, Math.min(19, nice));
    return true;
  } catch {
    return false;
  }
}
