import { defineEndpoint, okSchema } from '@junction/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../locales/en/load.json';
import zh from '../../locales/zh-CN/load.json';
import { unauthorizedEvents } from '../auth/auth-events';
import { FormError } from '../ui/form-error';
import { MessageDialogProvider } from '../ui/message-dialog';
import { callApi } from './api-client';
import { busyRetry } from './busy-retry';
import { QueryProvider } from './query-provider';

const save = defineEndpoint({ method: 'POST', path: '/api/test/save', response: okSchema });
const read = defineEndpoint({ method: 'GET', path: '/api/test/read', response: okSchema });

function ReadPage() {
  const query = useQuery({ queryKey: ['read'], queryFn: () => callApi(read, {}) });
  return <p>{query.isSuccess ? 'read it' : query.isError ? 'could not read' : 'reading'}</p>;
}

function SaveForm({ silent = false }: { silent?: boolean }) {
  const mutation = useMutation({ mutationFn: () => callApi(save, {}), meta: { silent } });
  return (
    <div>
      <button type="button" onClick={() => mutation.mutate()}>
        Save
      </button>
      <FormError error={mutation.error} />
      {mutation.isError ? <span>failed</span> : null}
    </div>
  );
}

function answer(status: number, errorCode: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ errorCode, errorContent: 'x' }), { status })),
  );
}

function setup(silent = false) {
  const goHome = vi.fn();
  render(
    <AntApp>
      <MessageDialogProvider goHome={goHome}>
        <QueryProvider goHome={goHome}>
          <SaveForm silent={silent} />
        </QueryProvider>
      </MessageDialogProvider>
    </AntApp>,
  );
  return { goHome, save: () => userEvent.click(screen.getByRole('button', { name: 'Save' })) };
}

afterEach(() => vi.unstubAllGlobals());

describe('answers to failed calls that hold for every query and mutation (spec §8)', () => {
  it('opens the expired dialog on 403, and its button goes home', async () => {
    answer(403, 4030);
    const { goHome, save } = setup();
    await save();
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Your results have expired.');
    await userEvent.click(screen.getByRole('button', { name: 'Home page' }));
    expect(goHome).toHaveBeenCalledOnce();
    expect(screen.queryByTestId('form-error')).toBeNull();
  });

  it('goes home on 409', async () => {
    answer(409, 4090);
    const { goHome, save } = setup();
    await save();
    await waitFor(() => expect(goHome).toHaveBeenCalledOnce());
    expect(screen.queryByTestId('form-error')).toBeNull();
  });

  it('opens the login dialog on 401', async () => {
    answer(401, 1401);
    const listener = vi.fn();
    const unsubscribe = unauthorizedEvents.subscribe(listener);
    const { save } = setup();
    await save();
    await waitFor(() => expect(listener).toHaveBeenCalledOnce());
    unsubscribe();
  });

  it('says the system is busy on 419', async () => {
    answer(419, 4190);
    const { save } = setup();
    await save();
    expect((await screen.findByRole('dialog')).textContent).toContain('System is busy, please try again later.');
  });

  it('leaves a refusal such as an existing account (4001) to the form, in its own words', async () => {
    answer(422, 4001);
    const { goHome, save } = setup();
    await save();
    expect((await screen.findByTestId('form-error')).textContent).toBe('An account already exists.');
    expect(goHome).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('leaves every failure of a silent call to its caller', async () => {
    answer(409, 4090);
    const { goHome, save } = setup(true);
    await save();
    expect(await screen.findByText('failed')).toBeTruthy();
    expect(goHome).not.toHaveBeenCalled();
  });
});

describe('a busy server (419)', () => {
  const delays = busyRetry.delaysMs;
  afterEach(async () => {
    busyRetry.delaysMs = delays;
    await i18next.changeLanguage('en');
  });

  /** Answers 419 (with Retry-After) until the test lets calls through; counts the calls. */
  function busyUntilReleased() {
    const state = { calls: 0, open: false };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        state.calls++;
        return state.open
          ? new Response(JSON.stringify({ ok: true }), { status: 200 })
          : new Response(JSON.stringify({ errorCode: 4190, errorContent: 'busy' }), {
              status: 419,
              headers: { 'retry-after': '0' },
            });
      }),
    );
    return state;
  }

  function renderRead() {
    render(
      <AntApp>
        <MessageDialogProvider>
          <QueryProvider goHome={vi.fn()}>
            <ReadPage />
          </QueryProvider>
        </MessageDialogProvider>
      </AntApp>,
    );
  }

  it.each([
    ['en', en],
    ['zh-CN', zh],
  ] as const)(
    'says so (%s) while a query is asked again by itself, and shows the answer once it comes',
    async (language, texts) => {
      await i18next.changeLanguage(language);
      // The first wait long enough to see the notice, the others none.
      busyRetry.delaysMs = [0, 60_000, 0, 0, 0];
      const server = busyUntilReleased();
      vi.useFakeTimers({ shouldAdvanceTime: true });
      try {
        renderRead();
        const notice = await screen.findByTestId('busy-notice');
        expect(notice.textContent).toBe(texts.busy);
        await waitFor(() => expect(server.calls).toBe(2));
        expect(screen.queryByRole('dialog')).toBeNull();
        server.open = true;
        await vi.advanceTimersByTimeAsync(80_000);
        expect(await screen.findByText('read it')).toBeTruthy();
        expect(screen.queryByTestId('busy-notice')).toBeNull();
        expect(server.calls).toBe(3);
      } finally {
        vi.useRealTimers();
      }
    },
  );

  it('opens the busy dialog once a query has been refused every time it was asked', async () => {
    busyRetry.delaysMs = [0, 0];
    const server = busyUntilReleased();
    renderRead();
    expect((await screen.findByRole('dialog')).textContent).toContain('System is busy, please try again later.');
    expect(await screen.findByText('could not read')).toBeTruthy();
    expect(server.calls).toBe(3);
  });

  it('never sends what the traveller did again by itself: the busy dialog tells them at once', async () => {
    busyRetry.delaysMs = [0, 0];
    const server = busyUntilReleased();
    const { save } = setup();
    await save();
    expect((await screen.findByRole('dialog')).textContent).toContain('System is busy, please try again later.');
    expect(server.calls).toBe(1);
  });
});
