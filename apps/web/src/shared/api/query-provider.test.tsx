import { defineEndpoint, okSchema } from '@junction/domain';
import { useMutation } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { unauthorizedEvents } from '../auth/auth-events';
import { FormError } from '../ui/form-error';
import { MessageDialogProvider } from '../ui/message-dialog';
import { callApi } from './api-client';
import { QueryProvider } from './query-provider';

const save = defineEndpoint({ method: 'POST', path: '/api/test/save', response: okSchema });

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
