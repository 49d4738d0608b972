import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/harness';
import type { IssueRequest } from './issuer';
import { TicketingUnavailable } from './issuer';
import { airlinePrefix, SimulatedAirline, SimulatedRailway, shiftLocal } from './simulated-issuers';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const flight = (key: string, travellers = 2): IssueRequest => ({
  key,
  orderId: `order-${key}`,
  subOrderId: `sub-${key}`,
  legs: [
    {
      index: 1,
      bound: 0,
      carrier: 'MU',
      number: 'MU5101',
      fromCode: 'PEK',
      toCode: 'SHA',
      departureTime: '2026-12-10T08:00:00+08:00',
      arrivalTime: '2026-12-10T10:15:00+08:00',
      cabin: 'Y',
    },
  ],
  travellers: Array.from({ length: travellers }, (_, i) => ({
    position: i,
    name: `T${i}`,
    type: i === 2 ? 'INFANT' : 'ADULT',
  })),
});

describe('simulated airline', () => {
  it('issues a 6-character record locator and 13-digit e-tickets with the airline prefix, seats side by side, infants on a lap', async () => {
    const airline = new SimulatedAirline(database.db, { delayMs: 0, failureRate: 0, scheduleChangeRate: 0 });
    const { tickets } = await airline.issue(flight('o1:s1', 3));
    expect(tickets).toHaveLength(3);
    expect(new Set(tickets.map((t) => t.bookingReference)).size).toBe(1);
    for (const t of tickets) {
      expect(t.bookingReference).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
      expect(t.ticketNumber).toMatch(/^781\d{10}$/);
      expect(t.legIndex).toBe(1);
    }
    expect(tickets[0]?.seat).toMatch(/^\d+[A-K]$/);
    expect(tickets[2]?.seat).toBeNull();
  });

  it('answers a request sent again with what it issued the first time, and issues a new key anew', async () => {
    const airline = new SimulatedAirline(database.db, { delayMs: 0, failureRate: 0 });
    const first = await airline.issue(flight('o2:s2'));
    const again = await airline.issue(flight('o2:s2'));
    const concurrent = await Promise.all([airline.issue(flight('o3:s3')), airline.issue(flight('o3:s3'))]);
    expect(again).toEqual(first);
    expect(concurrent[0]).toEqual(concurrent[1]);
    expect(concurrent[0]?.tickets[0]?.ticketNumber).not.toBe(first.tickets[0]?.ticketNumber);
  });

  it('fails at its failure rate without issuing, and a later try issues once', async () => {
    let draw = 0;
    const flaky = new SimulatedAirline(database.db, {
      delayMs: 0,
      failureRate: 0.5,
      random: () => (draw++ === 0 ? 0.1 : 0.9),
    });
    await expect(flaky.issue(flight('o4:s4'))).rejects.toBeInstanceOf(TicketingUnavailable);
    const issued = await flaky.issue(flight('o4:s4'));
    expect(issued.tickets).toHaveLength(2);
  });

  it('publishes schedule changes for some services: later by 25 to 95 minutes, same offset', async () => {
    const airline = new SimulatedAirline(database.db, { delayMs: 0, failureRate: 0, scheduleChangeRate: 1 });
    const { scheduleChanges } = await airline.issue(flight('o5:s5'));
    expect(scheduleChanges).toHaveLength(1);
    const change = scheduleChanges[0];
    expect(change?.departureTime.endsWith('+08:00')).toBe(true);
    const later = (Date.parse(change?.departureTime ?? '') - Date.parse('2026-12-10T08:00:00+08:00')) / 60_000;
    expect(later).toBeGreaterThanOrEqual(25);
    expect(later).toBeLessThanOrEqual(95);
  });

  it('re-times a service on a day as its control announced, or keeps its time, whatever it would have drawn', async () => {
    const announce = (date: string, minutes: number) =>
      database.db
        .insertInto('simScheduleChanges')
        .values({ service: 'MU5101', date, minutes })
        .onConflict((oc) => oc.columns(['service', 'date']).doUpdateSet({ minutes }))
        .execute();
    await announce('2026-12-10', 40);
    const never = new SimulatedAirline(database.db, { delayMs: 0, failureRate: 0, scheduleChangeRate: 0 });
    expect((await never.issue(flight('o6:s6'))).scheduleChanges).toEqual([
      { legIndex: 1, departureTime: '2026-12-10T08:40:00+08:00', arrivalTime: '2026-12-10T10:55:00+08:00' },
    ]);
    await announce('2026-12-10', 0);
    const always = new SimulatedAirline(database.db, { delayMs: 0, failureRate: 0, scheduleChangeRate: 1 });
    expect((await always.issue(flight('o7:s7'))).scheduleChanges).toEqual([]);
    await database.db.deleteFrom('simScheduleChanges').execute();
  });

  it('knows the prefixes of the airlines and gives any other one a stable three digits', () => {
    expect(airlinePrefix('CA')).toBe('999');
    expect(airlinePrefix('CZ')).toBe('784');
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z0-9]{2}$/), (code) => {
        expect(airlinePrefix(code)).toMatch(/^\d{3}$/);
        expect(airlinePrefix(code)).toBe(airlinePrefix(code));
      }),
    );
  });

  it('shifts a local time by minutes keeping its offset', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -2000, max: 2000 }),
        fc.constantFrom('+08:00', '+09:00', '-05:00', '+05:30'),
        (m, off) => {
          const iso = `2026-12-10T08:00:00${off}`;
          const moved = shiftLocal(iso, m);
          expect(moved.endsWith(off)).toBe(true);
          expect(Date.parse(moved) - Date.parse(iso)).toBe(m * 60_000);
        },
      ),
    );
  });
});

describe('simulated China Railway', () => {
  it('issues its order number, a ticket number per traveller, coach, seat or berth, and the check-in gate', async () => {
    const railway = new SimulatedRailway(database.db, { delayMs: 0, failureRate: 0, scheduleChangeRate: 0 });
    const request: IssueRequest = {
      key: 'o6:s6',
      orderId: 'o6',
      subOrderId: 's6',
      legs: [
        {
          index: 0,
          bound: 0,
          carrier: 'CR',
          number: 'Z281',
          fromCode: 'BJP',
          toCode: 'SHH',
          departureTime: '2026-12-10T19:00:00+08:00',
          arrivalTime: '2026-12-11T07:00:00+08:00',
          cabin: 'A3',
        },
      ],
      travellers: [
        { position: 0, name: 'A', type: 'ADULT', bunk: 1 },
        { position: 1, name: 'B', type: 'FREE_CHILD' },
      ],
    };
    const { tickets } = await railway.issue(request);
    expect(tickets[0]).toMatchObject({ berth: 'lower' });
    expect(tickets[0]?.bookingReference).toMatch(/^E\d{9}$/);
    expect(tickets[0]?.coach).toMatch(/^\d{2}$/);
    expect(tickets[0]?.gate).toMatch(/^[A-C]\d{1,2}$/);
    expect(tickets[1]).toMatchObject({ seat: null, coach: null, berth: null });
    expect(new Set(tickets.map((t) => t.ticketNumber)).size).toBe(2);
  });
});
