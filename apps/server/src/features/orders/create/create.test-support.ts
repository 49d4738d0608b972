import type { BookingOffer, ResultLeg, SearchResult } from '@junction/domain';
import type { BookingPassenger } from '../ports';

/** Small offers and travellers for the order-creation steps, each tested alone. */
const point = (code: string) => ({ code, name: { en: code, 'zh-CN': code }, kind: 'airport' as const, lat: 0, lon: 0 });
export const cny = (amount: number) => ({ amount, currency: 'CNY' as const });

export const flightLeg = (fare: number): ResultLeg => ({
  kind: 'air',
  carrier: 'CA',
  carrierName: { en: 'Air China', 'zh-CN': '中国国际航空' },
  number: 'CA1501',
  departureTime: '2026-07-15T08:00:00+08:00',
  arrivalTime: '2026-07-15T10:10:00+08:00',
  durationMinutes: 130,
  from: point('PEK'),
  to: point('SHA'),
  price: cny(fare),
  cabin: 'Y',
  separateTicket: false,
  baggage: { carryOn: { pieces: 1, kg: 7 }, checked: { pieces: 1, kg: 20, extraPrice: cny(30_000) } },
});

export const trainLeg = (fare: number, number = 'G1'): ResultLeg => ({
  kind: 'land',
  carrier: 'CR',
  carrierName: { en: 'China Railway', 'zh-CN': '中国铁路' },
  number,
  departureTime: '2026-07-15T09:00:00+08:00',
  arrivalTime: '2026-07-15T13:28:00+08:00',
  durationMinutes: 268,
  from: point('BJP'),
  to: point('SHH'),
  price: cny(fare),
  cabin: 'O',
  trainType: 'G',
  separateTicket: true,
  seats: [
    { code: 'O', price: cny(fare), remaining: 20 },
    { code: 'M', price: cny(fare * 2), remaining: 5 },
  ],
});

export const resultOf = (kind: SearchResult['kind'], legs: ResultLeg[]): SearchResult => ({
  id: 'r',
  kind,
  price: cny(legs.reduce((s, l) => s + l.price.amount, 0)),
  departureTime: legs[0]?.departureTime ?? '',
  arrivalTime: legs.at(-1)?.arrivalTime ?? '',
  durationMinutes: 0,
  transfers: 0,
  date: '2026/07/15',
  legs,
  bounds: [{ start: 0, end: legs.length }],
  agent: 'own',
  sellers: [],
  fees: { cancelBefore: null, cancelAfter: null, changeBefore: null, changeAfter: null, free24h: false },
});

export const domesticTrip = (rail: boolean): BookingOffer['trip'] => ({
  start: '2026-07-15',
  end: '2026-07-15',
  air: !rail,
  rail,
  international: false,
});

export const passenger = (id: string, birthDate: string, doc: Partial<BookingPassenger['documents'][number]> = {}) => ({
  id,
  chineseName: '张伟',
  surname: 'ZHANG',
  givenNames: 'WEI',
  middleName: null,
  birthDate,
  documents: [
    {
      id: `${id}-doc`,
      type: 'B',
      numberSealed: 'sealed',
      numberMasked: '1101**********0015',
      expiryDate: null,
      ...doc,
    },
  ],
});

export const contact = { name: 'Zhang Wei', phoneCountry: 'CN', phone: '13912345678', email: 'zhang@example.com' };
