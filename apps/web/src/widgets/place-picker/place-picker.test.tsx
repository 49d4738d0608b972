import type { Place } from '@junction/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PreferencesProvider } from '../../shared/lib/preferences';
import { type PickedPlace, PlacePair } from './place-picker';

const child = (id: number, kind: 'airport' | 'station', code: string, en: string, zh: string) => ({
  id,
  kind,
  placeCode: '0000',
  name: en,
  nameEn: en,
  nameZh: zh,
  code,
  placeId: 1,
  lat: 0,
  lon: 0,
});

const city = (id: number, code: string, en: string, zh: string, children: ReturnType<typeof child>[] = []): Place => ({
  id,
  kind: 'city',
  placeCode: '0001',
  name: en,
  nameEn: en,
  nameZh: zh,
  city_code: code,
  code,
  country: 'CN',
  countryName: 'China',
  timeZone: 'Asia/Shanghai',
  lat: 0,
  lon: 0,
  places: children,
  airports: children.filter((c) => c.kind === 'airport'),
});

const BEIJING = city(1, 'BJS', 'Beijing', '北京', [
  child(11, 'airport', 'PEK', 'Beijing Capital International Airport', '北京首都国际机场'),
  child(12, 'station', 'VNP', 'Beijing South', '北京南'),
]);
const SHANGHAI = city(2, 'SHA', 'Shanghai', '上海');

function serve(handler: (url: URL) => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => handler(new URL(input, 'http://localhost'))),
  );
}
const json = (data: unknown) => new Response(JSON.stringify(data), { headers: { 'content-type': 'application/json' } });

function renderPair(
  onChange: (pair: { from?: PickedPlace; to?: PickedPlace }) => void,
  initial: { from?: PickedPlace; to?: PickedPlace } = {},
  language: 'en' | 'zh-CN' = 'en',
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PreferencesProvider initial={{ language, currency: 'CNY', showOriginalCurrency: false }}>
        <PlacePair from={initial.from} to={initial.to} onChange={onChange} />
      </PreferencesProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('place picker', () => {
  it('offers popular cities before anything is typed', async () => {
    serve((url) => json({ data: url.pathname === '/api/place/popular' ? [BEIJING, SHANGHAI] : [] }));
    renderPair(() => {});
    await userEvent.click(screen.getAllByRole('combobox')[0] as HTMLElement);
    expect(await screen.findByText('Popular cities')).toBeTruthy();
    expect(screen.getByText('Shanghai')).toBeTruthy();
  });

  it('groups airports and stations under their city; a city means any of them, a station only itself', async () => {
    serve((url) => json({ data: url.searchParams.get('keyword') === 'bei' ? [BEIJING] : [] }));
    const onChange = vi.fn();
    renderPair(onChange);
    const from = screen.getAllByRole('combobox')[0] as HTMLElement;
    await userEvent.click(from);
    await userEvent.type(from, 'bei');
    expect(await screen.findByText('Beijing South')).toBeTruthy();
    expect(screen.getByText('北京南')).toBeTruthy();
    // An airport shows its code; a station says it is a station, never its railway telecode.
    const south = screen.getByText('Beijing South').closest('[data-place-kind]') as HTMLElement;
    expect(south.textContent).toContain('Station');
    expect(south.textContent).not.toContain('VNP');
    expect(screen.getByText('PEK')).toBeTruthy();
    await userEvent.click(screen.getByText('Beijing Capital International Airport'));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const picked = onChange.mock.calls.at(-1)?.[0].from as PickedPlace;
    expect(picked).toMatchObject({ id: 11, kind: 'airport', code: 'PEK', cityCode: 'BJS', onlyThis: true });
  });

  it('picks a whole city', async () => {
    serve(() => json({ data: [BEIJING] }));
    const onChange = vi.fn();
    renderPair(onChange);
    const from = screen.getAllByRole('combobox')[0] as HTMLElement;
    await userEvent.click(from);
    await userEvent.type(from, 'bj');
    await screen.findByText('Beijing South');
    await userEvent.click(screen.getByText('Beijing', { exact: true }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onChange.mock.calls.at(-1)?.[0].from).toMatchObject({ id: 1, kind: 'city', onlyThis: false });
  });

  it('offers addresses and landmarks in their own group, first when they match best, and picks a door by its point', async () => {
    const wangfujing = {
      kind: 'business',
      name: 'Wangfujing',
      nameEn: 'Wangfujing',
      nameZh: '王府井',
      cityName: 'Beijing',
      cityCode: 'BJS',
      country: 'CN',
      lat: 39.9125,
      lon: 116.4105,
    };
    serve(() => json({ data: [BEIJING], doors: [wangfujing], doorsFirst: true }));
    const onChange = vi.fn();
    renderPair(onChange);
    const from = screen.getAllByRole('combobox')[0] as HTMLElement;
    await userEvent.click(from);
    await userEvent.type(from, 'wangfujing');
    const group = await screen.findByText('Addresses and landmarks');
    // The group comes before the cities when a door matches better.
    expect(
      group.compareDocumentPosition(screen.getByText('Beijing South')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(screen.getByText('Business district')).toBeTruthy();
    await userEvent.click(screen.getByText('Wangfujing'));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const picked = onChange.mock.calls.at(-1)?.[0].from as PickedPlace;
    expect(picked).toMatchObject({ kind: 'door', name: 'Wangfujing', cityCode: 'BJS', onlyThis: true });
    expect(picked.names).toEqual({ en: 'Wangfujing', 'zh-CN': '王府井' });
    expect(picked.door).toEqual({ lat: 39.9125, lon: 116.4105 });
    expect(picked.id).toBeLessThan(0);
  });

  it('shows a door by its name in the site language when both are known, else by the name it has', async () => {
    serve(() => json({ data: [] }));
    const door = {
      id: -5,
      kind: 'door' as const,
      code: '',
      cityCode: 'BJS',
      onlyThis: true,
      door: { lat: 39.9125, lon: 116.4105 },
    };
    const { unmount } = renderPair(
      () => {},
      { from: { ...door, name: 'Wangfujing', names: { en: 'Wangfujing', 'zh-CN': '王府井' } } },
      'zh-CN',
    );
    expect(screen.getByText('王府井')).toBeTruthy();
    expect(screen.queryByText('Wangfujing')).toBeNull();
    unmount();
    renderPair(() => {}, { from: { ...door, name: '北京市东城区王府井大街138号' } }, 'en');
    expect(screen.getByText('北京市东城区王府井大街138号')).toBeTruthy();
  });

  it('treats a failed search as no match', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    serve(() => new Response('{"errorCode":5000,"errorContent":"down"}', { status: 500 }));
    renderPair(() => {});
    const from = screen.getAllByRole('combobox')[0] as HTMLElement;
    await userEvent.click(from);
    await userEvent.type(from, 'xyz');
    expect(await screen.findByText('No matching city, airport, station or address')).toBeTruthy();
    expect(warn).toHaveBeenCalled();
  });

  it('swaps origin and destination', async () => {
    serve(() => json({ data: [] }));
    const onChange = vi.fn();
    const from: PickedPlace = { id: 1, kind: 'city', name: 'Beijing', code: 'BJS', cityCode: 'BJS', onlyThis: false };
    const to: PickedPlace = { id: 2, kind: 'city', name: 'Shanghai', code: 'SHA', cityCode: 'SHA', onlyThis: false };
    renderPair(onChange, { from, to });
    await userEvent.click(screen.getByRole('button', { name: 'Swap origin and destination' }));
    expect(onChange).toHaveBeenCalledWith({ from: to, to: from });
  });
});
