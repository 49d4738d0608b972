import { type Country, CURRENCIES, type CurrencyInfo } from '@junction/domain';
import { readCsv, readDat, readJson } from './sources';

type WorldCountry = {
  cca2: string;
  name: { common: string };
  idd: { root?: string; suffixes?: string[] };
  flag: string;
  translations: { zho?: { common: string } };
};

/** Names Chinese sites use for these regions, where the data's common names differ. */
const ZH_OVERRIDES: Record<string, string> = { HK: '中国香港', MO: '中国澳门', TW: '中国台湾' };
const EN_OVERRIDES: Record<string, string> = { MO: 'Macao', TW: 'Taiwan, China' };

/** Countries with their calling codes (spec §3 country list); a code shared by a region keeps its root. */
export function buildCountries(): Country[] {
  return readJson<WorldCountry[]>('raw/world-countries/countries.json')
    .filter((c) => c.idd.root)
    .map((c) => {
      const suffixes = c.idd.suffixes ?? [];
      const phone = suffixes.length === 1 ? `${c.idd.root}${suffixes[0]}` : (c.idd.root ?? '');
      return {
        code: c.cca2,
        nameEn: EN_OVERRIDES[c.cca2] ?? c.name.common,
        nameZh: ZH_OVERRIDES[c.cca2] ?? c.translations.zho?.common ?? c.name.common,
        phoneCode: phone.replace(/^\+/, ''),
        flag: c.flag,
      };
    })
    .sort((a, b) => a.code.localeCompare(b.code));
}

type CldrCurrencies = {
  main: Record<
    string,
    { numbers: { currencies: Record<string, { displayName: string; symbol?: string; 'symbol-alt-narrow'?: string }> } }
  >;
};

/** Symbols written after the amount in their home format. */
const RIGHT_SIDE = new Set(['SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'VND']);
/** A symbol that says which dollar or yuan it is, where CLDR's narrow one is ambiguous. */
const SYMBOL_OVERRIDES: Record<string, string> = {
  CNY: '¥',
  JPY: 'JP¥',
  CAD: 'C$',
  MXN: 'MX$',
  SGD: 'S$',
  ARS: 'AR$',
  MOP: 'MOP$',
  TWD: 'NT$',
};

const CURRENCY_COUNTRY: Record<string, string> = {
  CNY: 'CN',
  USD: 'US',
  EUR: 'EU',
  JPY: 'JP',
  GBP: 'GB',
  AUD: 'AU',
  CAD: 'CA',
  CHF: 'CH',
  HKD: 'HK',
  AED: 'AE',
  ARS: 'AR',
  BRL: 'BR',
  CZK: 'CZ',
  DKK: 'DK',
  IDR: 'ID',
  ILS: 'IL',
  INR: 'IN',
  IRR: 'IR',
  KRW: 'KR',
  MOP: 'MO',
  MXN: 'MX',
  MYR: 'MY',
  NGN: 'NG',
  NOK: 'NO',
  NZD: 'NZ',
  PHP: 'PH',
  PLN: 'PL',
  RUB: 'RU',
  SAR: 'SA',
  SEK: 'SE',
  SGD: 'SG',
  THB: 'TH',
  TRY: 'TR',
  TWD: 'TW',
  VND: 'VN',
  ZAR: 'ZA',
};

/** The 36 display currencies of spec §9 with symbol, side and names (CLDR). */
export function buildCurrencies(): CurrencyInfo[] {
  const en = readJson<CldrCurrencies>('raw/cldr-zh-en/currencies.en.json').main.en?.numbers.currencies ?? {};
  const zh = readJson<CldrCurrencies>('raw/cldr-zh-en/currencies.zh.json').main.zh?.numbers.currencies ?? {};
  return CURRENCIES.map((code) => {
    const e = en[code];
    const symbol = SYMBOL_OVERRIDES[code] ?? e?.symbol ?? code;
    return {
      code,
      symbol: symbol.length <= 4 ? symbol : (e?.['symbol-alt-narrow'] ?? code),
      position: RIGHT_SIDE.has(code) ? 'right' : 'left',
      nameEn: e?.displayName ?? code,
      nameZh: zh[code]?.displayName ?? code,
      country: CURRENCY_COUNTRY[code] ?? '',
    };
  });
}

/** Rates from the CNY snapshot, keyed by pair (`CNY:USD`); inverses and crosses are derived at use. */
export function buildRates(): { date: string; rates: Record<string, number> } {
  const snapshot = readJson<{ date: string; cny: Record<string, number> }>('raw/exchange-rates/cny.json');
  const rates: Record<string, number> = {};
  for (const code of CURRENCIES) {
    if (code === 'CNY') continue;
    const rate = snapshot.cny[code.toLowerCase()];
    if (rate) rates[`CNY:${code}`] = rate;
  }
  return { date: snapshot.date, rates };
}

export type Airline = { code: string; icao: string; nameEn: string; nameZh: string; country: string; color: string };

export function buildAirlines(): Airline[] {
  return readCsv('curated/airlines.csv').map((r) => ({
    code: r.iata ?? '',
    icao: r.icao ?? '',
    nameEn: r.name_en ?? '',
    nameZh: r.name_zh ?? '',
    country: r.country ?? '',
    color: r.color ?? '#1b5fd9',
  }));
}

export type AircraftClass = 'wide-body' | 'narrow-body' | 'regional' | 'turbo-prop';

const CLASS_RULES: [RegExp, AircraftClass][] = [
  [
    /ATR|Dash 8|DHC-8|DHC-6|Q400|MA60|MA600|Saab|Beech|Fokker 50|Twin Otter|Dornier 228|Jetstream|Embraer 120|Cessna|Islander|Xian/i,
    'turbo-prop',
  ],
  [/A30[0-9]|A310|A33|A34|A35|A38|747|767|777|787|DC-10|MD-11|L-1011|Il-86|Il-96/i, 'wide-body'],
  [
    /CRJ|Canadair|ERJ|Embraer 1[79]|Embraer 1[45]|E1[79]|E-?Jet|ARJ|C909|Superjet|SSJ|Avro RJ|BAe 146|Fokker 70|Fokker 100|Dornier 328/i,
    'regional',
  ],
  [/A31[89]|A32[01]|A220|737|757|717|MD-8|MD-9|DC-9|C919|Tu-204|Tu-154|Yak-42|MC-21|Comac/i, 'narrow-body'],
];

/** Aircraft types (IATA code) by class, from the OpenFlights planes list. */
export function buildAircraft(): Record<string, { name: string; class: AircraftClass }> {
  const out: Record<string, { name: string; class: AircraftClass }> = {};
  for (const [name = '', iata = ''] of readDat('raw/openflights/planes.dat')) {
    if (!iata) continue;
    const rule = CLASS_RULES.find(([pattern]) => pattern.test(name));
    if (rule) out[iata] = { name, class: rule[1] };
  }
  return out;
}
