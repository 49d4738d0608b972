/**
 * China Railway's student tickets (学生票), as the railway's passenger transport rules and 12306's
 * student-ticket notice state them, kept as data:
 *
 * - who: a full-time student whose 12306 passenger record is verified as a student (学生资质核验), with a
 *   home-to-school interval on the record (优惠区间): the home station's city and the school's;
 * - where: only between those two cities, in either direction;
 * - when: in the winter holidays (1 December to 31 March) and the summer holidays (1 June to
 *   30 September), by the day of travel;
 * - what: on a conventional train, the hard seat (硬座) at half its fare; on a high-speed or bullet train
 *   (G, C, D), the second class seat (二等座) at three quarters of its fare; no other class is discounted;
 * - how often: four single journeys each school year (1 June to 31 May of the next year).
 */
export const STUDENT_FARE_RULES = {
  /** Month and day ranges, inclusive, in which a student ticket may be used. */
  periods: [
    { from: '12-01', to: '03-31' },
    { from: '06-01', to: '09-30' },
  ],
  /** The discounted class of each kind of train, and the share of its fare a student pays, in percent. */
  classes: [
    { trainTypes: ['G', 'C', 'D'], seatClasses: ['O', '8'], percent: 75 },
    { trainTypes: ['Z', 'T', 'K', 'Y', 'L', 'S'], seatClasses: ['A1'], percent: 50 },
  ],
  journeysPerSchoolYear: 4,
  /** A school year for the count starts on this day. */
  schoolYearStarts: '06-01',
} as const;

/** A student's interval on their 12306 record: the home station's city and the school station's. */
export type StudentInterval = { homeCity: number; schoolCity: number };

/** A train ride as the rules see it: its type letter, its class, its cities and its local day of travel. */
export type StudentRide = {
  trainType: string;
  seatClass: string;
  fromCity: number;
  toCity: number;
  /** `yyyy-mm-dd`, local. */
  date: string;
};

const inPeriod = (date: string) => {
  const md = date.slice(5, 10);
  return STUDENT_FARE_RULES.periods.some((p) =>
    p.from <= p.to ? md >= p.from && md <= p.to : md >= p.from || md <= p.to,
  );
};

/** The school year (by its starting calendar year) a day of travel counts in. */
export function schoolYearOf(date: string): number {
  const year = Number(date.slice(0, 4));
  return date.slice(5, 10) >= STUDENT_FARE_RULES.schoolYearStarts ? year : year - 1;
}

/** The share of its fare a student pays for the ride, in percent, or undefined when it is no student fare. */
export function studentFarePercent(ride: StudentRide, interval: StudentInterval | undefined): number | undefined {
  if (!interval) return undefined;
  const between =
    (ride.fromCity === interval.homeCity && ride.toCity === interval.schoolCity) ||
    (ride.fromCity === interval.schoolCity && ride.toCity === interval.homeCity);
  if (!between || !inPeriod(ride.date)) return undefined;
  const type = ride.trainType.toUpperCase();
  const rule = STUDENT_FARE_RULES.classes.find(
    (c) =>
      (c.trainTypes as readonly string[]).includes(type) &&
      (c.seatClasses as readonly string[]).includes(ride.seatClass),
  );
  return rule?.percent;
}

/**
 * Whether a student may still use a student ticket on a day: fewer than four journeys used in its school
 * year (`used`: the days of travel of the student tickets they already hold).
 */
export const studentJourneysLeft = (date: string, used: readonly string[]): number =>
  Math.max(
    0,
    STUDENT_FARE_RULES.journeysPerSchoolYear - used.filter((d) => schoolYearOf(d) === schoolYearOf(date)).length,
  );

/** A student's fare in hundredths: the share of the adult fare, rounded to half a yuan as the railway prices fares. */
export const studentFareMinor = (adultFareMinor: number, percent: number): number =>
  Math.round((adultFareMinor * percent) / 100 / 50) * 50;
