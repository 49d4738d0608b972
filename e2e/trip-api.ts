import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import {
  type BookingOffer,
  checkParty,
  type Order,
  type PullResponse,
  priceOrder,
  type ResultLeg,
  type SearchCriteria,
  type SearchResult,
} from '../packages/domain/src/index';
import { keepSignedIn, registerUser, routeCriteria, saveTraveller } from './setup';
import type { Lang } from './support';

/** A new account, registered through the API and kept signed in (`keepSignedIn`); answers its mobile number. */
export async function signedInTraveller(page: Page, _lang: Lang): Promise<string> {
  const { mobile, user } = await registerUser(page);
  await keepSignedIn(page, user);
  return mobile;
}

/**
 * Has the simulated airline re-time an order's flight by that many minutes when it issues the ticket,
 * whatever the day; answers the flight as booked.
 */
export async function retimeFlight(page: Page, orderId: string, minutes: number): Promise<ResultLeg> {
  const booked = (await (await page.request.get(`/api/order?id=${orderId}`)).json()) as Order;
  const flight = booked.legs.find((l) => l.kind === 'air');
  if (!flight) throw new Error(`order ${orderId} has no flight to re-time`);
  const announced = await page.request.post('/ticketing-sim/schedule-changes', {
    data: { service: flight.number, date: flight.departureTime.slice(0, 10), minutes },
  });
  expect(announced.ok()).toBe(true);
  return flight;
}

/**
 * Books a nonstop Beijing–Shanghai flight (or a train, or a door-to-door plan: metro or taxi rides around
 * one flight) through the API, for one adult unless told who; answers the order.
 */
export async function bookTrip(
  page: Page,
  mode: 'flight' | 'train' | 'mix' = 'flight',
  days = 21,
  people: { name: string; birth: string }[] = [{ name: '张伟', birth: '1985-03-02' }],
  {
    railTicketing,
    criteria,
    pick,
    choose,
  }: {
    railTicketing?: 'online' | 'offline';
    /** Another search than Beijing–Shanghai, and the result of it to book. */
    criteria?: SearchCriteria;
    pick?: (r: SearchResult) => boolean;
    /** The result to book, chosen among all of them. */
    choose?: (results: SearchResult[]) => SearchResult | undefined;
  } = {},
): Promise<{ id: string; orderNumber: string }> {
  const passengers = [];
  for (const p of people) passengers.push(await saveTraveller(page, p));
  const { searchId, results } = await searchThroughApi(
    page,
    criteria ?? routeCriteria(mode === 'mix' ? 'all' : mode, days),
  );
  const result = choose
    ? choose(results)
    : pick
      ? results.find(pick)
      : mode === 'flight'
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
  // A train ticketed online is ticketed in the traveller's linked rail account.
  if (railTicketing === 'online') expect(offer.railTicketing.link).toBe('active');
  const party = checkParty(
    passengers.map((p) => ({ birthDate: p.birthDate })),
    offer.trip,
  );
  if (!party.ok) throw new Error('party refused');
  const way = railTicketing ?? offer.railTicketing.way;
  const extras = { rail: [], baggage: [] };
  // Trains ticketed the way the offer says, each with its own service fee, as the booking page prices them.
  const priced = priceOrder({
    result: offer.result,
    types: party.types,
    extras,
    railServiceFeeMinor: offer.railServiceFeeMinor,
    railServiceFeeOf: (leg) => {
      const fees = offer.railTicketing.legs.find((l) => l.leg === leg);
      return (way === 'online' ? fees?.onlineFeeMinor : fees?.offlineFeeMinor) ?? 0;
    },
  });
  const created = await page.request.post('/api/order', {
    headers: { 'idempotency-key': randomUUID() },
    data: {
      searchId,
      resultId: result.id,
      travellers: passengers.map((p) => ({ passengerId: p.id, documentId: p.documents[0]?.id, railSeat: false })),
      contact: { name: '张伟', phoneCountry: 'CN', phone: '13800138000', email: 'zhang.wei@example.com' },
      extras,
      ...(railTicketing ? { railTicketing } : {}),
      expected: { totalMinor: priced.breakdown.totalMinor, baggageMinor: 0 },
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return (await created.json()) as { id: string; orderNumber: string };
}

/**
 * Runs a search through the API and pulls its results until the search is done, however long a busy
 * machine takes over it (a door-to-door search may first build a timetable); answers every result.
 */
export async function searchThroughApi(
  page: Page,
  criteria: SearchCriteria,
): Promise<{ searchId: string; results: SearchResult[] }> {
  const started = await page.request.post('/api/v2/search', { data: criteria });
  expect(started.ok(), await started.text()).toBe(true);
  const { searchId } = (await started.json()) as { searchId: string };
  const results: SearchResult[] = [];
  let cursor = 0;
  await expect
    .poll(
      async () => {
        const res = await page.request.post('/api/v2/pull', { data: { searchId, cursor } });
        const body = (await res.json()) as PullResponse;
        results.push(...body.results);
        cursor = body.cursor;
        return body.done;
      },
      { message: 'the search to finish', timeout: 120_000, intervals: [200] },
    )
    .toBe(true);
  return { searchId, results };
}

/** The billing address of the test cards. */
export const BILLING = {
  line1: '1 Jianguomenwai Avenue',
  city: 'Beijing',
  region: 'Beijing',
  country: 'CN',
  zip: '100004',
  phone: '+8613800138000',
};

/** A card given to the card processor as the payment page does; answers the processor's token. */
export async function cardToken(page: Page, number = '4242424242424242'): Promise<string> {
  const expYear = new Date().getFullYear() + 3;
  const res = await page.request.post('/gateway-sim/v1/tokens', {
    data: { number, expMonth: 12, expYear, name: 'ZHANG WEI', cvc: '123', billing: BILLING },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

/** Pays an order by a new card through the API, as the payment page does: the card to the processor, its token to us. */
export async function payByCard(page: Page, orderId: string): Promise<void> {
  const paid = await page.request.post('/api/order/pay', {
    headers: { 'idempotency-key': randomUUID() },
    data: { orderId, method: { kind: 'card', token: await cardToken(page) } },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  expect(((await paid.json()) as { outcome: string }).outcome).toBe('succeeded');
}

/**
 * Tops the wallet up by `amountMinor` through the API, as the wallet page does: a new card saved, then the
 * top-up paid from it with its security code.
 */
export async function topUpWallet(page: Page, amountMinor: number): Promise<void> {
  const card = (await (
    await page.request.post('/api/wallet/card', {
      data: { token: await cardToken(page), name: 'ZHANG WEI', billing: BILLING },
    })
  ).json()) as { id: string };
  const cvc = (await (await page.request.post('/gateway-sim/v1/tokens/cvc', { data: { cvc: '123' } })).json()) as {
    token: string;
  };
  const topUp = await page.request.post('/api/wallet/topup', {
    data: { amount: amountMinor, source: { kind: 'savedCard', cardId: card.id, cvcToken: cvc.token } },
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(((await topUp.json()) as { outcome: string }).outcome).toBe('succeeded');
}

/** Pays an order from the wallet through the API, as the wallet and payment pages would: topped up, then paid. */
export async function payFromWallet(page: Page, orderId: string): Promise<void> {
  const order = (await (await page.request.get(`/api/order?id=${orderId}`)).json()) as {
    payment: { price: { amount: number } };
  };
  await topUpWallet(page, order.payment.price.amount);
  const paid = await page.request.post('/api/order/pay', {
    data: { orderId, method: { kind: 'wallet' } },
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
}

/**
 * Refunds everyone's ticket of an order's first sub-order through the API, as the order page's refund
 * dialog does: the quote asked, then confirmed at its fee.
 */
export async function refundThroughApi(page: Page, orderId: string): Promise<void> {
  const order = (await (await page.request.get(`/api/order?id=${orderId}`)).json()) as { subOrders: { id: string }[] };
  const tickets = { orderId, subOrderId: order.subOrders[0]?.id ?? '' };
  const quote = await page.request.get(`/api/refund/quote?${new URLSearchParams(tickets)}`);
  expect(quote.ok(), await quote.text()).toBe(true);
  const { fee } = (await quote.json()) as { fee: { amount: number } };
  const refund = await page.request.post('/api/refund', { data: { ...tickets, expectedFeeMinor: fee.amount } });
  expect(refund.ok(), await refund.text()).toBe(true);
}

/**
 * The simulated seller processes the order's refunds at once instead of after its usual processing time (which
 * leaves a traveller time to withdraw one): for a test that follows a refund to the money coming back.
 */
export async function settleRefunds(page: Page, orderId: string): Promise<void> {
  const settled = await page.request.post('/ticketing-sim/refunds/settle', { data: { orderId } });
  expect(settled.ok(), await settled.text()).toBe(true);
}
