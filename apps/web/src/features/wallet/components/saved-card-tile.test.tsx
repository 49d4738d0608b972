import type { SavedCard } from '@junction/domain';
import { screen, waitFor } from '@testing-library/react';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { json, renderApp, stubApi } from '../../../testing/render-app';
import { billingParts, SavedCardTile } from './saved-card-tile';

/** The parts as the tile reads, on one line. */
const billingLine = (b: SavedCard['billing'], countryName: (code: string) => string | undefined) =>
  billingParts(b, countryName)
    .map((p) => p.text)
    .join(', ');

const card = (billing: Partial<SavedCard['billing']> = {}): SavedCard => ({
  id: '00000000-0000-4000-8000-0000000000a1',
  brand: 'visa',
  last4: '4242',
  numberMasked: '•••• •••• •••• 4242',
  name: 'ZHANG WEI',
  expMonth: 12,
  expYear: 2029,
  description: '',
  expired: false,
  lockedUntil: null,
  createdAt: '2026-12-01T09:00:00+08:00',
  billing: {
    line1: '1 Jianguomenwai Avenue',
    line2: '',
    city: 'Beijing',
    region: 'Beijing',
    zip: '100004',
    country: 'CN',
    phoneMasked: '+86 138****8000',
    ...billing,
  },
});

const countries = [
  { code: 'CN', nameEn: 'China', nameZh: '中国', phoneCode: '86', flag: '🇨🇳' },
  { code: 'US', nameEn: 'United States', nameZh: '美国', phoneCode: '1', flag: '🇺🇸' },
];

describe('a saved card’s billing address', () => {
  it.each([
    ['en', '1 Jianguomenwai Avenue, Beijing, 100004, China'],
    ['zh-CN', '1 Jianguomenwai Avenue, Beijing, 100004, 中国'],
  ] as const)(
    'names the country in the reader’s language and a region the same as its city once (%s)',
    async (language, line) => {
      stubApi({ 'GET /api/countries': () => json({ data: countries }) });
      renderApp([{ path: '/', element: <SavedCardTile card={card()} onEdit={() => {}} onDelete={() => {}} /> }], {
        language,
      });
      await waitFor(() => expect(screen.getByTestId('card-address').textContent?.trim()).toBe(line));
      expect(screen.getByTestId('saved-card').textContent).not.toContain(', CN');
    },
  );

  it('keeps a region other than the city, and shows the code while the names load', () => {
    const b = card({ city: 'Palo Alto', region: 'California', zip: '94301', country: 'US', line2: 'Suite 5' }).billing;
    expect(billingLine(b, () => undefined)).toBe('1 Jianguomenwai Avenue, Suite 5, Palo Alto, California, 94301, US');
    expect(billingLine(b, (code) => (code === 'US' ? 'United States' : undefined))).toBe(
      '1 Jianguomenwai Avenue, Suite 5, Palo Alto, California, 94301, United States',
    );
  });

  it('never drops a part of the address but a region equal to the city', () => {
    const part = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim() !== '' && !s.includes(','));
    fc.assert(
      fc.property(part, part, part, part, (line1, city, region, zip) => {
        const b = card({ line1, city, region, zip, country: 'CN' }).billing;
        const parts = billingLine(b, () => '中国').split(', ');
        const same = region.trim().toLowerCase() === city.trim().toLowerCase();
        expect(parts).toEqual(same ? [line1, city, zip, '中国'] : [line1, city, region, zip, '中国']);
      }),
    );
  });
});
