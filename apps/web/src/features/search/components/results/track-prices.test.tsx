import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { localSession } from '../../../../shared/auth/session';
import { paths } from '../../../../shared/paths';
import { currentUser } from '../../../../testing/accounts';
import { json, renderApp, stubApi } from '../../../../testing/render-app';
import { beijingShanghai } from '../../../../testing/search-fixtures';
import { TrackPrices } from './track-prices';

afterEach(() => localSession.clear());

async function openDialog(mobile: string | null, language: 'en' | 'zh-CN') {
  const user = currentUser('Li Lei', { mobile, mobileCountry: mobile ? 'CN' : null, email: 'li@example.com' });
  localSession.save(user);
  stubApi({ 'GET /user': () => json(user) });
  renderApp([{ path: '/', element: <TrackPrices criteria={beijingShanghai()} /> }], { language });
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
});
