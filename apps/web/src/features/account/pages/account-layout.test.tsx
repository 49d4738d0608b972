import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mediaQueryList } from '../../../testing/media-query';
import { renderApp, stubApi } from '../../../testing/render-app';
import { AccountLayout } from './account-layout';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The account area at `/account/notices` on a screen of that width, the page's own heading inside it. */
function showAt(width: number, language: 'en' | 'zh-CN' = 'en') {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query)?.[1];
    return mediaQueryList(query, max !== undefined && width <= Number(max));
  });
  stubApi({});
  return renderApp(
    [
      {
        path: '/account',
        element: <AccountLayout />,
        children: [
          { path: 'notices', element: <h1>The notices</h1> },
          { path: 'wallet', element: <h1>The wallet</h1> },
        ],
      },
    ],
    { at: '/account/notices', language },
  );
}

const tabs = () => within(screen.getByTestId('account-tabs')).getAllByTestId('account-tab');

describe('the account menu on a phone', () => {
  it('is one row of tabs above the page, the current page marked, in place of the side menu', () => {
    const router = showAt(390);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.queryByTestId('account-name')).toBeNull();
    expect(tabs().map((el) => el.getAttribute('data-key'))).toEqual([
      'trips',
      'p-passengers',
      'wallet',
      'invoice-titles',
      'price-alerts',
      'notices',
      'personal-info',
      'account-security',
      'online-service',
    ]);
    const current = screen.getAllByRole('link', { current: 'page' });
    expect(current.map((el) => el.textContent)).toEqual(['Notifications']);
    // The menu comes before the page's own heading, the page follows at once.
    const heading = screen.getByRole('heading', { name: 'The notices' });
    expect(screen.getByTestId('account-tabs').compareDocumentPosition(heading)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);

    fireEvent.click(screen.getByRole('link', { name: 'Wallet' }));
    expect(router.state.location.pathname).toBe('/account/wallet');
    expect(screen.getByRole('link', { current: 'page' }).textContent).toBe('Wallet');
  });

  it('names its tabs in Chinese', () => {
    showAt(390, 'zh-CN');
    expect(screen.getByRole('navigation', { name: '我的账户' })).toBeTruthy();
    expect(screen.getByRole('link', { current: 'page' }).textContent).toContain('消息通知');
  });

  it('keeps the side menu on a wide screen', () => {
    showAt(1280);
    expect(screen.queryByTestId('account-tabs')).toBeNull();
    expect(screen.getByRole('menu')).toBeTruthy();
    expect(screen.getByTestId('account-name')).toBeTruthy();
  });
});
