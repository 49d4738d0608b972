/*
 * The fake Duffel's seat maps (`GET /air/seat_maps?offer_id=…`), as Duffel documents them: per segment a
 * cabin of rows divided by one aisle into sections of elements (seats with their services per passenger,
 * an exit row in a row of its own, a lavatory and a galley at the front), and the seat services an order
 * may buy. Seats 1A, 2C, 4D and 6F are taken; row 4, behind the exit, has extra legroom at twice the price.
 */

export type FakeSeat = { serviceId: string; designator: string; passengerId: string; segmentId: string; minor: number };

const TAKEN = new Set(['1A', '2C', '4D', '6F']);
const ROWS = [1, 2, 3, 4, 5, 6];
const LETTERS = [
  ['A', 'B', 'C'],
  ['D', 'E', 'F'],
];

const amount = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

/** The seat services of one segment for the passengers who take a seat, priced from `seatMinor`. */
export function fakeSeats(
  segmentId: string,
  passengerIds: readonly string[],
  seatMinor: number,
  id: (prefix: string) => string,
): FakeSeat[] {
  return ROWS.flatMap((row) =>
    LETTERS.flat().flatMap((letter) => {
      const designator = `${row}${letter}`;
      if (TAKEN.has(designator)) return [];
      const minor = row === 4 ? seatMinor * 2 : seatMinor;
      return passengerIds.map((passengerId) => ({ serviceId: id('ase'), designator, passengerId, segmentId, minor }));
    }),
  );
}

/** A segment's seat map in Duffel's shape, its seats' services those of `seats` on the segment. */
export function fakeSeatMap(segmentId: string, sliceId: string, seats: readonly FakeSeat[], currency: string) {
  const seat = (designator: string) => ({
    type: 'seat',
    designator,
    name: designator.startsWith('4') ? 'Extra legroom' : 'Standard seat',
    disclosures: designator.startsWith('4') ? ['Passengers in this row must be able to help in an emergency.'] : [],
    available_services: seats
      .filter((s) => s.segmentId === segmentId && s.designator === designator)
      .map((s) => ({
        id: s.serviceId,
        passenger_id: s.passengerId,
        total_amount: amount(s.minor),
        total_currency: currency,
      })),
  });
  const seatRow = (row: number) => ({
    sections: LETTERS.map((side) => ({ elements: side.map((letter) => seat(`${row}${letter}`)) })),
  });
  const featureRow = (left: string, right: string) => ({
    sections: [{ elements: [{ type: left }] }, { elements: [{ type: right }] }],
  });
  const rows = [
    featureRow('lavatory', 'galley'),
    ...ROWS.slice(0, 3).map(seatRow),
    featureRow('exit_row', 'exit_row'),
    ...ROWS.slice(3).map(seatRow),
  ];
  return {
    id: `sea_${segmentId.slice(4)}`,
    slice_id: sliceId,
    segment_id: segmentId,
    cabins: [{ deck: 0, aisles: 1, cabin_class: 'economy', wings: { first_row_index: 2, last_row_index: 5 }, rows }],
  };
}
