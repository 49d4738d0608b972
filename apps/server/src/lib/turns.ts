/**
 * Turns on the event loop for CPU-heavy steps of the main thread (a simulated supplier working out its
 * offers, a supplier's answer checked and stored). Each waiter gets one turn of the loop in the order
 * asked, and the loop reads sockets and database answers between turns: thirty searches starting at once
 * do not hold up the requests that arrive meanwhile (a search's start, a pull, a time limit's timer)
 * behind seconds of their suppliers' work.
 */
export class Turns {
  private readonly waiting: (() => void)[] = [];
  private scheduled = false;

  /** Resolves at this caller's turn. */
  next(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.waiting.push(resolve);
      this.schedule();
    });
  }

  /** Waiters not yet given their turn: for tests. */
  get pending(): number {
    return this.waiting.length;
  }

  private schedule(): void {
    if (this.scheduled || this.waiting.length === 0) return;
    this.scheduled = true;
    // An immediate queued from a running immediate runs at the next turn of the loop, after its I/O.
    setImmediate(() => {
      this.scheduled = false;
      this.waiting.shift()?.();
      this.schedule();
    });
  }
}

/** The main thread's turns, shared by everything that takes them. */
export const mainTurns = new Turns();
