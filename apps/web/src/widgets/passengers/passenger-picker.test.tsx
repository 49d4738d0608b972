import type { Passenger, PassengerPage } from '@junction/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderApp, stubApi } from '../../testing/render-app';
import { PassengerPicker, type PassengerPickerProps } from './passenger-picker';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

const base: Passenger = {
  id: '6f0d1c1e-8c53-4f57-8f4a-7e4f2b1f5c11',
  chineseName: '张伟',
  surname: 'ZHANG',
  givenNames: 'WEI',
  middleName: null,
  birthDate: '1990-01-01',
  gender: 'MALE',
  nationality: 'CN',
  phoneCountry: 'CN',
  phone: '13800138000',
  email: null,
  documents: [
    {
      id: '6f0d1c1e-8c53-4f57-8f4a-7e4f2b1f5c21',
      type: 'A',
      numberMasked: 'E1****678',
      expiryDate: '2031-01-01',
      issuingCountry: 'CN',
    },
  ],
  railStatus: 'PRE_VERIFIED',
  railCheckedAt: null,
  updatedAt: '2026-11-26T00:00:00.000Z',
};
const onlyId: Passenger = {
  ...base,
  id: '6f0d1c1e-8c53-4f57-8f4a-7e4f2b1f5c12',
  chineseName: '李娜',
  surname: null,
  givenNames: null,
  documents: [
    {
      id: '6f0d1c1e-8c53-4f57-8f4a-7e4f2b1f5c22',
      type: 'B',
      numberMasked: '1101**********002X',
      expiryDate: null,
      issuingCountry: null,
    },
  ],
};
const page: PassengerPage = { items: [base, onlyId], total: 2, saved: 2, limit: 50, page: 1, pageSize: 100 };

function Harness(props: Pick<PassengerPickerProps, 'route'> & { onPick: (ids: string[]) => void }) {
  const [value, setValue] = useState<string[]>([]);
  return (
    <PassengerPicker
      route={props.route}
      value={value}
      onChange={(ids) => {
        setValue(ids);
        props.onPick(ids);
      }}
    />
  );
}

describe('the traveller picker', () => {
  it.each(['en', 'zh-CN'] as const)(
    'lets only travellers the route accepts be chosen, and says why (%s)',
    async (language) => {
      stubApi({ 'GET /api/passengers': () => json(page) });
      const picked = vi.fn();
      renderApp([{ path: '/', element: <Harness route={{ international: true, rail: false }} onPick={picked} /> }], {
        language,
      });
      const t = i18next.getFixedT(language, 'passengers');
      const items = await screen.findAllByTestId('picker-item');
      expect(items).toHaveLength(2);
      const [zhang, li] = items as [HTMLElement, HTMLElement];
      expect(within(li).getByRole('checkbox')).toHaveProperty('disabled', true);
      expect(within(li).getByTestId('picker-reasons').textContent).toBe(
        `${t('picker.blockers.noUsableDocument')} · ${t('picker.blockers.needEnglishName')}`,
      );
      await userEvent.click(within(zhang).getByRole('checkbox'));
      expect(picked).toHaveBeenLastCalledWith([base.id]);
      expect(screen.getByText(t('picker.selected', { count: 1, max: 9 }))).toBeTruthy();
    },
  );

  it('accepts the ID-card holder for a train at home', async () => {
    stubApi({ 'GET /api/passengers': () => json(page) });
    const picked = vi.fn();
    renderApp([{ path: '/', element: <Harness route={{ international: false, rail: true }} onPick={picked} /> }]);
    const items = await screen.findAllByTestId('picker-item');
    expect(items.map((i) => within(i).queryByTestId('picker-reasons'))).toEqual([null, null]);
  });
});
