import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Offer, SeatMap } from '../../../../lib/duffel/types';
import type { IssueRequest } from '../issuer';
import { passengersOf, seatServices } from './duffel-booking';

const DAY = '2027-06-01';
type Kind = 'adult' | 'child' | 'infant_without_seat';
/** A traveller of the party: an adult (by type at Duffel) or someone younger, by age on the day of the flight. */
type Member = { kind: Kind; age: number | null };
const member = fc.oneof(
  fc.constant<Member>({ kind: 'adult', age: null }),
  fc.integer({ min: 2, max: 11 }).map((age): Member => ({ kind: 'child', age })),
  fc.integer({ min: 0, max: 1 }).map((age): Member => ({ kind: 'infant_without_seat', age })),
);
/** A party in any order (an adult among them), and the order Duffel lists its passengers in. */
const party = fc
  .array(member, { minLength: 1, maxLength: 8 })
  .map((rest) => [{ kind: 'adult', age: null } as Member, ...rest])
  .chain((travellers) => fc.tuple(fc.shuffledSubarray(travellers, { minLength: travellers.length }), fc.nat()))
  .chain(([travellers, seed]) =>
    fc.tuple(
      fc.constant(travellers),
      fc.shuffledSubarray(
        travellers.map((m, i) => ({ id: `pas_${seed}_${i}`, type: m.kind, age: m.age })),
        { minLength: travellers.length },
      ),
    ),
  );

const requestOf = (travellers: Member[], seats = false): IssueRequest => ({
  key: 'k',
  orderId: 'o',
  subOrderId: 's',
  legs: [
    {
      index: 0,
      bound: 0,
      carrier: 'CA',
      number: 'CA981',
      fromCode: 'PEK',
      toCode: 'JFK',
      departureTime: `${DAY}T13:00:00+08:00`,
      arrivalTime: `${DAY}T14:30:00-04:00`,
      cabin: 'Y',
    },
  ],
  travellers: travellers.map((m, i) => ({
    position: i + 1,
    name: `T${i}`,
    type: m.kind,
    birthDate: m.age === null ? '1980-03-04' : `${2027 - m.age - 1}-12-31`,
    ...(seats && m.kind !== 'infant_without_seat' ? { seats: [{ legIndex: 0, designator: `${i + 1}A` }] } : {}),
  })),
});

/** A seat map with a seat per traveller, each sold to every passenger by a service of its own. */
function seatMapOf(passengers: { id: string }[], rows: number): SeatMap {
  const seat = (row: number) => ({
    type: 'seat',
    designator: `${row}A`,
    available_services: passengers.map((p) => ({
      id: `ase_${row}A_${p.id}`,
      passenger_id: p.id,
      total_amount: '10.00',
      total_currency: 'USD',
    })),
  });
  const all = Array.from({ length: rows }, (_, r) => ({ sections: [{ elements: [seat(r + 1)] }] }));
  return { segment_id: 'seg_1', cabins: [{ rows: all }] } as unknown as SeatMap;
}

describe("our travellers paired with Duffel's passengers", () => {
  it('pair each traveller with a passenger of their own kind and age, in any party order and any order of Duffel', () => {
    fc.assert(
      fc.property(party, ([travellers, passengers]) => {
        const paired = passengersOf(passengers, requestOf(travellers));
        expect(new Set(paired.map((p) => p.id)).size).toBe(travellers.length);
        paired.forEach((p, i) => {
          expect(p.type).toBe(travellers[i]?.kind);
          expect(p.age).toBe(travellers[i]?.age);
        });
      }),
      { numRuns: 300 },
    );
  });

  it("send each seat chosen as the service of the chooser's own passenger", () => {
    fc.assert(
      fc.property(party, ([travellers, passengers]) => {
        const offer = {
          slices: [{ segments: [{ id: 'seg_1' }] }],
          passengers,
          total_currency: 'USD',
        } as unknown as Offer;
        const { services } = seatServices(
          [seatMapOf(passengers, travellers.length)],
          offer,
          requestOf(travellers, true),
        );
        const seated = travellers.flatMap((m, i) => (m.kind === 'infant_without_seat' ? [] : [{ m, row: i + 1 }]));
        expect(services).toHaveLength(seated.length);
        seated.forEach(({ m, row }, k) => {
          const passenger = passengers.find((p) => services[k]?.id === `ase_${row}A_${p.id}`);
          expect(passenger).toMatchObject({ type: m.kind, age: m.age });
        });
      }),
      { numRuns: 200 },
    );
  });

  it('book a child listed first as the child, when Duffel lists the adult first', () => {
    const travellers: Member[] = [
      { kind: 'child', age: 7 },
      { kind: 'adult', age: null },
    ];
    const passengers = [
      { id: 'pas_adult', type: 'adult', age: null },
      { id: 'pas_child', type: 'child', age: 7 },
    ];
    expect(passengersOf(passengers, requestOf(travellers)).map((p) => p.id)).toEqual(['pas_child', 'pas_adult']);
  });
});
