import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import {
  type BookingOffer,
  checkParty,
  priceOrder,
  type SearchCriteria,
  type SearchResult,
} from '../packages/domain/src/index';
import { newMobile, smsCode } from './outbox';
import { type Lang, text } from './support';

export const PASSWORD = 'travel2026';
const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '/');

/** An ID card number with a valid checksum for a date of birth. */
function idNumber(birth: string): string {
  const seq = String(100 + Math.floor(Math.random() * 800));
  const first17 = `110101${birth.replaceAll('-', '')}${seq}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((s, d, i) => s + Number(d) * (weights[i] ?? 0), 0);
  return first17 + '10X98765432'[sum % 11];
}

/** A new account, registered through the API, then signed in on the login page. */
export async function signedInTraveller(page: Page, lang: Lang): Promise<string> {
  const mobile = newMobile();
  await page.request.post('/code', { data: { type: 'mobile', target: mobile, country: 'CN', purpose: 'register' } });
  const code = await smsCode(`+86${mobile}`);
  const reg = await page.request.post('/register', {
    data: { type: 'mobile', target: mobile, country: 'CN', password: PASSWORD, code },
  });
  expect(reg.ok(), await reg.text()).toBe(true);
  await page.context().clearCookies({ name: 'sid' });
  await page.goto('/login');
  const form = page.getByTestId('login-form');
  await form.getByPlaceholder(text(lang, 'account', 'login.accountPlaceholder')).fill(mobile);
  await form.getByLabel(text(lang, 'account', 'login.password')).fill(PASSWORD);
  await form.getByRole('button', { name: text(lang, 'account', 'login.submit'), exact: true }).click();
  await expect(page.getByTestId('account-menu')).toBeVisible();
  return mobile;
}

function criteria(mode: 'flight' | 'train' | 'all', days: number): SearchCriteria {
  return {
    type: 1,
    cabin: 'Y',
    adults: 1,
    children: 0,
    infants: 0,
    sort: 'best',
    mode,
    flexDays: 0,
    filters: {},
    legs: [
      {
        departure: 'BJS',
        destination: 'SHA',
        departure_date: inDays(days),
        departure_only_airport: false,
        destination_only_airport: false,
        departureName: 'Beijing',
        destinationName: 'Shanghai',
      },
    ],
  };
}

/**
 * Books a nonstop Beijing–Shanghai flight (or a train, or a door-to-door plan: metro or taxi rides around
 * one flight) for one adult through the API; answers the order.
 */
export async function bookTrip(
  page: Page,
  mode: 'flight' | 'train' | 'mix' = 'flight',
  days = 21,
): Promise<{ id: string; orderNumber: string }> {
  const saved = await page.request.post('/api/passenger', {
    data: {
      chineseName: '张伟',
      nationality: 'CN',
      phoneCountry: 'CN',
      phone: '13800138000',
      documents: [{ type: 'B', number: idNumber('1985-03-02') }],
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const passenger = (await saved.json()) as { id: string; documents: { id: string }[]; birthDate: string };
  const started = await page.request.post('/api/v2/search', {
    data: criteria(mode === 'mix' ? 'all' : mode, days),
  });
  const { searchId } = (await started.json()) as { searchId: string };
  const results: SearchResult[] = [];
  let cursor = 0;
  for (let i = 0; i < 300; i++) {
    const res = await page.request.post('/api/v2/pull', { data: { searchId, cursor } });
    const body = (await res.json()) as { results: SearchResult[]; cursor: number; done: boolean };
    results.push(...body.results);
    cursor = body.cursor;
    if (body.done) break;
    await page.waitForTimeout(200);
  }
  const result =
    mode === 'flight'
      ? results.find((r) => r.kind === 'flight' && r.agent === 'own' && r.legs.length === 1)
      : mode === 'train'
        ? results.find((r) => r.kind === 'train' && r.legs.length === 1 && !r.legs[0]?.soldOut)
        : results.find(
            (r) =>
              r.kind === 'mix' &&
              r.legs.filter((l) => l.kind === 'air').length === 1 &&
              r.legs.every((l) => l.kind === 'air' || l.kind === 'subway' || l.kind === 'taxi'),
          );
  if (!result) throw new Error(`no ${mode} to book`);
  const offerRes = await page.request.get(
    `/api/booking/offer?${new URLSearchParams({ searchId, resultId: result.id })}`,
  );
  expect(offerRes.ok(), await offerRes.text()).toBe(true);
  const offer = (await offerRes.json()) as BookingOffer;
  const party = checkParty([{ birthDate: passenger.birthDate }], offer.trip);
  if (!party.ok) throw new Error('party refused');
  const extras = { rail: [], baggage: [] };
  const priced = priceOrder({
    result: offer.result,
    types: party.types,
    extras,
    railServiceFeeMinor: offer.railServiceFeeMinor,
  });
  const created = await page.request.post('/api/order', {
    headers: { 'idempotency-key': randomUUID() },
    data: {
      searchId,
      resultId: result.id,
      travellers: [{ passengerId: passenger.id, documentId: passenger.documents[0]?.id, railSeat: false }],
      contact: { name: '张伟', phoneCountry: 'CN', phone: '13800138000', email: 'zhang.wei@example.com' },
      extras,
      expected: { totalMinor: priced.breakdown.totalMinor, baggageMinor: 0 },
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return (await created.json()) as { id: string; orderNumber: string };
}
