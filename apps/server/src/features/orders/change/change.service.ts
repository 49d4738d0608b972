import {
  AppError,
  CABINS,
  type Cabin,
  type ChangeClassQuotes,
  type ChangeClassQuotesQuery,
  type ChangeOptions,
  type ChangeQuote,
  type ChangeQuoteQuery,
  type ConfirmChange,
  encodePlaceCode,
  type FeeRules,
  isRide,
  type ResultLeg,
  railChangeLastDay,
  SUB_ORDER_STATUS,
  subOrderStatusCodec,
  type TicketChange,
} from '@junction/domain';
import { presentChange } from '../../../lib/lifecycle/ticket-change-view';
import type { Itinerary } from '../order-view';
import type { FullOrder } from '../orders.repository';
import type { ChangeContext } from './change.context';
import type { ChangeRepository } from './change.repository';
import { membersOf } from './change-part';
import { changeBlocked, changesMade, planChange, soldClass, tripOf } from './change-plan';
import { confirmChange, lapseChange } from './confirm-change';

const DAY = 24 * 3_600_000;
const chinaDay = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
const placeToken = (pt: ResultLeg['from']) => (pt.city ? encodePlaceCode(pt.city.id) : pt.code);

/**
 * Changing a ticket (改签, spec §4 sub-order 4 "changed"): which tickets may change and to which dates,
 * the quote of a result of a new search, and the confirmation, which holds the new seats and either
 * awaits the difference (order 1) or goes ahead at once (order 4, fulfilment issues the new ticket).
 */
export class ChangeService {
  constructor(private readonly ctx: ChangeContext) {}

  private async full(userId: string, orderId: string): Promise<FullOrder> {
    const full = await this.ctx.orders.findForUser(userId, orderId);
    if (!full) throw new AppError('ORDER_NOT_FOUND');
    return full;
  }

  async options(userId: string, orderId: string): Promise<ChangeOptions> {
    const full = await this.full(userId, orderId);
    const changes = await this.ctx.repo.changesOf(orderId);
    const refunded = await this.ctx.repo.refundedTravellers(orderId);
    const nowMs = this.ctx.now().getTime();
    const itinerary = full.order.itinerary as Itinerary;
    const ticketed = full.subOrders.filter((s) => subOrderStatusCodec.decode(s.status) === SUB_ORDER_STATUS.TICKETED);
    return {
      tickets: ticketed.map((sub) => {
        const legs = (sub.legs as number[]).map((i) => itinerary.legs[i] as ResultLeg);
        const first = legs[0] as ResultLeg;
        const last = legs[legs.length - 1] as ResultLeg;
        const rail = sub.type === 'railway';
        return {
          subOrderId: sub.id,
          type: rail ? ('railway' as const) : ('flight' as const),
          refusal: refusalOf(full, sub, changes, itinerary.fees, first, nowMs),
          firstDay: chinaDay(nowMs),
          lastDay: rail ? railChangeLastDay(first.departureTime, nowMs) : chinaDay(nowMs + 180 * DAY),
          trip: tripOf(legs, rail ? soldClass(full.order.extras as never, sub, first) : (first.cabin ?? 'Y')),
          travellers: full.travellers
            .filter((t) => membersOf(sub, full.travellers).includes(t.position))
            .map((t) => ({
              position: t.position,
              name: t.name,
              refunded: refunded.get(sub.id)?.includes(t.position) ?? false,
            })),
          departure: placeToken(first.from),
          destination: placeToken(last.to),
          carrier: first.carrier,
        };
      }),
    };
  }

  async quote(userId: string, q: ChangeQuoteQuery): Promise<ChangeQuote> {
    const full = await this.full(userId, q.orderId);
    const offer = await this.offerIn(full, q, q.seatClass);
    const changes = await this.ctx.repo.changesOf(q.orderId);
    const refunded = (await this.ctx.repo.refundedTravellers(q.orderId)).get(q.subOrderId);
    const { quote } = planChange(full, q.subOrderId, offer, changes, {
      nowMs: this.ctx.now().getTime(),
      seatClass: q.seatClass,
      travellers: q.travellers,
      refunded,
    });
    return { ...quote, refundTo: await this.refundTo(q.orderId, quote.refund.amount) };
  }

  /**
   * A new train's seat classes, or a new flight's cabins, quoted at once: those with seats left, not the
   * ticket's own class on its own train or flight. A train's are priced from one look at the seller's offer
   * (its answer is the same whatever the class); a flight's seller is asked in each cabin. A class the change
   * is refused in is null; a refusal every class shares is the answer, as the quote's would be.
   */
  async classQuotes(userId: string, q: ChangeClassQuotesQuery): Promise<ChangeClassQuotes> {
    const full = await this.full(userId, q.orderId);
    const offer = await this.offerIn(full, q);
    const changes = await this.ctx.repo.changesOf(q.orderId);
    const refunded = (await this.ctx.repo.refundedTravellers(q.orderId)).get(q.subOrderId);
    const nowMs = this.ctx.now().getTime();
    const rail = full.subOrders.find((s) => s.id === q.subOrderId)?.type === 'railway';
    const plan = async (seatClass?: string) =>
      planChange(full, q.subOrderId, rail || !seatClass ? offer : await this.offerIn(full, q, seatClass), changes, {
        nowMs,
        seatClass,
        travellers: q.travellers,
        refunded,
      }).quote;
    const asked = askedClasses(full, q.subOrderId, offer.result.legs.find(isRide));
    if (asked.length === 0) {
      await plan(); // a ticket with no classes to choose is refused as its quote would be
      return { classes: [] };
    }
    const refusals: unknown[] = [];
    const quoted = await Promise.all(
      asked.map(async (seatClass) => {
        try {
          return { seatClass, quote: await plan(seatClass) };
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          refusals.push(e);
          return { seatClass, quote: null };
        }
      }),
    );
    if (refusals.length === asked.length) throw refusals[0];
    const withRefund = async (c: (typeof quoted)[number]) =>
      c.quote ? { ...c, quote: { ...c.quote, refundTo: await this.refundTo(q.orderId, c.quote.refund.amount) } } : c;
    return { classes: await Promise.all(quoted.map(withRefund)) };
  }

  /**
   * The result as its seller sells it now: a train as it answers, a flight in the cabin asked for, else in
   * the ticket's own cabin (a cabin the search does not know is left to the seller's answer, and refused).
   */
  private offerIn(full: FullOrder, q: ChangeClassQuotesQuery, seatClass?: string) {
    const sub = full.subOrders.find((s) => s.id === q.subOrderId);
    if (!sub || sub.type === 'railway') return this.ctx.offers.quote(q.searchId, q.resultId);
    const first = (full.order.itinerary as Itinerary).legs[(sub.legs as number[])[0] ?? 0] as ResultLeg;
    const cabin = seatClass ?? first.cabin ?? 'Y';
    const known = (CABINS as readonly string[]).includes(cabin) ? (cabin as Cabin) : undefined;
    return this.ctx.offers.quote(q.searchId, q.resultId, known);
  }

  async confirm(userId: string, input: ConfirmChange): Promise<TicketChange> {
    const offer = await this.offerIn(await this.full(userId, input.orderId), input, input.seatClass);
    const row = await confirmChange(this.ctx, userId, input, offer);
    return presentChange(row, await this.refundTo(row.orderId, row.refundMinor));
  }

  /** Where a change's refund goes back: the way the order was paid; null when nothing comes back. */
  private async refundTo(orderId: string, amountMinor: number) {
    return amountMinor > 0 ? this.ctx.paidWith(orderId, amountMinor) : null;
  }

  /** The change's difference was not paid by its deadline: the order goes back to its ticket as it was. */
  lapse(changeId: string): Promise<'lapsed' | 'settled' | 'notDue'> {
    return lapseChange(this.ctx, changeId);
  }
}

/**
 * The classes of a new train or cabins of a new flight a ticket may change to: those with seats left, not
 * its own on its own train or flight. A flight that lists no cabins offers none to choose.
 */
function askedClasses(full: FullOrder, subOrderId: string, leg: ResultLeg | undefined): string[] {
  const sub = full.subOrders.find((s) => s.id === subOrderId);
  if (!sub || !leg || (sub.type !== 'railway' && !leg.seats?.length)) return [];
  const first = (full.order.itinerary as Itinerary).legs[(sub.legs as number[])[0] ?? 0] as ResultLeg;
  const own = leg.number === first.number && leg.departureTime === first.departureTime;
  const ownClass = sub.type === 'railway' ? soldClass(full.order.extras as never, sub, first) : (first.cabin ?? 'Y');
  const listed = leg.seats?.length ? leg.seats.filter((x) => x.remaining > 0).map((x) => x.code) : [leg.cabin ?? ''];
  return listed.filter((c) => c !== '' && !(own && c === ownClass));
}

function refusalOf(
  full: FullOrder,
  sub: FullOrder['subOrders'][number],
  changes: Awaited<ReturnType<ChangeRepository['changesOf']>>,
  fees: FeeRules,
  first: ResultLeg,
  nowMs: number,
): string | null {
  const blocked = changeBlocked(full, sub, changes);
  if (blocked) return blocked;
  if (Date.parse(first.departureTime) <= nowMs) return 'departed';
  if (sub.type === 'railway') return changesMade(changes, sub.id) > 0 ? 'already-changed' : null;
  const within = Date.parse(first.departureTime) - nowMs < 2 * 3_600_000;
  return (within ? fees.changeAfter : fees.changeBefore) === null ? 'not-changeable' : null;
}
