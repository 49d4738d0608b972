import type { Duffel } from '@duffel/api';
import type { RateTable } from '@junction/domain';
import { DuffelProblem, duffelCall } from '../../../../lib/duffel/client';
import { cnyBack, cnyOf, duffelAmount, duffelCabin, duffelMinor } from '../../../../lib/duffel/journey';
import type { Offer, Order } from '../../../../lib/duffel/types';
import {
  type IssueRequest,
  type IssueResult,
  type SoldTickets,
  type TicketIssuer,
  TicketingUnavailable,
} from '../issuer';
import {
  bagServices,
  orderPassengers,
  requestPassengers,
  seatServices,
  sellsTheSame,
  slicesOf,
  ticketsOfOrder,
} from './duffel-booking';
import type { DuffelOrdersRepository } from './duffel-orders.repository';

export type DuffelIssuerOptions = { timeoutMs: number; rates: RateTable };

/** The metadata key of our request on a Duffel order: how an order whose answer was lost is found again. */
const KEY = 'junction_request';

/**
 * Buys flight tickets from Duffel after the traveller has paid: the same flights asked again for the
 * travellers as they are (ages, extra bags), booked as an instant order paid from the Duffel balance in
 * the travellers' names with their passports and the seats they chose, never for more than the traveller
 * paid. The call is recorded before and after (`duffel_orders`), so a retry after a lost answer finds the
 * order instead of booking twice. Cancelling gives its refund quote first (the traveller sees it) and is confirmed at payout.
 */
export class DuffelIssuer implements TicketIssuer {
  readonly kind = 'air' as const;

  constructor(
    private readonly client: Duffel,
    private readonly repo: DuffelOrdersRepository,
    private readonly options: DuffelIssuerOptions,
  ) {}

  private call<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    return duffelCall(work, this.options.timeoutMs, signal).catch((e: unknown) => {
      throw e instanceof DuffelProblem ? new TicketingUnavailable(e.message) : e;
    });
  }

  async issue(request: IssueRequest, signal?: AbortSignal): Promise<IssueResult> {
    const earlier = await this.repo.find(request.key);
    if (earlier?.duffelOrderId)
      return this.result(
        (await this.call(() => this.client.orders.get(earlier.duffelOrderId as string))).data,
        request,
      );
    if (!request.people) throw new TicketingUnavailable('Duffel books in the travellers’ names, and none were given');
    const people = await request.people();
    if (earlier?.state === 'creating') {
      const lost = await this.findLost(
        request.key,
        people.people.map((p) => p.surname ?? ''),
      );
      if (lost) {
        await this.repo.booked(request.key, lost.id, lost.booking_reference);
        return this.result(lost, request);
      }
    }
    const offer = await this.sameOffer(request, signal);
    const bags = bagServices(offer, request);
    const seats = await this.seats(offer, request, signal);
    const amountMinor = duffelMinor(offer.total_amount) + bags.minor + seats.minor;
    const cny = cnyOf(duffelAmount(amountMinor), offer.total_currency, this.options.rates);
    if (cny === undefined || (request.paidMinor !== undefined && cny > request.paidMinor)) {
      throw new TicketingUnavailable(
        `Duffel now asks ${duffelAmount(amountMinor)} ${offer.total_currency}, more than was paid`,
      );
    }
    await this.repo.creating({
      requestKey: request.key,
      orderId: request.orderId,
      subOrderId: request.subOrderId,
      offerId: offer.id,
      amountMinor,
      currency: offer.total_currency,
    });
    const order = await this.call(() =>
      this.client.orders.create({
        type: 'instant',
        selected_offers: [offer.id],
        passengers: orderPassengers(offer, request, people),
        services: [...bags.services, ...seats.services],
        payments: [{ type: 'balance', amount: duffelAmount(amountMinor), currency: offer.total_currency }],
        metadata: { [KEY]: request.key },
      }),
    );
    await this.repo.booked(request.key, order.data.id, order.data.booking_reference);
    return this.result(order.data, request);
  }

  private result(order: Order, request: IssueRequest): IssueResult {
    const { tickets, changes } = ticketsOfOrder(order, request);
    return { tickets, scheduleChanges: changes };
  }

  /** The cheapest offer of the same flights for the travellers as they are, read with its services. */
  private async sameOffer(request: IssueRequest, signal?: AbortSignal): Promise<Offer> {
    const asked = await this.call(
      () =>
        this.client.offerRequests.create({
          slices: slicesOf(request),
          passengers: requestPassengers(request),
          cabin_class: duffelCabin(request.legs[0]?.cabin ?? 'Y'),
          return_offers: true,
          supplier_timeout: Math.min(60_000, Math.max(2000, this.options.timeoutMs - 5000)),
        }),
      signal,
    );
    const same = (asked.data.offers as Offer[])
      .filter((o) => sellsTheSame(o, request))
      .sort((a, b) => duffelMinor(a.total_amount) - duffelMinor(b.total_amount))[0];
    if (!same) throw new TicketingUnavailable('Duffel no longer sells these flights');
    return (await this.call(() => this.client.offers.get(same.id, { return_available_services: true }), signal)).data;
  }

  /** The seats chosen as the offer's seat services (its seat maps read only when a seat was chosen). */
  private async seats(offer: Offer, request: IssueRequest, signal?: AbortSignal) {
    if (!request.travellers.some((t) => (t.seats ?? []).length > 0)) return { services: [], minor: 0 };
    const maps = await this.call(() => this.client.seatMaps.get({ offer_id: offer.id }), signal);
    return seatServices(maps.data, offer, request);
  }

  /** An order made by a call whose answer was lost: Duffel's orders in the travellers' names carrying our key. */
  private async findLost(key: string, surnames: string[]): Promise<Order | undefined> {
    const found = await this.call(() =>
      this.client.orders.list({ 'passenger_name[]': surnames.filter(Boolean), limit: 50 }),
    );
    return found.data.find((o) => o.metadata?.[KEY] === key);
  }

  async refundQuote(tickets: SoldTickets): Promise<{ refundMinor: number } | undefined> {
    const row = await this.repo.ofSubOrder(tickets.subOrderId);
    if (!row?.duffelOrderId || row.state !== 'booked') return undefined;
    const id = row.duffelOrderId;
    const pending = await this.call(() => this.client.orderCancellations.create({ order_id: id }));
    const { refund_amount: amount, refund_currency: currency, refund_to: to } = pending.data;
    // Airline credit or an amount not known is nothing the traveller gets back in money.
    if (!amount || !currency || to === 'airline_credits' || to === 'voucher') return { refundMinor: 0 };
    return { refundMinor: cnyBack(amount, currency, this.options.rates) ?? 0 };
  }

  async cancel(tickets: SoldTickets): Promise<void> {
    const row = await this.repo.ofSubOrder(tickets.subOrderId);
    if (!row?.duffelOrderId || row.state !== 'booked') return;
    const id = row.duffelOrderId;
    const order = (await this.call(() => this.client.orders.get(id))).data;
    if (!order.cancelled_at) {
      const pending = await this.call(() => this.client.orderCancellations.create({ order_id: id }));
      await this.call(() => this.client.orderCancellations.confirm(pending.data.id));
    }
    await this.repo.cancelled(row.requestKey);
  }
}
