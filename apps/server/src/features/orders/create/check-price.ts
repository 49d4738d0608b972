import {
  AppError,
  type BookingOffer,
  baggageTotal,
  type CreateOrder,
  defaultTicketingWay,
  extrasProblem,
  type PartyTypes,
  priceOrder,
  type RailFeeTable,
  type RailLinkStatus,
  type RailTicketingWay,
  railServiceFee,
  type SearchResult,
  type SeatMaps,
  seatPriceIn,
} from '@junction/domain';

export type CheckedPrice = {
  priced: ReturnType<typeof priceOrder>;
  /** How its rail tickets are issued: online through the traveller's 12306 account, or offline by us. */
  way: RailTicketingWay;
};

/**
 * The second step of an order: the extras are ones the result sells to this party, online ticketing
 * has a live 12306 link, every seat chosen is free on the seller's seat map now (at its price now), and
 * the price worked out now is the one the traveller saw (baggage first, then the total, a seat's new
 * price in it), else the spec's error with both amounts.
 */
export function checkPrice(p: {
  result: SearchResult;
  input: Pick<CreateOrder, 'extras' | 'expected' | 'railTicketing'>;
  types: PartyTypes;
  trip: BookingOffer['trip'];
  ticketing: { link: RailLinkStatus; fees: RailFeeTable };
  railServiceFeeMinor: number;
  /** The seat maps of the result's flights as its seller shows them now, when seats were chosen. */
  seatMaps?: SeatMaps;
}): CheckedPrice {
  const { result, input, ticketing } = p;
  const problem = extrasProblem(result, p.types, input.extras);
  if (problem) throw new AppError(problem.error, problem.params ? { params: problem.params } : {});
  const seatPriceOf = (leg: number, seat: string, traveller: number) =>
    seatPriceIn(p.seatMaps?.flights ?? [], leg, seat, traveller, p.types.air);
  // A seat chosen that is now taken (or no longer shown) is chosen again on the extras step.
  for (const choice of input.extras.seats ?? []) {
    const gone = choice.seats.find((seat, t) => seat !== null && seatPriceOf(choice.leg, seat, t) === undefined);
    if (gone) throw new AppError('EXTRAS_INVALID', { params: { leg: choice.leg, seat: gone } });
  }
  // Online ticketing needs a live 12306 link (6001 once its session ended, 6205 without one).
  const way: RailTicketingWay = input.railTicketing ?? defaultTicketingWay(ticketing.link);
  if (p.trip.rail && way === 'online' && ticketing.link !== 'active') {
    throw new AppError(ticketing.link === 'expired' ? 'RAIL_SESSION_EXPIRED' : 'RAIL_NOT_LINKED');
  }
  const priced = priceOrder({
    result,
    types: p.types,
    extras: input.extras,
    railServiceFeeMinor: p.railServiceFeeMinor,
    railServiceFeeOf: (leg) => railServiceFee(ticketing.fees, way, result.legs[leg]?.number ?? ''),
    seatPriceOf,
  });
  const latestBags = baggageTotal(priced.breakdown);
  if (latestBags !== input.expected.baggageMinor) {
    throw new AppError('BAGGAGE_PRICE_CHANGED', {
      params: { original: input.expected.baggageMinor, latest: latestBags },
    });
  }
  if (priced.breakdown.totalMinor !== input.expected.totalMinor) {
    throw new AppError('PRICE_CHANGED', {
      params: { original: input.expected.totalMinor, latest: priced.breakdown.totalMinor },
    });
  }
  return { priced, way };
}
