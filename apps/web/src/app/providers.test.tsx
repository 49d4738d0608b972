import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderApp, stubApi } from '../testing/render-app';

afterEach(() => vi.unstubAllGlobals());

describe('app start (spec §3)', () => {
  it('loads the holiday calendar and the currency table before any page asks for them', async () => {
    const calls = stubApi({
      'GET /forestage/calendar.json': () => json({ years: {}, days: {} }),
      'GET /api/currencies': () => json({ data: [], rates: { date: '2026-09-29', rates: {} } }),
    });
    renderApp([{ path: '/', element: <p>a page that needs no reference data</p> }]);
    await waitFor(() => {
      const paths = calls.map((c) => c.path);
      expect(paths).toContain('/forestage/calendar.json');
      expect(paths).toContain('/api/currencies');
    });
  });
});
