import { afterAll, beforeAll } from 'vitest';
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

/** What a file's booking tests start from: the app, its booking client, an account signed up, what it searched. */
export type Searched = { t: TestApp; c: BookingClient; cookie: string; found: Found };

/**
 * A file's booking app as `bookingApp` makes it, with an account signed up and `criteria` searched: made
 * before the file's tests (within `timeout`), closed after them.
 */
export function searchedSuite(
  now: () => Date,
  settings: Record<string, string>,
  criteria: Parameters<BookingClient['search']>[0],
  timeout = 180_000,
): Searched {
  const s = {} as Searched;
  beforeAll(async () => {
    Object.assign(s, await bookingApp(now, settings));
    s.cookie = await s.c.signUp();
    s.found = await s.c.search(criteria);
  }, timeout);
  afterAll(() => s.t?.close());
  return s;
}
