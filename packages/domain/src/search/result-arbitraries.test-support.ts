import fc from 'fast-check';
import type { ResultLeg, SearchResult } from './search.schema';

// Search results for property tests: flights, trains and mixes between a few places on a few days.

const pad = (n: number) => String(n).padStart(2, '0');

function leg(
  kind: 'air' | 'land',
  carrier: string,
  from: string,
  to: string,
  hour: number,
  seats: string[],
): ResultLeg {
  const point = (code: string) => ({
    code,
    name: { en: code, 'zh-CN': code },
    kind: kind === 'air' ? ('airport' as const) : ('station' as const),
    lat: 0,
    lon: 0,
  });
  return {
    kind,
    carrier,
    carrierName: { en: `${carrier} name`, 'zh-CN': `${carrier}航空` },
    number: kind === 'land' ? `G${hour}` : `${carrier}${hour}`,
    from: point(from),
    to: point(to),
    departureTime: `2030-05-01T${pad(hour)}:00:00+08:00`,
    arrivalTime: `2030-05-01T${pad(hour + 1)}:00:00+08:00`,
    durationMinutes: 60,
    cabin: kind === 'air' ? 'Y' : 'O',
    seats:
      kind === 'land'
        ? seats.map((code) => ({ code, price: { amount: 100, currency: 'CNY' }, remaining: 5 }))
        : undefined,
    price: { amount: 100, currency: 'CNY' },
    separateTicket: false,
  };
}

export const resultArb = fc
  .record({
    price: fc.integer({ min: 100, max: 500_000 }),
    minutes: fc.integer({ min: 30, max: 3000 }),
    hour: fc.integer({ min: 0, max: 22 }),
    arrival: fc.integer({ min: 0, max: 23 }),
    day: fc.integer({ min: 1, max: 3 }),
    legs: fc.array(
      fc.record({
        kind: fc.constantFrom('air' as const, 'land' as const),
        carrier: fc.constantFrom('CA', 'MU', 'CZ'),
        from: fc.constantFrom('PEK', 'PKX', 'BJP'),
        to: fc.constantFrom('SHA', 'PVG', 'SHH'),
        seats: fc.subarray(['O', 'M', 'A9']),
      }),
      { minLength: 1, maxLength: 3 },
    ),
  })
  .map(
    (p): Omit<SearchResult, 'id'> => ({
      kind: p.legs.every((l) => l.kind === 'land') ? 'train' : p.legs.every((l) => l.kind === 'air') ? 'flight' : 'mix',
      price: { amount: p.price, currency: 'CNY' },
      departureTime: `2030-05-0${p.day}T${pad(p.hour)}:00:00+08:00`,
      arrivalTime: `2030-05-0${p.day}T${pad(p.arrival)}:30:00+08:00`,
      durationMinutes: p.minutes,
      transfers: p.legs.length - 1,
      date: `2030/05/0${p.day}`,
      legs: p.legs.map((l) => leg(l.kind, l.kind === 'land' ? 'CR' : l.carrier, l.from, l.to, p.hour, l.seats)),
      bounds: [],
      agent: 'own',
      sellers: [],
      fees: { cancelBefore: null, cancelAfter: null, changeBefore: null, changeAfter: null, free24h: false },
    }),
  );
export const resultsArb = fc
  .array(resultArb, { maxLength: 40 })
  .map((rs) => rs.map((r, i): SearchResult => ({ ...r, id: `r${i}` })));
