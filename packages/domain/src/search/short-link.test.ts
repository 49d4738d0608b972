import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDoorLinkToken, formatDoorToken, type LinkDoor, parseDoorLinkToken } from '../places/door';
import { encodePlaceCode } from '../places/place-code';
import type { PlaceTokenLookup } from '../places/place-token';
import { buildCriteria } from './build-criteria';
import { travellerProblem } from './criteria-rules';
import { CABIN_CODES, normalizeCabin } from './search-options';
import { buildShortLink, type ParsedShortLink, parseShortLink, shortLinkOf } from './short-link';

type Place = { id: number; code: string; zh: string };

const PLACES: Place[] = [
  { id: 1, code: 'SHA', zh: '上海' },
  { id: 2, code: 'PEK', zh: '北京' },
  { id: 3, code: 'PKX', zh: '北京大兴' },
  { id: 4, code: 'CAN', zh: '广州' },
  { id: 5, code: 'SZX', zh: '深圳' },
  { id: 6, code: 'NKG', zh: '南京' },
  { id: 7, code: 'NNG', zh: '南宁' },
  { id: 8, code: 'HKG', zh: '香港' },
  { id: 35, code: 'CTU', zh: '成都' },
  { id: 1_234_567, code: 'XIY', zh: '西安' },
];
const lookup: PlaceTokenLookup<Place> = {
  byId: (id) => PLACES.find((p) => p.id === id),
  byCode: (code) => PLACES.find((p) => p.code === code),
  byZhName: (name) => PLACES.filter((p) => p.zh === name),
  byZhPrefix: (prefix) => PLACES.filter((p) => p.zh.startsWith(prefix)),
};
const place = (code: string) => PLACES.find((p) => p.code === code) as Place;

const today = '2026-06-15';
const ctx = { today, lookup };
const parse = (link: string) => parseShortLink(link, ctx);
const travellers = { cabin: 'Y', adults: 1, children: 0, infants: 0 } as const;

describe('parseShortLink routes', () => {
  it('reads a one-way trip from three parts', () => {
    expect(parse('SHA-PEK-260701')).toStrictEqual({
      type: 1,
      legs: [{ from: place('SHA'), to: place('PEK'), date: '2026-07-01' }],
      ...travellers,
    });
  });

  it('reads a round trip from four parts', () => {
    expect(parse('SHA-PEK-260701-260708')).toStrictEqual({
      type: 2,
      legs: [{ from: place('SHA'), to: place('PEK'), date: '2026-07-01' }],
      returnDate: '2026-07-08',
      ...travellers,
    });
    expect(parse('SHA-PEK-260701-260701')?.returnDate).toBe('2026-07-01');
  });

  it('reads multi-city trips in groups of three', () => {
    expect(parse('SHA-PEK-260701-PEK-CAN-260701-CAN-HKG-260710')).toStrictEqual({
      type: 3,
      legs: [
        { from: place('SHA'), to: place('PEK'), date: '2026-07-01' },
        { from: place('PEK'), to: place('CAN'), date: '2026-07-01' },
        { from: place('CAN'), to: place('HKG'), date: '2026-07-10' },
      ],
      ...travellers,
    });
    expect(parse('SHA-PEK-260701-CAN-HKG-260702')?.legs).toHaveLength(2);
    const five = 'SHA-PEK-260701-PEK-CAN-260702-CAN-HKG-260703-HKG-SZX-260704-SZX-CTU-260705';
    expect(parse(five)?.legs).toHaveLength(5);
    expect(parse(`${five}-CTU-XIY-260706`)).toBeNull();
  });

  it('refuses any other number of parts', () => {
    for (const bad of [
      '',
      'SHA',
      'SHA-PEK',
      'SHA-PEK-260701-260702-260703',
      'SHA-PEK-260701-PEK-CAN',
      'SHA-PEK-260701-PEK-CAN-260702-CAN',
      'SHA-PEK-260701-PEK-CAN-260702-CAN-HKG',
      'SHA-PEK-260701-',
      '-SHA-PEK-260701',
      'SHA--PEK-260701',
    ]) {
      expect(parse(bad), bad).toBeNull();
    }
  });

  it('tolerates whitespace around the link', () => {
    expect(parse('  SHA-PEK-260701,C\n')?.cabin).toBe('C');
    expect(parse('\tSHA-PEK-260701 ')?.legs[0]?.date).toBe('2026-07-01');
  });
});

describe('parseShortLink dates', () => {
  it('takes six-digit YYMMDD dates in 20YY that exist', () => {
    expect(parse('SHA-PEK-280229')?.legs[0]?.date).toBe('2028-02-29');
    expect(parse('SHA-PEK-261231')?.legs[0]?.date).toBe('2026-12-31');
    for (const date of [
      '261301',
      '260230',
      '270229',
      '260631',
      '260700',
      '2607010',
      '26071',
      '26o701',
      '',
      '2026-07-01',
    ]) {
      expect(parse(`SHA-PEK-${date}`), date).toBeNull();
    }
  });

  it('refuses dates before today but takes today', () => {
    expect(parse('SHA-PEK-260615')?.legs[0]?.date).toBe(today);
    expect(parse('SHA-PEK-260614')).toBeNull();
    expect(parse('SHA-PEK-250701')).toBeNull();
    expect(parse('SHA-PEK-260614-260701')).toBeNull();
    expect(parse('SHA-PEK-260701-PEK-CAN-260614')).toBeNull();
  });

  it('refuses a return before departure', () => {
    expect(parse('SHA-PEK-260701-260630')).toBeNull();
    expect(parse('SHA-PEK-260701-261301')).toBeNull();
  });

  it('refuses multi-city dates that go back', () => {
    expect(parse('SHA-PEK-260702-PEK-CAN-260701')).toBeNull();
    expect(parse('SHA-PEK-260701-PEK-CAN-260705-CAN-HKG-260704')).toBeNull();
  });

  it('needs a real today', () => {
    expect(() => parseShortLink('SHA-PEK-260701', { today: '2026/06/15', lookup })).toThrow(RangeError);
    expect(() => parseShortLink('SHA-PEK-260701', { today: '2026-02-30', lookup })).toThrow(RangeError);
  });
});

describe('parseShortLink places', () => {
  const to = (token: string) => parse(`SHA-${token}-260701`)?.legs[0]?.to;

  it('matches three letters to a code in any case', () => {
    expect(to('PEK')).toBe(place('PEK'));
    expect(to('pek')).toBe(place('PEK'));
    expect(to('Pek')).toBe(place('PEK'));
    expect(parse('sha-can-260701')?.legs[0]).toStrictEqual({
      from: place('SHA'),
      to: place('CAN'),
      date: '2026-07-01',
    });
  });

  it('reads four letters or digits as a base-35 place id', () => {
    expect(to('000Z')).toBeUndefined();
    expect(to('0010')).toBe(place('CTU'));
    expect(to(encodePlaceCode(1_234_567))).toBe(place('XIY'));
    expect(to(encodePlaceCode(1_234_567).toLowerCase())).toBe(place('XIY'));
    expect(to('0002')).toBe(place('PEK'));
  });

  it('matches Chinese names exactly, or by a prefix only one place has', () => {
    expect(to('北京')).toBe(place('PEK'));
    expect(to('北京大')).toBe(place('PKX'));
    expect(to('北京大兴')).toBe(place('PKX'));
    expect(to('广')).toBe(place('CAN'));
    expect(to('北')).toBeUndefined();
    expect(to('南')).toBeUndefined();
    expect(to('南宁')).toBe(place('NNG'));
    expect(to('北京大兴机场')).toBeUndefined();
  });

  it('refuses tokens of another shape or naming no place', () => {
    for (const bad of [
      '12',
      'ABCDE',
      'A1!',
      '🛫',
      '✈️',
      'XXX',
      'ZZZZ',
      '0000',
      'OOOO',
      '00O1',
      'SH1',
      '上海A',
      'Beijing',
      '東京',
    ]) {
      expect(parse(`SHA-${bad}-260701`), bad).toBeNull();
    }
  });

  it('refuses a leg from a place to itself, however it is written', () => {
    expect(parse('SHA-SHA-260701')).toBeNull();
    expect(parse('SHA-sha-260701')).toBeNull();
    expect(parse('SHA-上海-260701')).toBeNull();
    expect(parse(`PEK-${encodePlaceCode(2)}-260701`)).toBeNull();
    expect(parse('SHA-PEK-260701-CAN-广州-260702')).toBeNull();
    expect(parse('PEK-PKX-260701')?.legs[0]?.to).toBe(place('PKX'));
  });
});

describe('parseShortLink extras', () => {
  const extras = (tail: string) => {
    const parsed = parse(`SHA-PEK-260701${tail}`);
    return parsed && [parsed.cabin, parsed.adults, parsed.children, parsed.infants];
  };

  it('defaults to economy and one adult', () => {
    expect(extras('')).toEqual(['Y', 1, 0, 0]);
    expect(extras(',')).toEqual(['Y', 1, 0, 0]);
    expect(extras(',,2')).toEqual(['Y', 2, 0, 0]);
  });

  it('reads cabin, adults, children and infants in that order', () => {
    expect(extras(',C')).toEqual(['C', 1, 0, 0]);
    expect(extras(',F,2')).toEqual(['F', 2, 0, 0]);
    expect(extras(',S,2,3')).toEqual(['S', 2, 3, 0]);
    expect(extras(',Y,3,2,3')).toEqual(['Y', 3, 2, 3]);
    expect(extras(',c,02')).toEqual(['C', 2, 0, 0]);
  });

  it('folds M into economy and W into premium economy', () => {
    expect(extras(',M')).toEqual(['Y', 1, 0, 0]);
    expect(extras(',W')).toEqual(['S', 1, 0, 0]);
  });

  it('refuses unknown cabins, malformed counts and too many extras', () => {
    for (const bad of [',Z', ',YY', ',C,-1', ',C,1.5', ',C,2e0', ',C,0x2', ',C, 2', ',C,1,+1', ',C,1,0,0,0', ',C,a']) {
      expect(extras(bad), bad).toBeNull();
    }
  });

  it('applies the traveller rules', () => {
    expect(extras(',Y,0')).toBeNull();
    expect(extras(',Y,1,3')).toBeNull();
    expect(extras(',Y,1,0,2')).toBeNull();
    expect(extras(',Y,5,4,1')).toBeNull();
    expect(extras(',Y,3,6')).toEqual(['Y', 3, 6, 0]);
    expect(extras(',Y,99999999999999999999')).toBeNull();
  });
});

describe('buildShortLink', () => {
  const legs = [{ from: 'SHA', to: 'PEK', date: '2026-07-01' }];

  it('writes routes with YYMMDD dates and tokens as given', () => {
    expect(buildShortLink({ legs })).toBe('SHA-PEK-260701');
    expect(buildShortLink({ legs, returnDate: '2026-07-08' })).toBe('SHA-PEK-260701-260708');
    expect(
      buildShortLink({
        legs: [
          { from: 'sha', to: '北京', date: '2026-07-01' },
          { from: '0010', to: 'CAN', date: '2027-01-09' },
        ],
      }),
    ).toBe('sha-北京-260701-0010-CAN-270109');
  });

  it('writes extras only as far as a non-default one needs', () => {
    expect(buildShortLink({ legs, cabin: 'Y', adults: 1, children: 0, infants: 0 })).toBe('SHA-PEK-260701');
    expect(buildShortLink({ legs, cabin: 'C' })).toBe('SHA-PEK-260701,C');
    expect(buildShortLink({ legs, cabin: 'C', adults: 1 })).toBe('SHA-PEK-260701,C');
    expect(buildShortLink({ legs, adults: 2 })).toBe('SHA-PEK-260701,Y,2');
    expect(buildShortLink({ legs, children: 1 })).toBe('SHA-PEK-260701,Y,1,1');
    expect(buildShortLink({ legs, infants: 1 })).toBe('SHA-PEK-260701,Y,1,0,1');
    expect(buildShortLink({ legs, cabin: 'F', adults: 3, children: 2, infants: 1 })).toBe('SHA-PEK-260701,F,3,2,1');
  });

  it('refuses what a short link cannot hold', () => {
    expect(() => buildShortLink({ legs: [] })).toThrow(RangeError);
    expect(() => buildShortLink({ legs: [...legs, ...legs], returnDate: '2026-07-08' })).toThrow(RangeError);
    expect(() => buildShortLink({ legs: [{ from: 'SHA', to: 'PEK', date: '2100-01-01' }] })).toThrow(RangeError);
    expect(() => buildShortLink({ legs: [{ from: 'SHA', to: 'PEK', date: '2026/07/01' }] })).toThrow(RangeError);
    expect(() => buildShortLink({ legs, returnDate: '260708' })).toThrow(RangeError);
  });
});

const DAY_MS = 86_400_000;
const addDays = (iso: string, days: number) => new Date(Date.parse(iso) + days * DAY_MS).toISOString().slice(0, 10);

/** A token that names the place: its code or base-35 id in either case, or its Chinese name. */
const tokenFor = (p: Place) =>
  fc.constantFrom(p.code, p.code.toLowerCase(), encodePlaceCode(p.id), encodePlaceCode(p.id).toLowerCase(), p.zh);

const legArb = fc
  .tuple(fc.integer({ min: 0, max: PLACES.length - 1 }), fc.integer({ min: 1, max: PLACES.length - 1 }))
  .map(([a, shift]) => [PLACES[a] as Place, PLACES[(a + shift) % PLACES.length] as Place] as const)
  .chain(([from, to]) =>
    fc.record({ from: fc.constant(from), to: fc.constant(to), fromToken: tokenFor(from), toToken: tokenFor(to) }),
  );

const travellersArb = fc.integer({ min: 1, max: 9 }).chain((adults) =>
  fc.integer({ min: 0, max: Math.min(2 * adults, 9 - adults) }).chain((children) =>
    fc.record({
      adults: fc.constant(adults),
      children: fc.constant(children),
      infants: fc.integer({ min: 0, max: Math.min(adults, 9 - adults - children) }),
    }),
  ),
);

const tripArb = fc.record({
  today: fc.integer({ min: 0, max: 365 * 70 }).map((d) => addDays('2020-01-01', d)),
  legs: fc.array(fc.record({ leg: legArb, gap: fc.nat(40) }), { minLength: 1, maxLength: 5 }),
  roundTrip: fc.boolean(),
  returnGap: fc.nat(40),
  cabin: fc.option(fc.constantFrom(...CABIN_CODES), { nil: undefined }),
  travellers: fc.option(travellersArb, { nil: undefined }),
});

describe('short link properties', () => {
  it('parses what it builds back into the same trip', () => {
    fc.assert(
      fc.property(tripArb, ({ today, legs, roundTrip, returnGap, cabin, travellers }) => {
        let date = today;
        const dated = legs.map(({ leg, gap }) => {
          date = addDays(date, gap);
          return { ...leg, date };
        });
        const returnDate = roundTrip && dated.length === 1 ? addDays(date, returnGap) : undefined;
        const link = buildShortLink({
          legs: dated.map((l) => ({ from: l.fromToken, to: l.toToken, date: l.date })),
          ...(returnDate ? { returnDate } : {}),
          ...(cabin ? { cabin } : {}),
          ...travellers,
        });

        const expected: ParsedShortLink<Place> = {
          type: dated.length > 1 ? 3 : returnDate ? 2 : 1,
          legs: dated.map((l) => ({ from: l.from, to: l.to, date: l.date })),
          ...(returnDate ? { returnDate } : {}),
          cabin: normalizeCabin(cabin ?? 'Y'),
          adults: travellers?.adults ?? 1,
          children: travellers?.children ?? 0,
          infants: travellers?.infants ?? 0,
        };
        expect(parseShortLink(link, { today, lookup })).toStrictEqual(expected);
      }),
    );
  });

  it('never throws on arbitrary text', () => {
    const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n));
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: 'binary' }),
          fc.string({ unit: 'grapheme' }),
          fc.string({ unit: codeUnit }),
        ),
        (link) => {
          expect(() => parse(link)).not.toThrow();
        },
      ),
    );
  });

  it('returns only trips that keep every rule, however the parts are mixed', () => {
    // Mostly valid parts, so that many links parse and the rules are checked on real results.
    const mostly = <T>(valid: fc.Arbitrary<T>, invalid: fc.Arbitrary<T>) =>
      fc.oneof({ arbitrary: valid, weight: 9 }, { arbitrary: invalid, weight: 1 });
    const token = mostly(
      fc.constantFrom('SHA', 'pek', '北京', '北京大', '0010', '广'),
      fc.constantFrom('北', 'ZZZZ', 'O0O0', '12', '🛫', ''),
    );
    const date = mostly(
      fc.constantFrom('260615', '260701', '260702', '260710', '280229'),
      fc.constantFrom('260614', '261301', '260230', '270229'),
    );
    const extras = mostly<string[]>(
      fc.oneof(
        fc.constant<string[]>([]),
        fc
          .tuple(
            fc.constantFrom('', 'Y', 'M', 'W', 'C'),
            fc.constantFrom('1', '2', '3'),
            fc.constantFrom('0', '1', '2'),
          )
          .map((t) => [...t]),
      ),
      fc.array(fc.constantFrom('', 'Z', '0', '1', '3', '-1', '1.5', ' '), { maxLength: 5 }),
    );
    const linkArb = fc
      .record({
        groups: fc.array(fc.tuple(token, token, date), { minLength: 1, maxLength: 6, size: 'xsmall' }),
        tail: fc.oneof(
          { arbitrary: fc.constant([]), weight: 2 },
          { arbitrary: fc.array(fc.oneof(token, date), { minLength: 1, maxLength: 2 }), weight: 1 },
        ),
        extras,
      })
      .map(({ groups, tail, extras }) => [[...groups.flat(), ...tail].join('-'), ...extras].join(','));
    let accepted = 0;
    fc.assert(
      fc.property(linkArb, (link) => {
        const parsed = parse(link);
        if (parsed === null) return;
        accepted++;
        const dates = parsed.legs.map((l) => l.date);
        expect(dates.every((d, i) => d >= (i === 0 ? today : (dates[i - 1] as string)))).toBe(true);
        if (parsed.returnDate !== undefined) expect(parsed.returnDate >= (dates[0] as string)).toBe(true);
        expect(parsed.legs.every((l) => l.from !== l.to)).toBe(true);
        expect(travellerProblem(parsed.adults, parsed.children, parsed.infants)).toBeNull();
        expect(parsed.legs.length).toBe(parsed.type === 3 ? (link.split(',')[0] as string).split('-').length / 3 : 1);
      }),
      { numRuns: 500 },
    );
    expect(accepted).toBeGreaterThan(25);
  });
});

describe('short links with doors', () => {
  type End = Place | { door: LinkDoor };
  const doorCtx = { today, lookup: lookup as PlaceTokenLookup<End>, door: (d: LinkDoor): End => ({ door: d }) };
  const wangfujing = { lat: 39.9125, lon: 116.4105, name: '王府井' };

  it('reads a door with its name as either end, beside place tokens', () => {
    const link = `${formatDoorLinkToken(wangfujing)}-SHA-260701,C,2`;
    expect(link).toBe('@39.9125N116.4105E~王府井-SHA-260701,C,2');
    expect(parseShortLink(link, doorCtx)).toStrictEqual({
      type: 1,
      legs: [{ from: { door: wangfujing }, to: place('SHA'), date: '2026-07-01' }],
      cabin: 'C',
      adults: 2,
      children: 0,
      infants: 0,
    });
    const named = { lat: -33.8688, lon: -70.6693, name: 'Plaza de Armas - Santiago, CL' };
    const back = parseShortLink(`PEK-${formatDoorLinkToken(named)}-260701-260702`, doorCtx);
    expect(back?.legs[0]?.to).toStrictEqual({ door: named });
    expect(back?.returnDate).toBe('2026-07-02');
  });

  it('refuses doors where no door reader is given, a door to its own point, and bad door tokens', () => {
    expect(parse('@39.9125N116.4105E~王府井-SHA-260701')).toBeNull();
    expect(parseShortLink('@39.9125N116.4105E~王府井-@39.9125N116.4105E~Wangfujing-260701', doorCtx)).toBeNull();
    for (const bad of ['@39.9125,116.4105-SHA-260701', '@99N1E-SHA-260701', '@39N116E~a%2-SHA-260701']) {
      expect(parseShortLink(bad, doorCtx), bad).toBeNull();
    }
  });

  const nameArb = fc.string({ unit: fc.constantFrom('王', 'a', ' ', '-', ',', '~', '%', '/', '😀'), maxLength: 50 });
  const doorArb = fc.record({
    lat: fc.double({ min: -90, max: 90, noNaN: true }),
    lon: fc.double({ min: -180, max: 180, noNaN: true }),
    name: nameArb,
  });
  const endArb = fc.oneof(
    doorArb.map((d) => ({ door: d }) as const),
    fc.constantFrom(...PLACES).map((p) => ({ place: p }) as const),
  );

  it('round-trips criteria with doors and places through shortLinkOf', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(endArb, endArb), { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        travellersArb,
        (all, roundTrip, party) => {
          const pairs = all.filter(([a, b]) => ('place' in a && 'place' in b ? a.place !== b.place : true));
          fc.pre(pairs.length > 0);
          type End = (typeof pairs)[number][number];
          const input = (e: End) =>
            'door' in e
              ? { id: -1, name: e.door.name, cityCode: '', onlyThis: true, door: e.door }
              : { id: e.place.id, name: e.place.zh, cityCode: e.place.code, onlyThis: e.place.id % 2 === 0 };
          const type = pairs.length > 1 ? 3 : roundTrip ? 2 : 1;
          const criteria = buildCriteria({
            type,
            legs: pairs.map(([a, b], i) => ({ from: input(a), to: input(b), date: addDays('2026-07-01', i) })),
            ...(type === 2 ? { returnDate: '2026-07-09' } : {}),
            ...party,
          });
          const link = shortLinkOf(criteria);
          expect(link).not.toBeNull();
          const parsed = parseShortLink(link as string, doorCtx);
          const expectEnd = (e: End) =>
            'door' in e ? { door: parseDoorLinkToken(formatDoorLinkToken(e.door)) } : e.place;
          const samePoint = pairs.some(
            ([a, b]) => 'door' in a && 'door' in b && formatDoorToken(a.door) === formatDoorToken(b.door),
          );
          if (samePoint) {
            expect(parsed).toBeNull();
            return;
          }
          expect(parsed?.type).toBe(type);
          expect(parsed?.legs).toStrictEqual(
            pairs.map(([a, b], i) => ({ from: expectEnd(a), to: expectEnd(b), date: addDays('2026-07-01', i) })),
          );
          expect(parsed?.returnDate).toBe(type === 2 ? '2026-07-09' : undefined);
          expect([parsed?.adults, parsed?.children, parsed?.infants]).toEqual([
            party.adults,
            party.children,
            party.infants,
          ]);
        },
      ),
    );
  });

  it('keeps city-to-city links as city codes, and gives no short link for what it cannot carry', () => {
    const city = (code: string, id: number) => ({ id, name: code, cityCode: code, onlyThis: false });
    const oneWay = buildCriteria({ type: 1, legs: [{ from: city('BJS', 1), to: city('SHA', 2), date: '2026-12-01' }] });
    expect(shortLinkOf(oneWay)).toBe('BJS-SHA-261201');
    expect(shortLinkOf({ ...oneWay, flexDays: 2 })).toBeNull();
    expect(shortLinkOf({ ...oneWay, mode: 'train' })).toBeNull();
    expect(shortLinkOf({ ...oneWay, type: 3 })).toBeNull();
    expect(shortLinkOf({ ...oneWay, legs: oneWay.legs.map((l) => ({ ...l, departure: 'X' })) })).toBe('BJS-SHA-261201');
    const airport = { id: 35, name: 'CTU', cityCode: 'CTU', onlyThis: true };
    const toAirport = buildCriteria({ type: 1, legs: [{ from: city('BJS', 1), to: airport, date: '2026-12-01' }] });
    expect(shortLinkOf(toAirport)).toBe(`BJS-${encodePlaceCode(35)}-261201`);
  });
});
