import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MessageDialogProvider, type MessageOptions, useMessageDialog } from './message-dialog';

function Trigger({ options }: { options: MessageOptions }) {
  const { showMessage } = useMessageDialog();
  return (
    <button type="button" onClick={() => showMessage(options)}>
      open
    </button>
  );
}

function setup(options: MessageOptions) {
  const goHome = vi.fn();
  const reload = vi.fn();
  render(
    <MessageDialogProvider goHome={goHome} reload={reload}>
      <Trigger options={options} />
    </MessageDialogProvider>,
  );
  return { goHome, reload, user: userEvent.setup() };
}

describe('message dialog', () => {
  it('REFRESH reruns with the returned params through its handler', async () => {
    const onRefresh = vi.fn();
    const { user, reload } = setup({ type: 'REFRESH', content: 'Price changed', onRefresh });
    await user.click(screen.getByText('open'));
    // The first dialog loads Ant Design: seconds on a busy machine.
    expect(await screen.findByText('Price changed', {}, { timeout: 45_000 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(onRefresh).toHaveBeenCalledOnce();
    expect(reload).not.toHaveBeenCalled();
  });

  it('TO_HOMEPAGE goes to the home page', async () => {
    const { user, goHome } = setup({ type: 'TO_HOMEPAGE', content: 'Your results have expired.' });
    await user.click(screen.getByText('open'));
    await user.click(await screen.findByRole('button', { name: 'Home page' }));
    expect(goHome).toHaveBeenCalledOnce();
  });

  it('CONFIRM only closes', async () => {
    const { user, goHome, reload } = setup({ type: 'CONFIRM', content: 'System is busy' });
    await user.click(screen.getByText('open'));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    expect(goHome).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('the default type reloads the page', async () => {
    const { user, reload } = setup({ content: 'Something changed' });
    await user.click(screen.getByText('open'));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    expect(reload).toHaveBeenCalledOnce();
  });
});
