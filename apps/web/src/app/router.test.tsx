import { afterEach, describe, expect, it } from 'vitest';
import { localSession } from '../shared/auth/session';
import { currentUser } from '../testing/accounts';
import { renderApp } from '../testing/render-app';
import { settledRouter } from '../testing/router';
import { Footer } from './layout/footer';
import { Header } from './layout/header';

/** Where the app's router settles for an address, without rendering anything. */
async function settle(path: string): Promise<string> {
  const router = await settledRouter(path);
  const { pathname, search } = router.state.location;
  // Only the catch-all route matched: the address names no page (its element then goes home).
  const unknown = router.state.matches.at(-1)?.route.path === '*';
  router.dispose();
  return unknown ? `unknown:${pathname}` : pathname + search;
}

const signIn = () => localSession.save(currentUser('Li Lei', { email: 'li@example.com', emailVerified: true }));

afterEach(() => localStorage.clear());

describe('route guards (spec §2)', () => {
  it.each([
    '/account',
    '/account/trips',
    '/account/p-passengers',
    '/account/wallet',
    '/account/invoice-titles',
    '/account/notices',
    '/myaccount',
    '/settings/account-x',
  ])('sends a visitor on %s to /login and back afterwards', async (path) => {
    expect(await settle(path)).toBe(`/login?redirect=${encodeURIComponent(path)}`);
  });

  it('opens the account area, not the home page, for an account page not built yet', async () => {
    signIn();
    expect(await settle('/account/not-a-page')).toBe('/account/personal-info');
    expect(await settle('/account/trips')).toBe('/account/trips');
    expect(await settle('/account/wallet')).toBe('/account/wallet');
    expect(await settle('/account/invoice-titles')).toBe('/account/invoice-titles');
  });

  it('sends a signed-in traveller on any other path with `account` in it home', async () => {
    signIn();
    expect(await settle('/myaccount')).toBe('/');
  });
});

describe('links in the header and footer (spec §2)', () => {
  it.each([false, true])('all lead to a page that exists (signed in: %s)', async (signedIn) => {
    if (signedIn) signIn();
    renderApp([{ path: '/', element: <RootLinks /> }]);
    const hrefs = [...document.querySelectorAll('a[href]')]
      .map((a) => a.getAttribute('href') ?? '')
      .filter((href) => href.startsWith('/'));
    expect(hrefs.length).toBeGreaterThan(5);
    for (const href of hrefs) {
      const target = href.split('?')[0];
      const landed = (await settle(href)).split('?')[0];
      // A visitor's only detour is the login page; nothing else may bounce home.
      expect([target, '/login'], href).toContain(landed);
    }
  });
});

function RootLinks() {
  return (
    <>
      <Header isFixed={false} />
      <Footer />
    </>
  );
}
