import { screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { renderApp, stubApi } from '../../../testing/render-app';
import { OfflineBanner } from './offline-banner';

/** 14:05 in Beijing on 28 November 2026, as the device's clock (the tests' time zone) shows it. */
const saved = new Date(2026, 10, 28, 14, 5);

describe('the offline banner of the trips and an order', () => {
  it.each([
    ['en', '2:05 PM'],
    ['zh-CN', '14:05'],
  ] as const)('says when a copy of today was saved, and that paying and changing wait (%s)', async (language, time) => {
    stubApi({});
    const t = i18next.getFixedT(language, 'orders');
    renderApp(
      [
        {
          path: '/',
          element: <OfflineBanner savedAt={saved.getTime()} what="order" now={new Date(2026, 10, 28, 18)} />,
        },
      ],
      { language },
    );
    const banner = await screen.findByTestId('offline-banner');
    expect(banner.textContent).toContain(t('offline.order', { time }));
    expect(banner.textContent).toContain(t('offline.actions'));
  });

  it.each(['en', 'zh-CN'] as const)('names the day of a copy saved before today (%s)', async (language) => {
    stubApi({});
    renderApp(
      [
        {
          path: '/',
          element: <OfflineBanner savedAt={saved.getTime()} what="trips" now={new Date(2026, 10, 30, 9)} />,
        },
      ],
      { language },
    );
    const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(saved);
    await waitFor(() => expect(screen.getByTestId('offline-banner').textContent).toContain(day));
  });

  it('shows nothing while the page shows the network answer', async () => {
    stubApi({});
    renderApp([{ path: '/', element: <OfflineBanner savedAt={null} what="order" /> }]);
    await waitFor(() => expect(document.body.textContent).toBe(''));
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });
});
