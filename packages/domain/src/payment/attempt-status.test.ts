import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canTransition, isTerminal, type TransitionTable } from '../orders/order-status';
import { TOPUP_STATUSES, TOPUP_TRANSITIONS } from '../wallet/wallet.schema';
import {
  ATTEMPT_STATES,
  ATTEMPT_TRANSITIONS,
  attemptStateOf,
  INITIAL_ATTEMPT_STATE,
  INITIAL_PAYMENT_REFUND_STATES,
  OPEN_ATTEMPT_STATES,
  PAYMENT_REFUND_STATES,
  PAYMENT_REFUND_TRANSITIONS,
  paymentRefundStateOf,
  stepFrom,
  storedAs,
} from './attempt-status';

const tables = [
  {
    name: 'payment attempt',
    table: ATTEMPT_TRANSITIONS,
    all: ATTEMPT_STATES,
    initial: [INITIAL_ATTEMPT_STATE],
    terminal: ['succeeded', 'failed', 'released'],
    read: attemptStateOf,
  },
  {
    name: 'refund',
    table: PAYMENT_REFUND_TRANSITIONS,
    all: PAYMENT_REFUND_STATES,
    initial: INITIAL_PAYMENT_REFUND_STATES,
    terminal: ['succeeded', 'failed'],
    read: paymentRefundStateOf,
  },
  {
    name: 'wallet top-up',
    table: TOPUP_TRANSITIONS,
    all: TOPUP_STATUSES,
    initial: ['created'],
    terminal: ['succeeded', 'failed'],
    read: storedAs(TOPUP_STATUSES, 'top-up status'),
  },
] as const;

const edges = (t: TransitionTable<string>) => [...t].flatMap(([from, tos]) => tos.map((to) => [from, to] as const));

describe.each(tables)('the $name transition table', ({ table, all, initial, terminal, read }) => {
  const t = table as TransitionTable<string>;
  const states = all as readonly string[];

  it('lists every state once and leads only to listed states', () => {
    expect(new Set(t.keys())).toEqual(new Set(states));
    expect(t.size).toBe(states.length);
    for (const targets of t.values()) for (const s of targets) expect(states).toContain(s);
  });

  it('reaches every state from a state a row is written in', () => {
    const seen = new Set<string>(initial);
    const queue: string[] = [...initial];
    for (let s = queue.shift(); s !== undefined; s = queue.shift()) {
      for (const next of t.get(s) ?? []) {
        if (seen.has(next)) continue;
        seen.add(next);
        queue.push(next);
      }
    }
    expect(seen).toEqual(new Set(states));
  });

  it('accepts every edge of the table as a step', () => {
    for (const [from, to] of edges(t)) {
      expect(canTransition(t, from, to)).toBe(true);
      expect(stepFrom(t, [from], to)).toEqual([from]);
    }
  });

  it('refuses every pair of states that is not an edge, and the step check throws before any write', () => {
    const isEdge = (from: string, to: string) => edges(t).some(([f, x]) => f === from && x === to);
    fc.assert(
      fc.property(fc.constantFrom(...states), fc.constantFrom(...states), (from, to) => {
        expect(canTransition(t, from, to)).toBe(isEdge(from, to));
        if (!isEdge(from, to)) expect(() => stepFrom(t, [from], to)).toThrow(`no step from ${from} to ${to}`);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses a step when any one of the states it may start from has no edge to its target', () => {
    fc.assert(
      fc.property(fc.subarray([...states], { minLength: 1 }), fc.constantFrom(...states), (from, to) => {
        const allowed = from.every((f) => canTransition(t, f, to));
        if (allowed) expect(stepFrom(t, from, to)).toEqual(from);
        else expect(() => stepFrom(t, from, to)).toThrow('no step from');
      }),
      { numRuns: 200 },
    );
  });

  it('has no way out of a settled state', () => {
    for (const s of terminal) {
      expect(isTerminal(t, s)).toBe(true);
      for (const to of states) expect(canTransition(t, s, to)).toBe(false);
    }
    expect(states.filter((s) => isTerminal(t, s))).toEqual([...terminal]);
  });

  it('a random walk of allowed steps stays in the table and stops only in a settled state', () => {
    fc.assert(
      fc.property(fc.constantFrom(...initial), fc.array(fc.nat(), { maxLength: 20 }), (start, picks) => {
        let s: string = start;
        for (const pick of picks) {
          const next = t.get(s) ?? [];
          if (next.length === 0) {
            expect(terminal).toContain(s);
            return;
          }
          const to = next[pick % next.length] as string;
          expect(canTransition(t, s, to)).toBe(true);
          s = to;
        }
        expect(states).toContain(s);
      }),
      { numRuns: 200 },
    );
  });

  it('reads every stored state back as itself and refuses anything else', () => {
    for (const s of states) expect(read(s)).toBe(s);
    fc.assert(
      fc.property(
        fc.string().filter((s) => !states.includes(s)),
        (s) => {
          expect(() => read(s)).toThrow('unknown');
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('the payment attempt', () => {
  it('is open, for the reconciler, exactly while it may still move to a settled state other than held', () => {
    for (const s of ATTEMPT_STATES) {
      const open = (OPEN_ATTEMPT_STATES as readonly string[]).includes(s);
      expect(open).toBe(canTransition(ATTEMPT_TRANSITIONS, s, 'failed'));
    }
  });

  it('is held only on the way to being captured or released', () => {
    expect(ATTEMPT_TRANSITIONS.get('held')).toEqual(['succeeded', 'released']);
    for (const s of ATTEMPT_STATES) expect(canTransition(ATTEMPT_TRANSITIONS, s, 'released')).toBe(s === 'held');
  });
});
