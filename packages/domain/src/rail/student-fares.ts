/**
 * China Railway's student tickets (学生优惠票), as China State Railway Group published them in August 2025,
 * kept as data:
 *
 * - who: a full-time student whose 12306 passenger record is verified as a student (学生资质核验), with a
 *   home-to-school interval on the record (优惠区间): the home station's city and the school's (the home
 *   may be changed on the record any number of times);
 * - where: only between those two cities, in either direction;
 * - when: on any day of the school year (1 October to 30 September of the next year), no longer only in
 *   the holidays;
 * - what: on a high-speed or bullet train (G, C, D), the second class, the first class and every sleeper
 *   class at three quarters of the fare the train sells it at (执行票价), never below 40 % of its published
 *   fare; on a conventional train, the hard seat at half its fare, and a hard sleeper at its fare less half
 *   of the hard seat's; no other class is discounted;
 * - how often: four single journeys each school year, a refunded student ticket giving its journey back.
 */
export const STUDENT_FARE_RULES = {
  /** The discounted classes of each kind of train and how their student fare is reckoned. */
  classes: [
    { trainTypes: ['G', 'C', 'D'], seatClasses: ['O', '8', 'M', '7', 'F', 'AI', 'AJ', 'A'], basis: 'emu' },
    { trainTypes: ['Z', 'T', 'K', 'Y', 'L', 'S'], seatClasses: ['A1'], basis: 'hardSeat' },
    { trainTypes: ['Z', 'T', 'K', 'Y', 'L', 'S'], seatClasses: ['A3'], basis: 'hardSleeper' },
  ],
  /** A high-speed train's student fare: this share of the selling fare, in percent… */
  emuPercent: 75,
  /** …but never below this share of the class's published fare. */
  emuFloorPercent: 40,
  /** A conventional train's hard seat: this share of its fare; a hard sleeper is reduced by the same amount. */
  hardSeatPercent: 50,
  journeysPerSchoolYear: 4,
  /** A school year for the count starts on this day. */
  schoolYearStarts: '10-01',
} as const;

/** The railway's check of a passenger's student qualification (学生资质核验): passed, waiting, or refused. */
export const STUDENT_CHECKS = ['verified', 'pending', 'failed'] as const;
export type StudentCheck = (typeof STUDENT_CHECKS)[number];

/** How a discounted class's student fare is reckoned. */
export type StudentFareBasis = (typeof STUDENT_FARE_RULES.classes)[number]['basis'];

/** A student's interval on their 12306 record: the home station's city and the school station's (city codes). */
export type StudentInterval = { homeCity: string; schoolCity: string };

/** A train ride as the rules see it: its type letter, its class, its cities and its local day of travel. */
export type StudentRide = {
  trainType: string;
  seatClass: string;
  fromCity: string;
  toCity: string;
  /** `yyyy-mm-dd`, local. */
  date: string;
};

/** Why a traveller gets no student fare on a ride, each a sentence of the booking page. */
export type StudentFareRefusal = 'notVerified' | 'offInterval' | 'classNotDiscounted' | 'noJourneysLeft';

export type StudentEligibility =
  | { eligible: true; basis: StudentFareBasis; journeysLeft: number }
  | { eligible: false; reason: StudentFareRefusal };

/** The school year (by its starting calendar year) a day of travel counts in. */
export function schoolYearOf(date: string): number {
  const year = Number(date.slice(0, 4));
  return date.slice(5, 10) >= STUDENT_FARE_RULES.schoolYearStarts ? year : year - 1;
}

/** How a ride's class is discounted for a student, or undefined when its train sells that class at no student fare. */
export function studentFareBasis(ride: Pick<StudentRide, 'trainType' | 'seatClass'>): StudentFareBasis | undefined {
  const type = ride.trainType.toUpperCase();
  return STUDENT_FARE_RULES.classes.find(
    (c) =>
      (c.trainTypes as readonly string[]).includes(type) &&
      (c.seatClasses as readonly string[]).includes(ride.seatClass),
  )?.basis;
}

/** Whether a ride lies on the student's interval, in either direction. */
export const onInterval = (ride: Pick<StudentRide, 'fromCity' | 'toCity'>, interval: StudentInterval): boolean =>
  (ride.fromCity === interval.homeCity && ride.toCity === interval.schoolCity) ||
  (ride.fromCity === interval.schoolCity && ride.toCity === interval.homeCity);

/**
 * The student tickets left on a day's school year: four, less those already held for days of it (`used`:
 * the days of travel of the student tickets held and not refunded).
 */
export const studentJourneysLeft = (date: string, used: readonly string[]): number =>
  Math.max(
    0,
    STUDENT_FARE_RULES.journeysPerSchoolYear - used.filter((d) => schoolYearOf(d) === schoolYearOf(date)).length,
  );

/**
 * Whether a traveller may take a student ticket on a ride: a verified student record with its interval
 * (`interval` undefined otherwise), the ride on it, a discounted class, and a journey left in its school year.
 */
export function studentEligibility(
  ride: StudentRide,
  interval: StudentInterval | undefined,
  used: readonly string[],
): StudentEligibility {
  if (!interval) return { eligible: false, reason: 'notVerified' };
  if (!onInterval(ride, interval)) return { eligible: false, reason: 'offInterval' };
  const basis = studentFareBasis(ride);
  if (!basis) return { eligible: false, reason: 'classNotDiscounted' };
  const journeysLeft = studentJourneysLeft(ride.date, used);
  if (journeysLeft === 0) return { eligible: false, reason: 'noJourneysLeft' };
  return { eligible: true, basis, journeysLeft };
}

/** Rounds to half a yuan, as the railway prices its fares. */
const halfYuan = (minor: number) => Math.round(minor / 50) * 50;

/**
 * A student's fare in hundredths. `fareMinor` is the class's selling fare; `publishedMinor` its published
 * fare (the selling fare when the train sells at it); `hardSeatMinor` the train's hard seat fare, which a
 * hard sleeper's reduction is half of (undefined: the train has no hard seat, and so no student sleeper fare).
 */
export function studentFareMinor(
  basis: StudentFareBasis,
  fares: { fareMinor: number; publishedMinor?: number; hardSeatMinor?: number },
): number | undefined {
  const r = STUDENT_FARE_RULES;
  if (basis === 'emu') {
    const floor = halfYuan(((fares.publishedMinor ?? fares.fareMinor) * r.emuFloorPercent) / 100);
    return Math.min(fares.fareMinor, Math.max(halfYuan((fares.fareMinor * r.emuPercent) / 100), floor));
  }
  if (basis === 'hardSeat') return halfYuan((fares.fareMinor * r.hardSeatPercent) / 100);
  if (fares.hardSeatMinor === undefined) return undefined;
  const reduction = halfYuan((fares.hardSeatMinor * r.hardSeatPercent) / 100);
  return Math.max(0, fares.fareMinor - reduction);
}
