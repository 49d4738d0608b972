import {
  AppError,
  type RailType,
  type SubOrderMoney,
  splitSubOrderMoney,
  type TicketShare,
  travellerChoiceRefusal,
} from '@junction/domain';
import type { FullOrder, SubOrderRow } from '../orders.repository';

/** The positions of the travellers a sub-order's tickets are for: its own list, else every traveller of the order. */
export const membersOf = (sub: Pick<SubOrderRow, 'travellers'>, travellers: FullOrder['travellers']): number[] =>
  Array.isArray(sub.travellers) ? (sub.travellers as number[]) : travellers.map((t) => t.position);

/** What each side of a split keeps: the changing travellers' money and the others'. */
export type ChangeSplit = { moving: SubOrderMoney; staying: SubOrderMoney; stayers: number[] };

/** The tickets a change moves: the whole sub-order, or the part of it some of its travellers split off. */
export type ChangePart = {
  /** The sub-order as the change prices it: itself, or its changing travellers' part of it. */
  sub: SubOrderRow;
  /** The positions of the travellers whose tickets change. */
  positions: number[];
  /** Set when some travellers change without the others. */
  split: ChangeSplit | null;
};

const refuse = (reason: string): never => {
  throw new AppError('CHANGE_NOT_ALLOWED', { params: { reason } });
};

/**
 * The travellers of a sub-order a change moves (`0,2`; every one whose ticket stands when none are named):
 * on a train ticket one or more of them, the others keeping their tickets, each side with an adult for its
 * children; never one whose own ticket is refunded (`refunded`). A flight's ticket changes for everyone on it.
 */
export function changePart(
  full: FullOrder,
  sub: SubOrderRow,
  named: string | undefined,
  refunded: readonly number[] = [],
): ChangePart {
  const members = membersOf(sub, full.travellers);
  const whole = { sub, positions: members, split: null };
  const gone = members.filter((p) => refunded.includes(p));
  const asked = named ?? (gone.length > 0 ? members.filter((p) => !gone.includes(p)).join(',') : undefined);
  if (asked === undefined) return whole;
  const chosen = asked === '' ? [] : asked.split(',').map(Number);
  if (chosen.some((p) => gone.includes(p))) refuse('refunded');
  const everyone = chosen.length === members.length && members.every((p) => chosen.includes(p));
  if (sub.type !== 'railway') return everyone ? whole : refuse('travellers');
  const party = full.travellers
    .filter((t) => members.includes(t.position))
    .map((t) => ({ position: t.position, railType: (t.railType ?? 'ADULT') as RailType }));
  const refusal = travellerChoiceRefusal(party, chosen);
  if (refusal) refuse(refusal);
  if (everyone) return whole;
  const shares = sub.travellerPrices as TicketShare[] | null;
  // A ticket sold before each traveller's part was kept changes for everyone on it.
  if (!Array.isArray(shares) || shares.length !== full.travellers.length) return refuse('travellers');
  const positions = members.filter((p) => chosen.includes(p));
  const money = splitSubOrderMoney(
    {
      priceMinor: sub.priceMinor,
      paidMinor: sub.paidMinor ?? sub.priceMinor,
      serviceFeeMinor: sub.serviceFeeMinor ?? 0,
      shares,
    },
    members,
    positions,
  );
  const part: SubOrderRow = {
    ...sub,
    priceMinor: money.moving.priceMinor,
    paidMinor: money.moving.paidMinor,
    serviceFeeMinor: sub.serviceFeeMinor === null ? null : money.moving.serviceFeeMinor,
    travellerPrices: money.moving.shares,
    travellers: positions,
  };
  return { sub: part, positions, split: { ...money, stayers: members.filter((p) => !chosen.includes(p)) } };
}
