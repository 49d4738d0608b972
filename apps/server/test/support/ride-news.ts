import type { ResultLeg } from '@junction/domain';
import { expect } from 'vitest';
import type { TestApp } from '../harness';

/**
 * What the simulated airline or railway says of a ride through its control route, as a signed-in session
 * (the simulators' controls answer no one else): the ride moved by its schedule (`schedule-changes`),
 * delayed (`delays`) by `minutes`, or cancelled (`cancellations`); the control must take it.
 */
export async function rideNews(
  t: TestApp,
  cookie: string,
  news: 'schedule-changes' | 'delays' | 'cancellations',
  ride: ResultLeg,
  minutes?: number,
): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/ticketing-sim/${news}`,
    headers: { cookie },
    payload: {
      service: ride.number,
      date: ride.departureTime.slice(0, 10),
      ...(minutes === undefined ? {} : { minutes }),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}
