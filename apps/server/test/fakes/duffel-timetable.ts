import { DuffelFake, type FakeAirport, type FakeFlight } from './duffel-fake';

/** The fake Duffel account of the tests: airports of Beijing, Seoul and Tokyo, and a few daily flights in dollars. */
export const DUFFEL_AIRPORTS: FakeAirport[] = [
  {
    iata: 'PEK',
    city: 'BJS',
    name: 'Beijing Capital International Airport',
    tz: 'Asia/Shanghai',
    lat: 40.0801,
    lon: 116.5846,
    country: 'CN',
  },
  {
    iata: 'ICN',
    city: 'SEL',
    name: 'Incheon International Airport',
    tz: 'Asia/Seoul',
    lat: 37.4691,
    lon: 126.451,
    country: 'KR',
  },
  {
    iata: 'NRT',
    city: 'TYO',
    name: 'Narita International Airport',
    tz: 'Asia/Tokyo',
    lat: 35.772,
    lon: 140.3929,
    country: 'JP',
  },
];

const flight = (
  f: Partial<FakeFlight> & Pick<FakeFlight, 'number' | 'from' | 'to' | 'departs' | 'minutes' | 'adultMinor'>,
): FakeFlight => ({
  carrier: 'KE',
  carrierName: 'Korean Air',
  refund: { allowed: true, penaltyMinor: 5000 },
  change: { allowed: true, penaltyMinor: 3000 },
  bagMinor: 4500,
  ...f,
});

export const DUFFEL_FLIGHTS: FakeFlight[] = [
  flight({
    number: '852',
    from: 'PEK',
    to: 'ICN',
    departs: '09:40',
    minutes: 125,
    adultMinor: 21_000,
    seatMinor: 1200,
  }),
  flight({
    number: '854',
    from: 'PEK',
    to: 'ICN',
    departs: '16:20',
    minutes: 125,
    adultMinor: 18_500,
    refund: { allowed: false, penaltyMinor: 0 },
  }),
  flight({ number: '851', from: 'ICN', to: 'PEK', departs: '12:05', minutes: 140, adultMinor: 19_000 }),
  flight({ number: '705', from: 'ICN', to: 'NRT', departs: '13:30', minutes: 135, adultMinor: 16_000 }),
];

export const DUFFEL_TEST_TOKEN = 'duffel_test_junction';

/** The fake Duffel of the tests' account: its token, prices in dollars, and the airports and flights above. */
export const duffelTestFake = () =>
  new DuffelFake({ token: DUFFEL_TEST_TOKEN, currency: 'USD', airports: DUFFEL_AIRPORTS, flights: DUFFEL_FLIGHTS });
