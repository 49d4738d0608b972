import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canCancelOrder,
  canTransition,
  INITIAL_ORDER_STATUS,
  INITIAL_PAYMENT_STATUS,
  INITIAL_SUB_ORDER_STATUS,
  isTerminal,
  ORDER_MOVES,
  ORDER_STATUS,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  orderStatusSchema,
  PAYMENT_STATUSES,
  PAYMENT_TRANSITIONS,
  paymentStatusSchema,
  SUB_ORDER_STATUSES,
  SUB_ORDER_TRANSITIONS,
  subOrderStatusSchema,
  type TransitionTable,
  tripFilterOf,
} from './order-status';

const tables = [
  {
    name: 'order',
    table: ORDER_TRANSITIONS,
    all: ORDER_STATUSES,
    initial: INITIAL_ORDER_STATUS,
    schema: orderStatusSchema,
  },
  {
    name: 'payment',
    table: PAYMENT_TRANSITIONS,
    all: PAYMENT_STATUSES,
    initial: INITIAL_PAYMENT_STATUS,
    schema: paymentStatusSchema,
  },
  {
    name: 'sub-order',
    table: SUB_ORDER_TRANSITIONS,
    all: SUB_ORDER_STATUSES,
    initial: INITIAL_SUB_ORDER_STATUS,
    schema: subOrderStatusSchema,
  },
] as const;

function reachable<T extends string | number | null>(table: TransitionTable<T>, from: T): Set<T> {
  const seen = new Set<T>([from]);
  const queue = [from];
  while (queue.length > 0) {
    const s = queue.shift() as T;
    for (const next of table.get(s) ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

describe.each(tables)('the $name transition table', ({ table, all, initial, schema }) => {
  const t = table as TransitionTable<string | number | null>;
  const statuses = all as readonly (string | number | null)[];

  it('lists every status of spec §4 once, and every status is a wire value', () => {
    expect(new Set(t.keys())).toEqual(new Set(statuses));
    for (const s of statuses) expect(schema.safeParse(s).success).toBe(true);
    for (const targets of t.values()) for (const s of targets) expect(statuses).toContain(s);
  });

  it('reaches every status from the initial one', () => {
    expect(reachable(t, initial)).toEqual(new Set(statuses));
  });

  it('has no step from a status to itself, and terminal statuses lead nowhere', () => {
    for (const s of statuses) {
      if (isTerminal(t, s)) expect(t.get(s) ?? []).toEqual([]);
      expect(canTransition(t, s, s)).toBe(false);
    }
  });

  it('allows exactly the listed steps (any pair of statuses)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...statuses), fc.constantFrom(...statuses), (from, to) => {
        expect(canTransition(t, from, to)).toBe((t.get(from) ?? []).includes(to));
      }),
    );
  });

  it('a random walk of allowed steps never leaves the table and stops only at a terminal status', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 30 }), (picks) => {
        let s = initial as string | number | null;
        for (const pick of picks) {
          const next = t.get(s) ?? [];
          if (next.length === 0) {
            expect(isTerminal(t, s)).toBe(true);
            return;
          }
          const to = next[pick % next.length] as string | number | null;
          expect(canTransition(t, s, to)).toBe(true);
          s = to;
        }
        expect(statuses).toContain(s);
      }),
    );
  });
});

describe('moves before ticketing', () => {
  it('are legal steps of all three tables from a new order', () => {
    for (const move of Object.values(ORDER_MOVES)) {
      expect(canTransition(ORDER_TRANSITIONS, INITIAL_ORDER_STATUS, move.order)).toBe(true);
      expect(canTransition(PAYMENT_TRANSITIONS, INITIAL_PAYMENT_STATUS, move.payment)).toBe(true);
      expect(canTransition(SUB_ORDER_TRANSITIONS, INITIAL_SUB_ORDER_STATUS, move.subOrder)).toBe(true);
    }
  });

  it('refuses to cancel or expire an order once it is paid, closed or expired', () => {
    for (const s of [ORDER_STATUS.PAID, ORDER_STATUS.TICKETED, ORDER_STATUS.PAYMENT_CLOSED, ORDER_STATUS.EXPIRED]) {
      expect(canCancelOrder(s)).toBe(false);
      expect(canTransition(ORDER_TRANSITIONS, s, ORDER_STATUS.EXPIRED)).toBe(false);
    }
    expect(canCancelOrder(ORDER_STATUS.WAIT_PAYMENT)).toBe(true);
  });
});

describe('trip filters', () => {
  const now = Date.parse('2026-06-01T00:00:00Z');
  const later = now + 86_400_000;
  const earlier = now - 86_400_000;

  it('puts unpaid orders under 1, paid ones to come under 2, and the rest under 3', () => {
    expect(tripFilterOf(ORDER_STATUS.WAIT_PAYMENT, later, now)).toBe('1');
    expect(tripFilterOf(ORDER_STATUS.PRICE_DIFFERENCE_DUE, later, now)).toBe('1');
    expect(tripFilterOf(ORDER_STATUS.TICKETED, later, now)).toBe('2');
    expect(tripFilterOf(ORDER_STATUS.PAID, later, now)).toBe('2');
    expect(tripFilterOf(ORDER_STATUS.TICKETED, earlier, now)).toBe('3');
    expect(tripFilterOf(ORDER_STATUS.EXPIRED, later, now)).toBe('3');
    expect(tripFilterOf(ORDER_STATUS.PAYMENT_CLOSED, later, now)).toBe('3');
  });

  it('gives every order exactly one filter besides all', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ORDER_STATUSES), fc.integer({ min: -1e10, max: 1e10 }), (status, delta) => {
        expect(['1', '2', '3']).toContain(tripFilterOf(status, now + delta, now));
      }),
    );
  });
});
