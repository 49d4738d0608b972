import {
  type LegPoint,
  type PullResponse,
  type ResultLeg,
  type SearchCriteria,
  type SearchResult,
  sameInBoth,
} from '@junction/domain';
import type { PickedPlace } from '../widgets/place-picker/place-picker';

/** A place as a picker holds it: a whole city, or only one of its airports. */
export const pickedPlace = (id: number, name: string, cityCode: string, onlyThis = false): PickedPlace => ({
  id,
  kind: onlyThis ? 'airport' : 'city',
  name,
  code: cityCode,
  cityCode,
  onlyThis,
});
export const BEIJING = pickedPlace(9406, 'Beijing', 'BJS');
export const SHANGHAI = pickedPlace(9500, 'Shanghai', 'SHA');
export const PVG = pickedPlace(2950, 'Shanghai Pudong International Airport', 'SHA', true);

/** One adult, one way from Beijing to Shanghai on 1 May 2030, in economy, any mode; the places named if asked. */
export function beijingShanghai({ named = false }: { named?: boolean } = {}): SearchCriteria {
  return {
    type: 1,
    cabin: 'Y',
    adults: 1,
    children: 0,
    infants: 0,
    sort: 'best',
    mode: 'all',
    flexDays: 0,
    filters: {},
    legs: [
      {
        departure: 'BJS',
        destination: 'SHA',
        departure_date: '2030/05/01',
        departure_only_airport: false,
        destination_only_airport: false,
        ...(named ? { departureName: 'Beijing', destinationName: 'Shanghai' } : {}),
      },
    ],
  };
}

const stop = (code: string, en: string, zh: string, kind: LegPoint['kind']): LegPoint => ({
  code,
  name: { en, 'zh-CN': zh },
  kind,
  lat: 0,
  lon: 0,
});

/** A ride of 1 May 2030 between two stops, at local times `HH:mm`. */
function ride(
  kind: 'air' | 'land',
  number: string,
  from: LegPoint,
  to: LegPoint,
  times: [string, string],
  separate = false,
) {
  const [departureTime, arrivalTime] = times.map((hhmm) => `2030-05-01T${hhmm}:00+08:00`) as [string, string];
  return {
    kind,
    carrier: kind === 'air' ? 'MU' : 'CR',
    carrierName:
      kind === 'air' ? { en: 'China Eastern', 'zh-CN': '东方航空' } : { en: 'China Railway', 'zh-CN': '中国铁路' },
    number,
    from,
    to,
    departureTime,
    arrivalTime,
    durationMinutes: Math.round((Date.parse(arrivalTime) - Date.parse(departureTime)) / 60_000),
    price: { amount: 60_000, currency: 'CNY' },
    separateTicket: separate,
    ...(kind === 'land' ? { trainType: 'G', cabin: 'O' } : { cabin: 'Y' }),
  } satisfies ResultLeg;
}

const PEK = stop('PEK', 'Beijing Capital', '北京首都', 'airport');
const SHA_AIRPORT = stop('SHA', 'Shanghai Hongqiao', '上海虹桥', 'airport');
const AOH = stop('AOH', 'Shanghai Hongqiao Station', '上海虹桥站', 'station');
const HGH = stop('HGH', 'Hangzhou East', '杭州东', 'station');

/** A result of these rides on 1 May 2030, sold by us. */
function resultOf(id: string, kind: SearchResult['kind'], legs: ResultLeg[], extra: Partial<SearchResult> = {}) {
  const first = legs[0] as ResultLeg;
  const last = legs.at(-1) as ResultLeg;
  return {
    id,
    kind,
    price: { amount: 120_000, currency: 'CNY' },
    departureTime: first.departureTime,
    arrivalTime: last.arrivalTime,
    durationMinutes: Math.round((Date.parse(last.arrivalTime) - Date.parse(first.departureTime)) / 60_000),
    transfers: legs.length - 1,
    date: '2030/05/01',
    legs,
    bounds: [{ start: 0, end: legs.length }],
    agent: 'own',
    sellers: [],
    fees: { cancelBefore: null, cancelAfter: null, changeBefore: null, changeAfter: null, free24h: false },
    ...extra,
  } satisfies SearchResult;
}

/** A flight to Shanghai on its own ticket, then a train on to Hangzhou: a protected self-transfer of 90 minutes. */
export const SELF_TRANSFER = resultOf(
  'self-transfer',
  'mix',
  [
    ride('air', 'MU5101', PEK, SHA_AIRPORT, ['08:00', '10:15'], true),
    ride('land', 'G7501', AOH, HGH, ['11:45', '12:50']),
  ],
  { agent: 'combined', selfTransferMinutes: 90 },
);

/** The same flight alone, on one ticket: nothing to protect. */
export const ONE_FLIGHT = resultOf('one-flight', 'flight', [
  ride('air', 'MU5101', PEK, SHA_AIRPORT, ['08:00', '10:15']),
]);
/** Beijing to Shanghai and on to Hangzhou by two flights, each on its own ticket. */
export const TWO_FLIGHTS = resultOf('two-flights', 'flight', [
  ride('air', 'MU5101', PEK, SHA_AIRPORT, ['08:00', '10:15'], true),
  ride('air', 'MU5531', SHA_AIRPORT, HGH, ['12:00', '12:50']),
]);

/** Two trains one after the other, each its own ticket. */
export const TWO_TRAINS = resultOf('two-trains', 'train', [
  ride('land', 'G1', PEK, AOH, ['08:00', '12:30']),
  ride('land', 'G7501', AOH, HGH, ['13:45', '14:50']),
]);

/** A leg of a result from one point to another between two times (ISO 8601), free unless told. */
export function resultLeg(
  kind: ResultLeg['kind'],
  from: LegPoint,
  to: LegPoint,
  times: [string, string],
  extra: Partial<ResultLeg> = {},
) {
  const [dep, arr] = times;
  return {
    kind,
    carrier: '',
    carrierName: sameInBoth(''),
    number: '',
    from,
    to,
    departureTime: dep,
    arrivalTime: arr,
    durationMinutes: Math.round((Date.parse(arr) - Date.parse(dep)) / 60_000),
    price: { amount: 0, currency: 'CNY' },
    separateTicket: false,
    ...extra,
  } satisfies ResultLeg;
}

/** A pull's answer: nothing yet of two suppliers, unless told otherwise. */
export const pullResponse = (p: Partial<PullResponse>): PullResponse => ({
  phase: 'pull',
  answered: 0,
  total: 2,
  done: false,
  cursor: 0,
  results: [],
  failed: [],
  withoutCabin: 0,
  ...p,
});
