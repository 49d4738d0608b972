import type { ErrorName } from '../errors';
import { MAX_CHILDREN_PER_ADULT, MAX_INFANTS_PER_ADULT, MAX_TRAVELLERS } from '../search/search-options';

/**
 * Traveller types of spec §3: `TEEN` is booked as an adult, `MIX` names a party of several types.
 * On China Railway a traveller is `ADULT`, `CHILD` (child ticket) or `FREE_CHILD` (under 6, no seat), and
 * a verified student of the linked 12306 account who asks for it `STUDENT` (student ticket, an adult's
 * seat at the student fare). `YOUTH` is the label a teen's ticket carries.
 */
export const TRAVELLER_TYPES = ['ADULT', 'TEEN', 'CHILD', 'INFANT', 'MIX'] as const;
export type TravellerType = (typeof TRAVELLER_TYPES)[number];
export type AirType = Exclude<TravellerType, 'MIX'>;
export const RAIL_TYPES = ['ADULT', 'CHILD', 'FREE_CHILD', 'STUDENT'] as const;
export type RailType = (typeof RAIL_TYPES)[number];
export const YOUTH_LABEL = 'YOUTH';

/** The label a flight ticket carries for its traveller: a teen's says `YOUTH`, any other its type. */
export const ticketLabel = (type: AirType): AirType | typeof YOUTH_LABEL => (type === 'TEEN' ? YOUTH_LABEL : type);

/** The type of a whole party: its one type when every traveller has it, else `MIX`. */
export function partyType(types: readonly TravellerType[]): TravellerType | undefined {
  const distinct = new Set(types);
  if (distinct.size === 0) return undefined;
  return distinct.size === 1 ? (types[0] as TravellerType) : 'MIX';
}

/** Spec §3: adults over 12, children 2 to 11, infants under 2 and at least 14 days old. */
export const ADULT_FROM_AGE = 12;
export const CHILD_FROM_AGE = 2;
/** Spec §5: at least one traveller this old. */
export const RESPONSIBLE_ADULT_AGE = 18;
export const INFANT_MIN_DAYS = 14;
/** China Railway: from 14 a full ticket, from 6 a child ticket, under 6 free without a seat beside an adult. */
export const RAIL_ADULT_FROM_AGE = 14;
export const RAIL_CHILD_TICKET_FROM_AGE = 6;

const DAY_MS = 86_400_000;
const parts = (iso: string) => iso.split('-').map(Number) as [number, number, number];

/** Whole years from a birth date to a day (`yyyy-mm-dd`); a 29 February birthday counts on 1 March. */
export function ageOn(birthDate: string, day: string): number {
  const [by, bm, bd] = parts(birthDate);
  const [y, m, d] = parts(day);
  let age = y - by;
  if (m < bm || (m === bm && d < bd)) age--;
  return age;
}

export const daysOld = (birthDate: string, day: string): number =>
  Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${birthDate}T00:00:00Z`)) / DAY_MS);

/** The air type of a traveller of this age (spec §3); a teen is booked as an adult. */
export function airTypeAt(birthDate: string, day: string): AirType {
  const age = ageOn(birthDate, day);
  if (age >= RESPONSIBLE_ADULT_AGE) return 'ADULT';
  if (age >= ADULT_FROM_AGE) return 'TEEN';
  if (age >= CHILD_FROM_AGE) return 'CHILD';
  return 'INFANT';
}

/** Adults for fares and for the per-adult limits: adults and teens. */
export const isAdultFare = (t: AirType): boolean => t === 'ADULT' || t === 'TEEN';

export type TripSpan = {
  /** First departure day and last arrival day, `yyyy-mm-dd`, local. Ages are counted at `end` (spec §3). */
  start: string;
  end: string;
  air: boolean;
  rail: boolean;
};

export type PartyTraveller = {
  birthDate: string;
  /** A rail child under 6 who should have a seat (and a child ticket) rather than ride free. */
  railSeat?: boolean;
};

export type PartyIssue = { traveller?: number; error: ErrorName };

export type PartyTypes = {
  /** Per traveller, in order. */
  air: AirType[];
  rail: RailType[];
};

/**
 * China Railway types (spec §5): each ticketed adult may take one child under 6 without a seat for
 * free; further children under 6 need a child ticket. The free places go to the youngest children
 * first, so removing an adult turns the oldest of the free children into a child ticket.
 */
export function railTypes(travellers: readonly PartyTraveller[], end: string): RailType[] {
  const ages = travellers.map((t) => ageOn(t.birthDate, end));
  const types: RailType[] = ages.map((a) => (a >= RAIL_ADULT_FROM_AGE ? 'ADULT' : 'CHILD'));
  let free = types.filter((t) => t === 'ADULT').length;
  const underSix = ages
    .map((age, i) => ({ age, i, days: daysOld((travellers[i] as PartyTraveller).birthDate, end) }))
    .filter((x) => x.age < RAIL_CHILD_TICKET_FROM_AGE && !travellers[x.i]?.railSeat)
    .sort((a, b) => a.days - b.days || a.i - b.i);
  for (const child of underSix) {
    if (free === 0) break;
    types[child.i] = 'FREE_CHILD';
    free--;
  }
  return types;
}

/**
 * The rules of spec §3, §5 and §9 for a party on a trip, shared by the booking page and the server:
 * 1 to 9 travellers; at least one aged 18 or more; each adult (or teen) with at most two children and
 * one infant; infants at least 14 days old on departure; nobody whose age crosses a type boundary
 * during a trip with flights (they must book with the airline). Answers the types or the issues.
 */
export function checkParty(
  travellers: readonly PartyTraveller[],
  trip: TripSpan,
): { ok: true; types: PartyTypes } | { ok: false; issues: PartyIssue[] } {
  const issues: PartyIssue[] = [];
  if (travellers.length === 0) return { ok: false, issues: [{ error: 'TRAVELLER_REQUIRED' }] };
  if (travellers.length > MAX_TRAVELLERS) return { ok: false, issues: [{ error: 'TOO_MANY_TRAVELLERS' }] };
  const air = travellers.map((t) => airTypeAt(t.birthDate, trip.end));
  travellers.forEach((t, i) => {
    if (t.birthDate > trip.start) issues.push({ traveller: i, error: 'BIRTH_DATE_INVALID' });
    else if (daysOld(t.birthDate, trip.start) < INFANT_MIN_DAYS)
      issues.push({ traveller: i, error: 'INFANT_TOO_YOUNG' });
    else if (trip.air && airTypeAt(t.birthDate, trip.start) !== air[i])
      issues.push({ traveller: i, error: 'AGE_BOUNDARY' });
  });
  if (!travellers.some((t) => ageOn(t.birthDate, trip.end) >= RESPONSIBLE_ADULT_AGE))
    issues.push({ error: 'ADULT_REQUIRED' });
  const adults = air.filter(isAdultFare).length;
  if (trip.air) {
    if (air.filter((t) => t === 'CHILD').length > MAX_CHILDREN_PER_ADULT * adults)
      issues.push({ error: 'TOO_MANY_CHILDREN' });
    if (air.filter((t) => t === 'INFANT').length > MAX_INFANTS_PER_ADULT * adults)
      issues.push({ error: 'TOO_MANY_INFANTS' });
  }
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, types: { air, rail: railTypes(travellers, trip.end) } };
}

/** Spec §5, §9: rail contacts need a phone of the mainland, Hong Kong, Macao or Taiwan. */
export const RAIL_CONTACT_PREFIXES: readonly string[] = ['+86', '+852', '+853', '+886'];

/** Whether an E.164 phone may be a rail contact: `+86…`, `+852…`, `+853…` or `+886…`. */
export function isRailContactPhone(e164: string): boolean {
  return /^\+\d{6,15}$/.test(e164) && RAIL_CONTACT_PREFIXES.some((p) => e164.startsWith(p));
}
