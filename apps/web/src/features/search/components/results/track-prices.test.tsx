import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { localSession } from '../../../../shared/auth/session';
import { paths } from '../../../../shared/paths';
import { currentUser } from '../../../../testing/accounts';
import { type ApiCall, json, renderApp, stubApi } from '../../../../testing/render-app';
import { beijingShanghai } from '../../../../testing/search-fixtures';
import { TrackPrices } from './track-prices';

afterEach(() => localSession.clear());
let calls: ApiCall[] = [];
const tracked = () => calls.filter((c) => c.method === 'POST' && c.path === '/api/price-alerts').map((c) => c.body);

async function openDialog(mobile: string | null, language: 'en' | 'zh-CN', criteria = beijingShanghai()) {
  const user = currentUser('Li Lei', { mobile, mobileCountry: mobile ? 'CN' : null, email: 'li@example.com' });
  localSession.save(user);
  calls = stubApi({ 'GET /user': () => json(user), 'POST /api/price-alerts': () => json({}) });
  renderApp([{ path: '/', element: <TrackPrices criteria={criteria} /> }], { language });
  await userEvent.click(await screen.findByTestId('track-prices'));
  return i18next.getFixedT(language, 'results');
}

describe('the Track prices dialog', () => {
  it.each(['en', 'zh-CN'] as const)('offers texts to an account with a mobile number (%s)', async (language) => {
    const t = await openDialog('138****0000', language);
    await screen.findByTestId('track-sms');
    expect(screen.getByText(t('track.sms'))).toBeTruthy();
    expect(screen.queryByTestId('track-no-mobile')).toBeNull();
  });

  it.each(['en', 'zh-CN'] as const)(
    'offers no texts to an account without a mobile number, and says where to add one (%s)',
    async (language) => {
      const t = await openDialog(null, language);
      const why = await screen.findByTestId('track-no-mobile');
      await waitFor(() => expect(screen.queryByTestId('track-sms')).toBeNull());
      expect(why.textContent).toContain(t('track.noMobileLink'));
      expect(why.querySelector('a')?.getAttribute('href')).toBe(paths.account());
    },
  );

  it.each([
    ['en', 'Only Wed, May 1, 2030', 'Any day in May 2030'],
    ['zh-CN', '仅2030年5月1日周三', '2030年5月任意一天'],
  ] as const)('tracks the date, or any day of its month when chosen (%s)', async (language, date, month) => {
    const t = await openDialog(null, language);
    const choice = await screen.findByTestId('track-when');
    expect(choice.textContent).toContain(date);
    expect(choice.textContent).toContain(month);
    await userEvent.click(screen.getByRole('button', { name: t('track.confirm') }));
    await waitFor(() => expect(tracked()).toHaveLength(1));
    expect(tracked()[0]).not.toHaveProperty('month');
    await userEvent.click(await screen.findByTestId('track-prices'));
    await userEvent.click(screen.getByRole('radio', { name: month }));
    await userEvent.click(screen.getByRole('button', { name: t('track.confirm') }));
    await waitFor(() => expect(tracked()).toHaveLength(2));
    expect(tracked()[1]).toMatchObject({ month: '2030/05', sms: false });
  });

  it.each([
    ['en', 'Leaving any day in May 2030, back 5 days later'],
    ['zh-CN', '2030年5月任意一天出发，5天后返回'],
  ] as const)('offers a round trip any day of its outbound’s month with its length (%s)', async (language, month) => {
    const base = beijingShanghai();
    const leg = { ...base.legs[0], return_date: '2030/05/06' } as (typeof base.legs)[0];
    await openDialog(null, language, { ...base, type: 2, legs: [leg] });
    expect((await screen.findByTestId('track-when')).textContent).toContain(month);
  });
});
