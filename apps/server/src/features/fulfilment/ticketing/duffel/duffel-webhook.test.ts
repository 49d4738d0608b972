import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { airlineChangeOf } from './duffel-webhook';

/** An airline-initiated change in the shape Duffel documents: the slice as it was, and as it now is. */
const segment = (departing: string, arriving: string) => ({
  id: 'seg_00009htYpSCXrwaB9DnUm2',
  origin: { iata_code: 'PEK', type: 'airport' },
  destination: { iata_code: 'ICN', type: 'airport' },
  departing_at: departing,
  arriving_at: arriving,
  marketing_carrier: { iata_code: 'KE' },
  marketing_carrier_flight_number: '852',
});
const change = {
  id: 'aic_00009htYpSCXrwaB9DnUm2',
  order_id: 'ord_00009hthhsUZ8W4LxQgkjo',
  created_at: '2026-12-01T10:12:14.545Z',
  added: [{ segments: [segment('2027-01-02T10:25:00', '2027-01-02T13:30:00')] }],
  removed: [{ segments: [segment('2027-01-02T09:40:00', '2027-01-02T12:45:00')] }],
  action_taken: null,
  available_actions: ['accept', 'cancel', 'change'],
};
const event = (object: unknown, type = 'order.airline_initiated_change_detected') => ({
  id: 'wev_0000A4tQSmKyqOrcySrGbo',
  api_version: 'v2',
  type,
  data: { object },
  created_at: '2026-12-01T10:12:15.000Z',
});

describe("Duffel's airline-initiated change event", () => {
  const read = {
    id: change.id,
    orderId: change.order_id,
    detectedAt: change.created_at,
    flights: [{ from: 'PEK', to: 'ICN', departingAt: '2027-01-02T10:25:00', arrivingAt: '2027-01-02T13:30:00' }],
  };

  it('reads the flights the change added, whether it carries the change or the order with its changes', () => {
    expect(airlineChangeOf(event(change))).toEqual(read);
    const order = { id: change.order_id, airline_initiated_changes: [{ ...change, order_id: undefined }] };
    expect(airlineChangeOf(event(order))).toEqual(read);
  });

  it('reads nothing from another event, or from a change whose flight lacks its airports or times', () => {
    expect(airlineChangeOf(event(change, 'order.created'))).toBeUndefined();
    const bare = { ...change, added: [{ segments: [{ ...segment('2027-01-02T10:25:00', ''), origin: {} }] }] };
    expect(airlineChangeOf(event(bare))).toBeUndefined();
    expect(airlineChangeOf(event({ ...change, id: undefined }))).toBeUndefined();
  });

  it('never throws, whatever a genuine event holds', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (object, other) => {
        airlineChangeOf(event(object));
        airlineChangeOf(event({ ...change, added: other }));
        airlineChangeOf(other);
      }),
    );
  });
});
