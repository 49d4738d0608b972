/** Instants and time zones; calendar dates without a time are in `dates.ts`. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Offset of a zone at an instant, in seconds, straight from the platform's time-zone data (no quarter kept). */
export function offsetAt(timeZone: string, ms: number): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((local - Math.floor(ms / 1000) * 1000) / 1000);
}

/** Offsets are looked up once per zone and quarter of an hour: zones change offset at most there. */
const QUARTER_MS = 15 * 60_000;
const quarterOffsets = new Map<string, number>();
const MAX_QUARTERS = 100_000;

/** Offset of an IANA time zone from UTC, in seconds, at an instant (daylight saving included). */
export function utcOffsetSeconds(timeZone: string, at: Date): number {
  const ms = at.getTime();
  const quarter = Math.floor(ms / QUARTER_MS);
  const key = `${timeZone} ${quarter}`;
  const known = quarterOffsets.get(key);
  if (known !== undefined) return known;
  // The offset holds for the whole quarter when it is the same at its first and last second; a quarter
  // with a change in it (or an instant outside the range of dates) is looked up every time.
  const start = offsetAt(timeZone, quarter * QUARTER_MS);
  if (!Number.isFinite(start) || start !== offsetAt(timeZone, quarter * QUARTER_MS + QUARTER_MS - 1000))
    return offsetAt(timeZone, ms);
  if (quarterOffsets.size >= MAX_QUARTERS) quarterOffsets.clear();
  quarterOffsets.set(key, start);
  return start;
}

/** An instant as ISO 8601 in a zone's local time with its offset: `2026-12-01T08:05:00+08:00`. */
export function isoWithOffset(ms: number, timeZone: string): string {
  const offset = utcOffsetSeconds(timeZone, new Date(ms));
  const local = new Date(ms + offset * 1000).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 3600)).padStart(2, '0');
  const mm = String(Math.floor((abs % 3600) / 60)).padStart(2, '0');
  return `${local}${sign}${hh}:${mm}`;
}

/** The instant of local midnight starting a calendar day (`yyyy-mm-dd`) in a zone. */
export function localMidnight(date: string, timeZone: string): number {
  const utc = Date.parse(`${date}T00:00:00Z`);
  // The offset at noon of that day is the day's offset except on a change at midnight, which no zone we serve has.
  return utc - utcOffsetSeconds(timeZone, new Date(utc + 12 * 3600_000)) * 1000;
}

/** The calendar day of an instant in a zone. */
export function localDate(ms: number, timeZone: string): string {
  return new Date(ms + utcOffsetSeconds(timeZone, new Date(ms)) * 1000).toISOString().slice(0, 10);
}
