import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canTransition,
  ORDER_STATUS,
  ORDER_TRANSITIONS,
  PAYMENT_TRANSITIONS,
  SUB_ORDER_TRANSITIONS,
  WAITLIST_MOVES,
} from '../orders/order-status';
import { canWaitlistMove, WAITLIST_STATUSES, WAITLIST_TRANSITIONS, type WaitlistStatus } from './waitlist';

/**
 * What the server attempts, each as a compare-and-set from the statuses it starts from (waitlist.service.ts):
 * the card hold, an unpaid order closed, seats found (claim), the capture done or refused, the cut-off or
 * the traveller claiming the release, and the hold voided.
 */
const ATTEMPTS: Record<string, { from: readonly WaitlistStatus[]; to: WaitlistStatus }> = {
  hold: { from: ['awaiting_hold'], to: 'waiting' },
  closeUnpaid: { from: ['awaiting_hold'], to: 'closed' },
  claimFill: { from: ['waiting'], to: 'filling' },
  captured: { from: ['filling'], to: 'filled' },
  captureRefused: { from: ['filling'], to: 'releasing' },
  cutoff: { from: ['waiting'], to: 'releasing' },
  travellerCancels: { from: ['waiting'], to: 'releasing' },
  voided: { from: ['releasing'], to: 'released' },
};
const attempt = fc.constantFrom(...Object.keys(ATTEMPTS));

/** Applies attempts as the database would: a step happens only from its statuses, else nothing changes. */
function run(attempts: string[]): WaitlistStatus[] {
  let status: WaitlistStatus = 'awaiting_hold';
  const path: WaitlistStatus[] = [status];
  for (const name of attempts) {
    const a = ATTEMPTS[name] as (typeof ATTEMPTS)[string];
    if (!a.from.includes(status)) continue;
    expect(canWaitlistMove(status, a.to)).toBe(true);
    status = a.to;
    path.push(status);
  }
  return path;
}

describe('the waiting list state machine', () => {
  it('lists every status once, and every step the server attempts is one of its steps', () => {
    expect(new Set(WAITLIST_TRANSITIONS.keys())).toEqual(new Set(WAITLIST_STATUSES));
    for (const a of Object.values(ATTEMPTS)) for (const from of a.from) expect(canWaitlistMove(from, a.to)).toBe(true);
  });

  it('ends filled or released, never both, and only through a claim (any order of attempts, raced or repeated)', () => {
    fc.assert(
      fc.property(fc.array(attempt, { maxLength: 40 }), (attempts) => {
        const path = run(attempts);
        const filled = path.includes('filled');
        const released = path.includes('released');
        expect(filled && released).toBe(false);
        // Money is captured only after seats were claimed, and the hold is voided only after a release claim.
        if (filled) expect(path[path.indexOf('filled') - 1]).toBe('filling');
        if (released) expect(path[path.indexOf('released') - 1]).toBe('releasing');
        // Closed unpaid means the card was never held.
        if (path.includes('closed')) expect(path).toEqual(['awaiting_hold', 'closed']);
        // Statuses never repeat: no step leads back.
        expect(new Set(path).size).toBe(path.length);
      }),
    );
  });

  it('stays where it ended once final, whatever is attempted after', () => {
    fc.assert(
      fc.property(fc.array(attempt, { maxLength: 30 }), fc.array(attempt, { maxLength: 30 }), (first, then) => {
        const end = run(first).at(-1) as WaitlistStatus;
        if ((WAITLIST_TRANSITIONS.get(end) ?? []).length > 0) return;
        expect(run([...first, ...then]).at(-1)).toBe(end);
      }),
    );
  });

  it('moves the order, its payment and sub-order by legal steps of their tables', () => {
    for (const m of Object.values(WAITLIST_MOVES)) {
      expect(canTransition(ORDER_TRANSITIONS, m.from, m.order)).toBe(true);
      expect(canTransition(PAYMENT_TRANSITIONS, m.paymentFrom, m.payment)).toBe(true);
      if (m.subOrder !== null) expect(canTransition(SUB_ORDER_TRANSITIONS, null, m.subOrder)).toBe(true);
    }
    // A waiting order is never paid twice nor expired while unpaid: it came from awaiting payment.
    expect(canTransition(ORDER_TRANSITIONS, ORDER_STATUS.WAIT_PAYMENT, ORDER_STATUS.WAITLISTED)).toBe(true);
    expect(canTransition(ORDER_TRANSITIONS, ORDER_STATUS.PAID, ORDER_STATUS.WAITLISTED)).toBe(false);
  });
});
