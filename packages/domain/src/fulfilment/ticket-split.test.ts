import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RailType } from '../orders/traveller-rules';
import { splitSubOrderMoney, type TicketShare, ticketParts, travellerChoiceRefusal } from './ticket-split';

const share = fc.record({
  priceMinor: fc.integer({ min: 0, max: 200_000 }),
  serviceFeeMinor: fc.integer({ min: 0, max: 2_000 }),
});

/** A sub-order of up to five travellers: their shares, what was paid, which of them are on it and which move. */
const subOrder = fc
  .array(share, { minLength: 1, maxLength: 5 })
  .chain((shares: TicketShare[]) =>
    fc.record({
      shares: fc.constant(shares),
      paidMinor: fc.integer({ min: 0, max: 1_000_000 }),
      members: fc.subarray(
        shares.map((_, p) => p),
        { minLength: 1 },
      ),
    }),
  )
  .chain((s) => fc.record({ sub: fc.constant(s), moving: fc.subarray(s.members, { minLength: 1 }) }));

describe('splitting a sub-order between the travellers who change and those who stay', () => {
  it('parts add up to what was paid, the last traveller taking what rounding leaves', () => {
    fc.assert(
      fc.property(subOrder, ({ sub }) => {
        const parts = ticketParts(sub.paidMinor, sub.shares, sub.members);
        expect(parts).toHaveLength(sub.members.length);
        expect(parts.reduce((s, x) => s + x, 0)).toBe(sub.paidMinor);
        expect(parts.slice(0, -1).every((x) => x >= 0)).toBe(true);
      }),
    );
  });

  it('the two sub-orders add up to the whole to the cent, each with only its own travellers’ shares', () => {
    fc.assert(
      fc.property(subOrder, ({ sub, moving }) => {
        const priceMinor = sub.members.reduce((s, p) => s + (sub.shares[p]?.priceMinor ?? 0), 0);
        const serviceFeeMinor = sub.members.reduce((s, p) => s + (sub.shares[p]?.serviceFeeMinor ?? 0), 0);
        const whole = { priceMinor, paidMinor: sub.paidMinor, serviceFeeMinor, shares: sub.shares };
        const split = splitSubOrderMoney(whole, sub.members, moving);
        expect(split.moving.paidMinor + split.staying.paidMinor).toBe(whole.paidMinor);
        expect(split.moving.priceMinor + split.staying.priceMinor).toBe(whole.priceMinor);
        expect(split.moving.serviceFeeMinor + split.staying.serviceFeeMinor).toBe(serviceFeeMinor);
        // A price that is its travellers' shares is shared out exactly.
        expect(split.moving.priceMinor).toBe(moving.reduce((s, p) => s + (sub.shares[p]?.priceMinor ?? 0), 0));
        sub.shares.forEach((s, p) => {
          const goes = moving.includes(p);
          const on = sub.members.includes(p);
          expect(split.moving.shares[p]).toEqual(goes ? s : { priceMinor: 0, serviceFeeMinor: 0 });
          expect(split.staying.shares[p]).toEqual(on && !goes ? s : { priceMinor: 0, serviceFeeMinor: 0 });
        });
      }),
    );
  });

  it('what the changing travellers paid is what their tickets came to before the split', () => {
    const shares = [
      { priceMinor: 55_300, serviceFeeMinor: 0 },
      { priceMinor: 27_650, serviceFeeMinor: 0 },
      { priceMinor: 55_300, serviceFeeMinor: 0 },
    ];
    const whole = { priceMinor: 138_250, paidMinor: 138_251, serviceFeeMinor: 0, shares };
    const parts = ticketParts(whole.paidMinor, shares, [0, 1, 2]);
    const split = splitSubOrderMoney(whole, [0, 1, 2], [1]);
    expect(split.moving.paidMinor).toBe(parts[1]);
    expect(split.staying.paidMinor).toBe((parts[0] ?? 0) + (parts[2] ?? 0));
  });
});

describe('choosing the travellers whose train ticket changes', () => {
  const party = (...types: RailType[]) => types.map((railType, position) => ({ position, railType }));

  it('takes one or more travellers of the ticket, each once', () => {
    const two = party('ADULT', 'ADULT');
    expect(travellerChoiceRefusal(two, [1])).toBeNull();
    expect(travellerChoiceRefusal(two, [0, 1])).toBeNull();
    expect(travellerChoiceRefusal(two, [])).toBe('travellers');
    expect(travellerChoiceRefusal(two, [1, 1])).toBe('travellers');
    expect(travellerChoiceRefusal(two, [2])).toBe('travellers');
  });

  it('never leaves a child or a child riding free without an adult on either ticket', () => {
    const family = party('ADULT', 'CHILD', 'FREE_CHILD');
    expect(travellerChoiceRefusal(family, [1])).toBe('party');
    expect(travellerChoiceRefusal(family, [0])).toBe('party');
    expect(travellerChoiceRefusal(family, [2])).toBe('party');
    expect(travellerChoiceRefusal(family, [0, 1, 2])).toBeNull();
    const two = party('ADULT', 'STUDENT', 'FREE_CHILD');
    expect(travellerChoiceRefusal(two, [1])).toBeNull();
    expect(travellerChoiceRefusal(two, [0, 2])).toBeNull();
    expect(travellerChoiceRefusal(two, [1, 2])).toBeNull();
    expect(travellerChoiceRefusal(two, [0])).toBeNull();
    expect(travellerChoiceRefusal(party('ADULT', 'FREE_CHILD', 'FREE_CHILD'), [0, 1])).toBe('party');
  });

  it('refuses exactly the choices that leave a side without an adult', () => {
    const types = fc.constantFrom<RailType>('ADULT', 'CHILD', 'FREE_CHILD', 'STUDENT');
    fc.assert(
      fc.property(
        fc.array(types, { minLength: 1, maxLength: 5 }).chain((ts) =>
          fc.record({
            ts: fc.constant(ts),
            chosen: fc.subarray(
              ts.map((_, p) => p),
              { minLength: 1 },
            ),
          }),
        ),
        ({ ts, chosen }) => {
          const sideOk = (mine: boolean) => {
            const side = ts.filter((_, p) => chosen.includes(p) === mine);
            const adults = side.filter((t) => t === 'ADULT' || t === 'STUDENT').length;
            const free = side.filter((t) => t === 'FREE_CHILD').length;
            return side.length === 0 || (adults > 0 && free <= adults);
          };
          const refusal = travellerChoiceRefusal(party(...ts), chosen);
          expect(refusal === null).toBe(sideOk(true) && sideOk(false));
        },
      ),
    );
  });
});
