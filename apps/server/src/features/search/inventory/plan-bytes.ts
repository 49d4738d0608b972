import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { Leg } from '@junction/planner';
import type { TransitLink } from '@junction/refdata';
import type { DoorToDoorJourney } from './door-journey';

type End = DoorToDoorJourney['access'];
const KINDS: readonly End['kind'][] = ['taxi', 'subway', 'walk'];

/** An end as numbers: its kind, its curated link (its place in `links`, −1 for none), seconds, price and stop. */
type PackedEnd = [number, number, number, number, number];
/** A ride (0, trip, route, boarding and alighting stops, departure, arrival, price) or a transfer (1, from, to, seconds, price). */
type PackedLeg = number[];
type PackedJourney = [number, PackedEnd, PackedEnd, number, number, number, PackedLeg[] | null];

/**
 * The first number of a plan's bytes once inflated, and part of every kept plan's digest: raised when the
 * bytes' layout or the planner's answers change, so that plans kept by the code before are neither read
 * nor taken for this code's.
 */
export const PLAN_LAYOUT = 1;

function packEnd(end: End, links: ReadonlyMap<TransitLink, number>): PackedEnd {
  const link = end.link === undefined ? -1 : (links.get(end.link) ?? -2);
  if (link === -2) throw new Error('a plan names a link the planner does not have');
  return [KINDS.indexOf(end.kind), link, end.seconds, end.price, end.stop];
}

function unpackEnd([kind, link, seconds, price, stop]: PackedEnd, links: readonly TransitLink[]): End {
  const known = link < 0 ? undefined : links[link];
  if (link >= 0 && !known) throw new Error('a kept plan names a link the planner does not have');
  const end: End = { kind: KINDS[kind] as End['kind'], seconds, price, stop };
  if (known) end.link = known;
  return end;
}

const packLeg = (leg: Leg): PackedLeg =>
  leg.kind === 'ride'
    ? [0, leg.trip, leg.route, leg.boardStop, leg.alightStop, leg.departure, leg.arrival, leg.price]
    : [1, leg.fromStop, leg.toStop, leg.seconds, leg.price];

function unpackLeg(p: PackedLeg): Leg {
  if (p[0] === 0) {
    const [, trip, route, boardStop, alightStop, departure, arrival, price] = p as number[];
    return {
      kind: 'ride',
      trip: trip as number,
      route: route as number,
      boardStop: boardStop as number,
      alightStop: alightStop as number,
      departure: departure as number,
      arrival: arrival as number,
      price: price as number,
    };
  }
  const [, fromStop, toStop, seconds, price] = p as number[];
  return {
    kind: 'transfer',
    fromStop: fromStop as number,
    toStop: toStop as number,
    seconds: seconds as number,
    price: price as number,
  };
}

/**
 * A plan's journeys as bytes another process reads (`readPlan`): times from the timetable's epoch (`epochMs`),
 * stops and trips by their numbers in the timetable, curated links by their place in `links`; deflated.
 */
export function writePlan(journeys: readonly DoorToDoorJourney[], epochMs: number, links: readonly TransitLink[]) {
  const at = new Map(links.map((link, i) => [link, i]));
  const packed: PackedJourney[] = journeys.map((j) => [
    j.leaveAt - epochMs,
    packEnd(j.access, at),
    packEnd(j.egress, at),
    j.outcome.arrival,
    j.outcome.price,
    j.outcome.transfers,
    j.outcome.legs ? j.outcome.legs.map(packLeg) : null,
  ]);
  return new Uint8Array(deflateRawSync(JSON.stringify([PLAN_LAYOUT, packed])));
}

/** The journeys `writePlan` wrote, on a timetable of the same build whose epoch is `epochMs`. */
export function readPlan(bytes: Uint8Array, epochMs: number, links: readonly TransitLink[]): DoorToDoorJourney[] {
  const [layout, packed] = JSON.parse(inflateRawSync(bytes).toString('utf8')) as [number, PackedJourney[]];
  if (layout !== PLAN_LAYOUT) throw new Error(`a kept plan in layout ${layout}, not ${PLAN_LAYOUT}`);
  return packed.map(([leave, access, egress, arrival, price, transfers, legs]) => {
    const outcome: DoorToDoorJourney['outcome'] = { arrival, price, transfers };
    if (legs) outcome.legs = legs.map(unpackLeg);
    return {
      access: unpackEnd(access, links),
      egress: unpackEnd(egress, links),
      outcome,
      leaveAt: epochMs + leave,
    };
  });
}
