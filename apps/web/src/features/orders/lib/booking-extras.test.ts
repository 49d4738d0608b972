import type { BookingOffer } from '@junction/domain';
import { describe, expect, it } from 'vitest';
import { isWaitlisted } from './booking-extras';

const offer = (cutoffAt: string | null, remaining: number) =>
  ({
    waitlist: { cutoffAt },
    remaining: [{ leg: 0, seatClass: 'O', remaining }],
  }) as unknown as BookingOffer;

describe('joining a train’s waiting list', () => {
  it('is offered when the chosen class has fewer seats than the party needs and the list is open', () => {
    expect(isWaitlisted(offer('2026-12-01T08:00:00Z', 1), 0, 'O', 2)).toBe(true);
    expect(isWaitlisted(offer('2026-12-01T08:00:00Z', 0), 0, 'M', 1)).toBe(true);
  });

  it('is never offered for a class with seats for everyone, a closed list, or a party riding free', () => {
    expect(isWaitlisted(offer('2026-12-01T08:00:00Z', 2), 0, 'O', 2)).toBe(false);
    expect(isWaitlisted(offer(null, 0), 0, 'O', 2)).toBe(false);
    expect(isWaitlisted(offer('2026-12-01T08:00:00Z', 0), 0, 'O', 0)).toBe(false);
  });
});
