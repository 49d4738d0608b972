import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withoutWebAddresses } from '../plain-text';
import { type SearchCriteria, type SearchCriteriaInput, searchCriteriaSchema } from './search.schema';
import { packSearchLink } from './search-link';
import { CABIN_CODES, MAX_FLEX_DAYS, SEARCH_MODES, SORTS } from './search-options';
import { unpackSearchLink } from './unpack-search-link';

const criteria = (input: Partial<SearchCriteriaInput> = {}): SearchCriteria =>
  searchCriteriaSchema.parse({
    type: 1,
    legs: [{ departure: 'SHA', destination: 'PEK', departure_date: '2026/07/01' }],
    ...input,
  });

const text = (link: string) => Buffer.from(link, 'base64url').toString('utf8');
const link = (plain: string) => Buffer.from(plain, 'utf8').toString('base64url');

const withBytes = (before: string, bytes: number[], after: string) =>
  Buffer.concat([Buffer.from(before), Buffer.from(bytes), Buffer.from(after)]).toString('base64url');

const HEADER = 'v1,1,best,Y,1,0,0,all,0';
const LEG = 'SHA,PEK,20260701,,0,,,,';

describe('packSearchLink', () => {
  it('writes the criteria as comma-separated text in unpadded base64url', () => {
    const packed = packSearchLink(criteria());
    expect(packed).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(text(packed)).toBe(`${HEADER},${LEG}`);
  });

  it('writes every field in order, one group of nine per leg', () => {
    const c = criteria({
      type: 3,
      sort: 'cheapest',
      cabin: 'C',
      adults: 2,
      children: 1,
      infants: 1,
      mode: 'train',
      flexDays: 2,
      legs: [
        {
          departure: '0A1B',
          destination: 'PEK',
          departure_date: '2026/07/01',
          departure_only_airport: true,
          departureName: '上海',
          destinationName: 'Beijing',
          departureCityCode: 'SHA',
          destinationCityCode: 'BJS',
        },
        {
          departure: 'PEK',
          destination: 'CAN',
          departure_date: '2026/07/05',
          return_date: '2026/07/09',
          destination_only_airport: true,
        },
      ],
    });
    expect(text(packSearchLink(c))).toBe(
      'v1,3,cheapest,C,2,1,1,train,2,0A1B,PEK,20260701,,1,上海,Beijing,SHA,BJS,PEK,CAN,20260705,20260709,2,,,,',
    );
  });

  it('escapes commas and percent signs in text fields', () => {
    const c = criteria({
      legs: [
        {
          departure: 'A,B',
          destination: '100%',
          departure_date: '2026/07/01',
          departureName: 'Shanghai, Hongqiao',
          destinationName: '%2C',
        },
      ],
    });
    expect(text(packSearchLink(c))).toBe(`${HEADER},A%2CB,100%25,20260701,,0,Shanghai%2C Hongqiao,%252C,,`);
  });

  it('leaves filters out', () => {
    const c = criteria({ filters: { stops: [0, 1] } });
    expect(packSearchLink(c)).toBe(packSearchLink(criteria()));
    expect(unpackSearchLink(packSearchLink(c))?.filters).toEqual({});
  });
});

describe('unpackSearchLink', () => {
  it('reads a packed link back', () => {
    expect(unpackSearchLink(link(`${HEADER},${LEG}`))).toEqual(criteria());
    expect(unpackSearchLink(` ${link(`${HEADER},${LEG}`)}\n`)).toEqual(criteria());
  });

  it('reads an empty optional field as absent', () => {
    const unpacked = unpackSearchLink(link(`${HEADER},SHA,PEK,20260701,,3,,北京,,BJS`));
    expect(unpacked?.legs[0]).toStrictEqual({
      departure: 'SHA',
      destination: 'PEK',
      departure_date: '2026/07/01',
      departure_only_airport: true,
      destination_only_airport: true,
      destinationName: '北京',
      destinationCityCode: 'BJS',
    });
  });

  it('refuses what is not canonical base64url of UTF-8 text', () => {
    const good = link(`${HEADER},${LEG}`);
    for (const bad of [
      '',
      'A',
      '!!!!',
      `${good}=`,
      `${good.slice(0, 4)}+/${good.slice(6)}`,
      Buffer.from([0xff, 0x2c]).toString('base64url'),
      // Overlong encodings of ',' and a code point past U+10FFFF.
      withBytes(HEADER, [0xc0, 0xac], LEG),
      withBytes(HEADER, [0xe0, 0x80, 0xac], LEG),
      withBytes(HEADER, [0xf0, 0x80, 0x80, 0xac], LEG),
      withBytes(`${HEADER},SHA,PEK,20260701,,0,`, [0xf4, 0x90, 0x80, 0x80], ',,,'),
      // A character cut short, and a lead byte followed by no continuation byte.
      withBytes(`${HEADER},SHA,PEK,20260701,,0,`, [0xe4, 0xb8], ',,,'),
      withBytes(`${HEADER},SHA,PEK,20260701,,0,`, [0xc3, 0x41], ',,,'),
    ]) {
      expect(unpackSearchLink(bad), bad).toBeNull();
    }
  });

  it('refuses a lone trailing base64url character', () => {
    const whole = link(`${HEADER},SHA,PEK,20260701,,0,X,,,`);
    expect(whole.length % 4).toBe(0);
    expect(unpackSearchLink(whole)?.legs[0]?.departureName).toBe('X');
    expect(unpackSearchLink(`${whole}A`)).toBeNull();
  });

  it('refuses base64url whose unused last bits are set', () => {
    const good = link(`${HEADER},${LEG}`);
    // 47 bytes leave two unused bits in the last character.
    expect(good.length % 4).toBe(3);
    const last = good.at(-1) as string;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sloppy = good.slice(0, -1) + alphabet[alphabet.indexOf(last) + 1];
    expect(Buffer.from(sloppy, 'base64url').toString()).toBe(`${HEADER},${LEG}`);
    expect(unpackSearchLink(good)).not.toBeNull();
    expect(unpackSearchLink(sloppy)).toBeNull();
  });

  it('reads UTF-8 written by other encoders, lone surrogates included', () => {
    const name = '北京🛫\ud800x\udfff';
    expect(unpackSearchLink(link(`${HEADER},SHA,PEK,20260701,,0,北京🛫,,,`))?.legs[0]?.departureName).toBe('北京🛫');
    const packed = packSearchLink(
      criteria({ legs: [{ departure: 'SHA', destination: 'PEK', departure_date: '2026/07/01', departureName: name }] }),
    );
    expect(unpackSearchLink(packed)?.legs[0]?.departureName).toBe(name);
  });

  it('refuses malformed text', () => {
    for (const bad of [
      `v2,1,best,Y,1,0,0,all,0,${LEG}`,
      HEADER,
      `${HEADER},SHA,PEK,20260701,,0,,,`,
      `${HEADER},${LEG},SHA`,
      `v1,1,best,Y,1,0,0,all,${LEG}`,
      `v1,4,best,Y,1,0,0,all,0,${LEG}`,
      `v1,1,best,Y,1.0,0,0,all,0,${LEG}`,
      `v1,1,best,Y,+1,0,0,all,0,${LEG}`,
      `v1,1,best,Y,-1,0,0,all,0,${LEG}`,
      `v1,1,best,Y,1000,0,0,all,0,${LEG}`,
      `v1,1,best,Y,,0,0,all,0,${LEG}`,
      `v1,1,fastest,Y,1,0,0,all,0,${LEG}`,
      `v1,1,best,Q,1,0,0,all,0,${LEG}`,
      `v1,1,best,Y,1,0,0,bus,0,${LEG}`,
      `v1,1,best,Y,1,0,0,all,${MAX_FLEX_DAYS + 1},${LEG}`,
      `${HEADER},SHA,PEK,2026/07/01,,0,,,,`,
      `${HEADER},SHA,PEK,2026071,,0,,,,`,
      `${HEADER},SHA,PEK,20260701,2026070,0,,,,`,
      `${HEADER},SHA,PEK,20260701,,4,,,,`,
      `${HEADER},SHA,PEK,20260701,,,,,,`,
      `${HEADER},,PEK,20260701,,0,,,,`,
      `${HEADER},SHA,PEK,20260701,,0,50%,,,`,
      `${HEADER},SHA,PEK,20260701,,0,%2c,,,`,
      `${HEADER},${'X'.repeat(41)},PEK,20260701,,0,,,,`,
      `${HEADER},${LEG},${LEG},${LEG},${LEG},${LEG},${LEG}`,
    ]) {
      expect(unpackSearchLink(link(bad)), bad).toBeNull();
    }
  });
});

const codeUnits = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n)) });
/** Text of any kind: Chinese names, commas and percent escapes, emoji, lone surrogates. */
const anyText = (max: number) =>
  fc
    .oneof(
      fc.constantFrom('北京', '上海, 虹桥', '100%', '%2C', ',,,', '%', '北京首都国际机场 T3'),
      fc.string({ unit: 'binary', maxLength: max }),
      fc.string({ unit: 'grapheme', maxLength: max }),
      fc.string({ unit: fc.constantFrom(',', '%', '2', 'C', '5', '北'), maxLength: max }),
      codeUnits,
    )
    .filter((s) => s.length <= max);
/** An optional text field is left out rather than empty: an empty field reads back as absent. */
const optionalText = (max: number) => anyText(max).filter((s) => withoutWebAddresses(s) !== '');

const requestDate = fc
  .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }))
  .map(([y, m, d]) => `${String(y).padStart(4, '0')}/${String(m).padStart(2, '0')}/${String(d).padStart(2, '0')}`);

const legArb = fc.record(
  {
    departure: anyText(40).filter((s) => s !== ''),
    destination: anyText(40).filter((s) => s !== ''),
    departure_date: requestDate,
    return_date: requestDate,
    departure_only_airport: fc.boolean(),
    destination_only_airport: fc.boolean(),
    departureName: optionalText(100),
    destinationName: optionalText(100),
    departureCityCode: optionalText(10),
    destinationCityCode: optionalText(10),
  },
  {
    requiredKeys: ['departure', 'destination', 'departure_date', 'departure_only_airport', 'destination_only_airport'],
  },
);

const criteriaArb = fc
  .record({
    type: fc.constantFrom(1, 2, 3),
    cabin: fc.constantFrom(...CABIN_CODES),
    adults: fc.integer({ min: 0, max: 99 }),
    children: fc.integer({ min: 0, max: 99 }),
    infants: fc.integer({ min: 0, max: 99 }),
    sort: fc.constantFrom(...SORTS),
    mode: fc.constantFrom(...SEARCH_MODES),
    flexDays: fc.integer({ min: 0, max: MAX_FLEX_DAYS }),
    legs: fc.array(legArb, { minLength: 1, maxLength: 5 }),
  })
  .map((input) => searchCriteriaSchema.parse(input));

describe('search link properties', () => {
  it('unpacks what it packs into the same criteria', () => {
    fc.assert(
      fc.property(criteriaArb, (c) => {
        const packed = packSearchLink(c);
        expect(packed).toMatch(/^[A-Za-z0-9_-]*$/);
        expect(unpackSearchLink(packed)).toStrictEqual(c);
      }),
    );
  });

  it('writes base64url that other decoders read as the same UTF-8 text', () => {
    fc.assert(
      fc.property(criteriaArb, fc.string({ unit: 'binary', minLength: 1, maxLength: 50 }), (c, name) => {
        const leg = {
          ...(c.legs[0] as SearchCriteria['legs'][number]),
          departureName: name.replaceAll(/[,%]/g, '') || 'x',
        };
        const packed = packSearchLink({ ...c, legs: [leg] });
        expect(text(packed).split(',')[HEADER.split(',').length + 5]).toBe(leg.departureName);
      }),
    );
  });

  it('never throws and returns only valid criteria for arbitrary input', () => {
    const fieldText = fc
      .array(
        fc.oneof(
          fc.constantFrom('v1', '1', '3', 'best', 'Y', '0', 'all', '20260701', '', 'SHA', '%2C', '%'),
          fc.string(),
        ),
        {
          maxLength: 30,
        },
      )
      .map((fields) => link(fields.join(',')));
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: 'binary' }), codeUnits, fc.base64String(), fieldText),
        (s) => {
          const unpacked = unpackSearchLink(s);
          if (unpacked !== null) {
            expect(searchCriteriaSchema.safeParse(unpacked).success).toBe(true);
            expect(unpackSearchLink(packSearchLink(unpacked))).toStrictEqual(unpacked);
          }
        },
      ),
    );
  });

  it('finds valid criteria among near-valid input', () => {
    const header = fc.constantFrom(HEADER, 'v1,2,latest,W,3,2,1,flight,3', 'v1,3,best,M,0,0,0,train,1');
    const leg = fc
      .tuple(
        fc.constantFrom('SHA', '0A1B', '北京'),
        fc.constantFrom('20260701', '99991399'),
        fc.constantFrom('', '20260708'),
        fc.nat(3),
      )
      .map(([place, date, back, flags]) => `${place},PEK,${date},${back},${flags},,名,,`);
    let accepted = 0;
    fc.assert(
      fc.property(header, fc.array(leg, { minLength: 1, maxLength: 5 }), (h, legs) => {
        const unpacked = unpackSearchLink(link([h, ...legs].join(',')));
        expect(unpacked).not.toBeNull();
        accepted++;
        expect(unpacked?.legs).toHaveLength(legs.length);
        expect(unpacked?.legs.every((l) => l.destinationName === '名' && l.departureName === undefined)).toBe(true);
      }),
    );
    expect(accepted).toBe(100);
  });
});
