import { randomUUID } from 'node:crypto';
import {
  apiErrorSchema,
  type BookingExtrasInput,
  type BookingOffer,
  bookingOfferSchema,
  checkParty,
  type PassengerInput,
  type PullResponse,
  passengerSchema,
  priceOrder,
  type SearchCriteriaInput,
  type SearchResult,
} from '@junction/domain';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from './harness';
import { accountMaker } from './support/accounts';

/** An ID card number with a valid checksum for a date of birth (`yyyymmdd`) and a sequence. */
export function idNumber(birth: string, seq: string): string {
  const first17 = `110101${birth}${seq}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((s, d, i) => s + Number(d) * (weights[i] ?? 0), 0);
  return first17 + '10X98765432'[sum % 11];
}

let seq = 100;
/** A traveller with an ID card born on a day (`yyyy-mm-dd`). */
export function traveller(name: string, birthDate: string, extra: Partial<PassengerInput> = {}): PassengerInput {
  return {
    chineseName: name,
    nationality: 'CN',
    documents: [{ type: 'B', number: idNumber(birthDate.replaceAll('-', ''), String(seq++).padStart(3, '0')) }],
    ...extra,
  };
}

const fromBeijing = (date: string, destination = 'SHA') => ({
  departure: 'BJS',
  destination,
  departure_date: date,
  departureName: '北京',
  destinationName: '上海',
});

/** A one-way search from Beijing (to Shanghai unless told), on 10 December 2026 unless told. */
export const beijingShanghai = (mode: 'flight' | 'train' | 'all', date = '2026/12/10', destination = 'SHA') => ({
  type: 1 as const,
  mode,
  legs: [fromBeijing(date, destination)],
});

/** The same journey there and back, returning on `back`. */
export const beijingShanghaiReturn = (mode: 'flight' | 'train' | 'all', date: string, back: string) => ({
  type: 2 as const,
  mode,
  legs: [{ ...fromBeijing(date), return_date: back }],
});

export const errorOf = (res: LightMyRequestResponse) => apiErrorSchema.parse(res.json());

/** Acts on one app as travellers do: sign up, save travellers, search, and book. */
export function bookingClient(t: TestApp) {
  const signUp = accountMaker(t, '1370013', 77);
  const self = {
    /** The mobile number of the last account signed up (its password is travel2026). */
    lastMobile: '',
    async signUp(): Promise<string> {
      const { cookie, mobile } = await signUp();
      self.lastMobile = mobile;
      return cookie;
    },
    async save(cookie: string, input: PassengerInput) {
      const res = await t.app.inject({ method: 'POST', url: '/api/passenger', payload: input, headers: { cookie } });
      expect(res.statusCode, res.body).toBe(200);
      const p = passengerSchema.parse(res.json());
      return { passengerId: p.id, documentId: (p.documents[0] as { id: string }).id, birthDate: p.birthDate };
    },
    async search(criteria: SearchCriteriaInput): Promise<{ searchId: string; results: SearchResult[] }> {
      const started = await t.app.inject({ method: 'POST', url: '/api/v2/search', payload: criteria });
      expect(started.statusCode, started.body).toBe(200);
      const { searchId } = started.json() as { searchId: string };
      const byId = new Map<string, SearchResult>();
      let cursor = 0;
      // Until the search is done, however long a busy machine takes over a door-to-door timetable: the
      // test's own limit bounds it, never a count of pulls.
      for (let done = false; !done; ) {
        const res = await t.app.inject({ method: 'POST', url: '/api/v2/pull', payload: { searchId, cursor } });
        const body = res.json() as PullResponse;
        for (const r of body.results) byId.set(r.id, r);
        cursor = body.cursor;
        done = body.done;
        if (!done) await new Promise((r) => setTimeout(r, 30));
      }
      return { searchId, results: [...byId.values()] };
    },
    offer: (cookie: string, searchId: string, resultId: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/booking/offer?${new URLSearchParams({ searchId, resultId })}`,
        headers: { cookie },
      }),
    async offerOf(cookie: string, searchId: string, resultId: string): Promise<BookingOffer> {
      const res = await self.offer(cookie, searchId, resultId);
      expect(res.statusCode, res.body).toBe(200);
      return bookingOfferSchema.parse(res.json());
    },
    create: (cookie: string, body: unknown, key: string | null = randomUUID()) =>
      t.app.inject({
        method: 'POST',
        url: '/api/order',
        payload: body as object,
        headers: { cookie, ...(key === null ? {} : { 'idempotency-key': key }) },
      }),
    get: (cookie: string, id: string) =>
      t.app.inject({ method: 'GET', url: `/api/order?id=${id}`, headers: { cookie } }),
    list: (cookie: string, query = '') =>
      t.app.inject({ method: 'GET', url: `/api/orders${query}`, headers: { cookie } }),
    cancel: (cookie: string, id: string) =>
      t.app.inject({ method: 'POST', url: '/api/order/cancel', payload: { id }, headers: { cookie } }),
  };
  return self;
}

export const CONTACT = { name: '张伟', phoneCountry: 'CN', phone: '13800138000', email: 'zhang.wei@example.com' };

/** The body the booking page sends: the travellers, the extras, and the price it showed (the domain's). */
export function orderBody(
  offer: BookingOffer,
  searchId: string,
  travellers: { passengerId: string; documentId: string; birthDate: string; railSeat?: boolean }[],
  extras: BookingExtrasInput = {},
  contact = CONTACT,
  railTicketing: 'online' | 'offline' = offer.railTicketing.way,
) {
  const full = { rail: extras.rail?.map((r) => ({ seats: [], bunks: [], ...r })) ?? [], baggage: extras.baggage ?? [] };
  const party = checkParty(
    travellers.map((x) => ({ birthDate: x.birthDate, railSeat: x.railSeat })),
    offer.trip,
  );
  const priced = party.ok
    ? priceOrder({
        result: offer.result,
        types: party.types,
        extras: full,
        railServiceFeeMinor: offer.railServiceFeeMinor,
        railServiceFeeOf: (leg) => {
          const fees = offer.railTicketing.legs.find((l) => l.leg === leg);
          return (railTicketing === 'online' ? fees?.onlineFeeMinor : fees?.offlineFeeMinor) ?? 0;
        },
      })
    : undefined;
  return {
    searchId,
    resultId: offer.result.id,
    travellers: travellers.map((x) => ({
      passengerId: x.passengerId,
      documentId: x.documentId,
      railSeat: x.railSeat ?? false,
    })),
    contact,
    extras: full,
    railTicketing,
    expected: {
      totalMinor: priced?.breakdown.totalMinor ?? 0,
      baggageMinor: priced?.breakdown.extras.find((e) => e.kind === 'baggage')?.totalMinor ?? 0,
    },
  };
}
