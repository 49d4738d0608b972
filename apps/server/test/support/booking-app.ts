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

/**
 * A file's booking app on `now` with `QUIET_SETTINGS` and `settings`, its booking client, and what a search
 * for `criteria` found: filled in before the file's tests (within `timeout`), the app closed after them.
 * `cookie` is an account signed up before the search.
 */
export function searchedSuite(
  now: () => Date,
  settings: Record<string, string>,
  criteria: Parameters<BookingClient['search']>[0],
  timeout = 180_000,
) {
  const t = {} as TestApp;
  const c = bookingClient(t);
  const found = {} as Found;
  const account = { cookie: '' };
  beforeAll(async () => {
    Object.assign(t, await createTestApp({ ...QUIET_SETTINGS, ...settings }, now));
    account.cookie = await c.signUp();
    Object.assign(found, await c.search(criteria));
  }, timeout);
  afterAll(() => t.close?.());
  return { t, c, found, account };
}
