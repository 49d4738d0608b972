import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../../../shared/auth/auth-context';
import { localSession } from '../../../shared/auth/session';
import { currentUser } from '../../../testing/accounts';
import { json, renderApp, stubApi } from '../../../testing/render-app';
import { LoginForm } from './login-form';
import { LoginModal } from './login-modal';

const user = (name: string) => currentUser(name, { mobile: '138****0000', mobileCountry: 'CN' });

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

async function signIn(password = 'travel2026') {
  await userEvent.type(screen.getByPlaceholderText(i18next.t('account:login.accountPlaceholder')), '13800000000');
  await userEvent.type(screen.getByLabelText(i18next.t('account:login.password')), password);
  await userEvent.click(screen.getByRole('button', { name: i18next.t('account:login.submit') }));
}

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await i18next.changeLanguage('en');
});

describe('sign-in form (spec §4, §5)', () => {
  it.each(['en', 'zh-CN'] as const)('does not count an answer without a name as a sign-in (%s)', async (language) => {
    const calls = stubApi({ 'POST /login': () => json(user('')) });
    const onSuccess = vi.fn();
    renderApp([{ path: '/', element: <LoginForm onSuccess={onSuccess} /> }], { language });
    await signIn();
    const expected = i18next.getFixedT(language, 'errors')('1001');
    expect((await screen.findByTestId('form-error')).textContent).toBe(expected);
    expect(onSuccess).not.toHaveBeenCalled();
    expect(localSession.hasUser()).toBe(false);
    expect(calls.some((c) => c.path === '/user')).toBe(false);
  });

  it('continues as signed in when the server says 1409, with the current user', async () => {
    const calls = stubApi({
      'POST /login': () => json({ errorCode: 1409, errorContent: 'Already signed in' }, 422),
      'GET /user': () => json(user('138****0000')),
    });
    const onSuccess = vi.fn();
    renderApp([{ path: '/', element: <LoginForm onSuccess={onSuccess} /> }]);
    await signIn();
    await waitFor(() => expect(onSuccess).toHaveBeenCalledOnce());
    const account = calls.filter((c) => c.path === '/login' || c.path === '/user');
    expect(account.map((c) => `${c.method} ${c.path}`).slice(0, 2)).toEqual(['POST /login', 'GET /user']);
    expect(localSession.name()).toBe('138****0000');
  });

  it('checks the password when the field is left, not while typing', async () => {
    stubApi({});
    renderApp([{ path: '/', element: <LoginForm onSuccess={() => {}} /> }]);
    const password = screen.getByLabelText('Password');
    await userEvent.type(password, 'x');
    await userEvent.clear(password);
    expect(screen.queryByText('Required field.')).toBeNull();
    await userEvent.tab();
    expect(await screen.findByText('Required field.')).toBeTruthy();
  });
});

function OpenLogin() {
  const { openLogin } = useAuth();
  return (
    <button type="button" onClick={() => openLogin()}>
      open
    </button>
  );
}

describe('login dialog (spec §2)', () => {
  it('goes to the home page after signing in when opened without a redirect or refresh', async () => {
    stubApi({ 'POST /login': () => json(user('138****0000')), 'GET /user': () => json(user('138****0000')) });
    const router = renderApp(
      [
        { path: '/', element: <Where /> },
        {
          path: '/faq',
          element: (
            <>
              <OpenLogin />
              <LoginModal />
              <Where />
            </>
          ),
        },
      ],
      { at: '/faq' },
    );
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    await screen.findByTestId('login-modal');
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
