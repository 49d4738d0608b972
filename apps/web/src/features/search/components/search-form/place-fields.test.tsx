import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BEIJING, SHANGHAI } from '../../../../testing/search-fixtures';
import type { PickedPlace } from '../../../../widgets/place-picker/place-picker';

/**
 * The form's fields as a home page opens them: the light stand-ins, Ant Design's pickers not loaded yet. The
 * files of a worker share their modules, and another may have loaded the pickers: these tests take fresh ones.
 */
async function freshForm() {
  vi.resetModules();
  const [{ PlaceFields }, fields, { PreferencesProvider }] = await Promise.all([
    import('./place-fields'),
    import('./antd-fields'),
    import('../../../../shared/lib/preferences'),
  ]);
  function Places() {
    const [pair, setPair] = useState<{ from?: PickedPlace; to?: PickedPlace }>({ from: BEIJING, to: SHANGHAI });
    return (
      <>
        <PlaceFields from={pair.from} to={pair.to} onChange={setPair} />
        <p data-testid="pair">{`${pair.from?.name} → ${pair.to?.name}`}</p>
      </>
    );
  }
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PreferencesProvider initial={{ language: 'en', currency: 'CNY', showOriginalCurrency: false }}>
        <Places />
      </PreferencesProvider>
    </QueryClientProvider>,
  );
  return fields;
}

const standIns = () => document.querySelectorAll('[data-place-stand-in]').length;

describe('the place fields before their pickers arrive', () => {
  beforeEach(() => {
    // The pickers' place lists come back empty.
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ data: [] }), { headers: { 'content-type': 'application/json' } }),
      ),
    );
    // A press left over from another test would hold the stand-ins.
    fireEvent.pointerUp(window);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keep a press that began on a stand-in: the pickers arriving meanwhile wait for its click', async () => {
    const fields = await freshForm();
    expect(standIns()).toBe(2);
    const swap = screen.getByRole('button', { name: 'Swap origin and destination' });
    fireEvent.pointerDown(swap);
    // The press takes the focus from the field that had it.
    fireEvent.blur(screen.getByRole('combobox', { name: 'From' }));
    await act(() => fields.loadAntdFields());
    expect(standIns(), 'the stand-ins under the press').toBe(2);
    fireEvent.pointerUp(swap);
    fireEvent.click(swap);
    expect(screen.getByTestId('pair').textContent).toBe('Shanghai → Beijing');
    // Then the pickers take the stand-ins' place, with the places as the click left them.
    await vi.waitFor(() => expect(standIns()).toBe(0));
    expect(screen.getByTestId('pair').textContent).toBe('Shanghai → Beijing');
  });

  it('take the stand-ins’ place as soon as they arrive when nothing is pressed', async () => {
    const fields = await freshForm();
    await act(() => fields.loadAntdFields());
    expect(standIns()).toBe(0);
    expect(screen.getAllByRole('combobox', { name: /From|To/ })).toHaveLength(2);
  });
});
