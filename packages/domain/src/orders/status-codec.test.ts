import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REFUND_TRANSITIONS } from '../fulfilment/refund-rules';
import { WAITLIST_TRANSITIONS } from '../rail/waitlist';
import {
  ORDER_STATUS,
  ORDER_TRANSITIONS,
  PAYMENT_TRANSITIONS,
  SUB_ORDER_STATUS,
  SUB_ORDER_TRANSITIONS,
  type TransitionTable,
} from './order-status';
import {
  assertStep,
  IllegalStepError,
  isIssuing,
  isTicketFallen,
  isTicketStanding,
  orderStatusCodec,
  paymentStatusCodec,
  type StatusCodec,
  subOrderStatusCodec,
  waitlistStatusCodec,
} from './status-codec';

const codecs = [
  { name: 'order', codec: orderStatusCodec as StatusCodec<string | number | null> },
  { name: 'payment', codec: paymentStatusCodec as StatusCodec<string | number | null> },
  { name: 'sub-order', codec: subOrderStatusCodec as StatusCodec<string | number | null> },
  { name: 'waiting list', codec: waitlistStatusCodec as StatusCodec<string | number | null> },
];

describe.each(codecs)('the $name status codec', ({ codec }) => {
  const texts = new Set(codec.all.map((s) => (s === null ? null : String(s))));

  it('reads back every status it writes, as the same typed value', () => {
    fc.assert(
      fc.property(fc.constantFrom(...codec.all), (status) => {
        const text = codec.encode(status);
        expect(codec.decode(text)).toBe(status);
        expect(codec.knows(text)).toBe(true);
      }),
    );
  });

  it('writes each status as its spec §4 wire text', () => {
    for (const s of codec.all) expect(codec.encode(s)).toBe(s === null ? null : String(s));
  });

  it('refuses any text that is not one of its statuses', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.integer().map(String), fc.constantFrom('9', ' 2', '02', '2.0', 'invalid', '')),
        (text) => {
          fc.pre(!texts.has(text));
          expect(codec.knows(text)).toBe(false);
          expect(() => codec.decode(text)).toThrow(/is not a .* status/);
        },
      ),
    );
  });

  it('refuses to write a value that is not one of its statuses', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.string()), (value) => {
        fc.pre(!codec.all.includes(value));
        expect(() => codec.encode(value)).toThrow(/is not a .* status/);
      }),
    );
  });
});

it('the sub-order codec keeps "not paid yet" as an empty column', () => {
  expect(subOrderStatusCodec.encode(null)).toBeNull();
  expect(subOrderStatusCodec.decode(null)).toBeNull();
  expect(() => orderStatusCodec.decode(null)).toThrow();
});

const tables = [
  { name: 'order', table: ORDER_TRANSITIONS },
  { name: 'payment', table: PAYMENT_TRANSITIONS },
  { name: 'sub-order', table: SUB_ORDER_TRANSITIONS },
  { name: 'refund', table: REFUND_TRANSITIONS },
  { name: 'waiting list', table: WAITLIST_TRANSITIONS },
] as { name: string; table: TransitionTable<string | number | null> }[];

describe.each(tables)('assertStep over the $name table', ({ table }) => {
  const statuses = [...table.keys()];
  const edges = new Set([...table].flatMap(([from, tos]) => tos.map((to) => `${String(from)}→${String(to)}`)));

  it('accepts exactly the edges of the table', () => {
    fc.assert(
      fc.property(fc.constantFrom(...statuses), fc.constantFrom(...statuses), (from, to) => {
        const edge = edges.has(`${String(from)}→${String(to)}`);
        if (edge) expect(() => assertStep(table, from, to)).not.toThrow();
        else expect(() => assertStep(table, from, to)).toThrow(IllegalStepError);
      }),
    );
  });

  it('refuses steps from or to a status the table does not know', () => {
    fc.assert(
      fc.property(fc.constantFrom(...statuses), fc.string(), (known, unknown) => {
        fc.pre(!statuses.includes(unknown));
        expect(() => assertStep(table, known, unknown)).toThrow(IllegalStepError);
        expect(() => assertStep(table, unknown, known)).toThrow(IllegalStepError);
      }),
    );
  });
});

describe('status predicates', () => {
  it('count an order as issuing while paid or being ticketed, and never otherwise', () => {
    for (const s of orderStatusCodec.all)
      expect(isIssuing(s)).toBe(s === ORDER_STATUS.PAID || s === ORDER_STATUS.TICKETING);
  });

  it('put every ticket in at most one of standing and fallen', () => {
    for (const s of subOrderStatusCodec.all) expect(isTicketStanding(s) && isTicketFallen(s)).toBe(false);
    expect(isTicketStanding(SUB_ORDER_STATUS.CHANGED)).toBe(true);
    expect(isTicketFallen(SUB_ORDER_STATUS.CANCELLED)).toBe(true);
  });
});
