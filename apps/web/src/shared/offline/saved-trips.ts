import { storage } from '../lib/storage';
import { TRIPS_CACHE } from './trips-cache';

/** The account whose trips this device keeps for reading offline. */
const ACCOUNT_KEY = 'offline_account';

/** Empties the trips kept for reading offline: on sign-out, and when the session is lost. */
export async function forgetSavedTrips(): Promise<void> {
  storage.remove(ACCOUNT_KEY);
  if (typeof caches === 'undefined') return;
  await caches.delete(TRIPS_CACHE).catch(() => false);
}

/** The device keeps one account's trips: another account signing in empties what the last one left first. */
export async function keepSavedTripsFor(accountId: string): Promise<void> {
  if (storage.get<string>(ACCOUNT_KEY) === accountId) return;
  await forgetSavedTrips();
  storage.set(ACCOUNT_KEY, accountId);
}
