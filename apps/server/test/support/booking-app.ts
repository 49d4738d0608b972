import { bookingClient } from '../booking-client';
import { createTestApp, QUIET_SETTINGS, type TestApp } from '../harness';

/** The client a booking test drives its app with. */
export type BookingClient = ReturnType<typeof bookingClient>;

/** What a finished search found: its id, for offers and orders, and its results. */
export type Found = Awaited<ReturnType<BookingClient['search']>>;

/**
 * A test app with `QUIET_SETTINGS` and `settings` on a clock of the test's own, and a booking client on it;
 * `deps` as `createTestApp` takes them.
 */
export async function bookingApp(
  now: () => Date,
  settings: Record<string, string> = {},
  deps: Parameters<typeof createTestApp>[2] = {},
): Promise<{ t: TestApp; c: BookingClient }> {
  const t = await createTestApp({ ...QUIET_SETTINGS, ...settings }, now, deps);
  return { t, c: bookingClient(t) };
}
