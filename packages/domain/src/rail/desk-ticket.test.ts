import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deskBookingReference, deskTicket } from './desk-ticket';

const digits = (min: number, max: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max }).map((d) => d.join(''));
const ticketNumber = digits(12, 20).map((d) => `E${d}`);
const coach = fc.integer({ min: 1, max: 30 });
const row = fc.integer({ min: 1, max: 120 });
const letter = fc.constantFrom('A', 'B', 'C', 'D', 'F');
const pad = (n: number) => String(n).padStart(2, '0');

describe('a ticket the desk’s agent types in', () => {
  it('is taken in any spacing and case, written the railway’s way', () => {
    fc.assert(
      fc.property(ticketNumber, coach, row, letter, (number, c, r, l) => {
        const typed = { ticketNumber: ` ${number.toLowerCase()} `, coach: String(c), seat: `${r}${l.toLowerCase()}` };
        const seated = deskTicket(typed, 'O');
        expect(seated).toEqual({ ok: true, ticket: { ticketNumber: number, coach: pad(c), seat: `${pad(r)}${l}` } });
        // A sleeper's berth is its number alone.
        expect(deskTicket({ ...typed, seat: String(r) }, 'A4')).toEqual({
          ok: true,
          ticket: { ticketNumber: number, coach: pad(c), seat: pad(r) },
        });
        expect(deskBookingReference(number)).toBe(number.slice(0, 10));
      }),
      { numRuns: 200 },
    );
  });

  it('names the first field that is wrong', () => {
    const good = { ticketNumber: 'E1234567891010042', coach: '05', seat: '12F' };
    fc.assert(
      fc.property(
        fc.oneof(
          digits(0, 11).map((d) => `E${d}`),
          digits(13, 17),
          fc.constant('E12345678901X'),
        ),
        fc.oneof(fc.constant('0'), fc.constant('31'), fc.constant('5A'), fc.constant('')),
        fc.oneof(fc.constant('12E'), fc.constant('F12'), fc.constant('0A'), fc.constant(''), fc.constant('1234A')),
        (badNumber, badCoach, badSeat) => {
          expect(deskTicket({ ...good, ticketNumber: badNumber }, 'O')).toEqual({ ok: false, field: 'ticketNumber' });
          expect(deskTicket({ ...good, coach: badCoach }, 'O')).toEqual({ ok: false, field: 'coach' });
          expect(deskTicket({ ...good, seat: badSeat }, 'O')).toEqual({ ok: false, field: 'seat' });
          expect(deskTicket({ ...good, coach: badCoach, seat: badSeat }, 'O')).toEqual({ ok: false, field: 'coach' });
        },
      ),
      { numRuns: 100 },
    );
    // A seat letter in a sleeper, and a berth without one in a seated class, are both wrong.
    expect(deskTicket(good, 'A4')).toEqual({ ok: false, field: 'seat' });
    expect(deskTicket({ ...good, seat: '12' }, 'O')).toEqual({ ok: false, field: 'seat' });
  });
});
