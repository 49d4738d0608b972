import i18next from 'i18next';
import type { ComponentType } from 'react';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { localSession } from '../../shared/auth/session';
import { loadChunk } from '../../shared/lib/load-chunk';
import { paths } from '../../shared/paths';

/** Spec §2: sign-in and reset pages send a signed-in traveller home. */
export const guestOnly = () => (localSession.hasUser() ? redirect('/') : null);

/** Spec §2: any path containing `account` needs a stored user, else /login (and back here afterwards). */
export const userOnly = ({ request }: LoaderFunctionArgs) => {
  if (localSession.hasUser()) return null;
  const { pathname, search } = new URL(request.url);
  return redirect(`/login?redirect=${encodeURIComponent(pathname + search)}`);
};

/**
 * Any other path (spec §2): one that contains `account` is guarded like the account area first; an account
 * page not built yet opens the account area rather than the home page; everything else goes home.
 */
export const unknownPath = (args: LoaderFunctionArgs) => {
  const { pathname } = new URL(args.request.url);
  if (!/account/i.test(pathname)) return null; // the element below goes home
  return userOnly(args) ?? redirect(pathname.startsWith('/account/') ? paths.account() : '/');
};

/**
 * Starts loading a page's texts in the reader's language beside its code, instead of once its code has run
 * and asked for them: a round trip less on a page's first visit. `page-namespaces.test.ts` checks that each
 * route names what its page's modules ask for.
 */
function preloadTexts(namespaces: readonly string[]): void {
  if (namespaces.length > 0 && (i18next.isInitialized || i18next.isInitializing))
    void i18next.loadNamespaces([...namespaces]);
}

/** A page's module, tried again while the server turns it away (`loadChunk`), and its texts (`namespaces`). */
export const lazyPage =
  <M>(load: () => Promise<M>, pick: (module: M) => ComponentType, namespaces: readonly string[] = []) =>
  async () => {
    preloadTexts(namespaces);
    return { Component: pick(await loadChunk(load)) };
  };

/**
 * A page built with Ant Design loads with Ant Design's scope (theme, texts, message holders). The home page
 * is built without it, so the first page loads none of Ant Design.
 */
export const antdPage =
  <M>(load: () => Promise<M>, pick: (module: M) => ComponentType, namespaces: readonly string[] = []) =>
  async () => {
    preloadTexts(namespaces);
    const [{ withAntd }, module] = await loadChunk(() => Promise.all([import('../../shared/ui/antd-scope'), load()]));
    return { Component: withAntd(pick(module)) };
  };
