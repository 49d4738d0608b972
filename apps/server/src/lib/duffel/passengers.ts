import { ADULT_FROM_AGE, CHILD_FROM_AGE } from '@junction/domain';

/** Duffel's kinds of passenger, in the order our seat maps list their prices. */
export const DUFFEL_KINDS = ['adult', 'child', 'infant_without_seat'] as const;
export type DuffelKind = (typeof DUFFEL_KINDS)[number];

/** A passenger of an offer or order as Duffel writes it: its id, its type, and its age when asked by age. */
export type DuffelPassenger = { id: string; type?: string | null; age?: number | null };
/** A traveller as an offer request asks for them: an adult by type, anyone younger by age. */
export type AskedPassenger = { type: 'adult' } | { age: number };

const kindAt = (age: number): DuffelKind =>
  age < CHILD_FROM_AGE ? 'infant_without_seat' : age < ADULT_FROM_AGE ? 'child' : 'adult';

/** The kind of a passenger Duffel answers: its type (any other than a child or infant flies as an adult), else its age's. */
export function kindOf(p: DuffelPassenger): DuffelKind {
  if (p.type === 'child' || p.type === 'infant_without_seat') return p.type;
  if (p.type) return 'adult';
  return typeof p.age === 'number' ? kindAt(p.age) : 'adult';
}

const askedKind = (a: AskedPassenger): DuffelKind => ('age' in a ? kindAt(a.age) : 'adult');

/** Duffel's passengers by kind (adults, then children, then infants), each kind in Duffel's order. */
export function passengersByKind<P extends DuffelPassenger>(passengers: readonly P[]): P[] {
  return DUFFEL_KINDS.flatMap((kind) => passengers.filter((p) => kindOf(p) === kind));
}

/**
 * Duffel's passenger id of each traveller, in the travellers' order, whatever order Duffel lists its
 * passengers in: a traveller asked by age takes the next passenger of that age, an adult asked by type the
 * next adult asked by type; failing that, the next passenger of their kind (Duffel's order within a kind).
 * Null for a traveller left without one (the offer is for another party).
 */
export function pairPassengers(
  asked: readonly AskedPassenger[],
  passengers: readonly DuffelPassenger[],
): (string | null)[] {
  const open = [...passengers];
  return asked.map((a) => {
    const kind = askedKind(a);
    const exact = (p: DuffelPassenger) => ('age' in a ? p.age === a.age : kindOf(p) === 'adult' && p.age == null);
    const at = [exact, (p: DuffelPassenger) => kindOf(p) === kind].reduce(
      (found, rule) => (found >= 0 ? found : open.findIndex(rule)),
      -1,
    );
    return at < 0 ? null : (open.splice(at, 1)[0]?.id ?? null);
  });
}
