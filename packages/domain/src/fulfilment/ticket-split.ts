import type { RailType } from '../orders/traveller-rules';
import { partyStands } from './refund-rules';

/** One traveller's part of a sub-order's price and, of it, our service fee, by the traveller's position. */
export type TicketShare = { priceMinor: number; serviceFeeMinor: number };

/**
 * What each traveller on a sub-order paid for their ticket: the sub-order's paid amount shared out by their
 * parts of its price (a difference paid later included), the last of them taking what rounding leaves.
 * `members` are the positions of the travellers the sub-order's tickets are for, in order; the answer is
 * aligned with them.
 */
export function ticketParts(paidMinor: number, shares: readonly TicketShare[], members: readonly number[]): number[] {
  const priced = members.reduce((s, p) => s + (shares[p]?.priceMinor ?? 0), 0);
  let left = paidMinor;
  return members.map((p, k) => {
    const part =
      k === members.length - 1
        ? left
        : priced > 0
          ? Math.round((paidMinor * (shares[p]?.priceMinor ?? 0)) / priced)
          : 0;
    left -= part;
    return part;
  });
}

/** A sub-order's money as a split divides it: its price, what was paid, our service fee, each traveller's share. */
export type SubOrderMoney = {
  priceMinor: number;
  paidMinor: number;
  serviceFeeMinor: number;
  /** By position over all the order's travellers: zero for those the sub-order's tickets are not for. */
  shares: TicketShare[];
};

/**
 * A sub-order split in two (some of its travellers change their tickets, the others keep theirs): each
 * part takes its travellers' shares, and of what was paid and its price what their tickets come to,
 * so that the two parts add up to the whole to the cent.
 */
export function splitSubOrderMoney(
  whole: SubOrderMoney,
  members: readonly number[],
  moving: readonly number[],
): { moving: SubOrderMoney; staying: SubOrderMoney } {
  const paid = ticketParts(whole.paidMinor, whole.shares, members);
  const price = ticketParts(whole.priceMinor, whole.shares, members);
  const sum = (xs: number[], mine: (p: number) => boolean) =>
    xs.reduce((s, x, k) => s + (mine(members[k] as number) ? x : 0), 0);
  const goes = (p: number) => moving.includes(p);
  const sharesOf = (mine: (p: number) => boolean) =>
    whole.shares.map((s, p) => (mine(p) && members.includes(p) ? s : { priceMinor: 0, serviceFeeMinor: 0 }));
  const movingFee = moving.reduce((s, p) => s + (whole.shares[p]?.serviceFeeMinor ?? 0), 0);
  const movingPart: SubOrderMoney = {
    priceMinor: sum(price, goes),
    paidMinor: sum(paid, goes),
    serviceFeeMinor: movingFee,
    shares: sharesOf(goes),
  };
  return {
    moving: movingPart,
    staying: {
      priceMinor: whole.priceMinor - movingPart.priceMinor,
      paidMinor: whole.paidMinor - movingPart.paidMinor,
      serviceFeeMinor: whole.serviceFeeMinor - movingFee,
      shares: sharesOf((p) => !goes(p)),
    },
  };
}

/** Why a choice of travellers to change is refused, or null: `travellers` (none, twice, or not on the ticket), `party`. */
export type TravellerChoiceRefusal = 'travellers' | 'party' | null;

/**
 * Whether some travellers of a train ticket may change it without the others: at least one, each on the
 * ticket once, and each side keeping a child with an adult (a child riding free goes with an adult).
 */
export function travellerChoiceRefusal(
  members: readonly { position: number; railType: RailType }[],
  chosen: readonly number[],
): TravellerChoiceRefusal {
  if (chosen.length === 0 || new Set(chosen).size !== chosen.length) return 'travellers';
  if (chosen.some((p) => !members.some((m) => m.position === p))) return 'travellers';
  const stands = (mine: boolean) => {
    const rail = members.filter((m) => chosen.includes(m.position) === mine).map((m) => m.railType);
    // A side with travellers needs a seat of its own: a child riding free never travels alone.
    return rail.length === 0 || (rail.some((t) => t !== 'FREE_CHILD') && partyStands({ air: [], rail }, 'railway'));
  };
  return stands(true) && stands(false) ? null : 'party';
}
