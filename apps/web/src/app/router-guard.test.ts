import { afterEach, describe, expect, it, vi } from 'vitest';
import { localSession } from '../shared/auth/session';
import { currentUser } from '../testing/accounts';
import { settledRouter } from '../testing/router';

/** Page modules of the account area the router loaded, by name. */
const loaded = vi.hoisted(() => new Set<string>());
vi.mock('../shared/ui/antd-scope', () => ({ withAntd: (C: unknown) => C }));
vi.mock('./../features/account/pages/account-layout', () => {
  loaded.add('account-layout');
  return { AccountLayout: () => null };
});
vi.mock('./../features/orders/pages/trips-page', () => {
  loaded.add('trips');
  return { TripsPage: () => null };
});
vi.mock('./../features/wallet/pages/wallet-page', () => {
  loaded.add('wallet');
  return { WalletPage: () => null };
});

async function settle(path: string): Promise<string> {
  const router = await settledRouter(path);
  const { pathname, search } = router.state.location;
  router.dispose();
  return pathname + search;
}

afterEach(() => localStorage.clear());

describe('the account area for a visitor (spec §2)', () => {
  it('sends them to sign in before loading any of its pages', async () => {
    for (const path of ['/account/trips', '/account/wallet', '/account']) {
      expect(await settle(path)).toBe(`/login?redirect=${encodeURIComponent(path)}`);
    }
    expect([...loaded]).toEqual([]);
  }, 60_000);

  it('opens its pages once signed in', async () => {
    localSession.save(currentUser('Li Lei', { email: 'li@example.com', emailVerified: true }));
    expect(await settle('/account/trips')).toBe('/account/trips');
    expect(loaded).toContain('trips');
  }, 60_000);
});
