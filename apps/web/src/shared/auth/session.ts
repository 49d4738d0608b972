import type { CurrentUser } from '@junction/domain';
import { storage } from '../lib/storage';

/** Spec §9: 864e6 ms, ten days — how long the signed-in user's name is remembered on this device. */
export const USER_EXPIRY_MS = 864e6;
const NAME_KEY = 'user_name';
const INFO_KEY = 'user_info';

/** Spec §4: the user name with an expiry and the whole sign-in response are kept locally. */
export const localSession = {
  save(user: CurrentUser): void {
    storage.set(NAME_KEY, user.name, USER_EXPIRY_MS);
    storage.set(INFO_KEY, user, USER_EXPIRY_MS);
  },
  clear(): void {
    storage.remove(NAME_KEY);
    storage.remove(INFO_KEY);
  },
  name: (): string | null => storage.get<string>(NAME_KEY),
  info: (): CurrentUser | null => storage.get<CurrentUser>(INFO_KEY),
  /** A stored user: what the route guards of spec §2 look at. */
  hasUser: (): boolean => storage.get<string>(NAME_KEY) !== null,
};
