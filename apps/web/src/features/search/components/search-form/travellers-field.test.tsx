import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { type Travellers, TravellersField } from './travellers-field';

function Harness({ initial }: { initial: Travellers }) {
  const [value, setValue] = useState(initial);
  return <TravellersField id="t" value={value} onChange={setValue} />;
}

async function open(initial: Travellers = { adults: 1, children: 0, infants: 0 }) {
  const user = userEvent.setup();
  render(<Harness initial={initial} />);
  await user.click(screen.getByTestId('travellers-button'));
  await screen.findByTestId('travellers-panel');
  return user;
}

const count = (kind: string) => screen.getByTestId(`${kind}-count`).textContent;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('travellers', () => {
  it('counts every click, even two that land before the panel shows the first', async () => {
    await open();
    const add = button('Add a child');
    act(() => {
      add.click();
      add.click();
      add.click();
    });
    // The third click would break the two-children rule, so it changes nothing.
    expect(count('children')).toBe('2');
  });

  it('keeps at least one adult', async () => {
    await open();
    expect(button('Remove an adult').disabled).toBe(true);
  });

  it('lets each adult bring at most two children and says so at the limit', async () => {
    const user = await open();
    await user.click(button('Add a child'));
    await user.click(button('Add a child'));
    expect(count('children')).toBe('2');
    expect(button('Add a child').disabled).toBe(true);
    expect(screen.getByTestId('children-note').textContent).toBe('Each adult may bring at most two children.');
    await user.click(button('Add an adult'));
    expect(button('Add a child').disabled).toBe(false);
    expect(screen.queryByTestId('children-note')).toBeNull();
  });

  it('lets each adult bring one infant, and keeps an adult who has one', async () => {
    const user = await open();
    await user.click(button('Add an infant'));
    expect(button('Add an infant').disabled).toBe(true);
    expect(screen.getByTestId('infants-note').textContent).toBe('Each adult may bring at most one infant.');
    await user.click(button('Add an adult'));
    await user.click(button('Add an infant'));
    expect(button('Remove an adult').disabled).toBe(true);
  });

  it('stops at nine travellers with the delete-one-first message', async () => {
    const user = await open({ adults: 7, children: 1, infants: 0 });
    expect(screen.queryByTestId('travellers-limit')).toBeNull();
    await user.click(button('Add an adult'));
    expect(screen.getByTestId('travellers-button').textContent).toBe('9 travellers');
    expect(screen.getByTestId('travellers-limit').textContent).toContain(
      'At most 9 travellers can book together. Please delete one passenger first.',
    );
    for (const name of ['Add an adult', 'Add a child', 'Add an infant']) expect(button(name).disabled).toBe(true);
  });
});
