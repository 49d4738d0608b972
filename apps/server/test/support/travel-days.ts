import { addDays, localDate, toRequestDate } from '@junction/domain';

/** The site's calendar: a search's days are Beijing's. */
const HOME_ZONE = 'Asia/Shanghai';

/**
 * Travel days for the tests whose compiled server processes keep the machine's clock (a process of its own
 * takes no clock of the test's): counted in Beijing's calendar from one reading of the clock, taken once
 * for the file, so every search of a run asks the same days even when the run passes midnight.
 */
export function travelDays(at: Date = new Date()): { at: Date; day: (ahead: number) => string } {
  const today = localDate(at.getTime(), HOME_ZONE);
  return { at, day: (ahead) => toRequestDate(addDays(today, ahead)) };
}
