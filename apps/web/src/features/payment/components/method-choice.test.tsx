import type { Language, SavedCard } from '@junction/domain';
import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../testing/render-app';
import { MethodChoice } from './method-choice';

afterEach(async () => {
  await i18next.changeLanguage('en');
});

const card = (over: Partial<SavedCard>): SavedCard => ({
  id: '6f0d1c1e-8c53-4f57-8f4a-7e4f2b1f5c11',
  brand: 'visa',
  last4: '4242',
  numberMasked: '•••• •••• •••• 4242',
  expMonth: 12,
  expYear: 2031,
  expired: false,
  name: 'ZHANG WEI',
  billing: {
    line1: '1 Jianguomenwai Avenue',
    line2: '',
    city: 'Beijing',
    region: 'Beijing',
    country: 'CN',
    zip: '100004',
    phoneMasked: '+86 138****8000',
  },
  description: 'Travel card',
  createdAt: '2026-11-01T00:00:00.000Z',
  lockedUntil: null,
  ...over,
});

const LOCKED_UNTIL = '2026-11-29T08:30:00.000Z';

async function show(language: Language, apps: readonly 'alipay'[] = []) {
  await i18next.changeLanguage(language);
  const cards = [
    card({}),
    card({ id: '6f0d1c1e-8c53-4f57-8f4a-7e4f2b1f5c12', last4: '1881', description: '', lockedUntil: LOCKED_UNTIL }),
  ];
  const onChange = vi.fn();
  renderApp(
    [
      {
        path: '/',
        element: (
          <MethodChoice
            apps={apps}
            value={null}
            onChange={onChange}
            savedCards={cards}
            walletBalance={0}
            walletOff={false}
          />
        ),
      },
    ],
    { language },
  );
  const [open, locked] = await screen.findAllByTestId('method-saved-card', {}, { timeout: 45_000 });
  // The test id and the lock mark are on each choice's radio input; its words are on the label around it.
  return { open: open as HTMLInputElement, locked: locked as HTMLInputElement };
}

describe('the ways to pay', () => {
  it.each(['en', 'zh-CN'] as const)(
    'offers a saved card locked after three wrong codes, not to be chosen, saying until when (%s)',
    async (language) => {
      const { open, locked } = await show(language);
      const until = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(LOCKED_UNTIL),
      );
      expect(locked.getAttribute('data-locked')).toBe('true');
      expect(locked.disabled).toBe(true);
      expect(locked.closest('label')?.textContent).toContain(i18next.t('payment:saved.locked', { time: until }));
      expect(locked.closest('label')?.textContent).not.toContain(i18next.t('payment:saved.expires', { date: '12/31' }));
      // The card that is not locked is offered as before, with its expiry.
      expect(open.getAttribute('data-locked')).toBe('false');
      expect(open.disabled).toBe(false);
      expect(open.closest('label')?.textContent).toContain(i18next.t('payment:saved.expires', { date: '12/31' }));
    },
  );

  it.each(['en', 'zh-CN'] as const)(
    'offers Alipay first, before the cards and the wallet, when the site has it (%s)',
    async (language) => {
      await show(language, ['alipay']);
      const choices = screen.getAllByRole('radio').map((r) => r.getAttribute('data-testid'));
      expect(choices[0]).toBe('method-alipay');
      expect(choices.at(-1)).toBe('method-wallet');
      const alipay = screen.getByTestId('method-alipay');
      expect(alipay.closest('label')?.textContent).toContain(i18next.t('payment:method.alipay'));
      expect(i18next.t('payment:method.alipay')).toBe(language === 'en' ? 'Alipay' : '支付宝');
    },
  );

  it('leaves Alipay out when the site does not offer it', async () => {
    await show('en');
    expect(screen.queryByTestId('method-alipay')).toBeNull();
  });
});
