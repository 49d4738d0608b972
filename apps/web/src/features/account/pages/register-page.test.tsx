import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderApp, stubApi } from '../../../testing/render-app';
import { RegisterPage } from './register-page';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

describe('registration', () => {
  it.each(['en', 'zh-CN'] as const)(
    'stays on its form with the message when the account already exists (%s)',
    async (language) => {
      const calls = stubApi({
        'POST /register': () => json({ errorCode: 4001, errorContent: 'An account already exists.' }, 422),
      });
      const router = renderApp(
        [
          { path: '/', element: <p>home</p> },
          { path: '/register', element: <RegisterPage /> },
        ],
        { at: '/register', language },
      );
      const t = i18next.getFixedT(language, 'account');
      const form = await screen.findByTestId('register-form');
      await userEvent.type(within(form).getByPlaceholderText(t('register.mobilePlaceholder')), '13800138000');
      await userEvent.type(within(form).getByLabelText(t('login.code')), '123456');
      await userEvent.type(within(form).getByLabelText(t('register.password'), { exact: true }), 'travel2026');
      await userEvent.type(within(form).getByLabelText(t('register.confirm')), 'travel2026');
      await userEvent.click(within(form).getByRole('checkbox'));
      await userEvent.click(within(form).getByRole('button', { name: t('register.submit') }));

      const error = await screen.findByTestId('form-error');
      expect(error.textContent).toBe(i18next.getFixedT(language, 'errors')('4001'));
      expect(router.state.location.pathname).toBe('/register');
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(calls.filter((c) => c.path === '/register')).toHaveLength(1);
    },
  );
});
