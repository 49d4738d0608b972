/** Local storage with an optional expiry in milliseconds (spec §9); an expired or unreadable entry reads as absent. */
export const storage = {
  set(key: string, value: unknown, expiryMs?: number): void {
    const entry = { value, expiresAt: expiryMs ? Date.now() + expiryMs : null };
    try {
      localStorage.setItem(key, JSON.stringify(entry));
    } catch {
      // Storage full or disabled: the app works without it, the user just signs in again.
    }
  },
  get<T>(key: string): T | null {
    try {
      const raw = localStorage.getItem(key);
      if (!raw) return null;
      const entry = JSON.parse(raw) as { value: T; expiresAt: number | null };
      if (entry.expiresAt !== null && entry.expiresAt <= Date.now()) {
        localStorage.removeItem(key);
        return null;
      }
      return entry.value;
    } catch {
      return null;
    }
  },
  remove(key: string): void {
    try {
      localStorage.removeItem(key);
    } catch {
      // nothing to remove
    }
  },
};
